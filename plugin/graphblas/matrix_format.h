// plugin/graphblas/matrix_format.h: a matrix's format settings (by row or
// by column, sparsity control, switches), saved and put back (matrix_format.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_MATRIX_FORMAT_H
#define GBGPU_MATRIX_FORMAT_H

#include "graphblas/graphblas.h"

// What gbgpu_format_save keeps of X's settings.
typedef struct
{
    int32_t format, sparsity_control ;
    double hyper_switch, bitmap_switch ;
}
gbgpu_matrix_format ;

GrB_Info gbgpu_format_save (gbgpu_matrix_format *s, GrB_Matrix X) ;
// Puts them back; the sparsity control last, converting X's content to it.
GrB_Info gbgpu_format_restore (GrB_Matrix X, const gbgpu_matrix_format *s) ;

#endif
