// plugin/run/run.h: running a plan: inputs to the device (upload.c,
// inputs.c), the result back into host arrays (host_result.c), whole or in
// row blocks (row_blocks.c), split over devices (devices.c), C's old arrays
// (arrays_of_C.c), the final step (finish.c), and one product on the GPU
// (mxm_gpu.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_RUN_H
#define GBGPU_RUN_H

#include <stdbool.h>
#include "plan/plan.h"
#include "cache/device_cache.h"
#include "graphblas/allocator.h"
#include "graphblas/matrix_format.h"
#include "graphblas/matrix_view.h"

//------------------------------------------------------------------------------
// inputs to the device (upload.c), results on the host (host_result.c)
//------------------------------------------------------------------------------

// Puts op(X) on the device.  X is read in place, through a read-only view,
// when its storage is already CSR of op(X), and through a private copy
// otherwise; X is only read either way.  A device failure: *status, and
// GrB_OUT_OF_MEMORY.
GrB_Info gbgpu_upload_operand (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status) ;

// A call's inputs on one device (inputs.c).
typedef struct
{
    gbgpu_dev_csr csr ;              // uploaded by this call, freed at its end
    gbgpu_cache_entry *cached ;      // or the device cache's, released at its end
    const gbgpu_operand *operand ;   // NULL: this slot holds nothing
}
gbgpu_uploaded ;

typedef struct
{
    gbgpu_uploaded up [3] ;
    const gbgpu_dev_csr *on_device [3] ;    // A, B, M (NULL: no M)
}
gbgpu_inputs ;

// Puts the plan's A, B and M on the device (the calling thread's current
// one): GBGPU_NOT_DELEGATED, or the reason to go to the CPU.  Release it
// either way.
gbgpu_delegate_reason gbgpu_inputs_upload (gbgpu_inputs *in, const gbgpu_plan *plan, int device) ;
// This call's uploads freed, the cache's copies released.  A call that
// failed on the device may have left kernels queued that read a copy: they
// finish before another thread may free it.
void gbgpu_inputs_release (gbgpu_inputs *in, bool failed) ;
// Counts a device failure and names the reason to redo the call on the CPU.
gbgpu_delegate_reason gbgpu_reason_for (gbgpu_cuda_status s) ;

// Host arrays from GraphBLAS's allocator that a result may take over (C's
// old content's: arrays_of_C.c); NULL where there is none.
typedef struct
{
    GrB_Index *p, *j ;
    void *x ;
    size_t p_size, j_size, x_size ;     // bytes allocated
}
gbgpu_host_arrays ;

void gbgpu_host_arrays_free (gbgpu_host_arrays *old) ;

// A result on the host in arrays from GraphBLAS's allocator, for
// GxB_Matrix_pack_CSR: filled at once or a block of rows at a time.
typedef struct
{
    GrB_Index *p, *j ;
    void *x ;
    size_t p_size, j_size, x_size ;     // bytes allocated
    int64_t nrows ;
    int64_t nvals ;                     // entries of the rows filled so far
    size_t value_size ;
    bool iso ;                          // x holds one value
    bool p_resident ;                   // p's pages are in memory
    int64_t resident_entries ;          // ... and j's and x's for these entries
    bool in_old_arrays ;                // T's j and x are old arrays
    double download_seconds ;           // spent bringing rows into it ...
    double touch_seconds ;              // ... of which touching fresh arrays
}
gbgpu_host_result ;

// Arrays for nrows rows and `capacity` entries: old's where they are large
// enough (old may be NULL), fresh ones otherwise.  The arrays taken are NULL
// in old afterwards; the caller frees the others (gbgpu_host_arrays_free).
GrB_Info gbgpu_host_result_init (gbgpu_host_result *H, int64_t nrows,
    int64_t capacity, size_t value_size, bool iso, gbgpu_host_arrays *old) ;
// Entries H has room for (in both j and x).
int64_t gbgpu_host_result_capacity (const gbgpu_host_result *H) ;
// Room for `capacity` entries in all (the entries held are kept).
GrB_Info gbgpu_host_result_reserve (gbgpu_host_result *H, int64_t capacity) ;
void gbgpu_host_result_free (gbgpu_host_result *H) ;

// Brings T back as rows first_row .. first_row + T->nrows - 1 of H, after
// the entries H holds (H must have room for them).
gbgpu_cuda_status gbgpu_host_result_download (gbgpu_host_result *H,
    int64_t first_row, const gbgpu_dev_result *T) ;
// The same at a given place, for threads that bring parts of one result
// into H at once, each its own rows and entries: T's entries from
// first_entry on, its nrows + 1 row pointers (past first_entry) into
// row_pointers (H->p + first_row, or the thread's own array where the last
// one is the next part's first), an iso T's value into iso_value (NULL:
// H's); H's count of entries is left as it is.  *seconds: the time it took.
gbgpu_cuda_status gbgpu_host_result_download_at (gbgpu_host_result *H, int64_t first_row,
    int64_t first_entry, const gbgpu_dev_result *T, GrB_Index *row_pointers, void *iso_value,
    double *seconds) ;
