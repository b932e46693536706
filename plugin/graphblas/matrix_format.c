// plugin/graphblas/matrix_format.c: a matrix's format settings, kept across a
// pack of new content into it.
// SPDX-License-Identifier: Apache-2.0
//
// GxB_Matrix_pack_CSR gives the matrix the library's default settings (its
// sparsity control becomes auto, its hyper switch the default), while the
// library's own GrB_mxm leaves C's settings as the user set them and stores
// the result as they ask (a C limited to bitmap or full comes back bitmap or
// full).  So a result packed straight into C gets C's settings back, and
// setting the sparsity control converts the content as the library would.

#include "graphblas/matrix_format.h"

GrB_Info gbgpu_format_save (gbgpu_matrix_format *s, GrB_Matrix X)
{
    GrB_Info info = GxB_Matrix_Option_get_INT32 (X, GxB_FORMAT, &s->format) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_get_INT32 (X, GxB_SPARSITY_CONTROL, &s->sparsity_control) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_get_FP64 (X, GxB_HYPER_SWITCH, &s->hyper_switch) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_get_FP64 (X, GxB_BITMAP_SWITCH, &s->bitmap_switch) ;
    return info ;
}

GrB_Info gbgpu_format_restore (GrB_Matrix X, const gbgpu_matrix_format *s)
{
    GrB_Info info = GxB_Matrix_Option_set_INT32 (X, GxB_FORMAT, s->format) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_FP64 (X, GxB_HYPER_SWITCH, s->hyper_switch) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_FP64 (X, GxB_BITMAP_SWITCH, s->bitmap_switch) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_Option_set_INT32 (X, GxB_SPARSITY_CONTROL, s->sparsity_control) ;
    return info ;
}
