// tests/test_host_options.c: gbgpu's option and stats calls (CI test, no GPU
// needed).
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu_set/gbgpu_get keep every valid value and refuse invalid ones with
// GrB_INVALID_VALUE (leaving the value as it was), unknown options too; a
// device memory limit too small for any product sends the GPU policy's calls
// to the CPU (when there is a device) with the library's result;
// gbgpu_get and gbgpu_stats refuse NULL; the counters add up (calls = GPU
// calls + delegations), reset to zero and count again; gbgpu_stats_print
// prints (and ignores a NULL stream); the cost model's rates are positive;
// every delegation reason has a name of its own, and a reason out of range
// gets one too; gbgpu_init and gbgpu_finalize may be called again, and
// products run after them; gbgpu_start_device starts the device only where
// one may be used.

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

// One small GrB_mxm under a policy, for the counters.
static void one_product (gbgpu_policy policy)
{
    ts_matrix_spec a = ts_spec (GrB_FP64, 8, 6, 0.4, 1) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 6, 7, 0.4, 2) ;
    GrB_Matrix A, B, C ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, 8, 7)) ;
    TS_OK (ts_mxm_under (policy, NULL, C, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C) ;
}

//------------------------------------------------------------------------------
// options
//------------------------------------------------------------------------------

static void check_round_trip (gbgpu_option option, const char *name, int64_t value)
{
    int64_t got = -12345 ;
    GrB_Info set = gbgpu_set (option, value) ;
    GrB_Info get = gbgpu_get (option, &got) ;
    ts_check (set == GrB_SUCCESS && get == GrB_SUCCESS && got == value,
        "%s: set %lld (%d), got %lld (%d)", name, (long long) value, (int) set,
        (long long) got, (int) get) ;
}

static void check_refused (gbgpu_option option, const char *name, int64_t value)
{
    int64_t before = -1, after = -2 ;
    TS_OK (gbgpu_get (option, &before)) ;
    GrB_Info info = gbgpu_set (option, value) ;
    TS_OK (gbgpu_get (option, &after)) ;
    ts_check (info == GrB_INVALID_VALUE && after == before,
        "%s: set %lld returned %d (expected GrB_INVALID_VALUE), value %lld -> %lld",
        name, (long long) value, (int) info, (long long) before, (long long) after) ;
}

#define N_OPTIONS (GBGPU_JIT_WAIT + 1)

static void test_options (void)
{
    int64_t saved [N_OPTIONS] ;
    for (int k = 0 ; k < N_OPTIONS ; k++) TS_OK (gbgpu_get ((gbgpu_option) k, &saved [k])) ;

    check_round_trip (GBGPU_POLICY, "POLICY", GBGPU_POLICY_GPU) ;
    check_round_trip (GBGPU_POLICY, "POLICY", GBGPU_POLICY_CPU) ;
    check_round_trip (GBGPU_POLICY, "POLICY", GBGPU_POLICY_AUTO) ;
    check_round_trip (GBGPU_MIN_WORK, "MIN_WORK", 0) ;
    check_round_trip (GBGPU_MIN_WORK, "MIN_WORK", 12345) ;
    check_round_trip (GBGPU_MIN_WORK, "MIN_WORK", INT64_MAX) ;
    check_round_trip (GBGPU_DEVICE, "DEVICE", 0) ;
    check_round_trip (GBGPU_PRINT_STATS, "PRINT_STATS", 1) ;
    check_round_trip (GBGPU_PRINT_STATS, "PRINT_STATS", 0) ;
    check_round_trip (GBGPU_ZERO_COPY, "ZERO_COPY", 0) ;
    check_round_trip (GBGPU_ZERO_COPY, "ZERO_COPY", 1) ;
    check_round_trip (GBGPU_DEVICE_MEMORY_LIMIT, "DEVICE_MEMORY_LIMIT", 1) ;
    check_round_trip (GBGPU_DEVICE_MEMORY_LIMIT, "DEVICE_MEMORY_LIMIT", (int64_t) 3 << 40) ;
    check_round_trip (GBGPU_DEVICE_MEMORY_LIMIT, "DEVICE_MEMORY_LIMIT", 0) ;
    check_round_trip (GBGPU_JIT, "JIT", 0) ;
    check_round_trip (GBGPU_JIT, "JIT", 1) ;
    check_round_trip (GBGPU_DEVICE_CACHE, "DEVICE_CACHE", 0) ;
    check_round_trip (GBGPU_DEVICE_CACHE, "DEVICE_CACHE", 1) ;
    check_round_trip (GBGPU_JIT_WAIT, "JIT_WAIT", 1) ;
    check_round_trip (GBGPU_JIT_WAIT, "JIT_WAIT", 0) ;

    check_refused (GBGPU_POLICY, "POLICY", -1) ;
    check_refused (GBGPU_POLICY, "POLICY", GBGPU_POLICY_CPU + 1) ;
    check_refused (GBGPU_MIN_WORK, "MIN_WORK", -1) ;
    check_refused (GBGPU_DEVICE, "DEVICE", -1) ;
    check_refused (GBGPU_POLICY, "POLICY", INT64_MAX) ;
    check_refused (GBGPU_MIN_WORK, "MIN_WORK", INT64_MIN) ;
    check_refused (GBGPU_DEVICE, "DEVICE", INT64_MIN) ;
    check_refused (GBGPU_DEVICE_MEMORY_LIMIT, "DEVICE_MEMORY_LIMIT", -1) ;

    const int unknown [3] = { 99, -1, N_OPTIONS } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        int64_t value = 0 ;
        gbgpu_option option = (gbgpu_option) unknown [k] ;
        ts_check (gbgpu_set (option, 1) == GrB_INVALID_VALUE,
            "gbgpu_set of option %d was not refused", unknown [k]) ;
        ts_check (gbgpu_get (option, &value) == GrB_INVALID_VALUE && value == 0,
            "gbgpu_get of option %d was not refused", unknown [k]) ;
        ts_check (gbgpu_get (option, NULL) != GrB_SUCCESS,
            "gbgpu_get of option %d into NULL succeeded", unknown [k]) ;
    }
    for (int k = 0 ; k < N_OPTIONS ; k++)
    {
        ts_check (gbgpu_get ((gbgpu_option) k, NULL) == GrB_NULL_POINTER,
            "gbgpu_get (option %d, NULL) did not return GrB_NULL_POINTER", k) ;
    }
    ts_check (gbgpu_init () == GrB_SUCCESS, "gbgpu_init failed") ;

    for (int k = 0 ; k < N_OPTIONS ; k++) TS_OK (gbgpu_set ((gbgpu_option) k, saved [k])) ;
}

