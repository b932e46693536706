// bench/cusparse_baseline_absent.c: the cuSPARSE column of a build without cuSPARSE.
// SPDX-License-Identifier: Apache-2.0

#include "cusparse_baseline.h"

void cusparse_baseline_column (bench_result *result, const bench_csr *A,
    const bench_csr *B, const bench_semiring *semiring, bench_csr *reference,
    const bench_plan *plan)
{
    (void) A ; (void) B ; (void) reference ; (void) plan ;
    if (semiring->cusparse)
    {
        bench_result_set (result, BENCH_NOT_RUN, "cuSPARSE not found at build time") ;
    }
    else
    {
        bench_result_set (result, BENCH_NOT_RUN, "%s", "") ;
    }
}
