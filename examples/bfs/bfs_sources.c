// examples/bfs/bfs_sources.c: k sources evenly spaced over the non-isolated nodes (see
// bfs_sources.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdlib.h>
#include "bfs_sources.h"
#include "example_try.h"

GrB_Index *bfs_choose_sources (GrB_Matrix S, GrB_Index wanted,
    GrB_Index *count, GrB_Index *candidates)
{
    GrB_Index n, with_edges ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, S)) ;
    // out_degree has an entry for each row with at least one entry
    GrB_Vector out_degree = NULL ;
    EXAMPLE_TRY (GrB_Vector_new (&out_degree, GrB_INT64, n)) ;
    EXAMPLE_TRY (GrB_Matrix_reduce_Monoid (out_degree, NULL, NULL, GrB_PLUS_MONOID_INT64,
        S, NULL)) ;
    EXAMPLE_TRY (GrB_Vector_nvals (&with_edges, out_degree)) ;
    GrB_Index *nodes = malloc ((with_edges + 1) * sizeof (GrB_Index)) ;
    GrB_Index k = wanted < with_edges ? wanted : with_edges ;
    GrB_Index *sources = malloc ((k + 1) * sizeof (GrB_Index)) ;
    if (nodes == NULL || sources == NULL)
    {
        fprintf (stderr, "bfs: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    GrB_Index extracted = with_edges ;
    EXAMPLE_TRY (GrB_Vector_extractTuples_INT64 (nodes, NULL, &extracted, out_degree)) ;
    for (GrB_Index s = 0 ; s < k ; s++)
    {
        sources [s] = nodes [(s * with_edges) / k] ;
    }
    free (nodes) ;
    GrB_Vector_free (&out_degree) ;
    *count = k ;
    *candidates = with_edges ;
    return (sources) ;
}