// gbgpu_init and gbgpu_finalize are optional and may come in any number:
// products before, between and after them count and run.
static void test_init_finalize (void)
{
    ts_check (gbgpu_init () == GrB_SUCCESS && gbgpu_init () == GrB_SUCCESS,
        "gbgpu_init called twice failed") ;
    one_product (GBGPU_POLICY_GPU) ;
    ts_check (gbgpu_finalize () == GrB_SUCCESS && gbgpu_finalize () == GrB_SUCCESS,
        "gbgpu_finalize called twice failed") ;
    gbgpu_stats_t before = ts_stats_now () ;
    one_product (GBGPU_POLICY_GPU) ;
    ts_check (gbgpu_init () == GrB_SUCCESS, "gbgpu_init after gbgpu_finalize failed") ;
    one_product (GBGPU_POLICY_CPU) ;
    gbgpu_stats_t after = ts_stats_now () ;
    ts_check (after.calls == before.calls + 2,
        "products after gbgpu_finalize: %llu calls counted, expected 2",
        (unsigned long long) (after.calls - before.calls)) ;
}

// gbgpu_start_device starts nothing under policy cpu or without a device;
// with one, it starts it, counting no call and no error, and calibrates the
// cost model (its rates printed, for the record).
static void test_start_device (void)
{
    int64_t policy ;
    TS_OK (gbgpu_get (GBGPU_POLICY, &policy)) ;
    ts_set_policy (GBGPU_POLICY_CPU) ;
    GrB_Info info = gbgpu_start_device () ;
    ts_check (info == GrB_NO_VALUE, "gbgpu_start_device under policy cpu: GrB_Info %d", (int) info) ;
    ts_set_policy (GBGPU_POLICY_AUTO) ;
    gbgpu_stats_t before = ts_stats_now () ;
    info = gbgpu_start_device () ;
    gbgpu_stats_t after = ts_stats_now () ;
    GrB_Info expected = gbgpu_device_available () ? GrB_SUCCESS : GrB_NO_VALUE ;
    ts_check (info == expected, "gbgpu_start_device: GrB_Info %d, expected %d", (int) info, (int) expected) ;
    ts_check (after.calls == before.calls && after.cuda_errors == before.cuda_errors,
        "gbgpu_start_device counted %llu calls, %llu CUDA errors",
        (unsigned long long) (after.calls - before.calls),
        (unsigned long long) (after.cuda_errors - before.cuda_errors)) ;
    // the start calibrated the cost model, with rates a device may have
    bool started = (info == GrB_SUCCESS) ;
    ts_check (after.model_calibrated == (uint64_t) started && (!started
        || (after.model_upload_rate > 1e8 && after.model_upload_rate < 1e12
         && after.model_cell_upload_rate > 1e8 && after.model_cell_upload_rate < 1e12
         && after.model_download_rate > 1e8 && after.model_download_rate < 1e12
         && after.model_kernel_rate > 1e6 && after.model_kernel_rate < 1e13
         && after.model_gpu_call_seconds > 1e-6 && after.model_gpu_call_seconds < 0.1)),
        "gbgpu_start_device: calibrated %llu (expected %d): up %.3g B/s (cells %.3g B/s), "
        "down %.3g B/s, kernels %.3g products/s, %.3g s a GPU call",
        (unsigned long long) after.model_calibrated, (int) started, after.model_upload_rate,
        after.model_cell_upload_rate, after.model_download_rate,
        after.model_kernel_rate, after.model_gpu_call_seconds) ;
    if (started)
        printf ("calibrated: up %.3g GB/s (cells %.3g GB/s), down %.3g GB/s, kernels %.3g "
            "products/s, %.3g ms a GPU call\n", after.model_upload_rate / 1e9,
            after.model_cell_upload_rate / 1e9, after.model_download_rate / 1e9,
            after.model_kernel_rate, 1e3 * after.model_gpu_call_seconds) ;
    ts_set_policy ((gbgpu_policy) policy) ;
}

