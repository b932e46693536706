// bench/bench_graph.h: gbgpu-bench --graph-suite: the products graph algorithms
// make, on one undirected graph (its pattern, self-loops removed,
// symmetrized), one table row each, GPU end to end (policy gpu) and what a
// program gets with gbgpu loaded (policy auto, the cost model taught by the
// calls before) vs SuiteSparse on the CPU, every result checked against the
// CPU's:
// SPDX-License-Identifier: Apache-2.0
//
//   tri_LUt   C<L> = L*U'  PLUS_PAIR_INT64, descriptor ST1   (triangles)
//   tri_LL    C<L> = L*L   PLUS_PAIR_INT64, descriptor S     (triangles)
//   bfs64     C<!visited> = q*S  ANY_PAIR_BOOL, descriptor RSC, q the 64
//             frontiers of a multi-source BFS after two levels
//   bfs1024   the same with 1024 sources
//   AA_pair   C = S*S  ANY_PAIR_BOOL     (pattern only)
//   AA_fp64   C = S*S  PLUS_TIMES_FP64   (the same product, numeric)
//
// The triangle operands are the triangles program's (triangle_operands.h)
// and the sources the bfs program's (bfs_sources.h), so the rows time what
// the examples run.  The A*A rows are skipped past GRAPH_MAX_SQUARE_PRODUCTS
// products: their C and its check would not fit the host (R-MAT 19 and 20).
// Columns are the default suite's (bench_table.h) and auto_ms, auto_vs_cpu
// (the CPU's time over auto's: goal at least 0.95); cpu_ms is the mean of
// the CPU's medians before and after the GPU columns (the same product
// drifts between them); the kernel and cuSPARSE
// columns read "-", products counts every multiply of the unmasked product.

#ifndef BENCH_GRAPH_H
#define BENCH_GRAPH_H

#include <stdbool.h>
#include "bench_inputs.h"
#include "bench_options.h"
#include "bench_table.h"

#define GRAPH_MAX_SQUARE_PRODUCTS 1.2e10

// The longest row label is the input's and this much more.
#define GRAPH_CASE_LABEL_WIDTH 8

// Every row of one input, written to table as each completes.
void bench_graph_run (bench_table *table, const bench_input *input,
    const bench_options *o, bool device_present) ;

#endif
