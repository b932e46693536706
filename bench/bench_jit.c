// bench/bench_jit.c: gbgpu-bench --jit: how soon a new semiring runs on the GPU.
// SPDX-License-Identifier: Apache-2.0
//
// A user who defines a semiring should not wait for NVRTC (issue 31).  For
// N user-defined semirings (a multiply op z = x*y under PLUS_FP64, named
// bench_times_<k>: a definition of its own each, so a compile of its own
// each), in an empty disk cache (a temporary folder, GBGPU_JIT_CACHE), with the GPU forced and
// the default GBGPU_JIT_WAIT=0, one C = A*A of a random 4000x4000 matrix
// with 8 entries a row is called until it runs on the GPU, then until both
// kernel sets are compiled (the hash kernel alone, then every
// accumulator's: jit/modules.c), then once more (a memory hit).  The
// compile seconds are the stats' (each compile's own time in gbgpu-jit
// serve, counted when a call collects it): the process's first semiring
// pays for NVRTC's parsing of the headers, the others find them parsed.
// Then a new process (this program again,
// --jit-disk-child) calls each semiring once with GBGPU_JIT_WAIT=1: the
// binaries come from the disk cache; the stats say how much of each such
// call went to getting the kernels (jit_wait_seconds: the read, the load).

#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_jit.h"
#include "gbgpu_optional.h"
#include "wall_clock.h"

#define SIZE 4000
#define PER_ROW 8
#define MAX_SEMIRINGS 64
#define DEADLINE_SECONDS 120.0


static GrB_Matrix random_matrix (void)
{
    const GrB_Index n = SIZE * PER_ROW ;
    GrB_Index *rows = malloc (n * sizeof (GrB_Index)), *cols = malloc (n * sizeof (GrB_Index)) ;
    double *values = malloc (n * sizeof (double)) ;
    GrB_Matrix A = NULL ;
    if (rows != NULL && cols != NULL && values != NULL
        && GrB_Matrix_new (&A, GrB_FP64, SIZE, SIZE) == GrB_SUCCESS)
    {
        uint64_t state = 20261127 ;
        for (GrB_Index k = 0 ; k < n ; k++)
        {
            state = state * 6364136223846793005ull + 1442695040888963407ull ;
            rows [k] = k / PER_ROW ;
            cols [k] = (state >> 33) % SIZE ;
            values [k] = (double) ((state >> 20) & 1023) / 1024 ;
        }
        if (GrB_Matrix_build (A, rows, cols, values, n, GrB_PLUS_FP64) != GrB_SUCCESS) GrB_free (&A) ;
    }
    free (rows) ;
    free (cols) ;
    free (values) ;
    return A ;
}

// The k-th semiring: z = x*y, its definition made distinct by its name
// (so each compiles anew); the library computes the calls that go to it
// with the same function on the host.
static void times (void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x * *(const double *) y ;
}

static bool make_semiring (GrB_Semiring *semiring, GrB_BinaryOp *op, int k)
{
    char name [64], definition [256] ;
    snprintf (name, sizeof (name), "bench_times_%d", k) ;
    snprintf (definition, sizeof (definition),
        "void bench_times_%d (double *z, const double *x, const double *y) { *z = (*x) * (*y) ; }", k) ;
    return GxB_BinaryOp_new (op, times, GrB_FP64, GrB_FP64, GrB_FP64, name, definition) == GrB_SUCCESS
        && GrB_Semiring_new (semiring, GrB_PLUS_MONOID_FP64, *op) == GrB_SUCCESS ;
}

typedef struct
{
    double first_ms ;           // the first call (the library's, while compiling)
    double to_gpu_s ;           // from the first call to the first on the GPU
    double hash_compile_s ;     // the hash set's compile (its process)
    double all_compile_s ;      // every accumulator's (its process)
    double memory_ms ;          // a call once both are built
    double disk_ms ;            // a new process's first call
    double disk_kernels_ms ;    // of it, getting the kernels (jit_wait_seconds:
                                // the disk cache's read, the module's load)
    bool ok ;
}
semiring_times ;

