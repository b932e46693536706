// bench/bench_first_call.c: gbgpu-bench --first-call: what a process's first
// GPU product of a semiring costs beside its tenth.
// SPDX-License-Identifier: Apache-2.0
//
// Issue 30 asks that the first GPU product cost what the tenth does (within
// 1.2x) once the program has started the device.  For each input and each
// semiring gbgpu-bench knows, a new process (this program again,
// --first-call-child) calls gbgpu_start_device, reads the input, then calls
// C = A*A ten times on the GPU (policy gpu) and prints each call's time and
// parts.  Each call uploads its inputs (the device cache off), so the ten
// do the same work and differ only in what was done first.  It runs twice:
// with the kernels of common semirings loaded at the device's start
// (GBGPU_LOAD_AHEAD=1, the default; the five semirings here are among
// them) and without.

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_first_call.h"
#include "bench_case.h"
#include "gbgpu_optional.h"
#include "gbgpu.h"
#include "graph_io.h"
#include "wall_clock.h"

#define CALLS 10

// A, the input typecast to the semiring's type, and B: A, or A' when A is
// not square.
static GrB_Info operands (GrB_Matrix *A, GrB_Matrix *B, const char *spec, const bench_semiring *s)
{
    GrB_Matrix input = NULL ;
    const char *failed_call = "" ;
    *A = *B = NULL ;
    GrB_Info info = graph_parse_spec (&input, spec) ;
    if (info == GrB_SUCCESS) info = bench_typed_operands (A, B, input, s, &failed_call) ;
    GrB_Matrix_free (&input) ;
    if (info != GrB_SUCCESS)
    {
        if (*B != *A) GrB_Matrix_free (B) ;
        GrB_Matrix_free (A) ;
    }
    return info ;
}

int bench_first_call_child (const char *spec, const bench_semiring *s)
{
    double t = wall_clock_seconds () ;
    GrB_Info started = gbgpu_start_device () ;
    printf ("start %.3f %d\n", 1e3 * (wall_clock_seconds () - t), (int) started) ;
    GrB_Matrix A, B ;
    t = wall_clock_seconds () ;
    if (operands (&A, &B, spec, s) != GrB_SUCCESS)
    {
        fprintf (stderr, "gbgpu-bench --first-call: cannot load %s: %s\n", spec, graph_io_error ()) ;
        return 1 ;
    }
    const gbgpu_stats_t stats = gbgpu_optional_stats () ;
    printf ("read %.3f %llu %.3f\n", 1e3 * (wall_clock_seconds () - t),
        (unsigned long long) stats.loaded_ahead_semirings, 1e3 * stats.load_ahead_seconds) ;
    GrB_Index m = 0, n = 0 ;
    GrB_Matrix_nrows (&m, A) ;
    GrB_Matrix_ncols (&n, B) ;
    int status = 0 ;
    for (int k = 0 ; k < CALLS ; k++)
    {
        GrB_Matrix C = NULL ;
        gbgpu_stats_t before = gbgpu_optional_stats () ;
        t = wall_clock_seconds () ;
        GrB_Info info = GrB_Matrix_new (&C, *s->type, m, n) ;
        if (info == GrB_SUCCESS) info = GrB_mxm (C, NULL, NULL, *s->semiring, A, B, NULL) ;
        if (info == GrB_SUCCESS) info = GrB_Matrix_wait (C, GrB_MATERIALIZE) ;
        const double ms = 1e3 * (wall_clock_seconds () - t) ;
        gbgpu_stats_t after = gbgpu_optional_stats () ;
        GrB_Matrix_free (&C) ;
        if (info != GrB_SUCCESS) status = 1 ;
        printf ("call %d %.4f %d %.4f %.4f %.4f %.4f %.4f %.4f\n", k, ms,
            (int) (after.gpu_calls - before.gpu_calls),
            1e3 * (after.setup_seconds - before.setup_seconds),
            1e3 * (after.upload_seconds - before.upload_seconds),
            1e3 * (after.kernel_seconds - before.kernel_seconds),
            1e3 * (after.download_seconds - before.download_seconds),
            1e3 * (after.finish_seconds - before.finish_seconds),
            1e3 * (after.download_touch_seconds - before.download_touch_seconds)) ;
    }
    if (B != A) GrB_Matrix_free (&B) ;
    GrB_Matrix_free (&A) ;
    return status ;
}

// One child's figures.
typedef struct
{
    double start_ms, read_ms, load_ahead_ms ;
    unsigned long long loaded_ahead ;
    // setup, upload, kernels, download, of it touching fresh arrays, finish
    double ms [CALLS], parts [CALLS][6] ;
    int on_gpu ;            // calls that ran on the GPU
    bool ok ;
}
child_figures ;

