// examples/common/graph_edges.h (internal to graph_io): a growable list of (i, j, value)
// tuples that the reader and the generators fill and then turn into a
// GrB_Matrix with one GrB_Matrix_build, which sorts and merges duplicates in
// parallel (and notices tuples that already come sorted).
// SPDX-License-Identifier: Apache-2.0

#ifndef GRAPH_EDGES_H
#define GRAPH_EDGES_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
    GRAPH_VALUES_PATTERN,   // no values: the matrix is BOOL, every entry true
    GRAPH_VALUES_INT64,
    GRAPH_VALUES_FP64,
}
graph_value_kind ;

typedef struct
{
    GrB_Index *rows, *cols ;
    int64_t *int64_values ;     // used when kind is GRAPH_VALUES_INT64
    double *fp64_values ;       // used when kind is GRAPH_VALUES_FP64
    graph_value_kind kind ;
    size_t count, capacity ;
}
graph_edges ;

GrB_Info graph_edges_init (graph_edges *E, graph_value_kind kind,
    size_t capacity) ;
void graph_edges_free (graph_edges *E) ;

// Make room for at least `more` further tuples (doubling the capacity).
GrB_Info graph_edges_reserve (graph_edges *E, size_t more) ;

// Append one tuple.  The caller has reserved room (graph_edges_reserve), so
// these never fail: they are the inner loop of every generator.
static inline void graph_edges_add_pattern (graph_edges *E, GrB_Index i,
    GrB_Index j)
{
    E->rows [E->count] = i ;
    E->cols [E->count] = j ;
    E->count++ ;
}

static inline void graph_edges_add_int64 (graph_edges *E, GrB_Index i,
    GrB_Index j, int64_t x)
{
    E->int64_values [E->count] = x ;
    graph_edges_add_pattern (E, i, j) ;
}

static inline void graph_edges_add_fp64 (graph_edges *E, GrB_Index i,
    GrB_Index j, double x)
{
    E->fp64_values [E->count] = x ;
    graph_edges_add_pattern (E, i, j) ;
}

// An undirected weighted edge: both (i,j) and (j,i), same weight.
static inline void graph_edges_add_undirected (graph_edges *E, GrB_Index i,
    GrB_Index j, double weight)
{
    graph_edges_add_fp64 (E, i, j, weight) ;
    graph_edges_add_fp64 (E, j, i, weight) ;
}

// *A = the nrows-by-ncols matrix of the tuples, duplicates combined with dup
// (ignored for a pattern, whose duplicates are simply one entry).  The type is
// BOOL, INT64 or FP64 by kind.  E is left as it was (free it afterwards).
GrB_Info graph_edges_build (GrB_Matrix *A, const graph_edges *E,
    GrB_Index nrows, GrB_Index ncols, GrB_BinaryOp dup) ;

#endif
