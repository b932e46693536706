// tests/test_mxm_jit.c: semirings compiled at run time (NVRTC) run on the GPU and
// give the library's results (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
//   user type    a 16-byte struct {double value ; int64_t index} with a
//                max-with-index monoid (ties: the smaller index) and a
//                multiply op on it: C = A*B, C<M> = A*B, C += A*B, exact
//   user ops     z = x*y+1 on FP64 under PLUS; a user MIN monoid on INT32
//                over TIMES_INT32, and over itself; a user PLUS monoid and
//                multiply op on INT64, with A*B' and A'*B
//   built in     combinations outside semirings/semiring_list.h:
//                PLUS_LXOR_INT32, MAX_SECONDI_INT64, PLUS_SECONDJ_INT32,
//                TIMES_LXOR_FP64, MAX_FIRSTJ_INT32 (typecast inputs too)
//   refused      a definition that does not compile: "compile failed" with
//                a log, and the library's result; an op without a definition
//                (GrB_BinaryOp_new): "no definition"
//   caching      the first call of a semiring compiles it, the second finds
//                it in memory, and a new process (this program run again
//                with --disk-hit) reads it from the disk cache: the times
//                are printed; a cache file whose cubin is damaged is not
//                read but compiled again (--damaged-cache)
//
// GBGPU_JIT_CACHE (set by CTest to a folder of this test's own) is emptied
// first; without it the test makes a new temporary folder.  Every product
// must run on the GPU unless it is one refused.

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"
#include "test_user_ops.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

//------------------------------------------------------------------------------
// a user type with a max-with-index monoid
//------------------------------------------------------------------------------

// A random m x n matrix of the struct type: small integral values (many
// ties) and indices.
static void pair_matrix (GrB_Matrix *A, GrB_Type type, GrB_Index m, GrB_Index n,
    double density, uint64_t seed)
{
    ts_rng rng = ts_rng_new (seed) ;
    TS_OK (GrB_Matrix_new (A, type, m, n)) ;
    for (GrB_Index i = 0 ; i < m ; i++)
    {
        for (GrB_Index j = 0 ; j < n ; j++)
        {
            if (ts_rng_uniform (&rng) >= density) continue ;
            max_with_index v = { (double) ts_rng_range (&rng, -4, 4), ts_rng_range (&rng, 0, 1000) } ;
            TS_OK (GrB_Matrix_setElement_UDT (*A, &v, i, j)) ;
        }
    }
    TS_OK (GrB_Matrix_wait (*A, GrB_MATERIALIZE)) ;
}

// C<M> = accum (C, A*B) on the GPU and with the library, from the same C.
static void check_masked (const char *what, GrB_Matrix C0, GrB_Matrix M,
    GrB_BinaryOp accum, GrB_Semiring semiring, GrB_Matrix A, GrB_Matrix B)
{
    GrB_Matrix C, R ;
    TS_OK (GrB_Matrix_dup (&C, C0)) ;
    TS_OK (GrB_Matrix_dup (&R, C0)) ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, M, accum, semiring, A, B, NULL) ;
    GrB_Info ref = ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, M, accum, semiring, A, B, NULL) ;
    char why [400] ;
    ts_check (info == GrB_SUCCESS && ref == GrB_SUCCESS, "%s: GrB_mxm %d, the library %d",
        what, (int) info, (int) ref) ;
    ts_check (ts_path_in (&delta, TS_PATH_GPU, why, sizeof (why)), "%s: %s", what, why) ;
    ts_check (ts_same_content (C, R, 0, why, sizeof (why)), "%s: result: %s", what, why) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&R) ;
}

