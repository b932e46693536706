// examples/mcl/mcl_interpret.h: the clusters of an MCL limit, read the way mcl reads them
// (its mclDag and mclInterpret, with its default -overlap cut).
// SPDX-License-Identifier: Apache-2.0
//
// Row i of the limit says where node i's flow ends.  First each row keeps
// only its dominant entries, giving a graph D (mcl's "DAG"):
//
//   self = P(i,i) (0 if absent), top = max_j P(i,j);
//   bar = 0.999 self + 0.001 top when self < top, else self / 1.01;
//   keep P(i,j) >= bar, divide by the kept sum, then keep those >= 1/(k+1)
//   where k is how many were kept.
//
// Attractors are the nodes i with D(i,i).  The attractor systems, connected
// components of D among attractors (edges taken both ways), are the
// clusters.  Every other node joins the systems it reaches in D, through any
// number of steps; a node reaching several (overlap) stays only in the first
// (systems numbered by their smallest node), and a node reaching none is a
// cluster of its own.  Clusters are sorted largest first (ties: by smallest
// node), members in increasing order, as mcl writes them.  This part is
// plain C over the limit's CSR arrays (GrB_Matrix_export): it is a graph
// traversal of a nearly diagonal matrix, not matrix algebra.

#ifndef MCL_INTERPRET_H
#define MCL_INTERPRET_H

#include <GraphBLAS.h>

typedef struct
{
    GrB_Index nodes ;           // n
    GrB_Index count ;           // clusters
    GrB_Index *start ;          // count+1: cluster c is member [start [c] ..
    GrB_Index *member ;         //   start [c+1] - 1], n node ids in all
    GrB_Index attractors ;      // nodes i with D(i,i)
    GrB_Index overlapping ;     // nodes that reached more than one system
    GrB_Index unattracted ;     // nodes that reached none
}
mcl_clusters ;

// limit: n-by-n FP64, row-stochastic (mcl_process.h).
mcl_clusters mcl_interpret (GrB_Matrix limit) ;

void mcl_clusters_free (mcl_clusters *clusters) ;

#endif
