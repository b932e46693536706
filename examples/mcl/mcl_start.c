// examples/mcl/mcl_start.c: self-loops and normalization of the start matrix (see
// mcl_start.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdlib.h>
#include "example_try.h"
#include "mcl_rows.h"
#include "mcl_start.h"

GrB_Matrix mcl_start_matrix (GrB_Matrix A)
{
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix P = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&P, GrB_FP64, n, n)) ;
    EXAMPLE_TRY (GrB_Matrix_select_INT64 (P, NULL, NULL, GrB_OFFDIAG, A, 0, NULL)) ;

    // loop (i) = the heaviest edge of i, or 1 without edges
    GrB_Vector heaviest = NULL, loop = NULL ;
    EXAMPLE_TRY (GrB_Vector_new (&heaviest, GrB_FP64, n)) ;
    EXAMPLE_TRY (GrB_Matrix_reduce_Monoid (heaviest, NULL, NULL, GrB_MAX_MONOID_FP64,
        P, NULL)) ;
    EXAMPLE_TRY (GrB_Vector_new (&loop, GrB_FP64, n)) ;
    EXAMPLE_TRY (GrB_Vector_assign_FP64 (loop, NULL, NULL, 1.0, GrB_ALL, n, NULL)) ;
    EXAMPLE_TRY (GrB_Vector_assign (loop, heaviest, NULL, heaviest, GrB_ALL, n,
        GrB_DESC_S)) ;
    GrB_Matrix loops = NULL ;
    EXAMPLE_TRY (GrB_Matrix_diag (&loops, loop, 0)) ;
    EXAMPLE_TRY (GrB_Matrix_eWiseAdd_BinaryOp (P, NULL, NULL, GrB_PLUS_FP64, P,
        loops, NULL)) ;

    mcl_rows_normalize (P) ;
    GrB_Matrix_free (&loops) ;
    GrB_Vector_free (&loop) ;
    GrB_Vector_free (&heaviest) ;
    return (P) ;
}