static child_figures run_child (const char *self, const char *spec, const char *semiring,
    bool load_ahead)
{
    child_figures f ;
    memset (&f, 0, sizeof (f)) ;
    char command [4400] ;
    snprintf (command, sizeof (command), "GBGPU_POLICY=gpu GBGPU_DEVICE_CACHE=0 GBGPU_LOAD_AHEAD=%d "
        "'%s' --semiring %s --first-call-child '%s'", (int) load_ahead, self, semiring, spec) ;
    FILE *child = popen (command, "r") ;
    if (child == NULL) return f ;
    char line [512] ;
    int calls = 0, started = 0 ;
    while (fgets (line, sizeof (line), child) != NULL)
    {
        int k, gpu ;
        double ms, part [6] ;
        if (sscanf (line, "start %lf %d", &f.start_ms, &started) == 2) continue ;
        if (sscanf (line, "read %lf %llu %lf", &f.read_ms, &f.loaded_ahead,
                &f.load_ahead_ms) == 3) continue ;
        if (sscanf (line, "call %d %lf %d %lf %lf %lf %lf %lf %lf", &k, &ms, &gpu, &part [0],
                &part [1], &part [2], &part [3], &part [5], &part [4]) == 9 && k >= 0 && k < CALLS)
        {
            f.ms [k] = ms ;
            memcpy (f.parts [k], part, sizeof (part)) ;
            f.on_gpu += gpu ;
            calls++ ;
        }
    }
    f.ok = (pclose (child) == 0) && calls == CALLS && started == 0 ;
    return f ;
}

int bench_first_call_run (const bench_input *inputs, int count, const char *self,
    const char *context, FILE *markdown)
{
    static const char *const semirings [ ] =
        { "plus_times_fp64", "plus_times_fp32", "any_pair_bool", "plus_pair_int64", "min_plus_fp64" } ;
    FILE *out [2] = { stdout, markdown } ;
    for (int f = 0 ; f < 2 ; f++)
    {
        if (out [f] == NULL) continue ;
        fprintf (out [f], "\n%s\n\n"
            "| input | semiring | GBGPU_LOAD_AHEAD | start ms | loaded at the start | input read ms "
            "| first ms | tenth ms | first / tenth | first: setup, upload, kernels, download "
            "(touching fresh arrays), finish ms | tenth: the same |\n"
            "|---|---|---|---:|---|---:|---:|---:|---:|---|---|\n", context) ;
        fflush (out [f]) ;
    }
    int failed = 0 ;
    for (int i = 0 ; i < count ; i++)
    {
        if (inputs [i].absent [0] != '\0') continue ;
        for (size_t s = 0 ; s < sizeof (semirings) / sizeof (semirings [0]) ; s++)
        {
            for (int load_ahead = 1 ; load_ahead >= 0 ; load_ahead--)
            {
                fprintf (stderr, "gbgpu-bench --first-call: %s %s load ahead %d\n",
                    inputs [i].label, semirings [s], load_ahead) ;
                child_figures c = run_child (self, inputs [i].spec, semirings [s], load_ahead) ;
                failed += !c.ok || c.on_gpu != CALLS ;
                for (int f = 0 ; f < 2 ; f++)
                {
                    if (out [f] == NULL) continue ;
                    if (!c.ok || c.on_gpu != CALLS)
                    {
                        fprintf (out [f], "| %s | %s | %d | failed (%d of %d calls on the GPU) "
                            "| | | | | | | |\n", inputs [i].label, semirings [s],
                            load_ahead, c.on_gpu, CALLS) ;
                        continue ;
                    }
                    const double tenth = c.ms [CALLS - 1] ;
                    const double *p = c.parts [0], *q = c.parts [CALLS - 1] ;
                    fprintf (out [f], "| %s | %s | %d | %.1f | %llu semirings, %.1f ms | %.1f "
                        "| %.3f | %.3f | %.2f | %.3f, %.3f, %.3f, %.3f (%.3f), %.3f "
                        "| %.3f, %.3f, %.3f, %.3f (%.3f), %.3f |\n",
                        inputs [i].label, semirings [s], load_ahead, c.start_ms,
                        c.loaded_ahead, c.load_ahead_ms, c.read_ms, c.ms [0], tenth,
                        c.ms [0] / tenth, p [0], p [1], p [2], p [3], p [4], p [5],
                        q [0], q [1], q [2], q [3], q [4], q [5]) ;
                    fflush (out [f]) ;
                }
            }
        }
    }
    return failed == 0 ? 0 : 1 ;
}
