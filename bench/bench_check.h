// bench/bench_check.h: is a result the CPU's result?  The pattern must be exactly
// the same; values equal for BOOL and INT64, and within the semiring's
// tolerance for FP32/FP64 (the summation order differs between methods).
// A time only counts when its result passed.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_CHECK_H
#define BENCH_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include "bench_csr.h"
#include "bench_semiring.h"

// True when result matches reference; otherwise why, in note.
bool bench_check (const bench_csr *reference, const bench_csr *result,
    const bench_semiring *semiring, char *note, size_t note_size) ;

#endif
