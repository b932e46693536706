// tests/test_mxm_settings.c: after GrB_mxm through gbgpu, every setting of A,
// B, M and C is what the library alone leaves (GPU test: exits 77 without a
// usable device).
// SPDX-License-Identifier: Apache-2.0
//
// Each case runs one product twice on identical operands: under policy gpu
// (the GPU path, checked in the stats) and under policy cpu (the library).
// Afterwards each operand's format, sparsity control, sparsity status, hyper
// switch and bitmap switch must be the same in both runs, and so must C.
// The cases cover a result packed straight into C (no mask, no accumulator,
// C by row) and one applied by the final step (a mask, C by column), with C
// limited to bitmap or full, sparse, hypersparse or sparse, or left to the
// library, and inputs read in place (A by row, sparse) or through a copy
// (B by column).  (gbgpu once left C auto and sparse where the user had
// asked for bitmap or full, reset C's hyper switch, and changed A's bitmap
// switch after lending A's arrays out.)

#include "test_support.h"

#include <string.h>

typedef struct
{
    int32_t format, control, status ;
    double hyper, bitmap ;
}
settings ;

static settings settings_of (GrB_Matrix X)
{
    settings s ;
    TS_OK (GxB_Matrix_Option_get_INT32 (X, GxB_FORMAT, &s.format)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (X, GxB_SPARSITY_CONTROL, &s.control)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (X, GxB_SPARSITY_STATUS, &s.status)) ;
    TS_OK (GxB_Matrix_Option_get_FP64 (X, GxB_HYPER_SWITCH, &s.hyper)) ;
    TS_OK (GxB_Matrix_Option_get_FP64 (X, GxB_BITMAP_SWITCH, &s.bitmap)) ;
    return s ;
}

static void set (GrB_Matrix X, int32_t format, int32_t control, double hyper, double bitmap)
{
    TS_OK (GxB_Matrix_Option_set_INT32 (X, GxB_FORMAT, format)) ;
    TS_OK (GxB_Matrix_Option_set_FP64 (X, GxB_HYPER_SWITCH, hyper)) ;
    TS_OK (GxB_Matrix_Option_set_FP64 (X, GxB_BITMAP_SWITCH, bitmap)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (X, GxB_SPARSITY_CONTROL, control)) ;
}

static void check_same (const char *what, const char *operand, GrB_Matrix gpu, GrB_Matrix cpu)
{
    settings g = settings_of (gpu), c = settings_of (cpu) ;
    ts_check (memcmp (&g, &c, sizeof (settings)) == 0,
        "%s, %s: gbgpu left format %d, control %d, status %d, hyper %g, bitmap %g; "
        "the library format %d, control %d, status %d, hyper %g, bitmap %g", what, operand,
        g.format, g.control, g.status, g.hyper, g.bitmap,
        c.format, c.control, c.status, c.hyper, c.bitmap) ;
}

// Operands for one run: A 60 x 50 by row sparse, B 50 x 70 by column, M
// 60 x 70 by row, C 60 x 70 holding an old value; settings as the case says.
static void operands (GrB_Matrix X [4], int32_t cformat, int32_t ccontrol)
{
    ts_matrix_spec a = ts_spec (GrB_FP64, 60, 50, 0.1, 1) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 50, 70, 0.1, 2) ;
    ts_matrix_spec m = ts_spec (GrB_BOOL, 60, 70, 0.3, 3) ;
    ts_matrix_spec c = ts_spec (GrB_FP64, 60, 70, 0.05, 4) ;
    ts_matrix_make (&X [0], &a) ;
    ts_matrix_make (&X [1], &b) ;
    ts_matrix_make (&X [2], &m) ;
    ts_matrix_make (&X [3], &c) ;
    set (X [0], GxB_BY_ROW, GxB_SPARSE, 0.25, 0.9) ;
    set (X [1], GxB_BY_COL, GxB_AUTO_SPARSITY, 0.125, 0.75) ;
    set (X [2], GxB_BY_ROW, GxB_SPARSE | GxB_BITMAP, 0.375, 0.6) ;
    set (X [3], cformat, ccontrol, 0.5, 0.3) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    const int32_t controls [4] = { GxB_BITMAP | GxB_FULL, GxB_SPARSE,
        GxB_HYPERSPARSE | GxB_SPARSE, GxB_AUTO_SPARSITY } ;
    const char *names [4] = { "A", "B", "M", "C" } ;
    for (int masked = 0 ; masked < 2 ; masked++)
    for (int k = 0 ; k < 4 ; k++)
    {
        // straight into C: by row, no mask; the final step: by column, masked
        int32_t cformat = masked ? GxB_BY_COL : GxB_BY_ROW ;
        char what [96] ;
        snprintf (what, sizeof (what), "%s, C's sparsity control %d",
            masked ? "C<M> by column (final step)" : "C by row (packed into C)", controls [k]) ;
        GrB_Matrix gpu [4], cpu [4] ;
        operands (gpu, cformat, controls [k]) ;
        operands (cpu, cformat, controls [k]) ;
        gbgpu_stats_t before = ts_stats_now () ;
        TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, NULL, gpu [3], masked ? gpu [2] : NULL, NULL,
            GxB_PLUS_TIMES_FP64, gpu [0], gpu [1], NULL)) ;
        gbgpu_stats_t after = ts_stats_now () ;
        ts_check (after.gpu_calls == before.gpu_calls + 1, "%s: not on the GPU", what) ;
        TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, cpu [3], masked ? cpu [2] : NULL, NULL,
            GxB_PLUS_TIMES_FP64, cpu [0], cpu [1], NULL)) ;
        for (int x = 0 ; x < 4 ; x++) check_same (what, names [x], gpu [x], cpu [x]) ;
        char why [256] ;
        ts_check (ts_same_content (gpu [3], cpu [3], ts_tolerance (GrB_FP64, true), why, sizeof (why)),
            "%s: C differs: %s", what, why) ;
        for (int x = 0 ; x < 4 ; x++) { GrB_Matrix_free (&gpu [x]) ; GrB_Matrix_free (&cpu [x]) ; }
    }
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
