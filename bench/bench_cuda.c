// bench/bench_cuda.c: the benchmark's own CUDA runtime calls, checked (see bench_cuda.h).
// SPDX-License-Identifier: Apache-2.0
//
// The device's clock and name, and --bus: the bus's pinned rate beside gbgpu's.

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

//------------------------------------------------------------------------------
// the bus (--bus)
//------------------------------------------------------------------------------

#define BUS_BYTES ((size_t) 256 << 20)
#define BUS_REPEATS 3

// The best rate of BUS_REPEATS copies of BUS_BYTES.
static bench_status best_rate (double *rate, void *to, const void *from,
    enum cudaMemcpyKind kind, char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    *rate = 0 ;
    for (int r = 0 ; r < BUS_REPEATS ; r++)
    {
        double start = wall_clock_seconds () ;
        BENCH_CUDA_TRY (cudaMemcpy (to, from, BUS_BYTES, kind)) ;
        double seconds = wall_clock_seconds () - start ;
        if (seconds > 0 && BUS_BYTES / seconds > *rate) *rate = BUS_BYTES / seconds ;
    }
done:
    return (status) ;
}

bench_status bench_bus_pinned (bench_bus_rates *pinned, char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    void *host = NULL, *device = NULL ;
    *pinned = (bench_bus_rates) { 0, 0 } ;
    BENCH_CUDA_TRY (cudaMallocHost (&host, BUS_BYTES)) ;
    BENCH_CUDA_TRY (cudaMalloc (&device, BUS_BYTES)) ;
    BENCH_CUDA_TRY (cudaMemset (device, 1, BUS_BYTES)) ;
    status = best_rate (&pinned->down, host, device, cudaMemcpyDeviceToHost, note, note_size) ;
    if (status == BENCH_OK)
        status = best_rate (&pinned->up, device, host, cudaMemcpyHostToDevice, note, note_size) ;
done:
    if (device != NULL) (void) cudaFree (device) ;
    if (host != NULL) (void) cudaFreeHost (host) ;
    return (status) ;
}

static double percent_of (double rate, double pinned)
{
    return (pinned > 0) ? 100 * rate / pinned : 0 ;
}

void bench_bus_print (FILE *f, const bench_bus_rates *pinned,
    const gbgpu_stats_t *before, const gbgpu_stats_t *after)
{
    const double up_bytes = (double) (after->bytes_to_device - before->bytes_to_device) ;
    const double down_bytes = (double) (after->bytes_to_host - before->bytes_to_host) ;
    const double up_seconds = after->upload_seconds - before->upload_seconds ;
    const double down_seconds = after->download_seconds - before->download_seconds ;
    const double touch_seconds = after->download_touch_seconds - before->download_touch_seconds ;
    const double copy_seconds = down_seconds - touch_seconds ;
    const double up = (up_seconds > 0) ? up_bytes / up_seconds : 0 ;
    const double down = (down_seconds > 0) ? down_bytes / down_seconds : 0 ;
    const double copy = (copy_seconds > 0) ? down_bytes / copy_seconds : 0 ;
    fprintf (f, "bus: pinned cudaMemcpy (256 MiB) up %.1f GB/s, down %.1f GB/s; gbgpu's "
        "GrB_mxm transfers up %.1f GB/s (%.0f%%, %.0f MB in %.3f s), down %.1f GB/s "
        "(%.0f%%, %.0f MB in %.3f s; the copies alone %.1f GB/s, %.0f%%, after %.3f s "
        "touching fresh host arrays)\n", pinned->up / 1e9,
        pinned->down / 1e9, up / 1e9, percent_of (up, pinned->up), up_bytes / 1e6, up_seconds,
        down / 1e9, percent_of (down, pinned->down), down_bytes / 1e6, down_seconds,
        copy / 1e9, percent_of (copy, pinned->down), touch_seconds) ;
}