static void test_user_type (void)
{
    max_with_index_semiring pair ;
    TS_OK (max_with_index_semiring_new (&pair)) ;
    GrB_Type type = pair.type ;
    GrB_Semiring semiring = pair.semiring ;

    // shapes for every accumulator: small rows (shared hash tables), rows
    // wider than the shared tables (global hash or dense), rows of C from
    // a few long rows of B (merge), single-entry rows of A (copy)
    const struct { const char *name ; GrB_Index m, k, n ; double a, b ; } shapes [ ] =
    {
        { "user type, 200x150 * 150x180", 200, 150, 180, 0.05, 0.05 },
        { "user type, dense rows 30x300 * 300x20000", 30, 300, 20000, 0.2, 0.05 },
        { "user type, few long rows of B", 40, 30, 4000, 0.07, 0.40 },
        { "user type, one entry a row of A", 100, 100, 300, 0.01, 0.2 },
    } ;
    for (size_t s = 0 ; s < sizeof (shapes) / sizeof (shapes [0]) ; s++)
    {
        GrB_Matrix A, B ;
        pair_matrix (&A, type, shapes [s].m, shapes [s].k, shapes [s].a, 10 + s) ;
        pair_matrix (&B, type, shapes [s].k, shapes [s].n, shapes [s].b, 20 + s) ;
        ts_check_like_library (shapes [s].name, TS_PATH_GPU, type, semiring, A, B, NULL, 0) ;
        GrB_Matrix_free (&A) ;
        GrB_Matrix_free (&B) ;
    }

    // a mask, and an accumulator into a C that holds entries
    GrB_Matrix A, B, C0, M ;
    pair_matrix (&A, type, 120, 90, 0.08, 31) ;
    pair_matrix (&B, type, 90, 110, 0.08, 32) ;
    pair_matrix (&C0, type, 120, 110, 0.1, 33) ;
    ts_matrix_spec mspec = ts_spec (GrB_BOOL, 120, 110, 0.3, 34) ;
    ts_matrix_make (&M, &mspec) ;
    check_masked ("user type, C<M> = A*B", C0, M, NULL, semiring, A, B) ;
    check_masked ("user type, C += A*B", C0, NULL, pair.add, semiring, A, B) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C0) ; GrB_Matrix_free (&M) ;

    max_with_index_semiring_free (&pair) ;
}

//------------------------------------------------------------------------------
// user ops on built-in types
//------------------------------------------------------------------------------

static void my_plus (void *z, const void *x, const void *y)
{
    *(int64_t *) z = (int64_t) ((uint64_t) *(const int64_t *) x + (uint64_t) *(const int64_t *) y) ;
}

static void square_diff (void *z, const void *x, const void *y)
{
    int64_t d = *(const int64_t *) x - *(const int64_t *) y ;
    *(int64_t *) z = d * d ;
}

// C = op(A)*op(B) with random inputs of the given types, by a path in
// allowed (TS_PATH_GPU, or a delegation's reason).
static void check_builtin_typed (const char *what, unsigned allowed, GrB_Semiring semiring,
    GrB_Type ctype, GrB_Type atype, GrB_Type btype, GrB_Descriptor desc, double tol,
    uint64_t seed)
{
    ts_matrix_spec a = ts_spec (atype, 150, 120, 0.06, seed) ;
    ts_matrix_spec b = ts_spec (btype, 120, 170, 0.06, seed + 1) ;
    if (desc == GrB_DESC_T1) { b.nrows = 170 ; b.ncols = 120 ; }
    if (desc == GrB_DESC_T0) { a.nrows = 120 ; a.ncols = 150 ; b.nrows = 120 ; }
    GrB_Matrix A, B ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    ts_check_like_library (what, allowed, ctype, semiring, A, B, desc, tol) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
}

