// plugin/core/stats.c: gbgpu's statistics: the counters every call updates.
// SPDX-License-Identifier: Apache-2.0
//
// Every counter is an atomic so that GrB_mxm may be called from many threads
// at once.  A device fault (an error that corrupts the CUDA context) is
// counted here and marks the device broken (core/options.c): no later call tries it.

#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <time.h>
#include <string.h>
#include "core/options.h"
#include "core/stats.h"

static _Atomic uint64_t n_calls, n_gpu, n_delegated [GBGPU_DELEGATED_NREASONS] ;
static _Atomic uint64_t n_to_device, n_to_host, n_products ;
static _Atomic uint64_t gpu_nanoseconds ;
static _Atomic uint64_t n_row_block_calls, n_row_blocks, n_row_block_retries ;
static _Atomic uint64_t n_out_of_memory, n_cuda_errors, n_faults ;
static _Atomic uint64_t n_masked_dot, n_in_C_arrays, touch_nanoseconds ;
static _Atomic uint64_t n_split_calls, n_split_parts ;
static _Atomic uint64_t n_loaded_ahead, load_ahead_nanoseconds ;
static _Atomic uint64_t n_cache_hits, n_cache_misses, n_cache_bytes_saved, n_cache_evictions ;
static _Atomic uint64_t n_jit_compiles, jit_compile_nanoseconds, n_jit_memory_hits, n_jit_disk_hits ;
static _Atomic uint64_t jit_wait_nanoseconds ;
static _Atomic uint64_t part_nanoseconds [GBGPU_PARTS] ;
static _Atomic uint64_t n_model_gpu ;
static _Atomic double model_last_gpu_seconds, model_last_cpu_seconds ;

static const char *reason_names [GBGPU_DELEGATED_NREASONS] =
{
    "policy", "no device", "small", "invalid input", "semiring", "type",
    "mask", "dimension", "device memory", "device error", "no definition",
    "compile failed", "hypersparse", "cost model: CPU faster", "host memory",
    "parent used CUDA before fork", "compiling"
} ;

void gbgpu_count_call (void) { atomic_fetch_add (&n_calls, 1) ; }

void gbgpu_count_delegated (gbgpu_delegate_reason reason)
{
    if (reason < 0 || reason >= GBGPU_DELEGATED_NREASONS) return ;    // not a delegation
    atomic_fetch_add (&n_delegated [reason], 1) ;
}