// One call; its seconds, and whether it ran on the GPU.
static double call (GrB_Matrix C, GrB_Semiring semiring, GrB_Matrix A, bool *on_gpu, gbgpu_stats_t *after)
{
    gbgpu_stats_t before = gbgpu_optional_stats () ;
    double start = wall_clock_seconds () ;
    GrB_Info info = GrB_mxm (C, NULL, NULL, semiring, A, A, NULL) ;
    GrB_Index nvals ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&nvals, C) ;     // finished
    double seconds = wall_clock_seconds () - start ;
    *after = gbgpu_optional_stats () ;
    *on_gpu = info == GrB_SUCCESS && after->gpu_calls > before.gpu_calls ;
    return info == GrB_SUCCESS ? seconds : NAN ;
}

static void pause_ms (int ms)
{
    nanosleep (&(struct timespec) { 0, ms * 1000000L }, NULL) ;
}

static semiring_times time_semiring (GrB_Matrix A, int k)
{
    semiring_times t = { 0 } ;
    GrB_Semiring semiring = NULL ;
    GrB_BinaryOp op = NULL ;
    GrB_Matrix C = NULL ;
    if (!make_semiring (&semiring, &op, k) || GrB_Matrix_new (&C, GrB_FP64, SIZE, SIZE) != GrB_SUCCESS)
        return t ;
    gbgpu_stats_t start_stats = gbgpu_optional_stats (), now ;
    bool on_gpu = false ;
    double start = wall_clock_seconds () ;
    t.first_ms = 1e3 * call (C, semiring, A, &on_gpu, &now) ;
    while (!on_gpu && wall_clock_seconds () - start < DEADLINE_SECONDS)
    {
        pause_ms (5) ;
        (void) call (C, semiring, A, &on_gpu, &now) ;
    }
    t.to_gpu_s = wall_clock_seconds () - start ;
    t.hash_compile_s = now.jit_compile_seconds - start_stats.jit_compile_seconds ;
    bool hash_done = now.jit_compiles - start_stats.jit_compiles >= 1 ;
    while (now.jit_compiles - start_stats.jit_compiles < 2 && wall_clock_seconds () - start < DEADLINE_SECONDS)
    {
        pause_ms (20) ;
        (void) call (C, semiring, A, &on_gpu, &now) ;
    }
    t.all_compile_s = now.jit_compile_seconds - start_stats.jit_compile_seconds - t.hash_compile_s ;
    t.memory_ms = 1e3 * call (C, semiring, A, &on_gpu, &now) ;
    t.ok = on_gpu && hash_done && now.jit_compiles - start_stats.jit_compiles == 2 ;
    GrB_free (&C) ;
    GrB_free (&semiring) ;
    GrB_free (&op) ;
    return t ;
}

// --jit-disk-child N: each semiring once, waiting (from the disk cache).
int bench_jit_disk_child (int n)
{
    GrB_Matrix A = random_matrix () ;
    for (int k = 0 ; A != NULL && k < n ; k++)
    {
        GrB_Semiring semiring = NULL ;
        GrB_BinaryOp op = NULL ;
        GrB_Matrix C = NULL ;
        bool on_gpu = false ;
        gbgpu_stats_t before = gbgpu_optional_stats (), after = before ;
        double ms = NAN ;
        if (make_semiring (&semiring, &op, k) && GrB_Matrix_new (&C, GrB_FP64, SIZE, SIZE) == GrB_SUCCESS)
            ms = 1e3 * call (C, semiring, A, &on_gpu, &after) ;
        bool disk = on_gpu && after.jit_disk_hits > before.jit_disk_hits
            && after.jit_compiles == before.jit_compiles ;
        printf ("disk %d %.3f %d %.3f\n", k, ms, disk,
            1e3 * (after.jit_wait_seconds - before.jit_wait_seconds)) ;
        GrB_free (&C) ;
        GrB_free (&semiring) ;
        GrB_free (&op) ;
    }
    GrB_free (&A) ;
    return 0 ;
}

