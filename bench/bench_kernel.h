// bench/bench_kernel.h: the "gbgpu kernel" column: A and B already on the device as
// CSR (gbgpu_cuda_upload, not timed), then gbgpu_cuda_spgemm (C complete on
// the device: its allocation and all workspace included) plus
// gbgpu_cuda_free_result timed; the download for the check is not timed.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_KERNEL_H
#define BENCH_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "bench_csr.h"
#include "bench_measure.h"
#include "bench_semiring.h"
#include "gbgpu_cuda.h"

// B may be A itself (C = A*A: uploaded once).  *peak_bytes: gbgpu's device
// memory peak over the column, inputs included (0 when nothing ran).
// breakdown (may be NULL): each run times every bin too (device events
// around each bin's kernels), and *breakdown gets the last run's profile;
// *have_breakdown says whether one ran.
void bench_kernel_column (bench_result *result, size_t *peak_bytes,
    const bench_csr *A, const bench_csr *B, const bench_semiring *semiring,
    int64_t products, bench_csr *reference, const bench_plan *plan,
    gbgpu_cuda_profile *breakdown, bool *have_breakdown) ;

#endif
