// tests/support/test_support.c: the tests' tally, setup and skip helpers, PRNG, gbgpu
// counters and policy, and type helpers (see test_support.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

//------------------------------------------------------------------------------
// setup errors and tally
//------------------------------------------------------------------------------

void ts_ok_or_exit (GrB_Info info, const char *what, const char *file, int line)
{
    if (info == GrB_SUCCESS || info == GrB_NO_VALUE) return ;
    fprintf (stderr, "%s:%d: setup call failed with GrB_Info %d: %s\n",
        file, line, (int) info, what) ;
    exit (1) ;
}

static int passed = 0, failed = 0 ;

void ts_pass (void) { passed++ ; }

// Counts a failure and prints it.
static void fail (const char *format, va_list args)
{
    failed++ ;
    printf ("FAIL: ") ;
    vprintf (format, args) ;
    printf ("\n") ;
    fflush (stdout) ;
}

void ts_fail (const char *format, ...)
{
    va_list args ;
    va_start (args, format) ;
    fail (format, args) ;
    va_end (args) ;
}

bool ts_check (bool ok, const char *format, ...)
{
    if (ok)
    {
        passed++ ;
        return true ;
    }
    va_list args ;
    va_start (args, format) ;
    fail (format, args) ;
    va_end (args) ;
    return false ;
}

int ts_summary (void)
{
    printf ("%d passed, %d failed\n", passed, failed) ;
    fflush (stdout) ;
    return (failed == 0 && passed > 0) ? 0 : 1 ;
}

//------------------------------------------------------------------------------
// start and skips
//------------------------------------------------------------------------------

void ts_start (void)
{
    // a line at a time into CTest's pipe: a test killed at its timeout still
    // shows how far it got (test_mxm_row_blocks timed out once with nothing)
    setvbuf (stdout, NULL, _IOLBF, 0) ;
    TS_OK (GrB_init (GrB_NONBLOCKING)) ;
    // the tests say where each call runs: a run-time semiring's waits for
    // its compile (test_mxm_jit's test_background_compile: the default)
    TS_OK (gbgpu_set (GBGPU_JIT_WAIT, 1)) ;
}

void ts_require_device (void)
{
    if (!gbgpu_device_available ())
    {
        printf ("SKIPPED: no usable CUDA device\n") ;
        exit (TS_EXIT_SKIP) ;
    }
}

const char *ts_require_data_dir (void)
{
    const char *dir = getenv ("GBGPU_DATA_DIR") ;
    if (dir == NULL || dir [0] == '\0')
    {
        printf ("SKIPPED: GBGPU_DATA_DIR is not set\n") ;
        exit (TS_EXIT_SKIP) ;
    }
    char path [4096] ;
    snprintf (path, sizeof (path), "%s/matrices", dir) ;
    struct stat st ;
    if (stat (path, &st) != 0 || !S_ISDIR (st.st_mode))
    {
        printf ("SKIPPED: no folder %s\n", path) ;
        exit (TS_EXIT_SKIP) ;
    }
    return dir ;
}

double ts_seconds (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec ;
}

//------------------------------------------------------------------------------
// splitmix64
//------------------------------------------------------------------------------

ts_rng ts_rng_new (uint64_t seed)
{
    ts_rng rng = { seed } ;
    return rng ;
}

uint64_t ts_rng_next (ts_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL) ;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL ;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL ;
    return z ^ (z >> 31) ;
}

double ts_rng_uniform (ts_rng *rng)
{
    return (double) (ts_rng_next (rng) >> 11) * 0x1.0p-53 ;
}

int64_t ts_rng_range (ts_rng *rng, int64_t lo, int64_t hi)
{
    return lo + (int64_t) (ts_rng_next (rng) % (uint64_t) (hi - lo + 1)) ;
}

uint64_t ts_seed_mix (uint64_t a, uint64_t b)
{
    ts_rng rng = ts_rng_new (a * 0x9E3779B97F4A7C15ULL ^ b) ;
    return ts_rng_next (&rng) ;
}

