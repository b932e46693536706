// bench/bench_semiring.c: the table of semirings gbgpu-bench knows.
// SPDX-License-Identifier: Apache-2.0

#include <string.h>
#include "bench_semiring.h"

#define CODE(ADD, MULT, TYPE) \
    { GBGPU_ADD_ ## ADD, GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE }

static const bench_semiring semirings [] =
{
    { "plus_times_fp64", &GrB_PLUS_TIMES_SEMIRING_FP64, &GrB_FP64,
      &GrB_IDENTITY_FP64, CODE (PLUS, TIMES, FP64), BENCH_VALUES_FP64,
      1e-9, 1e-12, true },
    { "plus_times_fp32", &GrB_PLUS_TIMES_SEMIRING_FP32, &GrB_FP32,
      &GrB_IDENTITY_FP32, CODE (PLUS, TIMES, FP32), BENCH_VALUES_FP32,
      1e-4, 1e-6, true },
    { "any_pair_bool", &GxB_ANY_PAIR_BOOL, &GrB_BOOL,
      &GrB_IDENTITY_BOOL, CODE (ANY, PAIR, BOOL), BENCH_VALUES_BOOL,
      0, 0, false },
    { "plus_pair_int64", &GxB_PLUS_PAIR_INT64, &GrB_INT64,
      &GrB_IDENTITY_INT64, CODE (PLUS, PAIR, INT64), BENCH_VALUES_INT64,
      0, 0, false },
    { "min_plus_fp64", &GrB_MIN_PLUS_SEMIRING_FP64, &GrB_FP64,
      &GrB_IDENTITY_FP64, CODE (MIN, PLUS, FP64), BENCH_VALUES_FP64,
      1e-12, 1e-14, false },
} ;

const char bench_semiring_names [] =
    "plus_times_fp64|plus_times_fp32|any_pair_bool|plus_pair_int64|min_plus_fp64" ;

const bench_semiring *bench_semiring_named (const char *name)
{
    for (size_t k = 0 ; k < sizeof (semirings) / sizeof (semirings [0]) ; k++)
    {
        if (strcmp (semirings [k].name, name) == 0) return (&semirings [k]) ;
    }
    return (NULL) ;
}
