// tests/test_fork.c: a child of fork works whatever the parent's other
// threads were doing in gbgpu at that moment, and uses the device unless its
// parent had used CUDA (host test; the part with a compile in the parent
// needs a device and is skipped without one).
// SPDX-License-Identifier: Apache-2.0
//
// 1. Children of a parent that never used CUDA (it made matrices and a user
//    type, no product): under policy gpu a child makes a user type (the
//    interposed constructor) and multiplies two matrices of its own, on the
//    GPU where there is one (CUDA forbids only a child whose parent had
//    initialized it: LAGraph's test harness forks so), else on the library
//    ("no device").  The product is right.
// 2. Children of a parent that has used CUDA (it asked for the device): the
//    call goes to the library, "parent used CUDA before fork".
// 3. A parent thread reads gbgpu's stats and state in a loop (each read
//    takes gbgpu's locks: the library's version check, the cost model's)
//    while the parent forks 200 children: no child may find a lock held by
//    that thread, which it does not have (22 of 300 children of a thread
//    calling GrB_mxm hung on the version lock before the locks were held
//    across fork).  The thread stays out of SuiteSparse:GraphBLAS, whose own
//    locks a child can find held as well (see below).
// 4. With a device: a parent thread runs a GrB_mxm over a user semiring that
//    gbgpu compiles at run time (seconds, in a fresh cache folder), and the
//    parent forks during that compile.  A child that waited for the parent's
//    compile (a lock held by a thread it does not have) would wait for ever:
//    each child has 10 seconds to finish its own product over the same
//    semiring.
// (A parent thread inside SuiteSparse:GraphBLAS itself at fork time can
// block the child in the library's own locks, with or without gbgpu: seen
// here as a child stuck in GB_malloc_memory's free-pool lock, taken by its
// GxB_Type_new, when the parent's thread called GrB_mxm in a loop on a
// loaded machine.  So the parent's other threads stay out of the library.)

#define _GNU_SOURCE
#include "test_support.h"
#include "test_user_ops.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
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

// What a child's product must have been counted as.
typedef enum { ON_DEVICE_IF_ANY, PARENT_USED_CUDA } child_expects ;
static child_expects expected ;

// In the child: a user type made, the product right, on the GPU or not as
// expected.
static int child (GrB_Semiring s)
{
    gbgpu_stats_reset () ;
    GrB_Type type = NULL ;
    bool ok = GxB_Type_new (&type, 16, "child_type",
        "typedef struct { double a, b ; } child_type ;") == GrB_SUCCESS
        && product_right (s) ;
    gbgpu_stats_t st ;
    ok = ok && gbgpu_stats (&st) == GrB_SUCCESS ;
    if (expected == PARENT_USED_CUDA)
        ok = ok && st.gpu_calls == 0 && st.delegated [GBGPU_DELEGATED_FORKED] == 1 ;
    else if (gbgpu_device_available ())
        ok = ok && st.gpu_calls == 1 ;
    else
        ok = ok && st.delegated [GBGPU_DELEGATED_NO_DEVICE] == 1 ;
    GrB_Type_free (&type) ;
    return ok ? 0 : 1 ;
}

// The child's exit status, or -1 when it did not exit within `seconds`.
static int wait_for (pid_t pid, int seconds)
{
    struct timespec start, now ;
    clock_gettime (CLOCK_MONOTONIC, &start) ;
    for (;;)
    {
        int status ;
        if (waitpid (pid, &status, WNOHANG) == pid)
            return WIFEXITED (status) ? WEXITSTATUS (status) : 128 ;
        clock_gettime (CLOCK_MONOTONIC, &now) ;
        if (now.tv_sec - start.tv_sec > seconds)
        {
            kill (pid, SIGKILL) ;
            waitpid (pid, &status, 0) ;
            return -1 ;
        }
        usleep (1000) ;
    }
}

// Forks `n` children `gap_ms` apart, each running child (s) within `seconds`.
static void fork_children (const char *what, int n, int gap_ms, int seconds, GrB_Semiring s)
{
    int hung = 0, failed = 0 ;
    for (int k = 0 ; k < n ; k++)
    {
        fflush (NULL) ;
        pid_t pid = fork () ;
        if (pid == 0) _exit (child (s)) ;
        if (pid < 0) { perror ("fork") ; exit (1) ; }
        int status = wait_for (pid, seconds) ;
        hung += (status == -1) ;
        failed += (status != 0 && status != -1) ;
        usleep (1000 * gap_ms) ;
    }
    ts_check (hung == 0, "%s: %d of %d children blocked for %d s", what, hung, n, seconds) ;
    ts_check (failed == 0, "%s: %d of %d children: wrong product, or not where expected",
        what, failed, n) ;
}

// Part 3's parent thread: gbgpu's stats and state until told to stop.
static atomic_bool stop_looping ;

static void *read_stats_in_a_loop (void *unused)
{
    (void) unused ;
    while (!atomic_load (&stop_looping))
    {
        gbgpu_stats_t s ;
        (void) gbgpu_stats (&s) ;
        (void) gbgpu_device_cache_state () ;
    }
    return NULL ;
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

    // 1. this process has not used CUDA yet: nothing above needed the device
    expected = ON_DEVICE_IF_ANY ;
    fork_children ("parent without CUDA", 10, 0, CHILD_SECONDS, GxB_PLUS_TIMES_FP64) ;

    // 2. now it has (asking counts the devices, a CUDA call)
    const bool device = gbgpu_device_available () ;
    expected = PARENT_USED_CUDA ;
    fork_children ("parent with CUDA", 10, 0, CHILD_SECONDS, GxB_PLUS_TIMES_FP64) ;

    // 3. a parent thread in gbgpu's locks all along
    pthread_t looper ;
    if (pthread_create (&looper, NULL, read_stats_in_a_loop, NULL) != 0)
    {
        perror ("pthread_create") ;
        return 1 ;
    }
    fork_children ("parent thread in gbgpu's locks", 200, 0, CHILD_SECONDS, GxB_PLUS_TIMES_FP64) ;
    atomic_store (&stop_looping, true) ;
    pthread_join (looper, NULL) ;

    // 4. a parent thread compiling a semiring
    if (device)
    {
        pthread_t compiler ;
        if (pthread_create (&compiler, NULL, compile_user_semiring, NULL) != 0)
        {
            perror ("pthread_create") ;
            return 1 ;
        }
        usleep (200 * 1000) ;       // the compile takes seconds: fork during it
        fork_children ("parent compiling", 10, 100, CHILD_SECONDS, user) ;
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
