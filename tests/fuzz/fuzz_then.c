// tests/fuzz/fuzz_then.c: a fuzz case's change of one input between two calls, on one side.
// SPDX-License-Identifier: Apache-2.0
//
// Each kind is a family of calls that changes a matrix the way a program
// does between two products (an input kept on the device must be
// uploaded again once it may have changed).  Both sides make the same call
// on operands of the same content and storage, so the library answers both
// alike: an index outside an empty matrix, or a user-defined type that an
// int32 value does not cast to, is the same GrB_Info on each.

#include "fuzz_mxm_case.h"

const char *fuzz_then_name (fuzz_then_kind kind)
{
    switch (kind)
    {
        case FUZZ_THEN_SET_ELEMENT:     return "setElement" ;
        case FUZZ_THEN_REMOVE_ELEMENT:  return "removeElement" ;
        case FUZZ_THEN_CLEAR:           return "clear" ;
        case FUZZ_THEN_ASSIGN_ROW:      return "assign to a row" ;
        case FUZZ_THEN_SPARSITY:        return "sparsity control" ;
        default:                        return "nothing" ;
    }
}

GrB_Info fuzz_then_apply (const fuzz_then *t, const fuzz_operands *x)
{
    GrB_Matrix X = (t->target == 'B') ? x->B : (t->target == 'M') ? x->M : x->A ;
    GrB_Index ncols = 0 ;
    switch (t->kind)
    {
        case FUZZ_THEN_SET_ELEMENT:
            return GrB_Matrix_setElement_INT32 (X, t->value, t->i, t->j) ;
        case FUZZ_THEN_REMOVE_ELEMENT:
            return GrB_Matrix_removeElement (X, t->i, t->j) ;
        case FUZZ_THEN_CLEAR:
            return GrB_Matrix_clear (X) ;
        case FUZZ_THEN_ASSIGN_ROW:
        {
            GrB_Info info = GrB_Matrix_ncols (&ncols, X) ;
            if (info != GrB_SUCCESS) return info ;
            return GrB_Matrix_assign_INT32 (X, NULL, NULL, t->value, &t->i, 1, GrB_ALL, ncols, NULL) ;
        }
        case FUZZ_THEN_SPARSITY:
            return GxB_Matrix_Option_set (X, GxB_SPARSITY_CONTROL, t->sparsity) ;
        default:
            return GrB_SUCCESS ;
    }
}
