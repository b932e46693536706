// plugin/graphblas/operand.h: one input of a product, op(X) of a GraphBLAS
// matrix, as the kernels read it.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_OPERAND_H
#define GBGPU_OPERAND_H

#include <stdbool.h>
#include "graphblas/graphblas.h"

// One input of the product as the kernels see it: op(X) in CSR, its values in
// `type` when they are read at all.
typedef struct
{
    GrB_Matrix matrix ;
    bool transpose ;        // op(X) = X'
    bool values_needed ;
    GrB_Type type ;         // the type the kernel reads the values in
    GrB_Index nrows, ncols ;// of op(X)
}
gbgpu_operand ;

#endif
