// tests/test_env_options.c: options from the environment, for programs that
// only LD_PRELOAD libgbgpu and never call gbgpu_set (CI test, no GPU needed).
// SPDX-License-Identifier: Apache-2.0
//
// CTest runs it once per case (the argument), each with that case's
// environment (tests/CMakeLists.txt):
//
//   plain     GBGPU_POLICY=cpu GBGPU_MIN_WORK=4242 GBGPU_STATS=1
//             GBGPU_DEVICE_MEMORY_LIMIT=123456789 GBGPU_JIT=0
//   words     GBGPU_POLICY=GPU GBGPU_MIN_WORK=1e6 GBGPU_STATS=yes
//             GBGPU_DEVICE_MEMORY_LIMIT=8G GBGPU_JIT=off: as a person means them
//   refused   GBGPU_POLICY=fast GBGPU_MIN_WORK=-5 GBGPU_STATS=maybe
//             GBGPU_DEVICE_MEMORY_LIMIT=8bananas GBGPU_JIT=2: each one the
//             default, and one line on stderr each saying so
//
// The first GrB_mxm must already follow the policy read from there, gbgpu_get
// must report those values, and gbgpu_set must still override them.  Run by
// hand without a case's environment, it skips (77).

#include "test_support.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct
{
    const char *name ;
    const char *environment [5] ;       // as NAME=value, all must be set so
    int64_t policy, min_work, print_stats, memory_limit, jit ;
    int warnings ;                      // lines on stderr
}
env_case ;

static const env_case cases [ ] =
{
    { "plain", { "GBGPU_POLICY=cpu", "GBGPU_MIN_WORK=4242", "GBGPU_STATS=1",
        "GBGPU_DEVICE_MEMORY_LIMIT=123456789", "GBGPU_JIT=0" },
        GBGPU_POLICY_CPU, 4242, 1, 123456789, 0, 0 },
    { "words", { "GBGPU_POLICY=GPU", "GBGPU_MIN_WORK=1e6", "GBGPU_STATS=yes",
        "GBGPU_DEVICE_MEMORY_LIMIT=8G", "GBGPU_JIT=off" },
        GBGPU_POLICY_GPU, 1000000, 1, (int64_t) 8 << 30, 0, 0 },
    { "refused", { "GBGPU_POLICY=fast", "GBGPU_MIN_WORK=-5", "GBGPU_STATS=maybe",
        "GBGPU_DEVICE_MEMORY_LIMIT=8bananas", "GBGPU_JIT=2" },
        GBGPU_POLICY_AUTO, 100000, 0, 0, 1, 5 },
} ;

static bool environment_is (const env_case *c)
{
    for (int k = 0 ; k < 5 ; k++)
    {
        const char *eq = strchr (c->environment [k], '=') ;
        char name [64] ;
        snprintf (name, sizeof (name), "%.*s", (int) (eq - c->environment [k]), c->environment [k]) ;
        const char *value = getenv (name) ;
        if (value == NULL || strcmp (value, eq + 1) != 0) return false ;
    }
    return true ;
}

// The lines that name one of gbgpu's environment variables (stderr may also
// say other things once, such as why the device cache is off).
static int lines_in (FILE *f)
{
    int lines = 0 ;
    char line [1024] ;
    rewind (f) ;
    while (fgets (line, sizeof (line), f) != NULL) lines += (strstr (line, "GBGPU_") != NULL) ;
    return lines ;
}

int main (int argc, char **argv)
{
    const env_case *c = NULL ;
    for (size_t k = 0 ; k < sizeof (cases) / sizeof (cases [0]) ; k++)
        if (argc > 1 && strcmp (argv [1], cases [k].name) == 0) c = &cases [k] ;
    if (c == NULL || !environment_is (c))
    {
        printf ("SKIPPED: run as test_env_options plain|words|refused with that case's "
            "environment (tests/CMakeLists.txt)\n") ;
        return TS_EXIT_SKIP ;
    }
    // gbgpu's warnings go to stderr: catch them for counting
    FILE *warnings = tmpfile () ;
    int saved_stderr = dup (fileno (stderr)) ;
    if (warnings == NULL || saved_stderr < 0) { perror ("tmpfile") ; return 1 ; }
    fflush (stderr) ;
    dup2 (fileno (warnings), fileno (stderr)) ;
    ts_start () ;

    // the first call of all is a GrB_mxm: it must already see the policy
    ts_matrix_spec a = ts_spec (GrB_FP64, 30, 20, 0.2, 1) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 20, 25, 0.2, 2) ;
    GrB_Matrix A, B, C ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, 30, 25)) ;
    TS_OK (GrB_mxm (C, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    fflush (stderr) ;
    dup2 (saved_stderr, fileno (stderr)) ;
    int warned = lines_in (warnings) ;
    fclose (warnings) ;
    ts_check (warned == c->warnings, "%s: %d lines on stderr, expected %d",
        c->name, warned, c->warnings) ;
    gbgpu_stats_t s = ts_stats_now () ;
    ts_check (s.calls == 1, "first GrB_mxm: %llu calls", (unsigned long long) s.calls) ;
    if (c->policy == GBGPU_POLICY_CPU)
        ts_check (s.delegated [GBGPU_DELEGATED_POLICY] == 1,
            "first GrB_mxm under GBGPU_POLICY=cpu: %llu delegated by policy",
            (unsigned long long) s.delegated [GBGPU_DELEGATED_POLICY]) ;

    const struct { gbgpu_option option ; int64_t expected ; const char *what ; } read [ ] =
    {
        { GBGPU_POLICY, c->policy, "policy" },
        { GBGPU_MIN_WORK, c->min_work, "min work" },
        { GBGPU_PRINT_STATS, c->print_stats, "print stats" },
        { GBGPU_DEVICE_MEMORY_LIMIT, c->memory_limit, "device memory limit" },
        { GBGPU_JIT, c->jit, "jit" },
    } ;
    for (size_t k = 0 ; k < sizeof (read) / sizeof (read [0]) ; k++)
    {
        int64_t value = -1 ;
        TS_OK (gbgpu_get (read [k].option, &value)) ;
        ts_check (value == read [k].expected, "%s: %s is %lld, expected %lld", c->name,
            read [k].what, (long long) value, (long long) read [k].expected) ;
    }

    // gbgpu_set still overrides what the environment said
    int64_t value = -1 ;
    TS_OK (gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_CPU)) ;
    TS_OK (gbgpu_get (GBGPU_POLICY, &value)) ;
    ts_check (value == GBGPU_POLICY_CPU, "gbgpu_set after the environment: %lld",
        (long long) value) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    TS_OK (gbgpu_get (GBGPU_DEVICE_MEMORY_LIMIT, &value)) ;
    ts_check (value == 0, "gbgpu_set of the memory limit after the environment: %lld",
        (long long) value) ;

    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
