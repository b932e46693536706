// examples/common/graph_rmat.c: the Graph500 R-MAT (Kronecker) generator: a power-law graph
// with a few very high-degree nodes, the standard skewed SpGEMM input.
// SPDX-License-Identifier: Apache-2.0
//
// Each edge descends `scale` levels of the adjacency matrix, choosing one of
// four quadrants with probabilities a, b, c, d.  Node ids are then permuted at
// random (as Graph500 does) so that the hubs are not all at the first rows.

#include <stdlib.h>
#include "graph_edges.h"
#include "graph_error.h"
#include "graph_io.h"
#include "graph_random.h"

#define RMAT_A 0.57
#define RMAT_B 0.19
#define RMAT_C 0.19

// One edge of the unpermuted R-MAT graph.
static void rmat_edge (graph_random *r, int scale, GrB_Index *i, GrB_Index *j)
{
    GrB_Index row = 0, col = 0 ;
    for (int level = 0 ; level < scale ; level++)
    {
        double u = graph_random_unit (r) ;
        int right = (u >= RMAT_A && u < RMAT_A + RMAT_B) || u >= RMAT_A + RMAT_B + RMAT_C ;
        int down = u >= RMAT_A + RMAT_B ;
        row = 2 * row + (GrB_Index) down ;
        col = 2 * col + (GrB_Index) right ;
    }
    *i = row ;
    *j = col ;
}

// A uniformly random permutation of 0..n-1 (Fisher-Yates).
static GrB_Index *random_permutation (graph_random *r, GrB_Index n)
{
    GrB_Index *perm = malloc ((n > 0 ? n : 1) * sizeof (GrB_Index)) ;
    if (perm == NULL) return (NULL) ;
    for (GrB_Index k = 0 ; k < n ; k++) perm [k] = k ;
    for (GrB_Index k = n ; k > 1 ; k--)
    {
        GrB_Index other = graph_random_below (r, k) ;
        GrB_Index t = perm [k-1] ; perm [k-1] = perm [other] ; perm [other] = t ;
    }
    return (perm) ;
}

GrB_Info graph_rmat (GrB_Matrix *A, int scale, int edge_factor, uint64_t seed)
{
    *A = NULL ;
    if (scale < 1 || scale > 40 || edge_factor < 1)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "rmat: scale %d or edge factor %d out of range", scale, edge_factor)) ;
    }
    GrB_Index n = (GrB_Index) 1 << scale ;
    GrB_Index nedges = (GrB_Index) edge_factor * n ;
    graph_random r = graph_random_seeded (seed) ;
    GrB_Index *perm = random_permutation (&r, n) ;
    if (perm == NULL)
    {
        return (graph_io_fail (GrB_OUT_OF_MEMORY, "rmat: no memory for %llu nodes",
            (unsigned long long) n)) ;
    }
    graph_edges E ;
    GrB_Info info = graph_edges_init (&E, GRAPH_VALUES_FP64, 2 * nedges) ;
    if (info == GrB_SUCCESS)
    {
        for (GrB_Index e = 0 ; e < nedges ; e++)
        {
            GrB_Index i, j ;
            rmat_edge (&r, scale, &i, &j) ;
            double weight = graph_random_weight (&r) ;
            if (i != j) graph_edges_add_undirected (&E, perm [i], perm [j], weight) ;
        }
        info = graph_edges_build (A, &E, n, n, GrB_MAX_FP64) ;
    }
    graph_edges_free (&E) ;
    free (perm) ;
    return (info) ;
}
