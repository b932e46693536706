// examples/triangles/triangle_operands.c: S, L and U for a triangle count (see triangle_operands.h).
// SPDX-License-Identifier: Apache-2.0

#include <string.h>
#include "triangle_operands.h"

#define TRY(call)                                                           \
    do {                                                                    \
        GrB_Info try_info_ = (call) ;                                       \
        if (try_info_ != GrB_SUCCESS)                                       \
        {                                                                   \
            triangle_operands_free (op) ;                                   \
            return (try_info_) ;                                            \
        }                                                                   \
    } while (0)

// Is the pattern of S symmetric?  S and S' have as many entries, so S equals
// S' when every entry of S is also one of S'.
static GrB_Info pattern_is_symmetric (bool *symmetric, GrB_Matrix S, GrB_Index n)
{
    GrB_Matrix both = NULL ;
    GrB_Index entries, common ;
    GrB_Info info = GrB_Matrix_new (&both, GrB_BOOL, n, n) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_eWiseMult_BinaryOp (both, NULL,
        NULL, GrB_LAND, S, S, GrB_DESC_T1) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&common, both) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&entries, S) ;
    if (info == GrB_SUCCESS) *symmetric = (common == entries) ;
    GrB_Matrix_free (&both) ;
    return (info) ;
}

GrB_Info triangle_operands_make (triangle_operands *op, GrB_Matrix A,
    bool symmetrize, bool *asymmetric)
{
    memset (op, 0, sizeof (*op)) ;
    *asymmetric = false ;
    GrB_Index n, ncols ;
    TRY (GrB_Matrix_nrows (&n, A)) ;
    TRY (GrB_Matrix_ncols (&ncols, A)) ;
    if (n != ncols) return (GrB_DIMENSION_MISMATCH) ;
    op->n = n ;

    TRY (GrB_Matrix_new (&op->S, GrB_BOOL, n, n)) ;
    TRY (GrB_Matrix_select_INT64 (op->S, NULL, NULL, GrB_OFFDIAG, A, 0, NULL)) ;
    // every entry true: an explicit zero of a real input is an edge too
    TRY (GrB_Matrix_apply (op->S, NULL, NULL, GxB_ONE_BOOL, op->S, NULL)) ;
    if (symmetrize)
    {
        TRY (GrB_Matrix_eWiseAdd_BinaryOp (op->S, NULL, NULL, GrB_LOR, op->S,
            op->S, GrB_DESC_T1)) ;
    }
    else
    {
        bool symmetric ;
        TRY (pattern_is_symmetric (&symmetric, op->S, n)) ;
        if (!symmetric)
        {
            *asymmetric = true ;
            triangle_operands_free (op) ;
            return (GrB_INVALID_VALUE) ;
        }
    }
    TRY (GrB_Matrix_wait (op->S, GrB_MATERIALIZE)) ;

    TRY (GrB_Matrix_new (&op->L, GrB_BOOL, n, n)) ;
    TRY (GrB_Matrix_select_INT64 (op->L, NULL, NULL, GrB_TRIL, op->S, -1, NULL)) ;
    TRY (GrB_Matrix_wait (op->L, GrB_MATERIALIZE)) ;
    TRY (GrB_Matrix_nvals (&op->edges, op->L)) ;
    return (GrB_SUCCESS) ;
}

GrB_Info triangle_operands_upper (triangle_operands *op)
{
    if (op->U != NULL) return (GrB_SUCCESS) ;
    TRY (GrB_Matrix_new (&op->U, GrB_BOOL, op->n, op->n)) ;
    TRY (GrB_Matrix_select_INT64 (op->U, NULL, NULL, GrB_TRIU, op->S, 1, NULL)) ;
    TRY (GrB_Matrix_wait (op->U, GrB_MATERIALIZE)) ;
    return (GrB_SUCCESS) ;
}

void triangle_operands_free (triangle_operands *op)
{
    GrB_Matrix_free (&op->S) ;
    GrB_Matrix_free (&op->L) ;
    GrB_Matrix_free (&op->U) ;
}
