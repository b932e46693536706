// tests/test_mxm_bitmaps.c: products whose inputs or mask are held as bitmaps
// or full (their cells cross the bus packed into bits) equal the library's
// (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// The host packs a bitmap's bytes into 32-bit words, 8 cells per 8-byte read
// (cuda/memory/bitmap_upload.cu), so the cases have cell counts that are and
// are not multiples of 8 and 32, rows that start inside a word, single rows
// and columns (a 1 x 100 by 100 x 4099 product under a bitmap mask made
// GraphBLAS 7.4's own GrB_mxm spin, so the wide case is left out), empty
// and full bitmaps, and a BFS step (q<!visited,struct,
// replace> = q*A with visited a bitmap).  CTest runs it twice: with the
// default staging slots, and with 4 KiB slots (GBGPU_XFER_CHUNK) so that a
// bitmap of more than 32768 cells goes through several slots in turn.

#include "test_support.h"

static void bitmap_case (GrB_Index m, GrB_Index k, GrB_Index n, double density, uint64_t seed,
    bool bitmap_a, bool masked, bool complement)
{
    char what [160] ;
    snprintf (what, sizeof (what), "%llu x %llu x %llu, density %g, A %s, %s mask",
        (unsigned long long) m, (unsigned long long) k, (unsigned long long) n, density,
        bitmap_a ? "bitmap" : "sparse", !masked ? "no" : (complement ? "complemented" : "a"));
    ts_matrix_spec a = ts_spec (GrB_FP64, m, k, density, seed) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, k, n, 0.2, seed + 1) ;
    ts_matrix_spec mask = ts_spec (GrB_BOOL, m, n, density, seed + 2) ;
    a.sparsity = bitmap_a ? GxB_BITMAP : GxB_SPARSE ;
    mask.sparsity = (density >= 1) ? GxB_FULL : GxB_BITMAP ;
    GrB_Matrix A, B, M = NULL, C_gpu, C_cpu ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    if (masked) ts_matrix_make (&M, &mask) ;
    TS_OK (GrB_Matrix_new (&C_gpu, GrB_FP64, m, n)) ;
    TS_OK (GrB_Matrix_new (&C_cpu, GrB_FP64, m, n)) ;
    GrB_Descriptor desc = !masked ? NULL : (complement ? GrB_DESC_RSC : GrB_DESC_S) ;
    gbgpu_stats_t delta ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, &delta, C_gpu, M, NULL, GxB_PLUS_TIMES_FP64, A, B, desc)) ;
    ts_check (delta.gpu_calls == 1, "%s: not on the GPU (%s)", what, ts_path_name (&delta)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, C_cpu, M, NULL, GxB_PLUS_TIMES_FP64, A, B, desc)) ;
    char why [256] ;
    ts_check (ts_same_content (C_gpu, C_cpu, ts_tolerance (GrB_FP64, true), why, sizeof (why)),
        "%s: C differs: %s", what, why) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
    GrB_Matrix_free (&M) ;
    GrB_Matrix_free (&C_gpu) ;
    GrB_Matrix_free (&C_cpu) ;
}

// A BFS step from `sources` sources: q<!visited,struct,replace> = q*S over
// ANY_SECONDI (the parents), visited a bitmap of a third of the cells.
static void bfs_step_case (GrB_Index sources, GrB_Index nodes, uint64_t seed)
{
    char what [96] ;
    snprintf (what, sizeof (what), "BFS step, %llu sources, %llu nodes",
        (unsigned long long) sources, (unsigned long long) nodes) ;
    ts_matrix_spec s = ts_spec (GrB_BOOL, nodes, nodes, 8.0 / (double) nodes, seed) ;
    ts_matrix_spec q = ts_spec (GrB_INT64, sources, nodes, 0.02, seed + 1) ;
    ts_matrix_spec v = ts_spec (GrB_BOOL, sources, nodes, 0.33, seed + 2) ;
    v.sparsity = GxB_BITMAP ;
    GrB_Matrix S, Q, visited, next_gpu, next_cpu ;
    ts_matrix_make (&S, &s) ;
    ts_matrix_make (&Q, &q) ;
    ts_matrix_make (&visited, &v) ;
    TS_OK (GrB_Matrix_new (&next_gpu, GrB_INT64, sources, nodes)) ;
    TS_OK (GrB_Matrix_new (&next_cpu, GrB_INT64, sources, nodes)) ;
    gbgpu_stats_t delta ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, &delta, next_gpu, visited, NULL,
        GxB_ANY_SECONDI_INT64, Q, S, GrB_DESC_RSC)) ;
    ts_check (delta.gpu_calls == 1, "%s: not on the GPU (%s)", what, ts_path_name (&delta)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, next_cpu, visited, NULL,
        GxB_ANY_SECONDI_INT64, Q, S, GrB_DESC_RSC)) ;
    // ANY picks any parent: the same pattern, and every parent a real one
    // is checked by the examples; here the patterns must match
    char why [256] ;
    ts_check (ts_same_pattern (next_gpu, next_cpu, why, sizeof (why)),
        "%s: pattern differs: %s", what, why) ;
    GrB_Matrix_free (&S) ;
    GrB_Matrix_free (&Q) ;
    GrB_Matrix_free (&visited) ;
    GrB_Matrix_free (&next_gpu) ;
    GrB_Matrix_free (&next_cpu) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    // (rows, inner, columns): cells of 1, 7, 8, 31, 32, 33 and many,
    // rows starting inside a word, one row or one column
    const GrB_Index shapes [][3] =
    {
        { 1, 1, 1 }, { 1, 5, 7 }, { 2, 3, 4 }, { 1, 9, 31 }, { 4, 6, 8 }, { 3, 10, 11 },
        { 37, 41, 43 }, { 4099, 50, 1 }, { 200, 300, 333 },
    } ;
    const double densities [] = { 0, 0.05, 0.5, 1 } ;
    uint64_t seed = 1 ;
    for (size_t s = 0 ; s < sizeof (shapes) / sizeof (shapes [0]) ; s++)
    for (size_t d = 0 ; d < sizeof (densities) / sizeof (densities [0]) ; d++)
    for (int form = 0 ; form < 4 ; form++)
    {
        // A bitmap unmasked; A sparse with a mask; A bitmap with a mask or its complement
        const bool bitmap_a = (form != 1) ;
        const bool masked = (form != 0) ;
        const bool complement = (form == 3) ;
        bitmap_case (shapes [s][0], shapes [s][1], shapes [s][2], densities [d], seed++,
            bitmap_a, masked, complement) ;
    }
    bfs_step_case (64, 3001, 7) ;
    bfs_step_case (1024, 2053, 8) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
