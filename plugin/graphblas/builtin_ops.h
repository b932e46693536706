// plugin/graphblas/builtin_ops.h: the library's built-in operators and types
// as gbgpu's codes (builtin_ops.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_BUILTIN_OPS_H
#define GBGPU_BUILTIN_OPS_H

#include <stdbool.h>
#include "graphblas/graphblas.h"
#include "cuda/kernels/semiring_codes.h"

// What a built-in binary operator computes, and on which type.
typedef struct
{
    bool known ;
    int code ;          // a gbgpu_add when it is a monoid's op, a gbgpu_mult otherwise
    gbgpu_type type ;
}
gbgpu_builtin_op ;

// The library's built-in operator objects, looked up once it is found (hundreds of dlsym
// calls, a few tenths of a millisecond: gbgpu_start_device does it, so that
// a program's first GrB_mxm does not).
void gbgpu_builtin_ops_find (void) ;
gbgpu_builtin_op gbgpu_classify_add (GrB_BinaryOp op) ;
gbgpu_builtin_op gbgpu_classify_mult (GrB_BinaryOp op) ;
GrB_Type gbgpu_grb_type (gbgpu_type t) ;
bool gbgpu_type_code (GrB_Type type, gbgpu_type *t) ;
bool gbgpu_monoid_identity_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t) ;
bool gbgpu_monoid_terminal_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t) ;

#endif
