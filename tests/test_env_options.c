// test_env_options.c: options from the environment, for programs that only
// LD_PRELOAD libgbgpu and never call gbgpu_set (CI test, no GPU needed).
//
// CTest runs it with GBGPU_POLICY=cpu GBGPU_MIN_WORK=4242 GBGPU_STATS=1
// GBGPU_DEVICE_MEMORY_LIMIT=123456789 GBGPU_JIT=0: the first GrB_mxm must already follow
// the policy read from there, gbgpu_get must report those values, and
// gbgpu_set must still override them.
// Run by hand without those variables, it skips (77).

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

int main (void)
{
    const char *policy = getenv ("GBGPU_POLICY") ;
    const char *min_work = getenv ("GBGPU_MIN_WORK") ;
    const char *stats = getenv ("GBGPU_STATS") ;
    const char *limit = getenv ("GBGPU_DEVICE_MEMORY_LIMIT") ;
    const char *jit = getenv ("GBGPU_JIT") ;
    if (policy == NULL || strcmp (policy, "cpu") != 0 || min_work == NULL
        || strcmp (min_work, "4242") != 0 || stats == NULL || strcmp (stats, "1") != 0
        || limit == NULL || strcmp (limit, "123456789") != 0
        || jit == NULL || strcmp (jit, "0") != 0)
    {
        printf ("SKIPPED: run with GBGPU_POLICY=cpu GBGPU_MIN_WORK=4242 GBGPU_STATS=1 "
            "GBGPU_DEVICE_MEMORY_LIMIT=123456789 GBGPU_JIT=0\n") ;
        return TS_EXIT_SKIP ;
    }
    ts_start () ;

    // the first call of all is a GrB_mxm: it must already see the policy
    ts_matrix_spec a = ts_spec (GrB_FP64, 30, 20, 0.2, 1) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 20, 25, 0.2, 2) ;
    GrB_Matrix A, B, C ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, 30, 25)) ;
    TS_OK (GrB_mxm (C, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    gbgpu_stats_t s = ts_stats_now () ;
    ts_check (s.calls == 1 && s.delegated [GBGPU_DELEGATED_POLICY] == 1,
        "first GrB_mxm under GBGPU_POLICY=cpu: %llu calls, %llu delegated by policy",
        (unsigned long long) s.calls,
        (unsigned long long) s.delegated [GBGPU_DELEGATED_POLICY]) ;

    int64_t value = -1 ;
    TS_OK (gbgpu_get (GBGPU_POLICY, &value)) ;
    ts_check (value == GBGPU_POLICY_CPU, "GBGPU_POLICY=cpu gave policy %lld", (long long) value) ;
    TS_OK (gbgpu_get (GBGPU_MIN_WORK, &value)) ;
    ts_check (value == 4242, "GBGPU_MIN_WORK=4242 gave %lld", (long long) value) ;
    TS_OK (gbgpu_get (GBGPU_PRINT_STATS, &value)) ;
    ts_check (value != 0, "GBGPU_STATS=1 gave print_stats %lld", (long long) value) ;
    TS_OK (gbgpu_get (GBGPU_DEVICE_MEMORY_LIMIT, &value)) ;
    ts_check (value == 123456789, "GBGPU_DEVICE_MEMORY_LIMIT=123456789 gave %lld",
        (long long) value) ;
    TS_OK (gbgpu_get (GBGPU_JIT, &value)) ;
    ts_check (value == 0, "GBGPU_JIT=0 gave %lld", (long long) value) ;

    // gbgpu_set still overrides what the environment said
    TS_OK (gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_AUTO)) ;
    TS_OK (gbgpu_get (GBGPU_POLICY, &value)) ;
    ts_check (value == GBGPU_POLICY_AUTO, "gbgpu_set after the environment: %lld",
        (long long) value) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    TS_OK (gbgpu_get (GBGPU_DEVICE_MEMORY_LIMIT, &value)) ;
    ts_check (value == 0, "gbgpu_set of the memory limit after the environment: %lld",
        (long long) value) ;

    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
