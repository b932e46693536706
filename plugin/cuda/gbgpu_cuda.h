// plugin/cuda/gbgpu_cuda.h: the small C interface between the host side (C11, GraphBLAS)
// and the kernels (CUDA C++17).  Plain types only: no GraphBLAS, no CUDA types.
// SPDX-License-Identifier: Apache-2.0
//
// Matrices on the device are CSR: 64-bit row pointers (a product can have more
// than 2^31 entries), 32-bit column indices for inputs (half the bytes read by
// every kernel), 64-bit column indices for results (what GraphBLAS packs).
// All work of one call runs on the calling thread's per-thread stream.  Of
// these functions libgbgpu exports (GBGPU_CUDA_EXPORT) only those the
// benchmark's kernel timings and the kernel-level tests call; the others are
// for libgbgpu's own host side, and hidden.

#ifndef GBGPU_CUDA_H
#define GBGPU_CUDA_H

#ifndef __CUDACC_RTC__     // NVRTC (run-time semirings) has its own
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif
#include "kernels/accumulators.h"
#include "kernels/semiring_codes.h"

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
    GBGPU_CUDA_FAULT,           // an error that left the device's context unusable
                                // (illegal address, launch failure, ...): every
                                // later CUDA call of this process fails as well
}
gbgpu_cuda_status ;

