// plugin/core/stats.h: the counters every call updates (stats.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_STATS_H
#define GBGPU_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include "gbgpu.h"
#include "cuda/gbgpu_cuda.h"

void gbgpu_count_call (void) ;
void gbgpu_count_delegated (gbgpu_delegate_reason reason) ;
void gbgpu_count_gpu (double seconds, uint64_t products) ;
void gbgpu_count_masked_dot (void) ;
void gbgpu_count_result_in_C_arrays (void) ;
void gbgpu_count_download_touch (double seconds) ;
// A decision of policy auto's cost model, with its predicted times.
void gbgpu_count_model_decision (bool gpu, double predicted_gpu, double predicted_cpu) ;
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
void gbgpu_count_jit_wait (double seconds) ;     // a GPU call getting its kernels
void gbgpu_count_jit_hit (bool from_disk) ;
void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host) ;
void gbgpu_count_row_blocks (uint64_t blocks, uint64_t retries) ;
void gbgpu_count_split (uint64_t parts) ;        // a call split over this many devices
void gbgpu_count_load_ahead (double seconds) ;   // a semiring's kernels loaded ahead
// The device cache's lookups, the bytes its hits saved, its evictions.
void gbgpu_count_device_cache (uint64_t hits, uint64_t misses, uint64_t bytes_saved,
    uint64_t evictions) ;
// Counts a device failure by kind; a fault also marks the device broken.
void gbgpu_count_cuda_status (gbgpu_cuda_status status) ;

// The counters into *stats (the other fields zero): api/stats.c adds the
// cost model's rates and the device cache's state.
void gbgpu_stats_counters (gbgpu_stats_t *stats) ;
void gbgpu_stats_reset_counters (void) ;
// A delegation reason in words ("unknown" when it is none).
const char *gbgpu_reason_text (gbgpu_delegate_reason reason) ;

#endif
