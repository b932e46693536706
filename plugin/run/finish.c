// plugin/run/finish.c: C<M> = accum (C,T), the last step of every GPU GrB_mxm.
// SPDX-License-Identifier: Apache-2.0
//
// GrB_transpose with its input transposed computes C<M> = accum (C, T'') =
// accum (C, T) through the same mask/accumulate/replace/typecast routine that
// GrB_mxm ends with, so every mask kind, accumulator and type of C behaves
// exactly as the library's own GrB_mxm.  The predefined descriptors carry the
// user's replace, complement and structure settings with INP0 = GrB_TRAN.
//
// SuiteSparse:GraphBLAS 7.4 can crash on that route when M is hypersparse (a
// segfault in GB_subassign_08n): the fuzzer found a case (corpus/
// hyper_mask_any_pair_accum.bin: M hypersparse, jumbled and iso by row, C
// hypersparse by column, an accumulator) that crashes the library alone the
// same way, while its own GrB_mxm, which hands that step a mask it transposed
// itself, does not.  The final step therefore gets a private sparse copy of
// a hypersparse mask (the same content), where its row pointers cost no more
// than the mask's entries; a mask too sparse for that is passed as it is.

#include "run/run.h"

// A sparse copy of M into *copy when M is hypersparse and the copy is cheap;
// *copy stays NULL otherwise.
static GrB_Info sparse_copy_of_hypersparse (GrB_Matrix *copy, const GrB_Matrix M)
{
    *copy = NULL ;
    int32_t sparsity, format ;
    GrB_Index nrows, ncols, nvals ;
    GrB_Info info = GxB_Matrix_Option_get_INT32 (M, GxB_SPARSITY_STATUS, &sparsity) ;
    if (info != GrB_SUCCESS || sparsity != GxB_HYPERSPARSE) return info ;
    if ((info = GxB_Matrix_Option_get_INT32 (M, GxB_FORMAT, &format)) != GrB_SUCCESS
     || (info = GrB_Matrix_nrows (&nrows, M)) != GrB_SUCCESS
     || (info = GrB_Matrix_ncols (&ncols, M)) != GrB_SUCCESS
     || (info = GrB_Matrix_nvals (&nvals, M)) != GrB_SUCCESS) return info ;
    GrB_Index vectors = (format == GxB_BY_ROW) ? nrows : ncols ;
    if (vectors > nvals) return GrB_SUCCESS ;
    if ((info = GrB_Matrix_dup (copy, M)) == GrB_SUCCESS)
        info = GxB_Matrix_Option_set_INT32 (*copy, GxB_SPARSITY_CONTROL, GxB_SPARSE) ;
    if (info != GrB_SUCCESS) GrB_Matrix_free (copy) ;
    return info ;
}

GrB_Info gbgpu_finish
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, GrB_Matrix T,
    const gbgpu_plan *plan
)
{
    // [replace][complement][structure]
    const GrB_Descriptor transpose_input [2][2][2] =
    {
        { { GrB_DESC_T0,  GrB_DESC_ST0  }, { GrB_DESC_CT0,  GrB_DESC_SCT0  } },
        { { GrB_DESC_RT0, GrB_DESC_RST0 }, { GrB_DESC_RCT0, GrB_DESC_RSCT0 } },
    } ;
    GrB_Descriptor desc = transpose_input
        [plan->replace][plan->mask_complement][plan->mask_structure] ;
    GrB_Matrix sparse_mask = NULL ;
    GrB_Info info = (M == NULL) ? GrB_SUCCESS : sparse_copy_of_hypersparse (&sparse_mask, M) ;
    if (info == GrB_SUCCESS)
        info = GrB_transpose (C, (sparse_mask != NULL) ? sparse_mask : M, accum, T, desc) ;
    GrB_Matrix_free (&sparse_mask) ;
    return info ;
}
