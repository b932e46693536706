// examples/common/graph_stencils.c: the regular matrices: 2D and 3D grid stencils and bands.
// Their products have predictable sizes and no skew, the opposite of R-MAT.
// SPDX-License-Identifier: Apache-2.0
//
// Tuples are emitted row by row with increasing column index, so
// GrB_Matrix_build finds them sorted and has nothing to sort.

#include "graph_edges.h"
#include "graph_error.h"
#include "graph_io.h"

static int64_t min64 (int64_t a, int64_t b) { return (a < b ? a : b) ; }
static int64_t max64 (int64_t a, int64_t b) { return (a > b ? a : b) ; }
static int64_t abs64 (int64_t a) { return (a < 0 ? -a : a) ; }

// Point (x,y,z) of an nx-by-ny-by-nz grid is row x + nx*(y + ny*z).  Its
// neighbours are the points at offsets (dx,dy,dz) in {-1,0,1}^3 with at most
// max_nonzero_offsets of the three nonzero (1: 7-point, 3: 27-point); a
// neighbour has value -1, the point itself `diagonal`.
static GrB_Info stencil (GrB_Matrix *A, int64_t nx, int64_t ny, int64_t nz,
    int max_nonzero_offsets, double diagonal)
{
    *A = NULL ;
    if (nx < 1 || ny < 1 || nz < 1 || nx > (INT64_MAX / ny) / nz)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "grid: dimensions %lldx%lldx%lld out of range", (long long) nx,
            (long long) ny, (long long) nz)) ;
    }
    int64_t n = nx * ny * nz ;
    size_t per_point = max_nonzero_offsets == 1 ? 7 : 27 ;
    graph_edges E ;
    GrB_Info info = graph_edges_init (&E, GRAPH_VALUES_FP64,
        (size_t) n * per_point) ;
    if (info != GrB_SUCCESS) return (info) ;
    for (int64_t z = 0 ; z < nz ; z++)
    for (int64_t y = 0 ; y < ny ; y++)
    for (int64_t x = 0 ; x < nx ; x++)
    {
        GrB_Index row = (GrB_Index) (x + nx * (y + ny * z)) ;
        for (int64_t dz = -1 ; dz <= 1 ; dz++)
        for (int64_t dy = -1 ; dy <= 1 ; dy++)
        for (int64_t dx = -1 ; dx <= 1 ; dx++)
        {
            int64_t x2 = x + dx, y2 = y + dy, z2 = z + dz ;
            if (abs64 (dx) + abs64 (dy) + abs64 (dz) > max_nonzero_offsets) continue ;
            if (x2 < 0 || x2 >= nx || y2 < 0 || y2 >= ny || z2 < 0 || z2 >= nz) continue ;
            GrB_Index col = (GrB_Index) (x2 + nx * (y2 + ny * z2)) ;
            graph_edges_add_fp64 (&E, row, col, row == col ? diagonal : -1) ;
        }
    }
    info = graph_edges_build (A, &E, (GrB_Index) n, (GrB_Index) n, GrB_PLUS_FP64) ;
    graph_edges_free (&E) ;
    return (info) ;
}

GrB_Info graph_grid2d_5pt (GrB_Matrix *A, int64_t nx, int64_t ny)
{
    return (stencil (A, nx, ny, 1, 1, 4)) ;
}

GrB_Info graph_grid3d (GrB_Matrix *A, int64_t nx, int64_t ny, int64_t nz,
    int points)
{
    if (points != 7 && points != 27)
    {
        *A = NULL ;
        return (graph_io_fail (GrB_INVALID_VALUE,
            "grid3d: %d points: only 7 and 27", points)) ;
    }
    return (stencil (A, nx, ny, nz, points == 7 ? 1 : 3, points - 1)) ;
}

GrB_Info graph_banded (GrB_Matrix *A, int64_t n, int64_t half_bandwidth)
{
    *A = NULL ;
    if (n < 1 || half_bandwidth < 0)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "banded: n %lld or half bandwidth %lld out of range", (long long) n,
            (long long) half_bandwidth)) ;
    }
    int64_t width = min64 (n, 2 * half_bandwidth + 1) ;
    graph_edges E ;
    GrB_Info info = graph_edges_init (&E, GRAPH_VALUES_FP64, (size_t) (n * width)) ;
    if (info != GrB_SUCCESS) return (info) ;
    for (int64_t i = 0 ; i < n ; i++)
    {
        int64_t last = min64 (n - 1, i + half_bandwidth) ;
        for (int64_t j = max64 (0, i - half_bandwidth) ; j <= last ; j++)
        {
            graph_edges_add_fp64 (&E, (GrB_Index) i, (GrB_Index) j,
                i == j ? 2 * half_bandwidth : -1) ;
        }
    }
    info = graph_edges_build (A, &E, (GrB_Index) n, (GrB_Index) n, GrB_PLUS_FP64) ;
    graph_edges_free (&E) ;
    return (info) ;
}
