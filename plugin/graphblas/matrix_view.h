// plugin/graphblas/matrix_view.h: a read-only view of a matrix's arrays
// (matrix_view.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_MATRIX_VIEW_H
#define GBGPU_MATRIX_VIEW_H

#include <stdbool.h>
#include "graphblas/graphblas.h"

// The arrays as the library holds them: for a sparse matrix, CSR of X when
// held by row (CSC of X, i.e. CSR of X', by column), with 64-bit indices.
typedef struct
{
    GxB_Iterator iterator ;     // attached to X while the view is open
    GrB_Type type ;
    int sparsity ;              // GxB_SPARSE, GxB_HYPERSPARSE, GxB_BITMAP, GxB_FULL
    bool by_col, iso ;
    int64_t vectors ;           // rows of X by row, columns by column
    int64_t vector_length ;     // the other dimension
    int64_t nvals ;             // entries, when sparse
    const int64_t *p, *i ;      // sparse: vectors+1 pointers, nvals indices
    const int8_t *b ;           // bitmap: vectors * vector_length bytes,
                                // nonzero where an entry is present
    const void *x ;             // values (one if iso; a cell each in a
                                // bitmap or full matrix)
}
gbgpu_matrix_view ;

// Opens a view of X (finishing X's pending work first, as any read does);
// X must stay unchanged until gbgpu_view_close.  GrB_NOT_IMPLEMENTED when
// the library's iterator is not laid out as gbgpu's header says.
GrB_Info gbgpu_view_open (gbgpu_matrix_view *v, GrB_Matrix X) ;
// Whether an iterator of `header_size` bytes is laid out as the header says.
bool gbgpu_view_layout_matches (size_t header_size) ;
void gbgpu_view_close (gbgpu_matrix_view *v) ;

#endif
