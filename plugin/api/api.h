// plugin/api/api.h: what the entry points share with the rest of the plugin:
// the library's own functions, options, stats and GraphBLAS's allocator.
// SPDX-License-Identifier: Apache-2.0
//
// Every plugin file includes it: from here on, the GraphBLAS names of
// api/library_symbols.h are the program's library's (library_redirect.h).

#ifndef GBGPU_API_H
#define GBGPU_API_H

#include <stdbool.h>
#include "gbgpu.h"
#include "cuda/gbgpu_cuda.h"
#include "api/environment.h"
#include "api/fork.h"
#include "api/library.h"
#include "library_redirect.h"

//------------------------------------------------------------------------------
// start and end (lifecycle.c)
//------------------------------------------------------------------------------

// Reads the environment once; thread-safe.
void gbgpu_ensure_initialized (void) ;

//------------------------------------------------------------------------------
// options and the device's state (options.c)
//------------------------------------------------------------------------------

// At initialization: the options as the environment sets them
// (environment.c), the CUDA layer's knobs.
void gbgpu_options_from_environment (void) ;

gbgpu_policy gbgpu_current_policy (void) ;
int64_t gbgpu_current_min_work (void) ;
int gbgpu_current_device (void) ;                // the GBGPU_DEVICE option
bool gbgpu_zero_copy_enabled (void) ;
bool gbgpu_jit_enabled (void) ;                  // the GBGPU_JIT option
bool gbgpu_device_cache_enabled (void) ;         // the GBGPU_DEVICE_CACHE option
bool gbgpu_printing_stats (void) ;               // the GBGPU_PRINT_STATS option
bool gbgpu_huge_pages_enabled (void) ;           // knob GBGPU_XFER_HUGEPAGES
bool gbgpu_model_trace_enabled (void) ;          // knob GBGPU_MODEL_TRACE
gbgpu_masked_dot_choice gbgpu_forced_masked_dot (void) ;   // knob GBGPU_MASKED_DOT
bool gbgpu_device_ready (void) ;                 // device present, not broken
                                                 // (counted at the first ask)
bool gbgpu_device_broken (void) ;                // a fault corrupted its context
void gbgpu_mark_device_broken (void) ;

//------------------------------------------------------------------------------
// stats (stats.c)
//------------------------------------------------------------------------------

void gbgpu_count_call (void) ;
void gbgpu_count_delegated (gbgpu_delegate_reason reason) ;
void gbgpu_count_gpu (double seconds, uint64_t products) ;
void gbgpu_count_masked_dot (void) ;
void gbgpu_count_result_in_C_arrays (void) ;
void gbgpu_count_download_touch (double seconds) ;
// A decision of policy auto's cost model, with its predicted times.
void gbgpu_count_model_decision (bool gpu, double predicted_gpu, double predicted_cpu) ;
// The model's current rates into the stats (plan/auto_policy.c).
void gbgpu_auto_report (gbgpu_stats_t *stats) ;
// The parts of a GPU call, timed where they happen.
typedef enum
{
    GBGPU_PART_SETUP, GBGPU_PART_UPLOAD, GBGPU_PART_KERNEL, GBGPU_PART_DOWNLOAD,
    GBGPU_PART_FINISH, GBGPU_PARTS
}
gbgpu_part ;
void gbgpu_count_part (gbgpu_part part, double seconds) ;
double gbgpu_seconds_now (void) ;                // a monotonic clock
void gbgpu_count_jit_compile (double seconds) ;
void gbgpu_count_jit_hit (bool from_disk) ;
void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host) ;
void gbgpu_count_row_blocks (uint64_t blocks, uint64_t retries) ;
// The device cache's lookups, the bytes its hits saved, its evictions.
void gbgpu_count_device_cache (uint64_t hits, uint64_t misses, uint64_t bytes_saved,
    uint64_t evictions) ;
// Counts a device failure by kind; a fault also marks the device broken.
void gbgpu_count_cuda_status (gbgpu_cuda_status status) ;

//------------------------------------------------------------------------------
// host memory that GraphBLAS will own (allocator.c)
//------------------------------------------------------------------------------

// Whether GraphBLAS was started through gbgpu (GrB_init or GxB_init), so that
// the functions below allocate as GraphBLAS frees; when not, gbgpu must hand
// GraphBLAS no array of its own and free none of GraphBLAS's.
bool gbgpu_host_allocator_known (void) ;
void *gbgpu_host_malloc (size_t size) ;
// NULL on failure, p still allocated then
void *gbgpu_host_realloc (void *p, size_t old_size, size_t size) ;
void gbgpu_host_free (void *p) ;


#endif