//------------------------------------------------------------------------------
// gbgpu counters and policy
//------------------------------------------------------------------------------

bool ts_library_is_header_version (void)
{
    char header [64] ;
    snprintf (header, sizeof (header), "GraphBLAS %d.%d.%d ", GxB_IMPLEMENTATION_MAJOR,
        GxB_IMPLEMENTATION_MINOR, GxB_IMPLEMENTATION_SUB) ;
    return strstr (gbgpu_graphblas_library (), header) != NULL ;
}

bool ts_cache_proof_verdict_expected (const char *state)
{
    if (ts_library_is_header_version ()) return strncmp (state, "on: ", 4) == 0 ;
    printf ("the library (%s) is not the header's version (%d.%d.%d): the device cache is off "
        "when it exports what gbgpu's declarations do not declare\n", gbgpu_graphblas_library (),
        GxB_IMPLEMENTATION_MAJOR, GxB_IMPLEMENTATION_MINOR, GxB_IMPLEMENTATION_SUB) ;
    return strncmp (state, "on: ", 4) == 0
        || strstr (state, "which the declarations gbgpu was built with (GraphBLAS.h) do not declare") != NULL ;
}

gbgpu_stats_t ts_stats_now (void)
{
    gbgpu_stats_t s ;
    memset (&s, 0, sizeof (s)) ;
    TS_OK (gbgpu_stats (&s)) ;
    return s ;
}

gbgpu_stats_t ts_stats_delta (const gbgpu_stats_t *before,
                              const gbgpu_stats_t *after)
{
    gbgpu_stats_t d = { 0 } ;
    d.calls = after->calls - before->calls ;
    d.gpu_calls = after->gpu_calls - before->gpu_calls ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        d.delegated [r] = after->delegated [r] - before->delegated [r] ;
    }
    d.bytes_to_device = after->bytes_to_device - before->bytes_to_device ;
    d.bytes_to_host = after->bytes_to_host - before->bytes_to_host ;
    d.products = after->products - before->products ;
    d.gpu_seconds = after->gpu_seconds - before->gpu_seconds ;
    d.row_block_calls = after->row_block_calls - before->row_block_calls ;
    d.row_blocks = after->row_blocks - before->row_blocks ;
    d.row_block_retries = after->row_block_retries - before->row_block_retries ;
    d.device_out_of_memory = after->device_out_of_memory - before->device_out_of_memory ;
    d.cuda_errors = after->cuda_errors - before->cuda_errors ;
    d.device_faults = after->device_faults - before->device_faults ;
    d.masked_dot_calls = after->masked_dot_calls - before->masked_dot_calls ;
    d.jit_compiles = after->jit_compiles - before->jit_compiles ;
    d.jit_compile_seconds = after->jit_compile_seconds - before->jit_compile_seconds ;
    d.jit_memory_hits = after->jit_memory_hits - before->jit_memory_hits ;
    d.jit_disk_hits = after->jit_disk_hits - before->jit_disk_hits ;
    d.jit_wait_seconds = after->jit_wait_seconds - before->jit_wait_seconds ;
    d.setup_seconds = after->setup_seconds - before->setup_seconds ;
    d.upload_seconds = after->upload_seconds - before->upload_seconds ;
    d.kernel_seconds = after->kernel_seconds - before->kernel_seconds ;
    d.download_seconds = after->download_seconds - before->download_seconds ;
    d.finish_seconds = after->finish_seconds - before->finish_seconds ;
    d.device_cache_on = after->device_cache_on ;
    d.device_cache_hits = after->device_cache_hits - before->device_cache_hits ;
    d.device_cache_misses = after->device_cache_misses - before->device_cache_misses ;
    d.device_cache_bytes_saved = after->device_cache_bytes_saved - before->device_cache_bytes_saved ;
    d.device_cache_evictions = after->device_cache_evictions - before->device_cache_evictions ;
    d.results_in_C_arrays = after->results_in_C_arrays - before->results_in_C_arrays ;
    d.download_touch_seconds = after->download_touch_seconds - before->download_touch_seconds ;
    d.split_calls = after->split_calls - before->split_calls ;
    d.split_parts = after->split_parts - before->split_parts ;
    return d ;
}

