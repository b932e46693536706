// tests/test_load_ahead.c: compiled-in semirings' kernels loaded ahead of their first
// product (plan/load_ahead.c), with products on the device meanwhile (GPU
// test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu_start_device returns with the seven semirings graph programs use
// most loaded.  Calls of four other compiled-in semirings that policy auto
// keeps on the CPU while their kernels are not loaded have them loaded by
// gbgpu's thread, while products from four threads run on the GPU (the
// loads overlap them in time, as the counts printed show; the test cannot
// force it) and must equal the library's.  A second round of those calls
// is no longer charged the first use: the cost model's predicted GPU time
// for each drops by at least 4 ms of the 8 ms charge.  The GPU then
// computes them like the library.  (GBGPU_MIN_WORK 0, so that policy auto
// models calls that small.)  Run with argument "off" and
// GBGPU_LOAD_AHEAD=0: nothing is loaded ahead, the second round is charged
// as the first, and the products still run.

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define LIKELY_SEMIRINGS 7
#define THREADS 4

// Until the loader has nothing left (false after 60 s).
static bool wait_for_loader (void)
{
    const double start = ts_seconds () ;
    while (ts_stats_now ().load_ahead_pending > 0)
    {
        if (ts_seconds () - start > 60) return false ;
        struct timespec pause = { 0, 200000 } ;
        nanosleep (&pause, NULL) ;
    }
    return true ;
}

#define PRODUCTS 5

// Inputs and the library's results, made before the threads start.
static GrB_Matrix inputs [THREADS][PRODUCTS], references [THREADS][PRODUCTS] ;
static int wrong [THREADS] ;        // per thread: results that differ or failed

// One thread's products on the GPU beside the loader.
static void *products (void *arg)
{
    const int t = (int) (intptr_t) arg ;
    for (int k = 0 ; k < PRODUCTS ; k++)
    {
        GrB_Matrix A = inputs [t][k], C = NULL ;
        GrB_Index n = 0 ;
        char why [256] ;
        bool ok = GrB_Matrix_nrows (&n, A) == GrB_SUCCESS
            && GrB_Matrix_new (&C, GrB_FP64, n, n) == GrB_SUCCESS
            && GrB_mxm (C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL) == GrB_SUCCESS
            && ts_same_content (C, references [t][k], ts_tolerance (GrB_FP64, true), why, sizeof (why)) ;
        wrong [t] += !ok ;
        GrB_free (&C) ;
    }
    return NULL ;
}

static GrB_Semiring *requested [4] =
{
    &GrB_MAX_PLUS_SEMIRING_FP64, &GrB_MIN_TIMES_SEMIRING_FP32,
    &GrB_PLUS_MIN_SEMIRING_INT32, &GrB_MAX_TIMES_SEMIRING_UINT64,
} ;

// One call of each requested semiring under policy auto, each kept on the
// CPU; their matrices typecast from A's; predicted [r]: the cost model's GPU
// time for call r.
static void call_requested (GrB_Matrix A, int round, double predicted [4])
{
    GrB_Type types [4] = { GrB_FP64, GrB_FP32, GrB_INT32, GrB_UINT64 } ;
    for (int r = 0 ; r < 4 ; r++)
    {
        GrB_Matrix X = NULL, C = NULL ;
        gbgpu_stats_t delta ;
        TS_OK (GrB_Matrix_new (&X, types [r], 40, 40)) ;
        TS_OK (GrB_Matrix_assign (X, NULL, NULL, A, GrB_ALL, 40, GrB_ALL, 40, NULL)) ;
        TS_OK (GrB_Matrix_new (&C, types [r], 40, 40)) ;
        TS_OK (ts_mxm_under (GBGPU_POLICY_AUTO, &delta, C, NULL, NULL, *requested [r], X, X, NULL)) ;
        ts_check (delta.delegated [GBGPU_DELEGATED_COST_MODEL] == 1,
            "requested semiring %d, round %d, under policy auto: %s, expected the CPU", r, round,
            ts_path_name (&delta)) ;
        predicted [r] = ts_stats_now ().model_last_gpu_seconds ;
        GrB_free (&C) ;
        GrB_free (&X) ;
    }
}