static void test_user_ops (void)
{
    GrB_BinaryOp tpo, min_op, plus_op, sq_op ;
    GrB_Monoid min_monoid, plus_monoid ;
    GrB_Semiring plus_tpo, min_times, plus_sq ;
    TS_OK (GxB_BinaryOp_new (&tpo, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64, "times_plus_one",
        TIMES_PLUS_ONE_DEFN)) ;
    TS_OK (GrB_Semiring_new (&plus_tpo, GrB_PLUS_MONOID_FP64, tpo)) ;
    check_builtin_typed ("PLUS monoid, user z = x*y+1 on FP64", TS_PATH_GPU, plus_tpo,
        GrB_FP64, GrB_FP64, GrB_FP64, NULL, ts_tolerance (GrB_FP64, true), 41) ;

    TS_OK (GxB_BinaryOp_new (&min_op, my_min, GrB_INT32, GrB_INT32, GrB_INT32, "my_min",
        MY_MIN_DEFN)) ;
    TS_OK (GxB_Monoid_terminal_new_INT32 (&min_monoid, min_op, INT32_MAX, INT32_MIN)) ;
    TS_OK (GrB_Semiring_new (&min_times, min_monoid, GrB_TIMES_INT32)) ;
    check_builtin_typed ("user MIN monoid over TIMES_INT32", TS_PATH_GPU, min_times, GrB_INT32,
        GrB_INT32, GrB_INT32, NULL, 0, 43) ;
    check_builtin_typed ("user MIN monoid over TIMES_INT32, typecast inputs", TS_PATH_GPU,
        min_times, GrB_INT32, GrB_INT64, GrB_FP64, NULL, 0, 45) ;
    GrB_Semiring min_min ;
    TS_OK (GrB_Semiring_new (&min_min, min_monoid, min_op)) ;
    check_builtin_typed ("one user op as the monoid's and the multiply op", TS_PATH_GPU,
        min_min, GrB_INT32, GrB_INT32, GrB_INT32, NULL, 0, 46) ;
    GrB_free (&min_min) ;

    TS_OK (GxB_BinaryOp_new (&plus_op, my_plus, GrB_INT64, GrB_INT64, GrB_INT64, "my_plus",
        "void my_plus (int64_t *z, const int64_t *x, const int64_t *y) "
        "{ *z = (int64_t) ((uint64_t) *x + (uint64_t) *y) ; }")) ;
    TS_OK (GxB_BinaryOp_new (&sq_op, square_diff, GrB_INT64, GrB_INT64, GrB_INT64, "square_diff",
        "void square_diff (int64_t *z, const int64_t *x, const int64_t *y) "
        "{ int64_t d = *x - *y ; *z = d * d ; }")) ;
    TS_OK (GrB_Monoid_new_INT64 (&plus_monoid, plus_op, 0)) ;
    TS_OK (GrB_Semiring_new (&plus_sq, plus_monoid, sq_op)) ;
    check_builtin_typed ("user monoid and op on INT64", TS_PATH_GPU, plus_sq, GrB_INT64,
        GrB_INT64, GrB_INT64, NULL, 0, 47) ;
    check_builtin_typed ("user monoid and op on INT64, A*B'", TS_PATH_GPU, plus_sq, GrB_INT64,
        GrB_INT64, GrB_INT64, GrB_DESC_T1, 0, 49) ;
    check_builtin_typed ("user monoid and op on INT64, A'*B", TS_PATH_GPU, plus_sq, GrB_INT64,
        GrB_INT64, GrB_INT64, GrB_DESC_T0, 0, 51) ;

    GrB_free (&plus_sq) ; GrB_free (&plus_monoid) ; GrB_free (&sq_op) ; GrB_free (&plus_op) ;
    GrB_free (&min_times) ; GrB_free (&min_monoid) ; GrB_free (&min_op) ;
    GrB_free (&plus_tpo) ; GrB_free (&tpo) ;
}

//------------------------------------------------------------------------------
// built-in combinations outside the table
//------------------------------------------------------------------------------

