// examples/mcl/mcl_rows.h: the row-wise steps of MCL, in GraphBLAS.
// SPDX-License-Identifier: Apache-2.0
//
// MCL works node by node: each node's row (mcl: column) is pruned against
// its own threshold, divided by its sum, measured.  GraphBLAS reduces rows
// into a vector with built-in monoids, but has no built-in "combine every
// entry with a value of its row"; that is one GrB_apply / GrB_select with a
// user-defined index-unary operator whose scalar is a pointer to the n
// per-row values (operators get the entry's row index i).  The arrays here
// have one double per row.

#ifndef MCL_ROWS_H
#define MCL_ROWS_H

#include <GraphBLAS.h>

// A malloc'ed array of n doubles (exits when out of memory).
double *mcl_rows_array (GrB_Index n) ;

// value [i] = monoid over row i of A; rows without entries get empty.
void mcl_rows_reduce (double *value, GrB_Matrix A, GrB_Monoid monoid,
    double empty) ;

// count [i] = the number of entries of row i.
void mcl_rows_count (double *count, GrB_Matrix A) ;

// A(i,:) /= divisor [i], in place.
void mcl_rows_divide (GrB_Matrix A, const double *divisor) ;

// Scale each nonempty row of A to sum 1, in place.
void mcl_rows_normalize (GrB_Matrix A) ;

// C = the entries of A with A(i,j) >= bar [i] (C: FP64, A's size).
void mcl_rows_select_at_least (GrB_Matrix C, GrB_Matrix A, const double *bar) ;

#endif
