// examples/common/graph_edges.c: the tuple list behind graph_read_mtx and the generators.
// SPDX-License-Identifier: Apache-2.0

#include <stdlib.h>
#include "graph_edges.h"
#include "graph_error.h"

GrB_Info graph_edges_init (graph_edges *E, graph_value_kind kind,
    size_t capacity)
{
    *E = (graph_edges) { .kind = kind } ;
    return (graph_edges_reserve (E, capacity)) ;
}

void graph_edges_free (graph_edges *E)
{
    free (E->rows) ;
    free (E->cols) ;
    free (E->int64_values) ;
    free (E->fp64_values) ;
    *E = (graph_edges) { .kind = E->kind } ;
}

// realloc *array to n elements of the given size; leave it unchanged on failure.
static int grow_array (void **array, size_t n, size_t size)
{
    void *bigger = realloc (*array, (n > 0 ? n : 1) * size) ;
    if (bigger == NULL) return (0) ;
    *array = bigger ;
    return (1) ;
}

GrB_Info graph_edges_reserve (graph_edges *E, size_t more)
{
    if (E->count + more <= E->capacity && E->rows != NULL) return (GrB_SUCCESS) ;
    size_t capacity = E->capacity > 0 ? E->capacity : 1024 ;
    while (capacity < E->count + more) capacity *= 2 ;
    int ok = grow_array ((void **) &E->rows, capacity, sizeof (GrB_Index))
          && grow_array ((void **) &E->cols, capacity, sizeof (GrB_Index)) ;
    if (ok && E->kind == GRAPH_VALUES_INT64)
    {
        ok = grow_array ((void **) &E->int64_values, capacity, sizeof (int64_t)) ;
    }
    if (ok && E->kind == GRAPH_VALUES_FP64)
    {
        ok = grow_array ((void **) &E->fp64_values, capacity, sizeof (double)) ;
    }
    if (!ok)
    {
        return (graph_io_fail (GrB_OUT_OF_MEMORY,
            "out of memory for %zu tuples", capacity)) ;
    }
    E->capacity = capacity ;
    return (GrB_SUCCESS) ;
}

// Pattern tuples become an iso BOOL matrix: one value, no value array.
static GrB_Info build_pattern (GrB_Matrix A, const graph_edges *E)
{
    GrB_Info info ;
    GrB_Scalar one = NULL ;
    GRAPH_TRY (GrB_Scalar_new (&one, GrB_BOOL)) ;
    GRAPH_TRY (GrB_Scalar_setElement_BOOL (one, true)) ;
    GRAPH_TRY (GxB_Matrix_build_Scalar (A, E->rows, E->cols, one, E->count)) ;
done:
    GrB_Scalar_free (&one) ;
    return (info) ;
}

GrB_Info graph_edges_build (GrB_Matrix *A, const graph_edges *E,
    GrB_Index nrows, GrB_Index ncols, GrB_BinaryOp dup)
{
    GrB_Info info ;
    GrB_Type type = E->kind == GRAPH_VALUES_PATTERN ? GrB_BOOL
                  : E->kind == GRAPH_VALUES_INT64   ? GrB_INT64 : GrB_FP64 ;
    *A = NULL ;
    GRAPH_TRY (GrB_Matrix_new (A, type, nrows, ncols)) ;
    switch (E->kind)
    {
        case GRAPH_VALUES_PATTERN:
            info = build_pattern (*A, E) ;
            if (info != GrB_SUCCESS) goto done ;
            break ;
        case GRAPH_VALUES_INT64:
            GRAPH_TRY (GrB_Matrix_build_INT64 (*A, E->rows, E->cols,
                E->int64_values, E->count, dup)) ;
            break ;
        case GRAPH_VALUES_FP64:
            GRAPH_TRY (GrB_Matrix_build_FP64 (*A, E->rows, E->cols,
                E->fp64_values, E->count, dup)) ;
            break ;
    }
    GRAPH_TRY (GrB_Matrix_wait (*A, GrB_MATERIALIZE)) ;
done:
    if (info != GrB_SUCCESS) GrB_Matrix_free (A) ;
    return (info) ;
}
