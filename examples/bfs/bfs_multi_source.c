// examples/bfs/bfs_multi_source.c: multi-source BFS, one GrB_mxm per level (see
// bfs_multi_source.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include "bfs_multi_source.h"
#include "example_try.h"
#include "wall_clock.h"

GrB_Matrix bfs_graph_pattern (GrB_Matrix A, bool with_parents)
{
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix off_diagonal = NULL, S = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&off_diagonal, GrB_BOOL, n, n)) ;
    EXAMPLE_TRY (GrB_Matrix_select_INT64 (off_diagonal, NULL, NULL, GrB_OFFDIAG,
        A, 0, NULL)) ;
    // the values in the semiring's type, so the product needs no typecast
    EXAMPLE_TRY (GrB_Matrix_new (&S, with_parents ? GrB_INT64 : GrB_BOOL, n, n)) ;
    EXAMPLE_TRY (GrB_Matrix_apply (S, NULL, NULL,
        with_parents ? GxB_ONE_INT64 : GxB_ONE_BOOL, off_diagonal, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (S, GrB_MATERIALIZE)) ;
    GrB_Matrix_free (&off_diagonal) ;
    return (S) ;
}

// A k-by-n matrix with one entry per row, (s, sources[s]): INT64 sources[s]
// (the source is its own parent) with parents, else BOOL true.
static GrB_Matrix one_entry_per_source (bool with_parents,
    const GrB_Index *sources, GrB_Index k, GrB_Index n)
{
    GrB_Index *rows = malloc (k * sizeof (GrB_Index)) ;
    int64_t *values = malloc (k * sizeof (int64_t)) ;
    if (rows == NULL || values == NULL)
    {
        fprintf (stderr, "bfs: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    for (GrB_Index s = 0 ; s < k ; s++)
    {
        rows [s] = s ;
        values [s] = with_parents ? (int64_t) sources [s] : 1 ;
    }
    GrB_Matrix q = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&q, with_parents ? GrB_INT64 : GrB_BOOL, k, n)) ;
    EXAMPLE_TRY (GrB_Matrix_build_INT64 (q, rows, sources, values, k, GrB_FIRST_INT64)) ;
    free (values) ;
    free (rows) ;
    return (q) ;
}

bfs_result bfs_multi_source (GrB_Matrix S, const GrB_Index *sources,
    GrB_Index k, bool with_parents, bfs_progress progress, void *context)
{
    bfs_result result ;
    memset (&result, 0, sizeof (result)) ;
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, S)) ;
    double start = wall_clock_seconds () ;

    GrB_Semiring step = with_parents ? GxB_ANY_SECONDI_INT64 : GxB_ANY_PAIR_BOOL ;
    GrB_Matrix q = one_entry_per_source (with_parents, sources, k, n) ;
    // level 0: every source at distance 0 from itself, its own parent
    GrB_Matrix levels = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&levels, GrB_INT64, k, n)) ;
    EXAMPLE_TRY (GrB_Matrix_assign_INT64 (levels, q, NULL, 0, GrB_ALL, k,
        GrB_ALL, n, GrB_DESC_S)) ;
    GrB_Matrix parents = NULL ;
    if (with_parents)
    {
        EXAMPLE_TRY (GrB_Matrix_dup (&parents, q)) ;
    }

    for (int64_t level = 1 ; ; level++)
    {
        double level_start = wall_clock_seconds () ;
        // q<!visited, replace> = q * S: the nodes first reached at this level
        EXAMPLE_TRY (GrB_mxm (q, levels, NULL, step, q, S, GrB_DESC_RSC)) ;
        EXAMPLE_TRY (GrB_Matrix_wait (q, GrB_MATERIALIZE)) ;
        result.mxm_seconds += wall_clock_seconds () - level_start ;
        GrB_Index frontier_entries ;
        EXAMPLE_TRY (GrB_Matrix_nvals (&frontier_entries, q)) ;
        if (frontier_entries == 0) break ;
        result.depth = level ;
        EXAMPLE_TRY (GrB_Matrix_assign_INT64 (levels, q, NULL, level, GrB_ALL, k,
            GrB_ALL, n, GrB_DESC_S)) ;
        if (with_parents)
        {
            EXAMPLE_TRY (GrB_Matrix_assign (parents, q, NULL, q, GrB_ALL, k,
                GrB_ALL, n, GrB_DESC_S)) ;
        }
        EXAMPLE_TRY (GrB_Matrix_wait (levels, GrB_MATERIALIZE)) ;
        if (progress != NULL)
        {
            progress (level, frontier_entries, wall_clock_seconds () - level_start,
                context) ;
        }
    }

    if (with_parents) EXAMPLE_TRY (GrB_Matrix_wait (parents, GrB_MATERIALIZE)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&result.reached, levels)) ;
    result.levels = levels ;
    result.parents = parents ;
    result.seconds = wall_clock_seconds () - start ;
    GrB_Matrix_free (&q) ;
    return (result) ;
}

void bfs_result_free (bfs_result *result)
{
    GrB_Matrix_free (&result->levels) ;
    GrB_Matrix_free (&result->parents) ;
}
