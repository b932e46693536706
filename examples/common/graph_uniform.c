// examples/common/graph_uniform.c: a uniform random (Erdos-Renyi-like) symmetric graph, the
// unskewed counterpart of R-MAT: every row has about the same length.
// SPDX-License-Identifier: Apache-2.0

#include "graph_edges.h"
#include "graph_error.h"
#include "graph_io.h"
#include "graph_random.h"

GrB_Info graph_uniform_random (GrB_Matrix *A, int64_t n, int64_t avg_degree,
    uint64_t seed)
{
    *A = NULL ;
    if (n < 1 || avg_degree < 0)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "uniform: n %lld or degree %lld out of range", (long long) n,
            (long long) avg_degree)) ;
    }
    GrB_Index nedges = (GrB_Index) n * (GrB_Index) avg_degree / 2 ;
    graph_random r = graph_random_seeded (seed) ;
    graph_edges E ;
    GrB_Info info = graph_edges_init (&E, GRAPH_VALUES_FP64, 2 * nedges) ;
    if (info == GrB_SUCCESS)
    {
        for (GrB_Index e = 0 ; e < nedges ; e++)
        {
            GrB_Index i = graph_random_below (&r, (uint64_t) n) ;
            GrB_Index j = graph_random_below (&r, (uint64_t) n) ;
            double weight = graph_random_weight (&r) ;
            if (i != j) graph_edges_add_undirected (&E, i, j, weight) ;
        }
        info = graph_edges_build (A, &E, (GrB_Index) n, (GrB_Index) n,
            GrB_MAX_FP64) ;
    }
    graph_edges_free (&E) ;
    return (info) ;
}
