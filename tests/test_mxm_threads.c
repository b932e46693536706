// tests/test_mxm_threads.c: GrB_mxm from several threads at once, on shared inputs
// (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// SuiteSparse lets threads share an input matrix that has no pending work,
// and gbgpu's counters are atomic so that GrB_mxm may be called from many
// threads.  gbgpu reads some inputs in place (it lends their arrays out and
// takes them back): that must stay invisible when other threads read the same
// matrix at the same time.  Each thread computes C = A*B and C = A*A' over
// the same A and B, many times, and every result must equal the reference
// computed beforehand; the counters must add up to exactly the calls made.

#include "test_support.h"

#include <pthread.h>
#include <stdlib.h>

#define NTHREADS 4
#define ROUNDS 12

static GrB_Matrix A, B ;            // shared, read-only, no pending work
static GrB_Matrix AB, AAt ;         // references
static int wrong [NTHREADS] ;       // per thread: results that differ
static int errors [NTHREADS] ;      // per thread: GrB_mxm errors

static void *worker (void *arg)
{
    int id = (int) (intptr_t) arg ;
    GrB_Index m, n ;
    GrB_Matrix_nrows (&m, A) ;
    GrB_Matrix_ncols (&n, B) ;
    char why [256] ;
    for (int round = 0 ; round < ROUNDS ; round++)
    {
        GrB_Matrix C1 = NULL, C2 = NULL ;
        GrB_Info info = GrB_Matrix_new (&C1, GrB_FP64, m, n) ;
        if (info == GrB_SUCCESS) info = GrB_Matrix_new (&C2, GrB_FP64, m, m) ;
        if (info == GrB_SUCCESS)
            info = GrB_mxm (C1, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL) ;
        if (info == GrB_SUCCESS)
            info = GrB_mxm (C2, NULL, NULL, GxB_PLUS_TIMES_FP64, A, A, GrB_DESC_T1) ;
        if (info == GrB_SUCCESS) info = GrB_Matrix_wait (C1, GrB_MATERIALIZE) ;
        if (info == GrB_SUCCESS) info = GrB_Matrix_wait (C2, GrB_MATERIALIZE) ;
        if (info != GrB_SUCCESS)
        {
            errors [id]++ ;
        }
        else
        {
            double tol = ts_tolerance (GrB_FP64, true) ;
            wrong [id] += !ts_same_content (C1, AB, tol, why, sizeof (why)) ;
            wrong [id] += !ts_same_content (C2, AAt, tol, why, sizeof (why)) ;
        }
        GrB_Matrix_free (&C1) ;
        GrB_Matrix_free (&C2) ;
    }
    return NULL ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;

    // by-row sparse FP64: the storage gbgpu reads in place
    ts_matrix_spec a = ts_spec (GrB_FP64, 300, 200, 0.05, 11) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 200, 250, 0.05, 12) ;
    a.sparsity = b.sparsity = GxB_SPARSE ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    TS_OK (GrB_Matrix_new (&AB, GrB_FP64, 300, 250)) ;
    TS_OK (GrB_Matrix_new (&AAt, GrB_FP64, 300, 300)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, AB, NULL, NULL,
        GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, AAt, NULL, NULL,
        GxB_PLUS_TIMES_FP64, A, A, GrB_DESC_T1)) ;

    ts_set_policy (GBGPU_POLICY_GPU) ;
    gbgpu_stats_t before = ts_stats_now () ;
    pthread_t threads [NTHREADS] ;
    for (int t = 0 ; t < NTHREADS ; t++)
    {
        if (pthread_create (&threads [t], NULL, worker, (void *) (intptr_t) t) != 0)
        {
            perror ("pthread_create") ;
            return 1 ;
        }
    }
    for (int t = 0 ; t < NTHREADS ; t++) pthread_join (threads [t], NULL) ;
    gbgpu_stats_t after = ts_stats_now () ;
    gbgpu_stats_t delta = ts_stats_delta (&before, &after) ;

    for (int t = 0 ; t < NTHREADS ; t++)
    {
        ts_check (errors [t] == 0 && wrong [t] == 0,
            "thread %d: %d GrB_mxm errors, %d wrong results of %d", t,
            errors [t], wrong [t], 2 * ROUNDS) ;
    }
    uint64_t calls = 2 * ROUNDS * NTHREADS ;
    ts_check (delta.calls == calls && delta.gpu_calls == calls,
        "%llu calls made, counted %llu, %llu on the GPU (%s)",
        (unsigned long long) calls, (unsigned long long) delta.calls,
        (unsigned long long) delta.gpu_calls, ts_path_name (&delta)) ;

    // the shared inputs are still what they were
    ts_input in [2] = { { a, A }, { b, B } } ;
    char why [400] ;
    ts_check (ts_input_intact (&in [0], why, sizeof (why)), "A changed: %s", why) ;
    ts_check (ts_input_intact (&in [1], why, sizeof (why)), "B changed: %s", why) ;

    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ;
    GrB_Matrix_free (&AB) ; GrB_Matrix_free (&AAt) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