// Copies the entries of P (rows filled, not iso) into H from first_entry
// on, and its row pointers but the last as H's rows first_row on.
void gbgpu_host_result_copy_at (gbgpu_host_result *H, int64_t first_row, int64_t first_entry,
    const gbgpu_host_result *P) ;

// Packs H (all its rows filled) into R, which takes the arrays over (R's old
// content is replaced); H is empty afterwards, whatever happened.
GrB_Info gbgpu_host_result_pack (GrB_Matrix R, gbgpu_host_result *H) ;
// When GraphBLAS's allocator is not known (gbgpu_host_allocator_known), the
// arrays gbgpu_host_result_pack lent R, taken out again and freed, once the final
// step has copied them; R is empty then.  False when they could not be taken
// out: R must then not be freed (the library would free them).
bool gbgpu_host_result_take_back (GrB_Matrix R) ;

//------------------------------------------------------------------------------
// the product into host arrays, whole or in row blocks (row_blocks.c)
//------------------------------------------------------------------------------

// T = A*B (T<M>, T<!M>; M may be NULL) from the inputs on the device into H
// (uninitialized on entry; holding T on success).  GrB_SUCCESS, or the
// host's GrB_Info (out of host memory), or GrB_SUCCESS-less *status when the
// device failed and the call must go to the CPU.  *products gets the
// multiply-adds done.  `device` is the device the calling thread is on.
// Before falling back to row blocks or to the CPU for want of device memory,
// the device cache gives its idle copies back and the whole product is tried
// again.  keep (NULL: none wanted): T's device copy as an input
// (gbgpu_cuda_result_to_csr) when T was computed whole and came back; its
// p NULL otherwise.  old (may be NULL): arrays H may take
// (gbgpu_host_result_init); the caller frees what is left in it.
GrB_Info gbgpu_product_to_host
(
    gbgpu_host_result *H,
    gbgpu_cuda_status *status,
    int64_t *products,
    const gbgpu_plan *plan,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B, const gbgpu_dev_csr *M,
    int device,
    gbgpu_dev_csr *keep,
    gbgpu_host_arrays *old
) ;

// Rows [first, last) of a device CSR: its row pointers from `first` on, no copy.
gbgpu_dev_csr gbgpu_rows_of (const gbgpu_dev_csr *X, int64_t first, int64_t last) ;

// T = rows [first, last) of A*B (T<M>, T<!M>) on the device, whole, by the
// row-wise kernels; *products gets their multiply-adds.
gbgpu_cuda_status gbgpu_product_rows (gbgpu_dev_result *T, int64_t *products,
    const gbgpu_plan *plan, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B,
    const gbgpu_dev_csr *M, int64_t first, int64_t last) ;

//------------------------------------------------------------------------------
// one product split over several devices (devices.c)
//------------------------------------------------------------------------------

// How many devices the plan's product is split over (devices [] gets them,
// `first`, the call's device, first): 1 when it is not split, as for
// products below GBGPU_SPLIT_MIN_PRODUCTS, masked dot products and a single
// device.
int gbgpu_devices_for (int devices [GBGPU_MAX_SPLIT], const gbgpu_plan *plan, int first) ;

// T = A*B as gbgpu_product_to_host computes it, its rows split over the
// devices by their products, each part computed on its device by a thread of
// its own (the inputs put there by that thread), and downloaded straight into
// H at its place.  The calling thread is on devices [0] and its inputs
// there are `first`.  Returns as gbgpu_product_to_host does; *status
// GBGPU_CUDA_OK with *split false, nothing done, when a part could not start
// (no thread, no room for its inputs on its device, no module there, no row
// products): the caller computes it on devices [0] alone.
GrB_Info gbgpu_product_on_devices
(
    gbgpu_host_result *H,
    gbgpu_cuda_status *status,
    bool *split,
    int64_t *products,
    const gbgpu_plan *plan,
    const int devices [GBGPU_MAX_SPLIT], int ndevices,
    const gbgpu_inputs *first,
    gbgpu_host_arrays *old
) ;

//------------------------------------------------------------------------------
// C's old arrays for the result (arrays_of_C.c)
//------------------------------------------------------------------------------

// When T replaces C's content and C is none of A, B and M, is held sparse by
// row, and GraphBLAS's allocator is known: C's arrays into *old, C left empty (its type, size and
// settings kept).  Otherwise *old is empty and C unchanged.
void gbgpu_take_arrays_of_C (gbgpu_host_arrays *old, GrB_Matrix C, const GrB_Matrix M,
    const gbgpu_plan *plan) ;

//------------------------------------------------------------------------------
// finish (finish.c): C<M> = accum (C,T)
//------------------------------------------------------------------------------

GrB_Info gbgpu_finish
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, GrB_Matrix T,
    const gbgpu_plan *plan
) ;

//------------------------------------------------------------------------------
// one product on the GPU (mxm_gpu.c)
//------------------------------------------------------------------------------

// GBGPU_NOT_DELEGATED when done; otherwise the reason to redo it on the
// CPU (nothing the user sees has changed then).
gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    gbgpu_result_copy *kept,    // T's device copy when T is C's new content,
                                // for gbgpu_cache_C_written (csr.p NULL: none)
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
) ;

#endif
