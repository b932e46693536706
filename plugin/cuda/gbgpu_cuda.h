// gbgpu_cuda.h: the small C interface between the host side (C11, GraphBLAS)
// and the kernels (CUDA C++17).  Plain types only: no GraphBLAS, no CUDA types.
//
// Matrices on the device are CSR: 64-bit row pointers (a product can have more
// than 2^31 entries), 32-bit column indices for inputs (half the bytes read by
// every kernel), 64-bit column indices for results (what GraphBLAS packs).
// All work of one call runs on the calling thread's per-thread stream.  These
// functions are exported from libgbgpu for the benchmark's kernel timings.

#ifndef GBGPU_CUDA_H
#define GBGPU_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "semiring_codes.h"

#if defined(__GNUC__)
#define GBGPU_CUDA_EXPORT __attribute__ ((visibility ("default")))
#else
#define GBGPU_CUDA_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
    GBGPU_CUDA_OK = 0,
    GBGPU_CUDA_OUT_OF_MEMORY,   // a device allocation failed: retry elsewhere
    GBGPU_CUDA_ERROR,           // any other CUDA error (see gbgpu_cuda_last_error)
}
gbgpu_cuda_status ;

// An input matrix on the device.  x is NULL when its values are not needed;
// iso: one value x[0] stands for every entry.
typedef struct
{
    int64_t nrows, ncols, nvals ;
    int64_t *p ;                // nrows+1
    int32_t *j ;                // nvals
    void *x ;                   // nvals (or 1 if iso) values, or NULL
    size_t value_size ;
    bool iso ;
}
gbgpu_dev_csr ;

// A result on the device: sorted rows, no duplicates.
typedef struct
{
    int64_t nrows, ncols, nvals ;
    int64_t *p ;                // nrows+1
    int64_t *j ;                // nvals
    void *x ;                   // nvals values of the semiring's type, or 1 if iso
    size_t value_size ;
    bool iso ;                  // every entry has the value x[0]
}
gbgpu_dev_result ;

// How many values a result holds (and a download writes).
static inline int64_t gbgpu_result_values (const gbgpu_dev_result *T)
{
    return T->iso ? 1 : T->nvals ;
}

// Time spent in each phase of one product (device events, milliseconds).
typedef struct
{
    float analyse_ms, symbolic_ms, numeric_ms, sort_ms ;
    int64_t products ;          // sum over a(i,k) of nnz(B(k,:))
}
gbgpu_cuda_profile ;

// Devices.
GBGPU_CUDA_EXPORT int gbgpu_cuda_device_count (void) ;
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_set_device (int device) ;
GBGPU_CUDA_EXPORT const char *gbgpu_cuda_last_error (void) ;  // message of this thread's last error

// Is (add, mult, type) compiled in?
GBGPU_CUDA_EXPORT bool gbgpu_cuda_semiring_supported (gbgpu_semiring s) ;
GBGPU_CUDA_EXPORT size_t gbgpu_type_size (gbgpu_type t) ;

// Copy a host CSR (GraphBLAS's 64-bit indices) to the device, with 32-bit
// column indices there.  x may be NULL (values not needed).  Returns once the
// host arrays are no longer read.  Staged through pinned buffers, and safe to
// call from several threads at once (transfer.cu).
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_upload
(
    gbgpu_dev_csr *D,
    int64_t nrows, int64_t ncols,
    const uint64_t *p, const uint64_t *j, const void *x,
    size_t value_size, bool iso
) ;

// T = A*B over the semiring, or T<M> = A*B restricted to the pattern of M,
// or with mask_complement T<!M> = A*B outside the pattern of M (M may be
// NULL).  A, B, M and T are all on the device.  When every entry
// of T has the same value (a multiply op that ignores its inputs under an
// idempotent monoid, e.g. ANY_PAIR, LOR_PAIR) only the pattern is computed
// and T comes back iso.
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_spgemm
(
    gbgpu_dev_result *T,
    gbgpu_semiring semiring,
    const gbgpu_dev_csr *M,
    bool mask_complement,
    const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B,
    gbgpu_cuda_profile *profile     // may be NULL
) ;

// T<M> = A*X' by one dot product per entry of M (masked_dot.cu):
// T(i,j) = A(i,:) . X(j,:) over the semiring for each (i,j) in M's pattern
// where the two rows share an index; X is B's own matrix when the product is
// A*B' (no transpose is made).  With mask_valued, M->x holds the mask's values
// as bool and entries whose value is false are left out; otherwise only M's
// pattern counts (M->x is not read).  Rows of A, X and M must be sorted; T's
// rows are then sorted too.  All-ones results come back iso, as from
// gbgpu_cuda_spgemm.  The profile puts the dot products in numeric_ms and
// the compaction into T in sort_ms; products counts the multiply-adds done.
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_masked_dot
(
    gbgpu_dev_result *T,
    gbgpu_semiring semiring,
    const gbgpu_dev_csr *M,
    bool mask_valued,
    const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *X,
    gbgpu_cuda_profile *profile     // may be NULL
) ;

// Copy a result to host arrays of nrows+1, nvals and
// gbgpu_result_values (T) * value_size bytes.
// They are written by several host threads (fresh memory is faulted in in
// parallel), and are complete when this returns.
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_download
(
    const gbgpu_dev_result *T, uint64_t *p, uint64_t *j, void *x
) ;

// Bytes that the calling thread's last gbgpu_cuda_upload or gbgpu_cuda_download
// moved over the bus (column indices go across in 32 bits where they can).
GBGPU_CUDA_EXPORT uint64_t gbgpu_cuda_transfer_bytes (void) ;

GBGPU_CUDA_EXPORT void gbgpu_cuda_free_csr (gbgpu_dev_csr *D) ;
GBGPU_CUDA_EXPORT void gbgpu_cuda_free_result (gbgpu_dev_result *T) ;

// Returns the memory the pool keeps between calls to the driver, and frees the
// pinned staging buffers that no transfer is using.
GBGPU_CUDA_EXPORT void gbgpu_cuda_trim_pool (void) ;

// Device memory held by gbgpu on this thread: now, and the peak since reset.
GBGPU_CUDA_EXPORT size_t gbgpu_cuda_memory_in_use (void) ;
GBGPU_CUDA_EXPORT size_t gbgpu_cuda_memory_peak (void) ;
GBGPU_CUDA_EXPORT void gbgpu_cuda_memory_peak_reset (void) ;

#ifdef __cplusplus
}
#endif

#endif
