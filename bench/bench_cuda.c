// bench/bench_cuda.c: checked CUDA runtime helpers of the benchmark.
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include "bench_cuda.h"
#include "wall_clock.h"

bench_status bench_cuda_failure (cudaError_t error, const char *call,
    char *note, size_t note_size)
{
    snprintf (note, note_size, "%s: %s", call, cudaGetErrorString (error)) ;
    if (error == cudaErrorMemoryAllocation)
    {
        cudaGetLastError () ;   // not sticky: clear it for the calls to come
        return (BENCH_OUT_OF_MEMORY) ;
    }
    return (BENCH_FAILED) ;
}

bench_status bench_device_clock (double *seconds, char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    BENCH_CUDA_TRY (cudaDeviceSynchronize ()) ;
    *seconds = wall_clock_seconds () ;
done:
    return (status) ;
}

void bench_device_name (int device, char *name, size_t size)
{
    struct cudaDeviceProp properties ;
    cudaError_t error = cudaGetDeviceProperties (&properties, device) ;
    if (error == cudaSuccess)
    {
        snprintf (name, size, "%s (%.0f GiB)", properties.name,
            (double) properties.totalGlobalMem / (1024.0 * 1024 * 1024)) ;
    }
    else
    {
        snprintf (name, size, "no CUDA device (%s)", cudaGetErrorString (error)) ;
    }
}