static void test_builtin_long_tail (void)
{
    int count ;
    const gbgpu_semiring *codes = ts_long_tail_semirings (&count) ;
    for (int c = 0 ; c < count ; c++)
    {
        GrB_Semiring semiring ;
        TS_OK (ts_semiring_new (&semiring, codes [c])) ;
        GrB_Type input = ts_type (codes [c].type) ;
        GrB_Type t = GBGPU_MULT_IS_COMPARISON (codes [c].mult) ? GrB_BOOL : input ;
        bool rounded = ts_type_is_float (t)
            && (codes [c].add == GBGPU_ADD_PLUS || codes [c].add == GBGPU_ADD_TIMES) ;
        double tol = ts_tolerance (t, rounded) ;
        char name [64], what [128] ;
        ts_semiring_name (codes [c], name, sizeof (name)) ;
        snprintf (what, sizeof (what), "built in %s", name) ;
        check_builtin_typed (what, TS_PATH_GPU, semiring, t, input, input, NULL, tol, 60 + c) ;
        snprintf (what, sizeof (what), "built in %s, typecast inputs", name) ;
        check_builtin_typed (what, TS_PATH_GPU, semiring, t, GrB_FP32, GrB_UINT32, NULL, tol,
            100 + c) ;
        if (ts_type_size (t) <= 2)
        {
            // rows wider than the shared tables: under GBGPU_ACCUMULATOR=hash
            // they fill global tables, and T's rows are sorted with their
            // 1- or 2-byte values (sort_rows.cu)
            GrB_Matrix A, B ;
            ts_matrix_spec a = ts_spec (input, 30, 300, 0.2, 140 + c) ;
            ts_matrix_spec b = ts_spec (input, 300, 20000, 0.05, 180 + c) ;
            ts_matrix_make (&A, &a) ;
            ts_matrix_make (&B, &b) ;
            snprintf (what, sizeof (what), "built in %s, wide rows", name) ;
            ts_check_like_library (what, TS_PATH_GPU, t, semiring, A, B, NULL, tol) ;
            GrB_Matrix_free (&A) ;
            GrB_Matrix_free (&B) ;
        }
        ts_semiring_free (&semiring) ;
    }
}

//------------------------------------------------------------------------------
// refused: a definition that does not compile, an op with none
//------------------------------------------------------------------------------

static void test_refused (void)
{
    const unsigned COMPILE_FAILED = TS_PATH_DELEGATED (GBGPU_DELEGATED_COMPILE_FAILED) ;
    GrB_BinaryOp broken, plain ;
    GrB_Semiring with_broken, with_plain ;
    TS_OK (GxB_BinaryOp_new (&broken, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64, "broken_op",
        "void broken_op (double *z, const double *x, const double *y) { *z = undeclared_name ; }")) ;
    TS_OK (GrB_Semiring_new (&with_broken, GrB_PLUS_MONOID_FP64, broken)) ;
    gbgpu_stats_t before = ts_stats_now () ;
    check_builtin_typed ("a definition that does not compile", COMPILE_FAILED, with_broken,
        GrB_FP64, GrB_FP64, GrB_FP64, NULL, ts_tolerance (GrB_FP64, true), 81) ;
    gbgpu_stats_t after = ts_stats_now () ;
    gbgpu_stats_t delta = ts_stats_delta (&before, &after) ;
    const char *log = gbgpu_jit_last_log () ;
    ts_check (delta.delegated [GBGPU_DELEGATED_COMPILE_FAILED] == 1 && delta.gpu_calls == 0
        && delta.jit_compiles >= 1,
        "broken definition: %llu delegated as 'compile failed', %llu on the GPU, %llu compiles",
        (unsigned long long) delta.delegated [GBGPU_DELEGATED_COMPILE_FAILED],
        (unsigned long long) delta.gpu_calls, (unsigned long long) delta.jit_compiles) ;
    ts_check (log != NULL && strstr (log, "undeclared_name") != NULL,
        "the compile log names the error: %s", log ? log : "(NULL)") ;
    // a second call does not compile again
    before = ts_stats_now () ;
    check_builtin_typed ("a definition that does not compile, again", COMPILE_FAILED,
        with_broken, GrB_FP64, GrB_FP64, GrB_FP64, NULL, ts_tolerance (GrB_FP64, true), 83) ;
    after = ts_stats_now () ;
    delta = ts_stats_delta (&before, &after) ;
    ts_check (delta.delegated [GBGPU_DELEGATED_COMPILE_FAILED] == 1 && delta.jit_compiles == 0,
        "broken definition again: %llu delegated, %llu compiles",
        (unsigned long long) delta.delegated [GBGPU_DELEGATED_COMPILE_FAILED],
        (unsigned long long) delta.jit_compiles) ;

    TS_OK (GrB_BinaryOp_new (&plain, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64)) ;
    TS_OK (GrB_Semiring_new (&with_plain, GrB_PLUS_MONOID_FP64, plain)) ;
    before = ts_stats_now () ;
    check_builtin_typed ("an op without a definition",
        TS_PATH_DELEGATED (GBGPU_DELEGATED_NO_DEFINITION), with_plain, GrB_FP64,
        GrB_FP64, GrB_FP64, NULL, ts_tolerance (GrB_FP64, true), 85) ;
    after = ts_stats_now () ;
    delta = ts_stats_delta (&before, &after) ;
    ts_check (delta.delegated [GBGPU_DELEGATED_NO_DEFINITION] == 1 && delta.gpu_calls == 0,
        "no definition: %llu delegated as 'no definition', %llu on the GPU",
        (unsigned long long) delta.delegated [GBGPU_DELEGATED_NO_DEFINITION],
        (unsigned long long) delta.gpu_calls) ;

    GrB_free (&with_plain) ; GrB_free (&plain) ;
    GrB_free (&with_broken) ; GrB_free (&broken) ;
}