// An input matrix on the device.  x is NULL when its values are not needed;
// iso: one value x[0] stands for every entry.  p's entries are offsets into j
// and x that need not start at 0: rows [first, last) of X are X with p moved
// to p + first and nrows = last - first (row blocks, row_blocks.c), and every
// kernel reads a row as j [p [i]] .. j [p [i+1]-1].
typedef struct
{
    int64_t nrows, ncols, nvals ;
    int64_t *p ;                // nrows+1
    int32_t *j ;                // nvals
    void *x ;                   // nvals (or 1 if iso) values, or NULL
    size_t value_size ;
    bool iso ;
    int64_t first_row ;         // row 0's index in the whole matrix (FIRSTI)
    // Every row's columns strictly increasing, as the caller knows (a
    // GraphBLAS matrix's are, once its pending work is done).  False after an
    // upload: the product then checks B on the device where it matters.
    bool rows_sorted ;
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

// Rows of C are grouped in bins by the accumulator they get
// (kernels/accumulators.h): shared-memory hash tables of 2^6 .. 2^14 slots
// (bins 0..8), then each accumulator's own bin (dense, segmented merge, a
// global-memory hash table, a copy of one row of B, rows of a few products
// sorted by shuffles), and empty rows.
#define GBGPU_CUDA_BINS GBGPU_BIN_COUNT

typedef struct
{
    int64_t rows ;              // rows of C in the bin in this phase
    float ms ;                  // device time of the bin's kernels (per_bin)
}
gbgpu_cuda_bin_profile ;

// Time spent in each phase of one product (device events, milliseconds,
// when per_bin), the products and each bin's rows.
typedef struct
{
    float analyse_ms, symbolic_ms, numeric_ms, sort_ms ;
    int64_t products ;          // sum over a(i,k) of nnz(B(k,:))
    // Set by the caller to time the phases and each bin (events around
    // each; without it they cost nothing and their ms read 0).
    bool per_bin ;
    // Per bin and phase: rows always, device time when per_bin.  The copy
    // bin's rows are counted during analysis: no symbolic kernel.
    gbgpu_cuda_bin_profile symbolic [GBGPU_CUDA_BINS], numeric [GBGPU_CUDA_BINS] ;
}
gbgpu_cuda_profile ;

// Knobs of this layer (knobs.cu), for tests and measurements.
// core/environment.c sets them from the environment at gbgpu's
// initialization; the benchmark and the kernel-level tests may set them too.
// The transfers read theirs at their first use.
//
// GBGPU_ACCUMULATOR: the selector picks per row (auto), or every row it can
// take goes to one accumulator, any the registry marks forcible:
// GBGPU_CUDA_ACCUMULATOR_<NAME>, numbered as the words "auto", "<name>", ...
#define GBGPU_CUDA_FORCED_ACCUMULATOR(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
    GBGPU_IF (forcible, GBGPU_CUDA_ACCUMULATOR_ ## NAME,)
typedef enum
{
    GBGPU_CUDA_ACCUMULATOR_AUTO = 0,
    GBGPU_ACCUMULATORS (GBGPU_CUDA_FORCED_ACCUMULATOR)
}
gbgpu_cuda_accumulator ;
#undef GBGPU_CUDA_FORCED_ACCUMULATOR

typedef enum
{
    GBGPU_CUDA_FAILURE_NONE = 0,
    GBGPU_CUDA_FAILURE_LAUNCH,          // the process's first product: a failed launch
    GBGPU_CUDA_FAILURE_FAULT,           // ... or an illegal address (context lost)
}
gbgpu_cuda_failure ;

typedef struct
{
    gbgpu_cuda_accumulator accumulator ;    // GBGPU_ACCUMULATOR
    gbgpu_cuda_failure inject_failure ;     // GBGPU_INJECT_FAILURE
    bool staged_transfers ;                 // GBGPU_XFER_STAGED: pinned staging
    int transfer_threads ;                  // GBGPU_XFER_THREADS: host copy threads
    int64_t staging_slot_bytes ;            // GBGPU_XFER_CHUNK: a staging slot
}
gbgpu_cuda_knobs ;

gbgpu_cuda_knobs gbgpu_cuda_default_knobs (void) ;
GBGPU_CUDA_EXPORT gbgpu_cuda_knobs gbgpu_cuda_current_knobs (void) ;
GBGPU_CUDA_EXPORT void gbgpu_cuda_configure (const gbgpu_cuda_knobs *knobs) ;

// A bin's name for reports ("hash64" ... "hash16384", then the registry's
// own bins: "dense", "merge", "global", "copy", "shuffle"; "empty"), or "?"
// for a number out of range.
GBGPU_CUDA_EXPORT const char *gbgpu_cuda_bin_name (int bin) ;

// Devices.
GBGPU_CUDA_EXPORT int gbgpu_cuda_device_count (void) ;
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_set_device (int device) ;
GBGPU_CUDA_EXPORT const char *gbgpu_cuda_last_error (void) ;  // message of this thread's last error

// Makes `device` the calling thread's current device for one call of gbgpu;
// *previous gets the caller's, which gbgpu_cuda_restore_device puts back.
gbgpu_cuda_status gbgpu_cuda_enter_device (int device, int *previous) ;
void gbgpu_cuda_restore_device (int previous) ;

// Is (add, mult, type) compiled in?
GBGPU_CUDA_EXPORT bool gbgpu_cuda_semiring_supported (gbgpu_semiring s) ;

// Loads on the calling thread's current device the compiled-in kernels a
// product over s may launch, which CUDA would load at their first launch:
// those every semiring shares and, when s is compiled in (*compiled), its
// own (spgemm/load_kernels.cu).
gbgpu_cuda_status gbgpu_cuda_load_kernels (gbgpu_semiring s, bool *compiled) ;
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

// The 32-bit words a bitmap of `cells` cells crosses the bus as (a bit a
// cell); the cost model prices the same bytes (plan/call_sizes.c).
static inline int64_t gbgpu_bitmap_words (int64_t cells) { return (cells + 31) / 32 ; }

// Copy a bitmap or full matrix, held by row, to the device as CSR: b [i*ncols
// + j] != 0 where (i,j) is present (b NULL: every cell is), x the values of
// all cells (one if iso; NULL: values not needed).  The cells cross the bus
// as bits (gbgpu_bitmap_words) and the device makes the CSR
// (bitmap_upload.cu); rows come out sorted.  Returns once the host arrays
// are no longer read.
gbgpu_cuda_status gbgpu_cuda_upload_bitmap
(
    gbgpu_dev_csr *D,
    int64_t nrows, int64_t ncols,
    const int8_t *b, const void *x,
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
    gbgpu_cuda_profile *profile     // may be NULL; per_bin is read from it
) ;

// Bounds on the entries of T = A*B (T<M> or T<!M> with M not NULL), for
// planning row blocks.  Upper: row i holds at most min (products, ncols)
// entries, no more than M's row for T<M>, and no more than the ncols less
// M's row for T<!M>; *upper_total gets their sum, and cumulative (host,
// nrows+1, may be NULL) the running sums, cumulative [i] = the bound on the
// entries of rows 0..i-1.  Lower: a row of A*B holds at least the entries of
// each row of B it meets, less M's row for T<!M> (0 for T<M>); *lower_total
// gets their sum.  Device memory: 24 bytes a row.
gbgpu_cuda_status gbgpu_cuda_row_bounds
(
    int64_t *cumulative,
    int64_t *upper_total,
    int64_t *lower_total,
    const gbgpu_dev_csr *M,
    bool mask_complement,
    const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B
) ;

// The multiply-adds of each row of A*B, summed (row_products.cu): cumulative
// (host, nrows+1) [i] = those of rows 0..i-1.  Device memory: 16 bytes a row.
gbgpu_cuda_status gbgpu_cuda_row_products (int64_t *cumulative, const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B) ;

// T<M> = A*X' by one dot product per entry of M (masked_dot.cu):
// T(i,j) = A(i,:) . X(j,:) over the semiring for each (i,j) in M's pattern
// where the two rows share an index; X is B's own matrix when the product is
// A*B' (no transpose is made).  With mask_valued, M->x holds the mask's values
// as bool and entries whose value is false are left out; otherwise only M's
// pattern counts (M->x is not read).  Rows of A, X and M must be sorted; T's
// rows are then sorted too.  All-ones results come back iso, as from
// gbgpu_cuda_spgemm.  The profile puts the dot products in numeric_ms and
// the compaction into T in sort_ms; products counts the multiply-adds done.
gbgpu_cuda_status gbgpu_cuda_masked_dot
(
    gbgpu_dev_result *T,
    gbgpu_semiring semiring,
    const gbgpu_dev_csr *M,
    bool mask_valued,
    const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *X,
    gbgpu_cuda_profile *profile     // may be NULL
) ;

// Run-time compiled semirings (spgemm/module_launch.cu): a module is a cubin of the
// accumulator kernels for one semiring (NVRTC, plugin/jit/compiler/compile.c), loaded
// into the calling thread's current context (the runtime's primary context
// of the device: the one every other call here uses).
typedef struct gbgpu_cuda_module gbgpu_cuda_module ;

// The kernels a module holds, one per accumulator in the registry's order
// (GBGPU_ACCUMULATOR_<NAME>), as kernel_names gives them; the empty name for
// one it lacks.  A module of the hash kernel alone hashes every row.
#define GBGPU_CUDA_MODULE_KERNELS GBGPU_ACCUMULATOR_COUNT

// The device's architecture as NVRTC names it (90 for sm_90), 0 if unknown.
int gbgpu_cuda_device_arch (int device) ;

// Loads a cubin and finds its kernels by their lowered names; T's values
// have value_size bytes, an accumulator's value slot value_slot_bytes.  The
// module stays loaded for the process.
gbgpu_cuda_status gbgpu_cuda_module_load
(
    gbgpu_cuda_module **module,
    const void *cubin,
    const char *const kernel_names [GBGPU_CUDA_MODULE_KERNELS],
    size_t value_size,
    size_t value_slot_bytes
) ;

// Whether a loaded module holds the hash kernel alone (a run-time semiring's
// hash set: every row in a global table, hash_rows.cuh).
bool gbgpu_cuda_module_hash_only (const gbgpu_cuda_module *module) ;

// gbgpu_cuda_spgemm over a loaded module's semiring: the same phases, with
// the module's kernels filling T's values (never iso).
gbgpu_cuda_status gbgpu_cuda_spgemm_module
(
    gbgpu_dev_result *T,
    const gbgpu_cuda_module *module,
    const gbgpu_dev_csr *M,
    bool mask_complement,
    const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B,
    gbgpu_cuda_profile *profile     // may be NULL
) ;

// Copy a result to host arrays of nrows+1, nvals and
// gbgpu_result_values (T) * value_size bytes.
// They are written by several host threads, and are complete when this
// returns.  resident: the arrays' pages are in memory (written before), and
// are written with streaming stores; otherwise they are fresh, and the copy's
// plain stores fault them in, in parallel.
GBGPU_CUDA_EXPORT gbgpu_cuda_status gbgpu_cuda_download
(
    const gbgpu_dev_result *T, uint64_t *p, uint64_t *j, void *x, bool resident
) ;

// Writes a byte of every page of fresh host memory with the transfer threads,
// so that a later download finds its pages resident and can write them with
// streaming stores.  Its content is garbage afterwards.
void gbgpu_cuda_touch_host (void *p, size_t bytes) ;

// Waits for the work queued on the calling thread's stream: a result computed
// on one thread is complete before another thread downloads it.
gbgpu_cuda_status gbgpu_cuda_synchronize (void) ;

// Bytes that the calling thread's last gbgpu_cuda_upload or gbgpu_cuda_download
// moved over the bus (column indices go across in 32 bits where they can).
uint64_t gbgpu_cuda_transfer_bytes (void) ;

GBGPU_CUDA_EXPORT void gbgpu_cuda_free_csr (gbgpu_dev_csr *D) ;
GBGPU_CUDA_EXPORT void gbgpu_cuda_free_result (gbgpu_dev_result *T) ;

// Device copies kept past the call that made them (the device cache).  Every
// allocation is tracked by the thread that made it and freed by it; a kept
// copy is not: gbgpu_cuda_csr_bytes gives the bytes of D's arrays (allocated
// by the calling thread), gbgpu_cuda_keep_csr takes them out of that thread's
// accounting (they still count against GBGPU_DEVICE_MEMORY_LIMIT), and any
// thread frees them with gbgpu_cuda_free_kept_csr on its current device,
// which must be theirs, once no stream still reads them.
size_t gbgpu_cuda_csr_bytes (const gbgpu_dev_csr *D) ;
void gbgpu_cuda_keep_csr (const gbgpu_dev_csr *D) ;
void gbgpu_cuda_free_kept_csr (gbgpu_dev_csr *D, size_t bytes) ;

// A result as an input: D takes T's row pointers and values, and column
// indices narrowed to 32 bits (T's own are freed), as an upload of T's
// content would make it (rows sorted).  On failure (out of memory) T is
// unchanged and D empty.
gbgpu_cuda_status gbgpu_cuda_result_to_csr (gbgpu_dev_csr *D,
    gbgpu_dev_result *T) ;

// Returns the memory the pool keeps between calls to the driver, and frees the
// pinned staging buffers that no transfer is using.
GBGPU_CUDA_EXPORT void gbgpu_cuda_trim_pool (void) ;

// Device memory held by gbgpu on this thread: now, and the peak since reset.
size_t gbgpu_cuda_memory_in_use (void) ;
GBGPU_CUDA_EXPORT size_t gbgpu_cuda_memory_peak (void) ;
GBGPU_CUDA_EXPORT void gbgpu_cuda_memory_peak_reset (void) ;

// A cap on the device memory that gbgpu holds, all threads together (bytes;
// 0: none).  For tests: an allocation that would pass it fails as if the
// device were full (cudaErrorMemoryAllocation).
void gbgpu_cuda_set_memory_limit (size_t bytes) ;

// Device memory the next allocations can have: the device's free memory and
// what the memory pool keeps unused, within the cap.
size_t gbgpu_cuda_memory_available (void) ;

#ifdef __cplusplus
}
#endif

// What gbgpu_cuda_upload puts on the bus for a CSR matrix (memory/transfer.cu):
// 8-byte row pointers, 4-byte column indices, the values (one for an iso
// matrix); a download moves the same.
static inline double gbgpu_csr_bus_bytes (double nrows, double nvals, double value_size,
    bool iso)
{
    return (nrows + 1) * 8 + nvals * 4 + (iso ? 1 : nvals) * value_size ;
}

#endif
