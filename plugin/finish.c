// finish.c: C<M> = accum (C,T), the last step of every GPU GrB_mxm.
//
// GrB_transpose with its input transposed computes C<M> = accum (C, T'') =
// accum (C, T) through the same mask/accumulate/replace/typecast routine that
// GrB_mxm ends with, so every mask kind, accumulator and type of C behaves
// exactly as the library's own GrB_mxm.  The predefined descriptors carry the
// user's replace, complement and structure settings with INP0 = GrB_TRAN.

#include "gbgpu_internal.h"

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
    return GrB_transpose (C, M, accum, T, desc) ;
}
