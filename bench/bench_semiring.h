// bench/bench_semiring.h: the semirings gbgpu-bench can time, each under the three
// names it has: the GraphBLAS object (for GrB_mxm), the gbgpu code (for the
// kernel-level API) and the value type both sides compute in.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_SEMIRING_H
#define BENCH_SEMIRING_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include "kernels/semiring_codes.h"

typedef enum
{
    BENCH_VALUES_BOOL, BENCH_VALUES_INT64, BENCH_VALUES_FP32, BENCH_VALUES_FP64
}
bench_value_kind ;

typedef struct
{
    const char *name ;              // as given to --semiring
    GrB_Semiring *semiring ;        // the GraphBLAS global, e.g. &GxB_ANY_PAIR_BOOL
    GrB_Type *type ;                // inputs are typecast to it, C has it
    GrB_UnaryOp *identity ;         // the typecast: C = identity (A)
    gbgpu_semiring code ;
    bench_value_kind kind ;
    // A floating-point result passes when |x - ref| <= rtol*|ref| + atol*max|ref|
    double rtol, atol ;
    bool cusparse ;                 // PLUS_TIMES: cuSPARSE's SpGEMM computes it too
}
bench_semiring ;

// The semiring of that name, or NULL.
const bench_semiring *bench_semiring_named (const char *name) ;

// "plus_times_fp64|plus_times_fp32|...", for the usage message.
extern const char bench_semiring_names [] ;

#endif