// The child's disk hit times into t (false when it could not run).
static bool disk_hits (semiring_times *t, int n, const char *self)
{
    char count [16], command [4200] ;
    snprintf (count, sizeof (count), "%d", n) ;
    snprintf (command, sizeof (command), "GBGPU_JIT_WAIT=1 '%s' --jit-disk-child %s", self, count) ;
    FILE *child = popen (command, "r") ;
    if (child == NULL) return false ;
    char line [256] ;
    int k, disk ;
    double ms ;
    while (fgets (line, sizeof (line), child) != NULL)
    {
        double kernels_ms = NAN ;
        if (sscanf (line, "disk %d %lf %d %lf", &k, &ms, &disk, &kernels_ms) == 4 && k >= 0 && k < n)
        {
            t [k].disk_ms = disk ? ms : NAN ;
            t [k].disk_kernels_ms = kernels_ms ;
        }
    }
    return pclose (child) == 0 ;
}

static int by_value (const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b ;
    return (x > y) - (x < y) ;
}

static double median (const double *values, int n)
{
    double sorted [MAX_SEMIRINGS] ;
    memcpy (sorted, values, n * sizeof (double)) ;
    qsort (sorted, n, sizeof (double), by_value) ;
    return (n % 2) ? sorted [n / 2] : (sorted [n / 2 - 1] + sorted [n / 2]) / 2 ;
}

int bench_jit_run (int n, const char *self, const char *context, FILE *markdown)
{
    if (n < 2 || n > MAX_SEMIRINGS) n = 12 ;
    GrB_Matrix A = random_matrix () ;
    if (A == NULL) return 1 ;
    semiring_times t [MAX_SEMIRINGS] ;
    for (int k = 0 ; k < n ; k++)
    {
        fprintf (stderr, "gbgpu-bench --jit: semiring %d of %d\n", k + 1, n) ;
        t [k] = time_semiring (A, k) ;
    }
    GrB_free (&A) ;
    bool child_ok = disk_hits (t, n, self) ;
    FILE *out [2] = { stdout, markdown } ;
    double hash [MAX_SEMIRINGS], all [MAX_SEMIRINGS], to_gpu [MAX_SEMIRINGS], disk [MAX_SEMIRINGS] ;
    double disk_kernels [MAX_SEMIRINGS] ;
    int failed = 0 ;
    for (int k = 0 ; k < n ; k++)
    {
        hash [k] = t [k].hash_compile_s ;
        all [k] = t [k].all_compile_s ;
        to_gpu [k] = t [k].to_gpu_s ;
        disk [k] = t [k].disk_ms ;
        disk_kernels [k] = t [k].disk_kernels_ms ;
        failed += !t [k].ok || isnan (t [k].disk_ms) ;
    }
    for (int f = 0 ; f < 2 ; f++)
    {
        if (out [f] == NULL) continue ;
        fprintf (out [f], "\n%s\n\n", context) ;
        fprintf (out [f], "| semiring | first call ms | to the GPU s | hash set compile s | all kernels compile s"
            " | memory hit ms | disk hit ms (new process) | of it getting the kernels ms |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|\n") ;
        for (int k = 0 ; k < n ; k++)
            fprintf (out [f], "| bench_times_%d | %.2f | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f |\n", k,
                t [k].first_ms, t [k].to_gpu_s, t [k].hash_compile_s, t [k].all_compile_s,
                t [k].memory_ms, t [k].disk_ms, t [k].disk_kernels_ms) ;
        fprintf (out [f], "\nmedian cold compile: %.3f s (hash set, the kernels a call first runs on; "
            "the process's first semiring: %.3f s, its compile process parsing the headers); "
            "every accumulator's: %.3f s; to the GPU: %.3f s; disk hit: %.2f ms (of it getting the "
            "kernels: %.2f ms)%s\n",
            median (hash, n), hash [0], median (all, n), median (to_gpu, n),
            median (disk, n), median (disk_kernels, n),
            failed ? " (SOME SEMIRINGS FAILED: see the table)" : "") ;
    }
    return (failed == 0 && child_ok) ? 0 : 1 ;
}
