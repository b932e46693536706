// examples/common/graph_io.h: input matrices for the example programs, tests and benchmark.
// SPDX-License-Identifier: Apache-2.0
//
// Every program that runs GrB_mxm on "a graph" needs the same two things: read
// a Matrix Market file, or generate a matrix of a known shape and size.  This
// library does both, in plain GraphBLAS (it does not depend on gbgpu), and maps
// a command-line word ("rmat:16", "grid3d27:50", "path/to/file.mtx") onto them
// so that every program takes its input the same way.  It also writes a
// matrix as Matrix Market, for the programs outside gbgpu that the benchmark
// runs on the same inputs.
//
// All functions return GrB_SUCCESS or an error code; on error *A is NULL and
// graph_io_error () says what went wrong in words.
//
// Values, so that products read real numbers (not an iso matrix):
//   - Matrix Market: pattern -> GrB_BOOL (every entry true, iso), integer ->
//     GrB_INT64, real -> GrB_FP64.  Symmetric and skew-symmetric files are
//     expanded to both triangles.  Repeated entries are summed (OR for pattern).
//   - rmat, uniform: GrB_FP64, symmetric in pattern and values, no self-loops;
//     each edge gets a weight drawn uniformly from (0,1]; an edge drawn twice
//     keeps the larger weight.
//   - grid2d, grid3d, banded: GrB_FP64 graph Laplacian-like stencils: the
//     diagonal holds the number of neighbours a point has in the unbounded
//     grid (or band), every neighbour -1.  Small integers: sums are exact in
//     FP32 and FP64, so results can be compared without tolerance worries.

#ifndef GRAPH_IO_H
#define GRAPH_IO_H

#include <GraphBLAS.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Matrix Market "coordinate" files (pattern, integer or real; general,
// symmetric or skew-symmetric), 1-based, as described above.
GrB_Info graph_read_mtx (GrB_Matrix *A, const char *path) ;

// A as a Matrix Market "coordinate real general" file (1-based, entries in
// the order GrB_Matrix_extractTuples gives them), every value typecast to
// double and written with 17 significant digits: graph_read_mtx reads back
// the same pattern and, for an FP64 matrix, the same values.
GrB_Info graph_write_mtx (const char *path, GrB_Matrix A) ;

// R-MAT graph as in Graph500: 2^scale nodes, edge_factor * 2^scale edges drawn
// with quadrant probabilities a = 0.57, b = c = 0.19, d = 0.05 (no per-level
// noise), node ids randomly permuted, then symmetrized; self-loops dropped.
GrB_Info graph_rmat (GrB_Matrix *A, int scale, int edge_factor, uint64_t seed) ;

// Erdos-Renyi-like symmetric graph: n * avg_degree / 2 edges with both ends
// uniform over the n nodes, symmetrized, self-loops dropped (so the average
// degree is a little under avg_degree).
GrB_Info graph_uniform_random (GrB_Matrix *A, int64_t n, int64_t avg_degree,
    uint64_t seed) ;

// 5-point stencil on an nx-by-ny grid (diagonal included): nx*ny rows.
GrB_Info graph_grid2d_5pt (GrB_Matrix *A, int64_t nx, int64_t ny) ;

// 7- or 27-point stencil on an nx-by-ny-by-nz grid (diagonal included).
GrB_Info graph_grid3d (GrB_Matrix *A, int64_t nx, int64_t ny, int64_t nz,
    int points) ;

// n-by-n band: a(i,j) present for |i-j| <= half_bandwidth.
GrB_Info graph_banded (GrB_Matrix *A, int64_t n, int64_t half_bandwidth) ;

// A generator spec or a Matrix Market path (anything that is not a spec):
//   rmat:SCALE[:EDGE_FACTOR[:SEED]]       default edge factor 16, seed 1
//   uniform:N:AVG_DEGREE[:SEED]           default seed 1
//   grid2d:N | grid2d:NXxNY               5-point
//   grid3d7:N | grid3d7:NXxNYxNZ          7-point
//   grid3d27:N | grid3d27:NXxNYxNZ        27-point
//   banded:N:HALF_BANDWIDTH
GrB_Info graph_parse_spec (GrB_Matrix *A, const char *spec) ;

// A program's input: graph_parse_spec, timed into *seconds; on failure says
// why on stderr, prefixed by the program's name, and exits.
GrB_Matrix graph_load_or_exit (const char *program, const char *spec, double *seconds) ;

// A short name for an input: a spec as it is, a path as its file name without
// directory and ".mtx".  Returns label.
const char *graph_spec_label (char *label, size_t size, const char *spec) ;

// Is spec a generator spec (as opposed to a path)?
int graph_spec_is_generator (const char *spec) ;

// The lines above, for programs' --help.
extern const char graph_spec_usage [] ;

// What the last failing graph_* call of this thread went wrong on.
const char *graph_io_error (void) ;

// "GrB_OUT_OF_MEMORY" for GrB_OUT_OF_MEMORY, and so on.
const char *graph_info_name (GrB_Info info) ;

#ifdef __cplusplus
}
#endif

#endif