// With a limit of one byte not even an input fits: a GPU-policy call goes to
// the CPU (reason "device memory"), or "no device" on a machine without one,
// and gives the library's result either way.
static void test_memory_limit (void)
{
    ts_matrix_spec a = ts_spec (GrB_FP64, 40, 30, 0.3, 3) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 30, 50, 0.3, 4) ;
    GrB_Matrix A, B ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    bool device = gbgpu_device_available () ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 1)) ;
    gbgpu_stats_t before = ts_stats_now () ;
    ts_check_like_library ("memory limit of 1 byte", device
        ? TS_PATH_DELEGATED (GBGPU_DELEGATED_DEVICE_MEMORY)
        : TS_PATH_DELEGATED (GBGPU_DELEGATED_NO_DEVICE),
        GrB_FP64, GxB_PLUS_TIMES_FP64, A, B, NULL, ts_tolerance (GrB_FP64, true)) ;
    gbgpu_stats_t after = ts_stats_now () ;
    gbgpu_stats_t delta = ts_stats_delta (&before, &after) ;
    ts_check (!device || delta.device_out_of_memory >= 1,
        "memory limit of 1 byte: %llu device allocations failed",
        (unsigned long long) delta.device_out_of_memory) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ;
}

//------------------------------------------------------------------------------
// stats
//------------------------------------------------------------------------------

