// bridge.c: GraphBLAS matrices to device CSR, and device results back.
//
// An input is read zero-copy when its storage already is the CSR of op(X):
// sparse (not hypersparse, bitmap or full), held by row for X and by column
// for X', and of the type the kernel reads.  Then GxB_Matrix_unpack_CSR/CSC
// lends its arrays, they are copied to the device, and packed straight back:
// O(1) on the host, and X never changes content or format.  Any other storage
// (or a typecast) goes through a private by-row sparse copy made by the
// library; unpacking the user's matrix there would convert it in place.
//
// Either way the host arrays are handed back before the kernels start, so C
// may be the same object as A, B or M.  Rows reach the device sorted (unpack
// sorts a jumbled matrix first): the masked dot product merges them.
//
// The copies themselves (cuda/transfer.cu) are staged through pinned buffers
// and run at bus speed.  A result comes back into fresh arrays from
// GraphBLAS's allocator (allocator.c) that GxB_Matrix_pack_CSR takes over; their first touch (page faults, the kernel
// zeroing each page) costs as much as the bus, so the download writes them
// from several threads, and here they are marked for transparent huge pages
// (one fault per 2 MiB instead of per 4 KiB; GBGPU_XFER_HUGEPAGES=0 turns
// that off).

#define _DEFAULT_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "gbgpu_internal.h"

static GrB_Info cuda_to_grb (gbgpu_cuda_status s)
{
    return (s == GBGPU_CUDA_OK) ? GrB_SUCCESS
         : (s == GBGPU_CUDA_OUT_OF_MEMORY) ? GrB_OUT_OF_MEMORY : GrB_PANIC ;
}

// The storage of X is CSR of op(X), in the type the kernel reads?
static bool readable_in_place (const gbgpu_operand *X)
{
    int32_t sparsity, format ;
    GrB_Type type ;
    if (GxB_Matrix_Option_get_INT32 (X->matrix, GxB_SPARSITY_STATUS, &sparsity) != GrB_SUCCESS
     || GxB_Matrix_Option_get_INT32 (X->matrix, GxB_FORMAT, &format) != GrB_SUCCESS
     || GxB_Matrix_type (&type, X->matrix) != GrB_SUCCESS) return false ;
    bool by_row = (format == GxB_BY_ROW) ;
    return sparsity == GxB_SPARSE && by_row != X->transpose
        && (!X->values_needed || type == X->type) ;
}

static GrB_UnaryOp identity_op (GrB_Type type)
{
    gbgpu_type t ;
    if (!gbgpu_type_code (type, &t)) return NULL ;
    switch (t)
    {
        case GBGPU_TYPE_BOOL:   return GrB_IDENTITY_BOOL ;
        case GBGPU_TYPE_INT32:  return GrB_IDENTITY_INT32 ;
        case GBGPU_TYPE_INT64:  return GrB_IDENTITY_INT64 ;
        case GBGPU_TYPE_UINT32: return GrB_IDENTITY_UINT32 ;
        case GBGPU_TYPE_UINT64: return GrB_IDENTITY_UINT64 ;
        case GBGPU_TYPE_FP32:   return GrB_IDENTITY_FP32 ;
        case GBGPU_TYPE_FP64:   return GrB_IDENTITY_FP64 ;
        default:                return NULL ;
    }
}

// W = op(X) as a new by-row sparse matrix; only its pattern if values are not
// needed (then W is iso and costs no value array).
static GrB_Info copy_as_csr (GrB_Matrix *W, const gbgpu_operand *X)
{
    GrB_Type type = X->values_needed ? X->type : GrB_BOOL ;
    GrB_UnaryOp op = X->values_needed ? identity_op (type) : GxB_ONE_BOOL ;
    GrB_Info info = GrB_Matrix_new (W, type, X->nrows, X->ncols) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_INT32 (*W, GxB_FORMAT, GxB_BY_ROW) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_INT32 (*W, GxB_SPARSITY_CONTROL, GxB_SPARSE) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_apply (*W, NULL, NULL, op, X->matrix,
        X->transpose ? GrB_DESC_T0 : NULL) ;
    if (info != GrB_SUCCESS) GrB_Matrix_free (W) ;
    return info ;
}

// Asks for transparent huge pages in the 2 MiB-aligned part of a large fresh
// array (only a hint: nothing changes if the kernel has them off).  Arrays of
// 32 MiB and more come from mmap in glibc, so this never marks the heap.
static void advise_huge_pages (void *p, size_t bytes)
{
#if defined (MADV_HUGEPAGE)
    static _Atomic int enabled = -1 ;
    int on = atomic_load (&enabled) ;
    if (on < 0)
    {
        const char *s = getenv ("GBGPU_XFER_HUGEPAGES") ;
        on = (s == NULL || atoi (s) != 0) ;
        atomic_store (&enabled, on) ;
    }
    const uintptr_t huge = (uintptr_t) 2 << 20 ;
    if (!on || p == NULL || bytes < ((size_t) 32 << 20)) return ;
    uintptr_t start = ((uintptr_t) p + huge - 1) & ~(huge - 1) ;
    uintptr_t end = ((uintptr_t) p + bytes) & ~(huge - 1) ;
    if (end > start) (void) madvise ((void *) start, end - start, MADV_HUGEPAGE) ;
#else
    (void) p ; (void) bytes ;
#endif
}

