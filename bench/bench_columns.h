// bench/bench_columns.h: the table's timed columns, one function per method.
// SPDX-License-Identifier: Apache-2.0
//
// Each method computes C, timed and checked by bench_measure; the kernel
// column also has its breakdown, printed under its row.
//
//   gbgpu kernel   bench_kernel.c: gbgpu's kernel-level SpGEMM, inputs and C
//                  on the device
//   e2e, cpu       bench_mxm.c: GrB_mxm under gbgpu's policy gpu or cpu
//   cusparse       cusparse_baseline.c: cuSPARSE's SpGEMM

#ifndef BENCH_COLUMNS_H
#define BENCH_COLUMNS_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bench_csr.h"
#include "bench_measure.h"
#include "bench_table.h"
#include "gbgpu.h"
#include "gbgpu_cuda.h"

//------------------------------------------------------------------------------
// the "gbgpu kernel" column (bench_kernel.c)
//------------------------------------------------------------------------------

// A and B already on the device as CSR (gbgpu_cuda_upload, not timed), then
// gbgpu_cuda_spgemm (C complete on the device: its allocation and all
// workspace included) plus gbgpu_cuda_free_result timed; the download for
// the check is not timed.
//
// B may be A itself (C = A*A: uploaded once).  *peak_bytes: gbgpu's device
// memory peak over the column, inputs included (0 when nothing ran).
// breakdown (may be NULL): each run times every bin too (device events
// around each bin's kernels), and *breakdown gets the last run's profile;
// *have_breakdown says whether one ran.
void bench_kernel_column (bench_result *result, size_t *peak_bytes,
    const bench_csr *A, const bench_csr *B, const bench_semiring *semiring,
    int64_t products, bench_csr *reference, const bench_plan *plan,
    gbgpu_cuda_profile *breakdown, bool *have_breakdown) ;

// gbgpu-bench --breakdown: where one input's kernel time went, printed under
// its table row: the time of each phase, then per bin of rows (the
// accumulator the rows got) how many rows and how many milliseconds in the
// symbolic and the numeric phase, and the device memory peak.  Figures of
// the last timed run (device events; bins with no rows in either phase are
// left out).
void bench_breakdown_print (FILE *f, const bench_row *row) ;

//------------------------------------------------------------------------------
// the GrB_mxm columns (bench_mxm.c)
//------------------------------------------------------------------------------

// Host GrB_Matrix in, host GrB_Matrix out, through GrB_mxm (libgbgpu's,
// linked first) with gbgpu's policy set to
//   GBGPU_POLICY_CPU: SuiteSparse:GraphBLAS on all cores ("SuiteSparse CPU");
//   GBGPU_POLICY_GPU: gbgpu end to end, transfers and conversions included.
// A GPU run that gbgpu handed to SuiteSparse is reported as such ("cpu"),
// never timed as a GPU run.
void bench_mxm_column (bench_result *result, GrB_Matrix A, GrB_Matrix B,
    const bench_semiring *semiring, gbgpu_policy policy, bench_csr *reference,
    const bench_plan *plan) ;

// The same for C<M> = A*B under a descriptor (M and desc may be NULL): C is a
// new matrix of M's shape each run, so replace and complement mean what they
// mean on an empty C (gbgpu-bench --graph-suite: triangle and BFS products).
void bench_masked_mxm_column (bench_result *result, GrB_Matrix M, GrB_Matrix A,
    GrB_Matrix B, GrB_Descriptor desc, const bench_semiring *semiring,
    gbgpu_policy policy, bench_csr *reference, const bench_plan *plan) ;

//------------------------------------------------------------------------------
// the vendor baseline column (cusparse_baseline.c)
//------------------------------------------------------------------------------

// cuSPARSE's generic SpGEMM (cusparseSpGEMM_workEstimation / compute / copy)
// with CUSPARSE_SPGEMM_ALG1, or ALG3 and its chunked memory estimate when
// ALG1 runs out of memory; 32-bit indices; PLUS_TIMES over FP64 or FP32
// only.  The inputs are on the device already; the whole sequence is timed
// (descriptors, work buffers and C's allocation, and freeing C), the
// download for the check is not.  Any failure reads "fail", with the reason
// in the note; other semirings "-".  A build without cuSPARSE (CMake did not
// find it) has a column that only says so.
void cusparse_baseline_column (bench_result *result, const bench_csr *A,
    const bench_csr *B, const bench_semiring *semiring, bench_csr *reference,
    const bench_plan *plan) ;

#endif
