// examples/common/wall_clock.h: seconds on a monotonic clock, for the programs' timings.
// SPDX-License-Identifier: Apache-2.0

#ifndef WALL_CLOCK_H
#define WALL_CLOCK_H

#include <time.h>

static inline double wall_clock_seconds (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return ((double) t.tv_sec + 1e-9 * (double) t.tv_nsec) ;
}

#endif
