// tests/test_fork.c: a child of fork works, on the CPU, whatever the parent's
// other threads were doing in gbgpu at that moment (host test; its second
// part needs a device and is skipped without one).
// SPDX-License-Identifier: Apache-2.0
//
// 1. Children of a quiet parent: under policy gpu a child makes a user type
//    (the interposed constructor) and multiplies two matrices of its own; the
//    call goes to the library ("no device": a CUDA context does not survive
//    fork) and its product is right.
// 2. With a device: a parent thread runs a GrB_mxm over a user semiring that
//    gbgpu compiles at run time (seconds, in a fresh cache folder), and the
//    parent forks during that compile.  A child that waited for the parent's
//    compile (a lock held by a thread it does not have) would wait for ever:
//    each child has 10 seconds to finish its own product over the same
//    semiring.
// (A parent thread inside SuiteSparse:GraphBLAS itself at fork time can
// block the child in the library's own locks, with or without gbgpu: the
// parent's other threads stay out of the library here.)

#define _GNU_SOURCE
#include "test_support.h"
#include "test_user_ops.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHILD_SECONDS 10

static GrB_Matrix A ;               // 40 x 40, shared, no pending work
static GrB_Semiring user ;          // PLUS over a user multiply op (compiled at run time)

// C = A*A over s; true when it equals the library's product.
static bool product_right (GrB_Semiring s)
{
    GrB_Matrix C = NULL, Ref = NULL ;
    char why [256] ;
    int64_t policy ;
    bool ok = gbgpu_get (GBGPU_POLICY, &policy) == GrB_SUCCESS
        && GrB_Matrix_new (&C, GrB_FP64, 40, 40) == GrB_SUCCESS
        && GrB_Matrix_new (&Ref, GrB_FP64, 40, 40) == GrB_SUCCESS
        && gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_CPU) == GrB_SUCCESS
        && GrB_mxm (Ref, NULL, NULL, s, A, A, NULL) == GrB_SUCCESS
        && gbgpu_set (GBGPU_POLICY, policy) == GrB_SUCCESS
        && GrB_mxm (C, NULL, NULL, s, A, A, NULL) == GrB_SUCCESS
        && ts_same_content (C, Ref, ts_tolerance (GrB_FP64, true), why, sizeof (why)) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&Ref) ;
    return ok ;
}

// In the child: a user type made, the product right, nothing on the GPU.
static int child (GrB_Semiring s)
{
    gbgpu_stats_reset () ;
    GrB_Type type = NULL ;
    bool ok = GxB_Type_new (&type, 16, "child_type",
        "typedef struct { double a, b ; } child_type ;") == GrB_SUCCESS
        && product_right (s) ;
    gbgpu_stats_t st ;
    ok = ok && gbgpu_stats (&st) == GrB_SUCCESS && st.gpu_calls == 0
        && st.delegated [GBGPU_DELEGATED_NO_DEVICE] == 1 ;
    GrB_Type_free (&type) ;
    return ok ? 0 : 1 ;
}

// The child's exit status, or -1 when it did not exit within the time.
static int wait_for (pid_t pid)
{
    struct timespec start, now ;
    clock_gettime (CLOCK_MONOTONIC, &start) ;
    for (;;)
    {
        int status ;
        if (waitpid (pid, &status, WNOHANG) == pid)
            return WIFEXITED (status) ? WEXITSTATUS (status) : 128 ;
        clock_gettime (CLOCK_MONOTONIC, &now) ;
        if (now.tv_sec - start.tv_sec > CHILD_SECONDS)
        {
            kill (pid, SIGKILL) ;
            waitpid (pid, &status, 0) ;
            return -1 ;
        }
        usleep (1000) ;
    }
}

// Forks `n` children `gap_ms` apart, each running child (s).
static void fork_children (const char *what, int n, int gap_ms, GrB_Semiring s)
{
    int hung = 0, failed = 0 ;
    for (int k = 0 ; k < n ; k++)
    {
        fflush (NULL) ;
        pid_t pid = fork () ;
        if (pid == 0) _exit (child (s)) ;
        if (pid < 0) { perror ("fork") ; exit (1) ; }
        int status = wait_for (pid) ;
        hung += (status == -1) ;
        failed += (status != 0 && status != -1) ;
        usleep (1000 * gap_ms) ;
    }
    ts_check (hung == 0, "%s: %d of %d children blocked for %d s", what, hung, n, CHILD_SECONDS) ;
    ts_check (failed == 0, "%s: %d of %d children: wrong product, or not on the library",
        what, failed, n) ;
}

static void *compile_user_semiring (void *unused)
{
    (void) unused ;
    (void) product_right (user) ;
    return NULL ;
}

int main (void)
{
    char cache [ ] = "/tmp/gbgpu-test-fork-XXXXXX" ;
    if (mkdtemp (cache) == NULL || setenv ("GBGPU_JIT_CACHE", cache, 1) != 0)
    {
        perror ("mkdtemp") ;
        return 1 ;
    }
    ts_start () ;
    TS_OK (gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_GPU)) ;
    ts_matrix_spec a = ts_spec (GrB_FP64, 40, 40, 0.1, 7) ;
    ts_matrix_make (&A, &a) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    GrB_BinaryOp times_plus = NULL ;
    TS_OK (GxB_BinaryOp_new (&times_plus, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64,
        "times_plus_one", TIMES_PLUS_ONE_DEFN)) ;
    TS_OK (GrB_Semiring_new (&user, GrB_PLUS_MONOID_FP64, times_plus)) ;

    fork_children ("quiet parent", 10, 0, GxB_PLUS_TIMES_FP64) ;
    if (gbgpu_device_available ())
    {
        pthread_t compiler ;
        if (pthread_create (&compiler, NULL, compile_user_semiring, NULL) != 0)
        {
            perror ("pthread_create") ;
            return 1 ;
        }
        usleep (200 * 1000) ;       // the compile takes seconds: fork during it
        fork_children ("parent compiling", 10, 100, user) ;
        pthread_join (compiler, NULL) ;
    }
    else
    {
        printf ("no device: the part with a compile in the parent is skipped\n") ;
    }
    GrB_Semiring_free (&user) ;
    GrB_BinaryOp_free (&times_plus) ;
    GrB_Matrix_free (&A) ;
    TS_OK (GrB_finalize ()) ;
    char remove [64] ;
    snprintf (remove, sizeof (remove), "rm -rf %s", cache) ;
    (void) system (remove) ;
    return ts_summary () ;
}
