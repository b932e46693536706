// plugin/api/stats.c: gbgpu's statistics as the program sees them
// (gbgpu_stats_get, gbgpu_stats_print, gbgpu_stats_reset).
// SPDX-License-Identifier: Apache-2.0
//
// The counters are core/stats.c's; the cost model's rates and the kernel
// loader's queue (plan/) and the device cache's state (cache/) are added
// here, where every layer is below.

#include <string.h>
#include "core/options.h"
#include "core/stats.h"
#include "graphblas/library.h"
#include "plan/plan.h"
#include "cache/device_cache.h"

// Every counter, the model's rates, whether the device cache is on, the
// semirings waiting for the background loader.
static void read_stats (gbgpu_stats_t *stats)
{
    gbgpu_stats_counters (stats) ;
    gbgpu_auto_report (stats) ;
    stats->device_cache_on = gbgpu_device_cache_on () ;
    stats->load_ahead_pending = gbgpu_load_ahead_pending () ;
}

GBGPU_EXPORT GrB_Info gbgpu_stats_get (gbgpu_stats_t *stats, size_t size)
{
    if (stats == NULL) return GrB_NULL_POINTER ;
    gbgpu_stats_t all ;
    read_stats (&all) ;
    memcpy (stats, &all, (size < sizeof (all)) ? size : sizeof (all)) ;
    return GrB_SUCCESS ;
}

GBGPU_EXPORT void gbgpu_stats_print (FILE *f)
{
    if (f == NULL) return ;     // no stream: nothing to print to (fprintf would crash)
    gbgpu_stats_t s ;
    read_stats (&s) ;
    fprintf (f, "gbgpu: %llu GrB_mxm calls, %llu on the GPU (%.3f s, %.3g products, "
        "%.3g MB to the device, %.3g MB back)\n",
        (unsigned long long) s.calls, (unsigned long long) s.gpu_calls,
        s.gpu_seconds, (double) s.products, s.bytes_to_device / 1e6, s.bytes_to_host / 1e6) ;
    fprintf (f, "gbgpu:   library: %s\n", gbgpu_graphblas_library ()) ;
    if (s.gpu_calls > 0)
        fprintf (f, "gbgpu:   GPU time: setup %.3f s, upload %.3f s, kernels %.3f s, "
            "download %.3f s, finish %.3f s\n", s.setup_seconds, s.upload_seconds,
            s.kernel_seconds, s.download_seconds, s.finish_seconds) ;
    if (s.download_touch_seconds > 0)
        fprintf (f, "gbgpu:   of the download: %.3f s touching fresh host arrays before the "
            "copies\n", s.download_touch_seconds) ;
    if (s.device_cache_hits > 0 || s.device_cache_misses > 0 || !s.device_cache_on)
        fprintf (f, "gbgpu:   device cache: %llu inputs found on the device (%.3g MB not "
            "uploaded), %llu uploaded, %llu copies evicted; %s\n",
            (unsigned long long) s.device_cache_hits, s.device_cache_bytes_saved / 1e6,
            (unsigned long long) s.device_cache_misses,
            (unsigned long long) s.device_cache_evictions, gbgpu_device_cache_state ()) ;
    if (s.results_in_C_arrays > 0)
        fprintf (f, "gbgpu:   results written into C's own arrays: %llu\n",
            (unsigned long long) s.results_in_C_arrays) ;
    if (s.row_block_calls > 0)
        fprintf (f, "gbgpu:   in row blocks: %llu calls, %llu blocks, %llu halved\n",
            (unsigned long long) s.row_block_calls, (unsigned long long) s.row_blocks,
            (unsigned long long) s.row_block_retries) ;
    if (s.device_out_of_memory > 0 || s.cuda_errors > 0)
        fprintf (f, "gbgpu:   device out of memory %llu times, %llu CUDA errors (%llu faults)%s\n",
            (unsigned long long) s.device_out_of_memory, (unsigned long long) s.cuda_errors,
            (unsigned long long) s.device_faults,
            gbgpu_device_broken () ? ": the device is not used any more" : "") ;
    if (s.split_calls > 0)
        fprintf (f, "gbgpu:   split over devices (GBGPU_DEVICES): %llu calls, %llu parts\n",
            (unsigned long long) s.split_calls, (unsigned long long) s.split_parts) ;
    if (s.loaded_ahead_semirings > 0 || s.load_ahead_pending > 0)
        fprintf (f, "gbgpu:   kernels loaded ahead: %llu semirings (%.3f s), %llu waiting\n",
            (unsigned long long) s.loaded_ahead_semirings, s.load_ahead_seconds,
            (unsigned long long) s.load_ahead_pending) ;
    if (s.masked_dot_calls > 0)
        fprintf (f, "gbgpu:   by masked dot products: %llu\n",
            (unsigned long long) s.masked_dot_calls) ;
    if (s.jit_compiles > 0 || s.jit_memory_hits > 0 || s.jit_disk_hits > 0)
        fprintf (f, "gbgpu:   run-time semirings: %llu compiled (%.3f s), %llu calls found "
            "theirs in memory, %llu read from the disk cache; GPU calls spent %.3f s getting "
            "their kernels\n",
            (unsigned long long) s.jit_compiles, s.jit_compile_seconds,
            (unsigned long long) s.jit_memory_hits, (unsigned long long) s.jit_disk_hits,
            s.jit_wait_seconds) ;
    if (s.model_gpu_calls > 0 || s.model_cpu_calls > 0)
    {
        fprintf (f, "gbgpu:   cost model (policy auto): %llu calls to the GPU, %llu kept on the "
            "CPU; the last predicted %.3g ms on the GPU, %.3g ms on the CPU\n",
            (unsigned long long) s.model_gpu_calls, (unsigned long long) s.model_cpu_calls,
            1e3 * s.model_last_gpu_seconds, 1e3 * s.model_last_cpu_seconds) ;
        fprintf (f, "gbgpu:   its rates (%s): up %.3g GB/s (cells %.3g GB/s), down %.3g GB/s, "
            "kernels %.3g products/s, CPU %.3g products/s; per call %.3g ms on the GPU, %.3g ms "
            "on the CPU\n", s.model_calibrated ? "calibrated at the device's start, then learned"
                                               : "priors, then learned",
            s.model_upload_rate / 1e9, s.model_cell_upload_rate / 1e9,
            s.model_download_rate / 1e9, s.model_kernel_rate,
            s.model_cpu_rate, 1e3 * s.model_gpu_call_seconds, 1e3 * s.model_cpu_call_seconds) ;
    }
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        if (s.delegated [r] == 0) continue ;
        fprintf (f, "gbgpu:   delegated (%s): %llu\n",
            gbgpu_reason_text (r), (unsigned long long) s.delegated [r]) ;
    }
}

GBGPU_EXPORT void gbgpu_stats_reset (void)
{
    gbgpu_stats_reset_counters () ;
}

GBGPU_EXPORT const char *gbgpu_delegate_reason_name (gbgpu_delegate_reason reason)
{
    return gbgpu_reason_text (reason) ;
}