//------------------------------------------------------------------------------
// caching: memory, then disk in a new process
//------------------------------------------------------------------------------

//------------------------------------------------------------------------------
// GBGPU_JIT_WAIT 0: a call does not wait for its compile
//------------------------------------------------------------------------------

// A user multiply op on FP64 (f, its name and C definition) under PLUS_FP64.
static void plus_fp64_semiring (GrB_BinaryOp *op, GrB_Semiring *semiring, GxB_binary_function f,
    const char *name, const char *definition)
{
    TS_OK (GxB_BinaryOp_new (op, f, GrB_FP64, GrB_FP64, GrB_FP64, name, definition)) ;
    TS_OK (GrB_Semiring_new (semiring, GrB_PLUS_MONOID_FP64, *op)) ;
}

static void plus_thrice (void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x + 3 * *(const double *) y ;
}

// The first call of a semiring not built yet goes to the library
// ("compiling") in about the library's time, while the semiring builds in
// the background; once it is built, the calls run on the GPU.
static void test_background_compile (void)
{
    gbgpu_set (GBGPU_JIT_WAIT, 0) ;
    GrB_BinaryOp op ;
    GrB_Semiring semiring ;
    plus_fp64_semiring (&op, &semiring, plus_thrice, "plus_thrice",
        "void plus_thrice (double *z, const double *x, const double *y) { *z = *x + 3 * *y ; }") ;
    double start = ts_seconds () ;
    check_builtin_typed ("first call, compiling in the background",
        TS_PATH_DELEGATED (GBGPU_DELEGATED_COMPILING), semiring, GrB_FP64, GrB_FP64, GrB_FP64,
        NULL, ts_tolerance (GrB_FP64, true), 93) ;
    double first = ts_seconds () - start ;
    // a compile takes seconds; the call (with the test's own check) far less
    ts_check (first < 0.5, "the first call took %.3f s: it waited for its compile", first) ;
    bool on_gpu = false ;
    int calls = 0 ;
    while (!on_gpu && ts_seconds () - start < 120)
    {
        gbgpu_stats_t before = ts_stats_now () ;
        check_builtin_typed ("a later call", TS_PATH_GPU | TS_PATH_DELEGATED (GBGPU_DELEGATED_COMPILING),
            semiring, GrB_FP64, GrB_FP64, GrB_FP64, NULL, ts_tolerance (GrB_FP64, true), 93) ;
        gbgpu_stats_t after = ts_stats_now () ;
        on_gpu = ts_stats_delta (&before, &after).gpu_calls == 1 ;
        calls++ ;
        if (!on_gpu) nanosleep (&(struct timespec) { 0, 100000000 }, NULL) ;
    }
    ts_check (on_gpu, "no call ran on the GPU within 120 s of the first") ;
    printf ("background compile: first call %.3f s, the GPU from call %d, %.1f s after it\n",
        first, calls + 1, ts_seconds () - start) ;
    GrB_free (&semiring) ;
    GrB_free (&op) ;
    gbgpu_set (GBGPU_JIT_WAIT, 1) ;
}

