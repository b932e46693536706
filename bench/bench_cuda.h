// bench/bench_cuda.h: the benchmark's own CUDA runtime calls, each checked.
// SPDX-License-Identifier: Apache-2.0
//
// The device clock, the cuSPARSE baseline's memory, the bus's pinned rate:
// a failing call becomes a bench_status and a note naming the call, never a
// crash.  And --bus: the host <-> device rates gbgpu's transfers reach,
// beside the pinned rate of the same machine (issue 17's goal: transfers at
// 80% or more of it).

#ifndef BENCH_CUDA_H
#define BENCH_CUDA_H

#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdio.h>
#include "bench_measure.h"
#include "gbgpu_optional.h"

// The status for CUDA error `error` from `call`, described in note.
bench_status bench_cuda_failure (cudaError_t error, const char *call,
    char *note, size_t note_size) ;

// Run a CUDA runtime call; on failure set `status` and `note` (of
// `note_size` bytes) and jump to the function's `done:` label.
#define BENCH_CUDA_TRY(call)                                                \
    do {                                                                    \
        cudaError_t bench_error_ = (call) ;                                 \
        if (bench_error_ != cudaSuccess)                                    \
        {                                                                   \
            status = bench_cuda_failure (bench_error_, #call, note,         \
                note_size) ;                                                \
            goto done ;                                                     \
        }                                                                   \
    } while (0)

// Wait for all work on the device, then read the wall clock (seconds): the
// difference of two such readings is the device time of what ran between.
bench_status bench_device_clock (double *seconds, char *note, size_t note_size) ;

// The name of CUDA device `device`, or why there is none, in name.
void bench_device_name (int device, char *name, size_t size) ;

//------------------------------------------------------------------------------
// the bus (--bus)
//------------------------------------------------------------------------------

typedef struct
{
    double up, down ;           // bytes/s, cudaMemcpy from and to pinned memory
}
bench_bus_rates ;

// The best of a few 256 MiB copies each way between pinned host memory and
// the device: the bus's own rate.
bench_status bench_bus_pinned (bench_bus_rates *pinned, char *note, size_t note_size) ;

// gbgpu's GrB_mxm calls between two readings of its stats: bytes each way
// over the time of the uploads and downloads (as the stats count them:
// views, host copies and staging included), beside the pinned rate.
void bench_bus_print (FILE *f, const bench_bus_rates *pinned,
    const gbgpu_stats_t *before, const gbgpu_stats_t *after) ;

#endif
