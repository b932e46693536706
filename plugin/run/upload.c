// plugin/run/upload.c: op(X) of a GraphBLAS matrix onto the device, read in
// place or through a private copy.
// SPDX-License-Identifier: Apache-2.0
//
// An input is read in place when its storage already holds op(X) row by
// row: held by row for X and by column for X', of the type the kernel reads,
// and sparse (its CSR), bitmap or full (the cells cross the bus and the
// device makes the CSR: cuda/memory/bitmap_upload.cu).  Then a read-only view
// of its arrays (graphblas/matrix_view.c) is copied to the device: nothing is
// copied on the host, and nothing is taken from the user, so other threads
// may read X meanwhile.  Any other storage (hypersparse, the other
// orientation) or a typecast goes through a private by-row sparse copy made
// by the library.
//
// Either way the upload is done before the kernels start, so C may be the
// same object as A, B or M.  Rows reach the device sorted (the view finishes
// a jumbled matrix's pending work first): the masked dot product merges them.
// The copies themselves (cuda/memory/transfer.cu) are staged through pinned
// buffers and run at bus speed.

#include "run/run.h"

static GrB_Info cuda_to_grb (gbgpu_cuda_status s)
{
    return (s == GBGPU_CUDA_OK) ? GrB_SUCCESS : GrB_OUT_OF_MEMORY ;
}

static GrB_UnaryOp identity_op (GrB_Type type)
{
    gbgpu_type t ;
    if (!gbgpu_type_code (type, &t)) return NULL ;
    switch (t)
    {
        #define IDENTITY_OP(name, ctype, prefix, kind) \
            case GBGPU_TYPE_ ## name: return prefix ## _IDENTITY_ ## name ;
        GBGPU_TYPE_LIST (IDENTITY_OP)
        #undef IDENTITY_OP
        default: return NULL ;
    }
}

// W = op(X) as a new by-row sparse matrix; only its pattern if values are not
// needed (then W is iso and costs no value array).  GrB_transpose with its
// input transposed is a plain copy: W = X (or X' when op(X) is X').
static GrB_Info copy_as_csr (GrB_Matrix *W, const gbgpu_operand *X)
{
    GrB_Type type = X->values_needed ? X->type : GrB_BOOL ;
    GrB_UnaryOp op = X->values_needed ? identity_op (type) : GxB_ONE_BOOL ;
    GrB_Info info = GrB_Matrix_new (W, type, X->nrows, X->ncols) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_INT32 (*W, GxB_FORMAT, GxB_BY_ROW) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_INT32 (*W, GxB_SPARSITY_CONTROL, GxB_SPARSE) ;
    // a user type has no identity op (and no typecast: it is X's own type)
    if (info == GrB_SUCCESS && op != NULL) info = GrB_Matrix_apply (*W, NULL, NULL, op,
        X->matrix, X->transpose ? GrB_DESC_T0 : NULL) ;
    if (info == GrB_SUCCESS && op == NULL) info = GrB_transpose (*W, NULL, NULL, X->matrix,
        X->transpose ? NULL : GrB_DESC_T0) ;
    if (info != GrB_SUCCESS) GrB_Matrix_free (W) ;
    return info ;
}

// Does the view hold op(X) row by row, in the type the kernel reads, as CSR
// or as a bitmap or full matrix (which the device makes CSR of)?
static bool view_is_rows_of (const gbgpu_matrix_view *v, const gbgpu_operand *X)
{
    return v->by_col == X->transpose && (!X->values_needed || v->type == X->type)
        && (v->sparsity == GxB_SPARSE || v->sparsity == GxB_BITMAP || v->sparsity == GxB_FULL) ;
}

// Uploads op(X), held row by row in the view.
static gbgpu_cuda_status upload_view (gbgpu_dev_csr *D, const gbgpu_operand *X,
    const gbgpu_matrix_view *v)
{
    size_t value_size = 0 ;
    if (X->values_needed && GxB_Type_size (&value_size, X->type) != GrB_SUCCESS) value_size = 0 ;
    const void *x = X->values_needed ? v->x : NULL ;
    gbgpu_cuda_status status = (v->sparsity == GxB_SPARSE)
        ? gbgpu_cuda_upload (D, X->nrows, X->ncols, (const uint64_t *) v->p,
              (const uint64_t *) v->i, x, value_size, v->iso)
        : gbgpu_cuda_upload_bitmap (D, X->nrows, X->ncols,
              (v->sparsity == GxB_BITMAP) ? v->b : NULL, x, value_size, v->iso) ;
    if (status != GBGPU_CUDA_OK) return status ;
    // the view waited for the matrix: no jumbled rows, no duplicates
    D->rows_sorted = true ;
    gbgpu_count_bytes (gbgpu_cuda_transfer_bytes (), 0) ;
    return status ;
}

// Uploads W, a private by-row sparse copy of op(X), through its own arrays:
// taken out (no other thread sees W), uploaded, and put back, which needs no
// view of the iterator's layout.
static GrB_Info upload_private_copy (gbgpu_dev_csr *D, const gbgpu_operand *X, GrB_Matrix W,
    gbgpu_cuda_status *status)
{
    GrB_Index *p = NULL, *j = NULL, p_size, j_size, x_size ;
    void *x = NULL ;
    bool iso = false ;
    // jumbled NULL: the rows come out sorted
    GrB_Info info = GxB_Matrix_unpack_CSR (W, &p, &j, &x, &p_size, &j_size, &x_size, &iso,
        NULL, NULL) ;
    if (info != GrB_SUCCESS) return info ;
    gbgpu_operand copy = *X ;
    copy.matrix = W ;
    copy.transpose = false ;
    gbgpu_matrix_view v =
    {
        .type = X->values_needed ? X->type : GrB_BOOL, .sparsity = GxB_SPARSE,
        .by_col = false, .iso = iso, .vectors = (int64_t) X->nrows,
        .vector_length = (int64_t) X->ncols, .nvals = (int64_t) p [X->nrows],
        .p = (const int64_t *) p, .i = (const int64_t *) j, .x = x,
    } ;
    *status = upload_view (D, &copy, &v) ;
    // (a pack that failed would leave the arrays out: kept, rather than
    // freed with an allocator that may not be the library's)
    info = GxB_Matrix_pack_CSR (W, &p, &j, &x, p_size, j_size, x_size, iso, false, NULL) ;
    return (info == GrB_SUCCESS) ? cuda_to_grb (*status) : info ;
}

GrB_Info gbgpu_upload_operand (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status)
{
    *status = GBGPU_CUDA_OK ;
    gbgpu_matrix_view v ;
    if (gbgpu_zero_copy_enabled () && gbgpu_view_open (&v, X->matrix) == GrB_SUCCESS)
    {
        bool in_place = view_is_rows_of (&v, X) ;
        if (in_place) *status = upload_view (D, X, &v) ;
        gbgpu_view_close (&v) ;
        if (in_place) return cuda_to_grb (*status) ;
    }
    // any other storage, a typecast, or no view: a private by-row copy
    GrB_Matrix W = NULL ;
    GrB_Info info = copy_as_csr (&W, X) ;
    if (info == GrB_SUCCESS) info = upload_private_copy (D, X, W, status) ;
    GrB_Matrix_free (&W) ;
    return info ;
}