GrB_Info gbgpu_bridge_upload (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status)
{
    *status = GBGPU_CUDA_OK ;
    // decided under the exclusive lock: another thread may be lending X
    gbgpu_inputs_lend () ;
    // Pending work first: finishing it may change the storage unpack sees.
    bool in_place = gbgpu_zero_copy_enabled ()
        && GrB_Matrix_wait (X->matrix, GrB_MATERIALIZE) == GrB_SUCCESS
        && readable_in_place (X) ;
    GrB_Matrix S = X->matrix, W = NULL ;
    if (!in_place)
    {
        gbgpu_inputs_release () ;
        gbgpu_inputs_use () ;
        GrB_Info info = copy_as_csr (&W, X) ;
        gbgpu_inputs_release () ;
        if (info != GrB_SUCCESS) return info ;
        S = W ;
    }

    // by row: CSR of X; by column: CSC of X = CSR of X'
    GrB_Index *p = NULL, *j = NULL, p_size, j_size, x_size ;
    void *x = NULL ;
    bool iso, by_col = in_place && X->transpose ;
    GrB_Info info = by_col
        ? GxB_Matrix_unpack_CSC (S, &p, &j, &x, &p_size, &j_size, &x_size, &iso, NULL, NULL)
        : GxB_Matrix_unpack_CSR (S, &p, &j, &x, &p_size, &j_size, &x_size, &iso, NULL, NULL) ;
    if (info == GrB_SUCCESS)
    {
        size_t value_size = 0 ;
        gbgpu_type t ;
        if (X->values_needed && gbgpu_type_code (X->type, &t)) value_size = gbgpu_type_size (t) ;
        *status = gbgpu_cuda_upload (D, X->nrows, X->ncols, p, j,
            X->values_needed ? x : NULL, value_size, iso) ;
        if (*status == GBGPU_CUDA_OK) gbgpu_count_bytes (gbgpu_cuda_transfer_bytes (), 0) ;
        // Hand the arrays back whatever happened on the device (the upload
        // reads them no more once it has returned).
        GrB_Info pack = by_col
            ? GxB_Matrix_pack_CSC (S, &p, &j, &x, p_size, j_size, x_size, iso, false, NULL)
            : GxB_Matrix_pack_CSR (S, &p, &j, &x, p_size, j_size, x_size, iso, false, NULL) ;
        // X is empty if its arrays did not go back: nothing can redo the call
        info = (pack != GrB_SUCCESS) ? GrB_PANIC : cuda_to_grb (*status) ;
    }
    if (in_place) gbgpu_inputs_release () ;
    GrB_Matrix_free (&W) ;
    return info ;
}

GrB_Info gbgpu_bridge_download (GrB_Matrix R, const gbgpu_dev_result *T,
    gbgpu_cuda_status *status)
{
    // GraphBLAS's allocator: GxB_Matrix_pack_CSR takes ownership of them
    size_t nvals = (size_t) T->nvals ;
    size_t p_size = (T->nrows + 1) * sizeof (GrB_Index) ;
    size_t j_size = (nvals > 0 ? nvals : 1) * sizeof (GrB_Index) ;
    size_t nx = (size_t) gbgpu_result_values (T) ;
    size_t x_size = (nx > 0 ? nx : 1) * T->value_size ;
    GrB_Index *p = gbgpu_host_malloc (p_size), *j = gbgpu_host_malloc (j_size) ;
    void *x = gbgpu_host_malloc (x_size) ;
    GrB_Info info = GrB_OUT_OF_MEMORY ;
    *status = GBGPU_CUDA_OK ;
    if (p != NULL && j != NULL && x != NULL)
    {
        advise_huge_pages (p, p_size) ;
        advise_huge_pages (j, j_size) ;
        advise_huge_pages (x, x_size) ;
        *status = gbgpu_cuda_download (T, p, j, x) ;
        info = cuda_to_grb (*status) ;
    }
    if (info == GrB_SUCCESS)
    {
        gbgpu_count_bytes (0, gbgpu_cuda_transfer_bytes ()) ;
        info = GxB_Matrix_pack_CSR (R, &p, &j, &x, p_size, j_size, x_size,
            T->iso && nvals > 0, false, NULL) ;
    }
    // pack took the arrays (and set the pointers to NULL) or left them to us
    if (p != NULL) gbgpu_host_free (p) ;
    if (j != NULL) gbgpu_host_free (j) ;
    if (x != NULL) gbgpu_host_free (x) ;
    return info ;
}
