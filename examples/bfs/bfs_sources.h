// examples/bfs/bfs_sources.h: which nodes a multi-source BFS starts from.
// SPDX-License-Identifier: Apache-2.0
//
// Deterministic, so that runs (CPU and GPU, before and after a change) search
// the same trees: k sources evenly spaced over the nodes that have at least
// one edge (an isolated source would make a search of one level that says
// nothing about the product).

#ifndef BFS_SOURCES_H
#define BFS_SOURCES_H

#include <GraphBLAS.h>

// The sources for pattern S (square): min (wanted, nodes with an out-edge) of
// them, in increasing order, in a malloc'ed array; *count says how many and
// *candidates how many nodes had an out-edge.
GrB_Index *bfs_choose_sources (GrB_Matrix S, GrB_Index wanted,
    GrB_Index *count, GrB_Index *candidates) ;

#endif
