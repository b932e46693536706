// bench/cusparse_baseline.h: the vendor baseline column: cuSPARSE's generic SpGEMM
// (cusparseSpGEMM_workEstimation / compute / copy) with CUSPARSE_SPGEMM_ALG1,
// or ALG3 and its chunked memory estimate when ALG1 runs out of memory;
// 32-bit indices; PLUS_TIMES over FP64 or FP32 only.  The inputs are on the
// device already; the whole sequence is timed (descriptors, work buffers and
// C's allocation, and freeing C), the download for the check is not.
// SPDX-License-Identifier: Apache-2.0
//
// Built from cusparse_baseline.c when CMake finds cuSPARSE, otherwise from
// cusparse_baseline_absent.c, whose column only says so.

#ifndef CUSPARSE_BASELINE_H
#define CUSPARSE_BASELINE_H

#include "bench_csr.h"
#include "bench_measure.h"
#include "bench_semiring.h"

// Any failure reads "fail", with the reason in the note; other semirings "-".
void cusparse_baseline_column (bench_result *result, const bench_csr *A,
    const bench_csr *B, const bench_semiring *semiring, bench_csr *reference,
    const bench_plan *plan) ;

#endif
