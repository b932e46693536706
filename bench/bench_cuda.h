// bench/bench_cuda.h: the benchmark's own CUDA runtime calls (device clock, the
// cuSPARSE baseline's memory), each checked: a failing call becomes a
// bench_status and a note naming the call, never a crash.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_CUDA_H
#define BENCH_CUDA_H

#include <cuda_runtime_api.h>
#include <stddef.h>
#include "bench_measure.h"

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

#endif