int main (int argc, char **argv)
{
    ts_start () ;
    ts_require_device () ;
    const bool off = (argc > 1 && strcmp (argv [1], "off") == 0) ;
    gbgpu_stats_t s = ts_stats_now () ;
    ts_check (s.loaded_ahead_semirings == 0 && s.load_ahead_pending == 0,
        "before the device's start: %llu loaded ahead, %llu pending",
        (unsigned long long) s.loaded_ahead_semirings, (unsigned long long) s.load_ahead_pending) ;
    ts_check (gbgpu_start_device () == GrB_SUCCESS, "gbgpu_start_device") ;
    s = ts_stats_now () ;
    const uint64_t likely = off ? 0 : LIKELY_SEMIRINGS ;
    ts_check (s.loaded_ahead_semirings == likely && (off || s.load_ahead_seconds > 0)
        && s.load_ahead_pending == 0,
        "after the device's start: %llu semirings loaded ahead in %.3f s (%llu pending), "
        "expected %llu", (unsigned long long) s.loaded_ahead_semirings, s.load_ahead_seconds,
        (unsigned long long) s.load_ahead_pending, (unsigned long long) likely) ;
    printf ("loaded at the device's start: %llu semirings in %.3f s\n",
        (unsigned long long) s.loaded_ahead_semirings, s.load_ahead_seconds) ;

    // the library's results first, then requests that the thread loads while
    // four threads' products run on the GPU
    ts_set_policy (GBGPU_POLICY_CPU) ;
    for (int t = 0 ; t < THREADS ; t++)
    {
        for (int k = 0 ; k < PRODUCTS ; k++)
        {
            ts_matrix_spec a = ts_spec (GrB_FP64, 300, 300, 0.02, 100 * (t + 1) + k) ;
            ts_matrix_make (&inputs [t][k], &a) ;
            TS_OK (GrB_Matrix_new (&references [t][k], GrB_FP64, 300, 300)) ;
            TS_OK (GrB_mxm (references [t][k], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64,
                inputs [t][k], inputs [t][k], NULL)) ;
            TS_OK (GrB_Matrix_wait (inputs [t][k], GrB_MATERIALIZE)) ;
        }
    }
    TS_OK (gbgpu_set (GBGPU_MIN_WORK, 0)) ;
    ts_matrix_spec small = ts_spec (GrB_FP64, 40, 40, 0.1, 7) ;
    GrB_Matrix A = NULL ;
    ts_matrix_make (&A, &small) ;
    double first_round [4], second_round [4] ;
    call_requested (A, 0, first_round) ;
    gbgpu_stats_t before = ts_stats_now () ;
    ts_set_policy (GBGPU_POLICY_GPU) ;
    pthread_t threads [THREADS] ;
    for (int t = 0 ; t < THREADS ; t++)
    {
        if (pthread_create (&threads [t], NULL, products, (void *) (intptr_t) t) != 0)
            ts_fail ("pthread_create") ;
    }
    for (int t = 0 ; t < THREADS ; t++) pthread_join (threads [t], NULL) ;
    gbgpu_stats_t after = ts_stats_now () ;
    for (int t = 0 ; t < THREADS ; t++)
    {
        ts_check (wrong [t] == 0, "thread %d: %d of %d products wrong or failed", t, wrong [t], PRODUCTS) ;
        for (int k = 0 ; k < PRODUCTS ; k++)
        {
            GrB_free (&inputs [t][k]) ;
            GrB_free (&references [t][k]) ;
        }
    }
    ts_check (after.gpu_calls - before.gpu_calls == THREADS * PRODUCTS,
        "%llu of %d products beside the loader on the GPU",
        (unsigned long long) (after.gpu_calls - before.gpu_calls), THREADS * PRODUCTS) ;
    printf ("the threads' products took %.3f s; meanwhile %llu semirings were loaded, and "
        "%llu were pending at their start, %llu at their end\n", after.gpu_seconds - before.gpu_seconds,
        (unsigned long long) (after.loaded_ahead_semirings - before.loaded_ahead_semirings),
        (unsigned long long) before.load_ahead_pending,
        (unsigned long long) after.load_ahead_pending) ;

    ts_check (wait_for_loader (), "the loader still had semirings after 60 s") ;
    const uint64_t expected = likely + (off ? 0 : 4) ;
    s = ts_stats_now () ;
    ts_check (s.loaded_ahead_semirings == expected,
        "after the requests: %llu semirings loaded ahead, expected %llu",
        (unsigned long long) s.loaded_ahead_semirings, (unsigned long long) expected) ;
    call_requested (A, 1, second_round) ;
    for (int r = 0 ; r < 4 ; r++)
    {
        const double dropped = first_round [r] - second_round [r] ;
        ts_check (off ? (dropped < 1e-3) : (dropped > 4e-3),
            "requested semiring %d: predicted GPU time %.3f ms, then %.3f ms (loaded ahead: %s)",
            r, 1e3 * first_round [r], 1e3 * second_round [r], off ? "no" : "yes") ;
    }
    ts_check_like_library ("MAX_PLUS_FP64 after its kernels were loaded", TS_PATH_GPU, GrB_FP64,
        GrB_MAX_PLUS_SEMIRING_FP64, A, A, NULL, ts_tolerance (GrB_FP64, false)) ;
    GrB_free (&A) ;

    int status = ts_summary () ;
    GrB_finalize () ;           // joins the thread
    return status ;
}
