// examples/triangles/triangle_operands.h: the matrices a triangle count multiplies, made from any
// square input.  Shared by the triangles program and the graph benchmark, so
// that both time the same products.
// SPDX-License-Identifier: Apache-2.0
//
//      S = pattern of A (BOOL, every entry true), self-loops removed;
//          symmetric: checked, or made so (S = S | S') when asked
//      L = tril (S,-1), U = triu (S,1)      (U only when a form needs it)
//
// Every function returns GrB_SUCCESS or the library's GrB_Info; on failure
// every matrix of the operands is freed.

#ifndef TRIANGLE_OPERANDS_H
#define TRIANGLE_OPERANDS_H

#include <GraphBLAS.h>
#include <stdbool.h>

typedef struct
{
    GrB_Matrix S ;          // n-by-n undirected pattern, no self-loops
    GrB_Matrix L, U ;       // its strict lower and upper triangles (U: NULL
                            // until triangle_operands_upper)
    GrB_Index n ;
    GrB_Index edges ;       // undirected edges: entries of L
}
triangle_operands ;

// S from square A.  symmetrize: S = S | S'; otherwise S must be symmetric, and
// GrB_INVALID_VALUE (with *asymmetric set) says it is not.  Also makes L.
GrB_Info triangle_operands_make (triangle_operands *op, GrB_Matrix A,
    bool symmetrize, bool *asymmetric) ;

// U = triu (S,1), for the forms that read it.
GrB_Info triangle_operands_upper (triangle_operands *op) ;

void triangle_operands_free (triangle_operands *op) ;

#endif
