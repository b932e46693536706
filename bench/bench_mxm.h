// bench/bench_mxm.h: the GrB_mxm columns: host GrB_Matrix in, host GrB_Matrix out,
// through GrB_mxm (libgbgpu's, linked first) with gbgpu's policy set to
//   GBGPU_POLICY_CPU: SuiteSparse:GraphBLAS on all cores ("SuiteSparse CPU");
//   GBGPU_POLICY_GPU: gbgpu end to end, transfers and conversions included.
// A GPU run that gbgpu handed to SuiteSparse is reported as such ("cpu"),
// never timed as a GPU run.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_MXM_H
#define BENCH_MXM_H

#include <GraphBLAS.h>
#include "bench_csr.h"
#include "bench_measure.h"
#include "bench_semiring.h"
#include "gbgpu.h"

void bench_mxm_column (bench_result *result, GrB_Matrix A, GrB_Matrix B,
    const bench_semiring *semiring, gbgpu_policy policy, bench_csr *reference,
    const bench_plan *plan) ;

// The same for C<M> = A*B under a descriptor (M and desc may be NULL): C is a
// new matrix of M's shape each run, so replace and complement mean what they
// mean on an empty C (gbgpu-bench --graph-suite: triangle and BFS products).
void bench_masked_mxm_column (bench_result *result, GrB_Matrix M, GrB_Matrix A,
    GrB_Matrix B, GrB_Descriptor desc, const bench_semiring *semiring,
    gbgpu_policy policy, bench_csr *reference, const bench_plan *plan) ;

#endif
