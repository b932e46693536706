// plugin/run/run.h: running a plan: inputs to the device and the result
// back (bridge.c), whole or in row blocks (row_blocks.c), the final step
// (finish.c), the cost model's calibration (calibrate_device.c), one
// product on the GPU (mxm_gpu.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_RUN_H
#define GBGPU_RUN_H

#include <stdbool.h>
#include "plan/plan.h"

//------------------------------------------------------------------------------
// a read-only view of a matrix's arrays (matrix_view.c)
//------------------------------------------------------------------------------

// The arrays as the library holds them: for a sparse matrix, CSR of X when
// held by row (CSC of X, i.e. CSR of X', by column), with 64-bit indices.
typedef struct
{
    GxB_Iterator iterator ;     // attached to X while the view is open
    GrB_Type type ;
    int sparsity ;              // GxB_SPARSE, GxB_HYPERSPARSE, GxB_BITMAP, GxB_FULL
    bool by_col, iso ;
    int64_t vectors ;           // rows of X by row, columns by column
    int64_t vector_length ;     // the other dimension
    int64_t nvals ;             // entries, when sparse
    const int64_t *p, *i ;      // sparse: vectors+1 pointers, nvals indices
    const int8_t *b ;           // bitmap: vectors * vector_length bytes,
                                // nonzero where an entry is present
    const void *x ;             // values (one if iso; a cell each in a
                                // bitmap or full matrix)
}
gbgpu_matrix_view ;

// Opens a view of X (finishing X's pending work first, as any read does);
// X must stay unchanged until gbgpu_view_close.  GrB_NOT_IMPLEMENTED when
// the library's iterator is not laid out as gbgpu's header says.
GrB_Info gbgpu_view_open (gbgpu_matrix_view *v, GrB_Matrix X) ;
// Whether an iterator of `header_size` bytes is laid out as the header says.
bool gbgpu_view_layout_matches (size_t header_size) ;
void gbgpu_view_close (gbgpu_matrix_view *v) ;

//------------------------------------------------------------------------------
// a matrix's settings (matrix_settings.c)
//------------------------------------------------------------------------------

typedef struct
{
    int32_t format, sparsity_control ;
    double hyper_switch, bitmap_switch ;
}
gbgpu_matrix_settings ;

GrB_Info gbgpu_settings_save (gbgpu_matrix_settings *s, GrB_Matrix X) ;
// Puts them back; the sparsity control last, converting X's content to it.
GrB_Info gbgpu_settings_restore (GrB_Matrix X, const gbgpu_matrix_settings *s) ;

//------------------------------------------------------------------------------
// bridge (bridge.c): GrB_Matrix <-> device CSR
//------------------------------------------------------------------------------

// Puts op(X) on the device.  X is read in place, through a read-only view,
// when its storage is already CSR of op(X), and through a private copy
// otherwise; X is only read either way.  A device failure: *status, and
// GrB_OUT_OF_MEMORY.
GrB_Info gbgpu_bridge_upload (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status) ;

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
gbgpu_cuda_status gbgpu_bridge_download_rows (gbgpu_host_result *H,
    int64_t first_row, const gbgpu_dev_result *T) ;

// Packs H (all its rows filled) into R, which takes the arrays over (R's old
// content is replaced); H is empty afterwards, whatever happened.
GrB_Info gbgpu_bridge_pack (GrB_Matrix R, gbgpu_host_result *H) ;
// When GraphBLAS's allocator is not known (gbgpu_host_allocator_known), the
// arrays gbgpu_bridge_pack lent R, taken out again and freed, once the final
// step has copied them; R is empty then.  False when they could not be taken
// out: R must then not be freed (the library would free them).
bool gbgpu_bridge_take_back (GrB_Matrix R) ;

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
// the cost model's calibration (calibrate_device.c)
//------------------------------------------------------------------------------

// Times a tiny and a larger product on the calling thread's current device
// (started) and gives policy auto's cost model its fixed costs and rates.
gbgpu_cuda_status gbgpu_calibrate_device (void) ;

// Policy auto's first modelled call, in a process that did not call
// gbgpu_start_device: calibrates on gbgpu's device before the model decides
// (once; a failure leaves the priors).  False when a fault took the device.
bool gbgpu_calibrate_before_deciding (void) ;

//------------------------------------------------------------------------------
// one product on the GPU (mxm_gpu.c)
//------------------------------------------------------------------------------

// GBGPU_NOT_DELEGATED when done; otherwise the reason to redo it on the
// CPU (nothing the user sees has changed then).
gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
) ;

#endif
