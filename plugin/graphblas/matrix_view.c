// plugin/graphblas/matrix_view.c: a read-only view of a GrB_Matrix's own arrays,
// through the library's public iterator, for uploads that copy nothing on
// the host and take nothing from the user.
// SPDX-License-Identifier: Apache-2.0
//
// SuiteSparse:GraphBLAS 7.4 defines its GxB_Iterator struct in GraphBLAS.h
// (for its inlined iterator macros): attaching one to a matrix records const
// pointers to the matrix's arrays (Ap, Ah, Ab, Ai, Ax), its sparsity, its
// orientation and whether it is iso.  Attaching reads the matrix and changes
// nothing in it (it finishes pending work first, as any read does; a matrix
// that several threads share has none), so the view is safe while other
// threads read the same matrix, which the C API allows.  Lending the arrays
// out instead (GxB_Matrix_unpack_CSR, then pack back) made the matrix look
// empty to those threads, and crashed the library in some of them.
//
// The struct is read as laid out in the header gbgpu was built with, while
// the library in use may be a later release of the same major version: the
// iterator records its own size (header_size, set by GxB_Iterator_new), and
// a size other than the header's means another layout, so no view is made
// (the caller reads a private copy instead: run/upload.c).

#include "graphblas/matrix_view.h"

bool gbgpu_view_layout_matches (size_t header_size)
{
    return header_size == sizeof (struct GB_Iterator_opaque) ;
}

GrB_Info gbgpu_view_open (gbgpu_matrix_view *v, GrB_Matrix X)
{
    v->iterator = NULL ;
    GrB_Info info = GxB_Iterator_new (&v->iterator) ;
    if (info == GrB_SUCCESS && !gbgpu_view_layout_matches (v->iterator->header_size))
        info = GrB_NOT_IMPLEMENTED ;
    // an entry iterator: it attaches to either orientation
    if (info == GrB_SUCCESS) info = GxB_Matrix_Iterator_attach (v->iterator, X, NULL) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_type (&v->type, X) ;
    if (info != GrB_SUCCESS)
    {
        gbgpu_view_close (v) ;
        return info ;
    }
    const struct GB_Iterator_opaque *it = v->iterator ;
    v->sparsity = it->A_sparsity ;
    v->by_col = it->by_col ;
    v->iso = it->iso ;
    v->vectors = it->avdim ;
    v->vector_length = it->avlen ;
    v->b = it->Ab ;
    v->p = it->Ap ;
    v->i = it->Ai ;
    v->x = it->Ax ;
    v->nvals = (v->sparsity == GxB_SPARSE && it->Ap != NULL) ? it->Ap [it->avdim] : 0 ;
    return GrB_SUCCESS ;
}

void gbgpu_view_close (gbgpu_matrix_view *v)
{
    if (v->iterator != NULL) (void) GxB_Iterator_free (&v->iterator) ;
    v->iterator = NULL ;
}