static void minus_twice (void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x - 2 * *(const double *) y ;
}

// One product over the caching test's own semiring; *delta and *seconds of it.
static void cached_product (const char *what, gbgpu_stats_t *delta, double *seconds)
{
    GrB_BinaryOp op ;
    GrB_Semiring semiring ;
    plus_fp64_semiring (&op, &semiring, minus_twice, "minus_twice",
        "void minus_twice (double *z, const double *x, const double *y) { *z = *x - 2 * *y ; }") ;
    gbgpu_stats_t before = ts_stats_now () ;
    double start = ts_seconds () ;
    check_builtin_typed (what, TS_PATH_GPU, semiring, GrB_FP64, GrB_FP64, GrB_FP64, NULL,
        ts_tolerance (GrB_FP64, true), 91) ;
    *seconds = ts_seconds () - start ;     // the library's call too: small
    gbgpu_stats_t after = ts_stats_now () ;
    *delta = ts_stats_delta (&before, &after) ;
    GrB_free (&semiring) ;
    GrB_free (&op) ;
}

// A new process: the semiring comes from the disk cache, or with
// damaged_cache, the cached file is found damaged and the semiring compiled
// again.
static int new_process (bool damaged_cache)
{
    gbgpu_stats_t d ;
    double seconds ;
    TS_OK (gbgpu_start_device ()) ;    // the process's device start is not the cache's
    cached_product (damaged_cache ? "new process: damaged cache file" : "new process: from the disk cache",
        &d, &seconds) ;
    // a damaged file is no entry: the call waits for a compile (the hash
    // set's, perhaps the whole set's too), which is no disk hit
    const bool as_expected = damaged_cache ? d.jit_compiles >= 1 && d.jit_disk_hits == 0
                                           : d.jit_compiles == 0 && d.jit_disk_hits == 1 ;
    ts_check (as_expected && d.gpu_calls == 1,
        "new process%s: %llu compiles, %llu disk hits (expected %s), %llu GPU calls",
        damaged_cache ? " (damaged cache)" : "", (unsigned long long) d.jit_compiles,
        (unsigned long long) d.jit_disk_hits, damaged_cache ? "some and none" : "none and one",
        (unsigned long long) d.gpu_calls) ;
    if (!damaged_cache)
        printf ("jit timing: new process, semiring from the disk cache: call %.3f s\n", seconds) ;
    return ts_summary () ;
}

// This program again, with one argument; true when it passed.
static bool run_self (const char *self, const char *argument)
{
    fflush (stdout) ;
    pid_t child = fork () ;
    if (child == 0)
    {
        execl (self, self, argument, (char *) NULL) ;
        _exit (127) ;
    }
    int status = -1 ;
    if (child > 0) waitpid (child, &status, 0) ;
    return child > 0 && WIFEXITED (status) && WEXITSTATUS (status) == 0 ;
}

