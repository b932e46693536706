// bench/bench_first_call.h: gbgpu-bench --first-call, a process's first GPU
// product of each semiring beside its tenth (bench_first_call.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_FIRST_CALL_H
#define BENCH_FIRST_CALL_H

#include <stdio.h>
#include "bench_inputs.h"

// For every input and semiring, two new processes (self): the kernels
// loaded ahead and not; a table on stdout and markdown (may be NULL).
// 0 when every call of every process ran on the GPU.
int bench_first_call_run (const bench_input *inputs, int count, const char *self,
    const char *context, FILE *markdown) ;

// --first-call-child SPEC: the process itself; lines on stdout.
int bench_first_call_child (const char *spec, const bench_semiring *s) ;

#endif
