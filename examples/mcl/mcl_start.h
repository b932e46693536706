// examples/mcl/mcl_start.h: the matrix the MCL iterations start from, made the way mcl
// makes it by default.
// SPDX-License-Identifier: Apache-2.0
//
//   1. self-loops of the input are dropped;
//   2. every node gets a self-loop weighing as much as its heaviest edge
//      (1 for a node without edges: it becomes a cluster of its own);
//   3. every node's weights are divided by their sum.
//
// mcl does this to columns (its column j holds node j's edges) and makes the
// matrix column-stochastic; here rows hold the edges and the start matrix P
// is row-stochastic: P is the transpose of mcl's, and every later step is
// mcl's, transposed (expansion M*M becomes P*P).

#ifndef MCL_START_H
#define MCL_START_H

#include <GraphBLAS.h>

// A: n-by-n FP64 of positive weights (mcl_graph.h).  Returns a new matrix.
GrB_Matrix mcl_start_matrix (GrB_Matrix A) ;

#endif
