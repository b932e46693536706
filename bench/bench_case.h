// bench/bench_case.h: one input, one row: load it, typecast it to the semiring's
// type, make B (A itself when square, else A'), count the work, then run the
// columns: SuiteSparse CPU first (its result is the reference every other
// column is checked against), then gbgpu's kernel, gbgpu end to end, and
// cuSPARSE.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_CASE_H
#define BENCH_CASE_H

#include <stdbool.h>
#include "bench_inputs.h"
#include "bench_options.h"
#include "bench_table.h"

void bench_case_run (bench_row *row, const bench_input *input,
    const bench_options *o, bool device_present) ;

// input typecast to the semiring's type as *A, and *B: *A itself when A is
// square, else A' (bench_first_call.c too); on failure *failed_call names
// the call that failed, and what was made is left for the caller to free
// (*B may be *A).
GrB_Info bench_typed_operands (GrB_Matrix *A, GrB_Matrix *B, GrB_Matrix input,
    const bench_semiring *s, const char **failed_call) ;

#endif
