// bench/bench_bus.h: the host <-> device rates gbgpu's transfers reach, beside
// the pinned rate of the same machine (--bus; issue 17's goal: transfers at
// 80% or more of the pinned rate).
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_BUS_H
#define BENCH_BUS_H

#include <stdio.h>
#include "gbgpu_optional.h"
#include "bench_measure.h"

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