static void test_stats (void)
{
    one_product (GBGPU_POLICY_CPU) ;
    one_product (GBGPU_POLICY_GPU) ;
    gbgpu_stats_t s = ts_stats_now () ;
    ts_check (s.calls > 0 && s.calls == s.gpu_calls + ts_delegated_total (&s),
        "calls (%llu) != gpu calls (%llu) + delegated (%llu)",
        (unsigned long long) s.calls, (unsigned long long) s.gpu_calls,
        (unsigned long long) ts_delegated_total (&s)) ;
    ts_check (gbgpu_stats (NULL) == GrB_NULL_POINTER,
        "gbgpu_stats (NULL) did not return GrB_NULL_POINTER") ;

    // A caller built with an older header passes its smaller struct's size
    // (v0.5's was 232 bytes): its first fields are filled, nothing past them.
    enum { OLD_SIZE = 232 } ;
    unsigned char room [sizeof (gbgpu_stats_t) + 64] ;
    memset (room, 0xA5, sizeof (room)) ;
    ts_check (gbgpu_stats_get ((gbgpu_stats_t *) room, OLD_SIZE) == GrB_SUCCESS,
        "gbgpu_stats_get with an old size failed") ;
    uint64_t calls ;
    memcpy (&calls, room, sizeof (calls)) ;
    bool untouched = true ;
    for (size_t k = OLD_SIZE ; k < sizeof (room) ; k++) untouched = untouched && room [k] == 0xA5 ;
    ts_check (calls == s.calls && untouched, "gbgpu_stats_get (stats, %d): calls %llu (%llu "
        "expected), %s past the size", OLD_SIZE, (unsigned long long) calls,
        (unsigned long long) s.calls, untouched ? "nothing written" : "bytes written") ;

    // gbgpu_stats_print prints something
    FILE *f = tmpfile () ;
    if (f == NULL) { perror ("tmpfile") ; exit (1) ; }
    gbgpu_stats_print (f) ;
    long printed = ftell (f) ;
    fclose (f) ;
    ts_check (printed > 0, "gbgpu_stats_print printed nothing") ;
    gbgpu_stats_print (NULL) ;
    printf ("stats so far:\n") ;
    gbgpu_stats_print (stdout) ;

    // every reason has a name of its own
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        const char *name = gbgpu_delegate_reason_name ((gbgpu_delegate_reason) r) ;
        bool unique = name != NULL && name [0] != '\0' ;
        for (int q = 0 ; unique && q < r ; q++)
        {
            unique = strcmp (name, gbgpu_delegate_reason_name ((gbgpu_delegate_reason) q)) != 0 ;
        }
        ts_check (unique, "reason %d has no name of its own", r) ;
    }
    const int out_of_range [3] = { -2, GBGPU_NOT_DELEGATED, GBGPU_DELEGATED_NREASONS } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        const char *name = gbgpu_delegate_reason_name ((gbgpu_delegate_reason) out_of_range [k]) ;
        ts_check (name != NULL && name [0] != '\0', "reason %d has no name", out_of_range [k]) ;
    }

    // The struct's size is fixed for every later version: 113 fields of 8
    // bytes (22 counters, room for 32 reasons, 12 of the cost model's, 5 of
    // the device cache, 2 of the download's host arrays, 1 of the run-time
    // semirings' waits, 2 of products split over devices, 3 of kernels
    // loaded ahead, 34 reserved), the reserved room and unused reasons all
    // zero now.
    _Static_assert (sizeof (gbgpu_stats_t) == 113 * sizeof (uint64_t), "gbgpu_stats_t changed size") ;
    _Static_assert (22 + GBGPU_DELEGATED_CAPACITY + 12 + 5 + 2 + 1 + 2 + 3 + GBGPU_STATS_RESERVED == 113,
        "a new field takes reserved room") ;
    bool reserved_zero = true ;
    for (int r = GBGPU_DELEGATED_NREASONS ; r < GBGPU_DELEGATED_CAPACITY ; r++)
        reserved_zero = reserved_zero && s.delegated [r] == 0 ;
    for (int k = 0 ; k < GBGPU_STATS_RESERVED ; k++) reserved_zero = reserved_zero && s.reserved [k] == 0 ;
    ts_check (reserved_zero, "reserved room in the stats is not zero") ;

    // the cost model's rates: positive, whether calibrated or priors
    ts_check (s.model_upload_rate > 0 && s.model_cell_upload_rate > 0
        && s.model_download_rate > 0 && s.model_kernel_rate > 0
        && s.model_cpu_rate > 0 && s.model_gpu_call_seconds > 0 && s.model_cpu_call_seconds > 0
        && s.model_calibrated <= 1,
        "the cost model's rates: up %g B/s, down %g B/s, kernels %g /s, CPU %g /s, "
        "per call %g s (GPU), %g s (CPU), calibrated %llu", s.model_upload_rate,
        s.model_download_rate, s.model_kernel_rate, s.model_cpu_rate, s.model_gpu_call_seconds,
        s.model_cpu_call_seconds, (unsigned long long) s.model_calibrated) ;

    // reset: every counter back to zero, then counting again
    gbgpu_stats_reset () ;
    s = ts_stats_now () ;
    ts_check (s.calls == 0 && s.gpu_calls == 0 && ts_delegated_total (&s) == 0
        && s.bytes_to_device == 0 && s.bytes_to_host == 0 && s.products == 0
        && s.gpu_seconds == 0 && s.row_block_calls == 0 && s.row_blocks == 0
        && s.row_block_retries == 0 && s.device_out_of_memory == 0
        && s.cuda_errors == 0 && s.device_faults == 0 && s.model_gpu_calls == 0
        && s.model_cpu_calls == 0 && s.model_last_gpu_seconds == 0 && s.model_last_cpu_seconds == 0,
        "gbgpu_stats_reset left counters non-zero") ;
    one_product (GBGPU_POLICY_CPU) ;
    s = ts_stats_now () ;
    ts_check (s.calls == 1 && s.delegated [GBGPU_DELEGATED_POLICY] == 1,
        "after reset and one call: %llu calls", (unsigned long long) s.calls) ;
}

int main (void)
{
    ts_start () ;
    test_options () ;
    test_init_finalize () ;
    test_start_device () ;
    test_memory_limit () ;
    test_stats () ;
    TS_OK (gbgpu_finalize ()) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