void gbgpu_count_gpu (double seconds, uint64_t products)
{
    atomic_fetch_add (&n_gpu, 1) ;
    atomic_fetch_add (&n_products, products) ;
    atomic_fetch_add (&gpu_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

double gbgpu_seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec ;
}

void gbgpu_count_part (gbgpu_part part, double seconds)
{
    atomic_fetch_add (&part_nanoseconds [part], (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_masked_dot (void) { atomic_fetch_add (&n_masked_dot, 1) ; }
void gbgpu_count_result_in_C_arrays (void) { atomic_fetch_add (&n_in_C_arrays, 1) ; }

void gbgpu_count_download_touch (double seconds)
{
    atomic_fetch_add (&touch_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

// The model's CPU decisions are counted as delegations (interpose.c).
void gbgpu_count_model_decision (bool gpu, double predicted_gpu, double predicted_cpu)
{
    if (gpu) atomic_fetch_add (&n_model_gpu, 1) ;
    atomic_store (&model_last_gpu_seconds, predicted_gpu) ;
    atomic_store (&model_last_cpu_seconds, predicted_cpu) ;
}

void gbgpu_count_jit_compile (double seconds)
{
    atomic_fetch_add (&n_jit_compiles, 1) ;
    atomic_fetch_add (&jit_compile_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_jit_wait (double seconds)
{
    atomic_fetch_add (&jit_wait_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_jit_hit (bool from_disk)
{
    atomic_fetch_add (from_disk ? &n_jit_disk_hits : &n_jit_memory_hits, 1) ;
}

void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host)
{
    atomic_fetch_add (&n_to_device, to_device) ;
    atomic_fetch_add (&n_to_host, to_host) ;
}

void gbgpu_count_split (uint64_t parts)
{
    atomic_fetch_add (&n_split_calls, 1) ;
    atomic_fetch_add (&n_split_parts, parts) ;
}

void gbgpu_count_load_ahead (double seconds)
{
    atomic_fetch_add (&n_loaded_ahead, 1) ;
    atomic_fetch_add (&load_ahead_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_row_blocks (uint64_t blocks, uint64_t retries)
{
    atomic_fetch_add (&n_row_block_calls, 1) ;
    atomic_fetch_add (&n_row_blocks, blocks) ;
    atomic_fetch_add (&n_row_block_retries, retries) ;
}

void gbgpu_count_device_cache (uint64_t hits, uint64_t misses, uint64_t bytes_saved,
    uint64_t evictions)
{
    atomic_fetch_add (&n_cache_hits, hits) ;
    atomic_fetch_add (&n_cache_misses, misses) ;
    atomic_fetch_add (&n_cache_bytes_saved, bytes_saved) ;
    atomic_fetch_add (&n_cache_evictions, evictions) ;
}

void gbgpu_count_cuda_status (gbgpu_cuda_status status)
{
    switch (status)
    {
        case GBGPU_CUDA_OK:
            break ;
        case GBGPU_CUDA_OUT_OF_MEMORY:
            atomic_fetch_add (&n_out_of_memory, 1) ;
            break ;
        case GBGPU_CUDA_FAULT:
            atomic_fetch_add (&n_faults, 1) ;
            gbgpu_mark_device_broken () ;
            atomic_fetch_add (&n_cuda_errors, 1) ;
            break ;
        default:
            atomic_fetch_add (&n_cuda_errors, 1) ;
            break ;
    }
}

_Static_assert (GBGPU_DELEGATED_NREASONS <= GBGPU_DELEGATED_CAPACITY,
    "a new reason takes reserved room in gbgpu_stats_t") ;

void gbgpu_stats_counters (gbgpu_stats_t *stats)
{
    memset (stats, 0, sizeof (*stats)) ;
    stats->calls = n_calls ;
    stats->gpu_calls = n_gpu ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++) stats->delegated [r] = n_delegated [r] ;
    stats->bytes_to_device = n_to_device ;
    stats->bytes_to_host = n_to_host ;
    stats->products = n_products ;
    stats->gpu_seconds = (double) gpu_nanoseconds * 1e-9 ;
    stats->row_block_calls = n_row_block_calls ;
    stats->row_blocks = n_row_blocks ;
    stats->row_block_retries = n_row_block_retries ;
    stats->device_out_of_memory = n_out_of_memory ;
    stats->cuda_errors = n_cuda_errors ;
    stats->device_faults = n_faults ;
    stats->masked_dot_calls = n_masked_dot ;
    stats->jit_compiles = n_jit_compiles ;
    stats->jit_compile_seconds = (double) jit_compile_nanoseconds * 1e-9 ;
    stats->jit_wait_seconds = (double) jit_wait_nanoseconds * 1e-9 ;
    stats->jit_memory_hits = n_jit_memory_hits ;
    stats->jit_disk_hits = n_jit_disk_hits ;
    stats->setup_seconds = (double) part_nanoseconds [GBGPU_PART_SETUP] * 1e-9 ;
    stats->upload_seconds = (double) part_nanoseconds [GBGPU_PART_UPLOAD] * 1e-9 ;
    stats->kernel_seconds = (double) part_nanoseconds [GBGPU_PART_KERNEL] * 1e-9 ;
    stats->download_seconds = (double) part_nanoseconds [GBGPU_PART_DOWNLOAD] * 1e-9 ;
    stats->finish_seconds = (double) part_nanoseconds [GBGPU_PART_FINISH] * 1e-9 ;
    stats->model_gpu_calls = n_model_gpu ;
    stats->model_cpu_calls = n_delegated [GBGPU_DELEGATED_COST_MODEL] ;
    stats->model_last_gpu_seconds = model_last_gpu_seconds ;
    stats->model_last_cpu_seconds = model_last_cpu_seconds ;
    stats->device_cache_hits = n_cache_hits ;
    stats->device_cache_misses = n_cache_misses ;
    stats->device_cache_bytes_saved = n_cache_bytes_saved ;
    stats->device_cache_evictions = n_cache_evictions ;
    stats->results_in_C_arrays = n_in_C_arrays ;
    stats->download_touch_seconds = (double) touch_nanoseconds * 1e-9 ;
    stats->split_calls = n_split_calls ;
    stats->split_parts = n_split_parts ;
    stats->loaded_ahead_semirings = n_loaded_ahead ;
    stats->load_ahead_seconds = (double) load_ahead_nanoseconds * 1e-9 ;
}

void gbgpu_stats_reset_counters (void)
{
    n_calls = 0 ; n_gpu = 0 ; n_to_device = 0 ; n_to_host = 0 ;
    n_products = 0 ; gpu_nanoseconds = 0 ;
    n_row_block_calls = 0 ; n_row_blocks = 0 ; n_row_block_retries = 0 ;
    n_out_of_memory = 0 ; n_cuda_errors = 0 ; n_faults = 0 ;
    n_masked_dot = 0 ; n_in_C_arrays = 0 ; touch_nanoseconds = 0 ;
    n_split_calls = 0 ; n_split_parts = 0 ;
    n_loaded_ahead = 0 ; load_ahead_nanoseconds = 0 ;
    n_cache_hits = 0 ; n_cache_misses = 0 ; n_cache_bytes_saved = 0 ; n_cache_evictions = 0 ;
    n_model_gpu = 0 ; model_last_gpu_seconds = 0 ; model_last_cpu_seconds = 0 ;
    n_jit_compiles = 0 ; jit_compile_nanoseconds = 0 ; n_jit_memory_hits = 0 ; n_jit_disk_hits = 0 ;
    jit_wait_nanoseconds = 0 ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++) n_delegated [r] = 0 ;
    for (int p = 0 ; p < GBGPU_PARTS ; p++) part_nanoseconds [p] = 0 ;
}

const char *gbgpu_reason_text (gbgpu_delegate_reason reason)
{
    return (reason >= 0 && reason < GBGPU_DELEGATED_NREASONS)
        ? reason_names [reason] : "unknown" ;
}
