// tests/test_mxm_threads.c: GrB_mxm from several threads at once, on shared inputs
// (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// SuiteSparse lets threads share an input matrix that has no pending work,
// and gbgpu's counters are atomic so that GrB_mxm may be called from many
// threads.  gbgpu reads some inputs in place (through a read-only view of
// their arrays): other threads reading the same matrices meanwhile, with
// GrB_mxm or any other call, must see them whole.  Each worker computes
// C = A*B and C = A*A' over the same A and B, many times, and every result
// must equal the reference computed beforehand; beside them, readers
// transpose, reduce, extract and count A and B thousands of times, and every
// read must be right; the counters must add up to exactly the calls made.
// (When gbgpu lent the arrays out instead, readers saw A empty, and the
// library's transpose crashed.)

#include "test_support.h"

#include <pthread.h>
#include <stdlib.h>

#define NTHREADS 4
#define ROUNDS 60
#define READERS 2
#define READS 3000

static GrB_Matrix A, B ;            // shared, read-only, no pending work
static GrB_Matrix AB, AAt ;         // references
static int wrong [NTHREADS] ;       // per thread: results that differ
static int errors [NTHREADS] ;      // per thread: GrB_mxm errors
static GrB_Matrix At, Bt ;          // references for the readers
static double a_sum, b_sum ;
static GrB_Index a_nvals, b_nvals ;
static int wrong_reads [READERS] ;

// One read of X by each kind of call: nvals, reduce, extractTuples, and now
// and then a transpose; true when all are right.
static bool read_right (GrB_Matrix X, GrB_Matrix Xt, double sum, GrB_Index nvals,
    GrB_Index *I, GrB_Index *J, double *V, bool transpose)
{
    GrB_Index n = 0, got = nvals, m, k ;
    double s = 0 ;
    bool ok = GrB_Matrix_nvals (&n, X) == GrB_SUCCESS && n == nvals
        && GrB_Matrix_reduce_FP64 (&s, NULL, GrB_PLUS_MONOID_FP64, X, NULL) == GrB_SUCCESS
        && s == sum
        && GrB_Matrix_extractTuples_FP64 (I, J, V, &got, X) == GrB_SUCCESS && got == nvals ;
    if (ok && transpose)
    {
        GrB_Matrix T = NULL ;
        char why [256] ;
        ok = GrB_Matrix_nrows (&m, Xt) == GrB_SUCCESS && GrB_Matrix_ncols (&k, Xt) == GrB_SUCCESS
            && GrB_Matrix_new (&T, GrB_FP64, m, k) == GrB_SUCCESS
            && GrB_transpose (T, NULL, NULL, X, NULL) == GrB_SUCCESS
            && ts_same_content (T, Xt, 0, why, sizeof (why)) ;
        GrB_Matrix_free (&T) ;
    }
    return ok ;
}

static void *reader (void *arg)
{
    int id = (int) (intptr_t) arg ;
    GrB_Index most = (a_nvals > b_nvals) ? a_nvals : b_nvals ;
    GrB_Index *I = malloc (most * sizeof (GrB_Index)), *J = malloc (most * sizeof (GrB_Index)) ;
    double *V = malloc (most * sizeof (double)) ;
    for (int r = 0 ; r < READS ; r++)
    {
        bool transpose = (r % 8 == 0) ;
        wrong_reads [id] += !read_right (A, At, a_sum, a_nvals, I, J, V, transpose) ;
        wrong_reads [id] += !read_right (B, Bt, b_sum, b_nvals, I, J, V, transpose) ;
    }
    free (I) ; free (J) ; free (V) ;
    return NULL ;
}

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

    // the readers' references, taken before anything runs beside them
    TS_OK (GrB_Matrix_nvals (&a_nvals, A)) ;
    TS_OK (GrB_Matrix_nvals (&b_nvals, B)) ;
    TS_OK (GrB_Matrix_reduce_FP64 (&a_sum, NULL, GrB_PLUS_MONOID_FP64, A, NULL)) ;
    TS_OK (GrB_Matrix_reduce_FP64 (&b_sum, NULL, GrB_PLUS_MONOID_FP64, B, NULL)) ;
    TS_OK (GrB_Matrix_new (&At, GrB_FP64, 200, 300)) ;
    TS_OK (GrB_Matrix_new (&Bt, GrB_FP64, 250, 200)) ;
    TS_OK (GrB_transpose (At, NULL, NULL, A, NULL)) ;
    TS_OK (GrB_transpose (Bt, NULL, NULL, B, NULL)) ;

    ts_set_policy (GBGPU_POLICY_GPU) ;
    gbgpu_stats_t before = ts_stats_now () ;
    pthread_t threads [NTHREADS], readers [READERS] ;
    for (int t = 0 ; t < READERS ; t++)
    {
        if (pthread_create (&readers [t], NULL, reader, (void *) (intptr_t) t) != 0)
        {
            perror ("pthread_create") ;
            return 1 ;
        }
    }
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
    for (int t = 0 ; t < READERS ; t++) pthread_join (readers [t], NULL) ;
    for (int t = 0 ; t < READERS ; t++)
        ts_check (wrong_reads [t] == 0, "reader %d: %d of %d reads beside GrB_mxm were wrong",
            t, wrong_reads [t], 2 * READS) ;
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

    // where the time went: every part took some, and they add up to no
    // more than the calls' time (the rest is host bookkeeping)
    double parts = delta.setup_seconds + delta.upload_seconds + delta.kernel_seconds
        + delta.download_seconds + delta.finish_seconds ;
    ts_check (delta.setup_seconds > 0 && delta.upload_seconds > 0 && delta.kernel_seconds > 0
        && delta.download_seconds > 0 && delta.finish_seconds > 0
        && parts <= delta.gpu_seconds * 1.0001,
        "parts of the GPU time: setup %g, upload %g, kernels %g, download %g, finish %g; "
        "sum %g of %g s", delta.setup_seconds, delta.upload_seconds, delta.kernel_seconds,
        delta.download_seconds, delta.finish_seconds, parts, delta.gpu_seconds) ;

    // the shared inputs are still what they were
    ts_input in [2] = { { a, A }, { b, B } } ;
    char why [400] ;
    ts_check (ts_input_intact (&in [0], why, sizeof (why)), "A changed: %s", why) ;
    ts_check (ts_input_intact (&in [1], why, sizeof (why)), "B changed: %s", why) ;

    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ;
    GrB_Matrix_free (&AB) ; GrB_Matrix_free (&AAt) ;
    GrB_Matrix_free (&At) ; GrB_Matrix_free (&Bt) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