uint64_t ts_delegated_total (const gbgpu_stats_t *s)
{
    uint64_t total = 0 ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        total += s->delegated [r] ;
    }
    return total ;
}

const char *ts_path_name (const gbgpu_stats_t *delta)
{
    static char buf [256] ;
    if (delta->gpu_calls == 1 && ts_delegated_total (delta) == 0) return "gpu" ;
    buf [0] = '\0' ;
    if (delta->gpu_calls > 0)
    {
        snprintf (buf, sizeof (buf), "gpu x%llu",
            (unsigned long long) delta->gpu_calls) ;
    }
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        if (delta->delegated [r] == 0) continue ;
        size_t len = strlen (buf) ;
        snprintf (buf + len, sizeof (buf) - len, "%sdelegated:%s",
            len > 0 ? "+" : "",
            gbgpu_delegate_reason_name ((gbgpu_delegate_reason) r)) ;
    }
    return buf [0] ? buf : "nothing counted" ;
}

bool ts_path_in (const gbgpu_stats_t *delta, unsigned allowed,
                 char *why, size_t why_size)
{
    uint64_t delegated = ts_delegated_total (delta) ;
    bool one = delta->calls == 1 && delta->gpu_calls + delegated == 1 ;
    unsigned taken = 0 ;
    if (delta->gpu_calls == 1) taken = TS_PATH_GPU ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        if (delta->delegated [r] == 1) taken = TS_PATH_DELEGATED (r) ;
    }
    if (one && (taken & allowed)) return true ;
    snprintf (why, why_size, "%llu call(s) counted, path %s",
        (unsigned long long) delta->calls, ts_path_name (delta)) ;
    return false ;
}

bool ts_masked_method_ok (const gbgpu_stats_t *delta, bool dot_eligible,
                          char *why, size_t why_size)
{
    const char *forced = getenv ("GBGPU_MASKED_DOT") ;
    bool dot = delta->masked_dot_calls == 1 ;
    bool ok = dot_eligible
        ? (forced == NULL || strcmp (forced, "dot") != 0 || dot)
          && (forced == NULL || strcmp (forced, "saxpy") != 0 || !dot)
        : delta->masked_dot_calls == 0 ;
    if (!ok)
    {
        snprintf (why, why_size, "%s by masked dot products (GBGPU_MASKED_DOT=%s, %s)",
            dot ? "ran" : "did not run", forced == NULL ? "unset" : forced,
            dot_eligible ? "eligible" : "not eligible") ;
    }
    return ok ;
}

void ts_set_policy (gbgpu_policy policy)
{
    TS_OK (gbgpu_set (GBGPU_POLICY, (int64_t) policy)) ;
}

GrB_Info ts_mxm_under
(
    gbgpu_policy policy, gbgpu_stats_t *delta,
    GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp accum, GrB_Semiring semiring,
    GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc
)
{
    ts_set_policy (policy) ;
    gbgpu_stats_t before = ts_stats_now () ;
    GrB_Info info = GrB_mxm (C, M, accum, semiring, A, B, desc) ;
    if (info == GrB_SUCCESS && C != NULL)
    {
        // the library may leave work pending in C: finish it here, so that
        // any error it holds back is reported by this call
        info = GrB_Matrix_wait (C, GrB_MATERIALIZE) ;
    }
    gbgpu_stats_t after = ts_stats_now () ;
    if (delta != NULL) *delta = ts_stats_delta (&before, &after) ;
    return info ;
}

