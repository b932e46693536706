// bench/bench_jit.h: gbgpu-bench --jit: how soon a new semiring runs on the GPU (bench_jit.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_JIT_H
#define BENCH_JIT_H

#include <stdio.h>

// The table of N semirings (stdout, and markdown unless NULL); self: this
// program's path, run again for the disk hits.  0 when every semiring
// reached the GPU, compiled both sets and was read from the disk.  Call
// with GBGPU_JIT_CACHE set to an empty folder and the GPU forced.
int bench_jit_run (int n, const char *self, const char *context, FILE *markdown) ;

// The child of that run (--jit-disk-child N).
int bench_jit_disk_child (int n) ;

#endif