// Keeps each cache file's header (a magic line and the kernels' names: five
// lines) and replaces its cubin with text no device loads.
static void damage_cache (const char *folder)
{
    DIR *dir = opendir (folder) ;
    struct dirent *f ;
    int damaged = 0 ;
    while (dir != NULL && (f = readdir (dir)) != NULL)
    {
        if (strstr (f->d_name, ".cubin") == NULL) continue ;
        char path [4200], header [2048] ;
        snprintf (path, sizeof (path), "%s/%s", folder, f->d_name) ;
        FILE *file = fopen (path, "rb") ;
        size_t n = (file != NULL) ? fread (header, 1, sizeof (header), file) : 0 ;
        if (file != NULL) fclose (file) ;
        size_t end = 0 ;
        for (int lines = 0 ; end < n && lines < 5 ; end++) if (header [end] == '\n') lines++ ;
        file = fopen (path, "wb") ;
        if (file == NULL) continue ;
        fwrite (header, 1, end, file) ;
        fputs ("not a cubin\n", file) ;
        damaged += (fclose (file) == 0) ;
    }
    if (dir != NULL) closedir (dir) ;
    ts_check (damaged == 2, "damaging the cache: %d files damaged, expected 2 (two kernel sets)", damaged) ;
}

static void test_caching (const char *self)
{
    gbgpu_stats_t first, second ;
    double first_seconds, second_seconds ;
    cached_product ("first call: compiles", &first, &first_seconds) ;
    ts_check (first.jit_compiles >= 1 && first.jit_compile_seconds > 0 && first.jit_disk_hits == 0,
        "first call: %llu compiles (%.3f s), %llu disk hits",
        (unsigned long long) first.jit_compiles, first.jit_compile_seconds,
        (unsigned long long) first.jit_disk_hits) ;
    // the call waited for the hash kernel's set; every accumulator's comes
    // later (its compile collected by a call), then calls are memory hits
    double start = ts_seconds () ;
    int calls = 0 ;
    uint64_t compiles = first.jit_compiles ;
    do
    {
        cached_product ("a later call", &second, &second_seconds) ;
        compiles += second.jit_compiles ;
        calls++ ;
    }
    while ((compiles < 2 || second.jit_compiles != 0 || second.jit_memory_hits != 1)
        && ts_seconds () - start < 120) ;
    ts_check (second.jit_compiles == 0 && second.jit_memory_hits == 1 && second.jit_disk_hits == 0,
        "second call: %llu compiles, %llu memory hits, %llu disk hits",
        (unsigned long long) second.jit_compiles, (unsigned long long) second.jit_memory_hits,
        (unsigned long long) second.jit_disk_hits) ;
    printf ("jit timing: first call %.3f s (compile %.3f s), a call in memory %.3f s (call %d)\n",
        first_seconds, first.jit_compile_seconds, second_seconds, calls + 1) ;
    ts_check (run_self (self, "--disk-hit"), "the new process (disk cache) failed") ;
    damage_cache (getenv ("GBGPU_JIT_CACHE")) ;
    ts_check (run_self (self, "--damaged-cache"), "the new process (damaged cache) failed") ;
}

int main (int argc, char **argv)
{
    ts_start () ;
    ts_require_device () ;
    if (argc > 1 && strcmp (argv [1], "--disk-hit") == 0) return new_process (false) ;
    if (argc > 1 && strcmp (argv [1], "--damaged-cache") == 0) return new_process (true) ;

    // a cache of this test's own, empty: the first compile is a real one (run
    // by hand without GBGPU_JIT_CACHE: a new temporary folder)
    const char *folder = getenv ("GBGPU_JIT_CACHE") ;
    char temporary [ ] = "/tmp/gbgpu_test_mxm_jit_XXXXXX" ;
    if (folder == NULL || *folder == '\0')
    {
        if (mkdtemp (temporary) == NULL || setenv ("GBGPU_JIT_CACHE", temporary, 1) != 0)
        {
            printf ("no temporary cache folder\n") ;
            return 1 ;
        }
    }
    else if (strchr (folder, '\'') == NULL)
    {
        char command [4200] ;
        snprintf (command, sizeof (command), "rm -rf '%s'", folder) ;
        ts_check (system (command) == 0, "emptying %s", folder) ;
    }

    test_caching ("/proc/self/exe") ;
    test_user_type () ;
    test_user_ops () ;
    test_builtin_long_tail () ;
    test_refused () ;
    test_background_compile () ;
    gbgpu_stats_print (stdout) ;
    return ts_summary () ;
}