bool ts_check_like_library (const char *what, unsigned allowed, GrB_Type ctype,
    GrB_Semiring semiring, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc,
    double tol)
{
    int32_t tran_a = 0, tran_b = 0 ;
    TS_OK (GxB_Desc_get_INT32 (desc, GrB_INP0, &tran_a)) ;
    TS_OK (GxB_Desc_get_INT32 (desc, GrB_INP1, &tran_b)) ;
    GrB_Index m, n ;
    if (tran_a == GrB_TRAN) TS_OK (GrB_Matrix_ncols (&m, A)) ;
    else TS_OK (GrB_Matrix_nrows (&m, A)) ;
    if (tran_b == GrB_TRAN) TS_OK (GrB_Matrix_nrows (&n, B)) ;
    else TS_OK (GrB_Matrix_ncols (&n, B)) ;
    GrB_Matrix A0, B0, C, R ;
    TS_OK (GrB_Matrix_dup (&A0, A)) ;
    TS_OK (GrB_Matrix_dup (&B0, B)) ;
    TS_OK (GrB_Matrix_new (&C, ctype, m, n)) ;
    TS_OK (GrB_Matrix_new (&R, ctype, m, n)) ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, NULL, NULL,
        semiring, A, B, desc) ;
    GrB_Info ref_info = ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL,
        semiring, A0, B0, desc) ;
    char why [400] ;
    bool ok = ts_check (info == GrB_SUCCESS && ref_info == GrB_SUCCESS,
        "%s: GrB_mxm returned %d, the library %d", what, (int) info, (int) ref_info) ;
    ok &= ts_check (ts_path_in (&delta, allowed, why, sizeof (why)), "%s: %s", what, why) ;
    ok &= ts_check (ts_same_content (C, R, tol, why, sizeof (why)),
        "%s: result: %s", what, why) ;
    ok &= ts_check (ts_same_content (A, A0, 0, why, sizeof (why)),
        "%s: A changed: %s", what, why) ;
    ok &= ts_check (ts_same_content (B, B0, 0, why, sizeof (why)),
        "%s: B changed: %s", what, why) ;
    TS_OK (GrB_Matrix_free (&A0)) ;
    TS_OK (GrB_Matrix_free (&B0)) ;
    TS_OK (GrB_Matrix_free (&C)) ;
    TS_OK (GrB_Matrix_free (&R)) ;
    return ok ;
}

//------------------------------------------------------------------------------
// types
//------------------------------------------------------------------------------

GrB_Type ts_type (gbgpu_type code)
{
    switch (code)
    {
        #define TYPE_OBJECT(name, ctype, prefix, kind) \
            case GBGPU_TYPE_ ## name: return prefix ## _ ## name ;
        GBGPU_TYPE_LIST (TYPE_OBJECT)
        #undef TYPE_OBJECT
        default: return NULL ;
    }
}

int ts_type_code (GrB_Type type)
{
    for (int t = 0 ; t < GBGPU_NTYPES ; t++)
    {
        if (type == ts_type ((gbgpu_type) t)) return t ;
    }
    return -1 ;
}

const char *ts_type_name (GrB_Type type)
{
    #define TYPE_NAME(name, ctype, prefix, kind) #name,
    static const char *names [GBGPU_NTYPES] = { GBGPU_TYPE_LIST (TYPE_NAME) } ;
    #undef TYPE_NAME
    int t = ts_type_code (type) ;
    return (t < 0) ? "other" : names [t] ;
}

size_t ts_type_size (GrB_Type type)
{
    size_t size = 0 ;
    TS_OK (GxB_Type_size (&size, type)) ;
    return size ;
}

bool ts_type_is_float (GrB_Type type)
{
    return type == GrB_FP32 || type == GrB_FP64 || ts_type_is_complex (type) ;
}

bool ts_type_is_complex (GrB_Type type)
{
    return type == GxB_FC32 || type == GxB_FC64 ;
}
