// bench/bench_breakdown.h: gbgpu-bench --breakdown: where one input's kernel time
// went, printed under its table row: the time of each phase, then per bin of
// rows (the accumulator the rows got) how many rows and how many
// milliseconds in the symbolic and the numeric phase, and the device memory
// peak.  Figures of the last timed run (device events; bins with no rows in
// either phase are left out).
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_BREAKDOWN_H
#define BENCH_BREAKDOWN_H

#include <stdio.h>
#include "bench_table.h"

void bench_breakdown_print (FILE *f, const bench_row *row) ;

#endif
