// examples/mcl/mcl_read_abc.h: mcl's "abc" label input, one edge a line:
// SPDX-License-Identifier: Apache-2.0
//
//      LABEL1 LABEL2 [WEIGHT]          (fields separated by white space)
//
// read the way `mcl --abc` reads it: labels become nodes in the order they
// first appear; every edge is taken in both directions (the graph is made
// symmetric); an edge given more than once keeps its largest weight; the
// weight defaults to 1.  Empty lines are skipped; a line with one field, or
// with a weight that is not a number, is an error.  PATH "-" is stdin.

#ifndef MCL_READ_ABC_H
#define MCL_READ_ABC_H

#include <GraphBLAS.h>
#include <stddef.h>

// On success: *A is n-by-n FP64, *labels n malloc'ed strings (in a malloc'ed
// array), *n the number of nodes; returns GrB_SUCCESS.  On failure: a
// message in error [0..error_size-1], *A NULL and *labels NULL.
GrB_Info mcl_read_abc (GrB_Matrix *A, char ***labels, GrB_Index *n,
    const char *path, char *error, size_t error_size) ;

#endif
