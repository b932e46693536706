// tests/checks/modifiers_sample.h: GraphBLAS-like declarations, at least one
// of each class that plugin/cache/modifiers.cmake gives a function
// (modifiers_sample.expected), read with the rules of
// plugin/cache/modifiers.txt and modifiers_sample.txt.
// SPDX-License-Identifier: Apache-2.0
//
// The generator only preprocesses this header, so no type needs a definition.

#define GB_PUBLIC extern

// Skipped: a typedef, a static inline function, a name outside GraphBLAS
typedef GrB_Info (*GxB_sample_callback) (GrB_Matrix C) ;
static inline GrB_Info GB_sample_inline (GrB_Matrix C) { return (GrB_SUCCESS) ; }
GrB_Info sample_not_graphblas (GrB_Matrix C) ;

// not_modifier: every matrix const, or none (the library marker; an interposed constructor)
GB_PUBLIC GrB_Info GrB_Matrix_nvals (GrB_Index *nvals, const GrB_Matrix A) ;
GrB_Info GrB_Type_new (GrB_Type *type, size_t sizeof_ctype) ;
GrB_Info GrB_Matrix_extractElement_FP64 (double *x, const GrB_Matrix A, GrB_Index i,
    GrB_Index j) ;

// wrapped: a matrix, vector or scalar the call may change, named or not
// (a const array of handles is not forgotten)
GrB_Info GrB_Matrix_eWiseAdd_BinaryOp (GrB_Matrix C, const GrB_Matrix Mask,
    const GrB_BinaryOp accum, const GrB_BinaryOp op, const GrB_Matrix A,
    const GrB_Matrix B, const GrB_Descriptor desc) ;
GrB_Info GxB_Vector_diag (GrB_Vector v, const GrB_Matrix A, int64_t k, const GrB_Descriptor desc) ;
GrB_Info GrB_Scalar_setElement_FP64 (GrB_Scalar, double) ;
GrB_Info GxB_Matrix_sample_unnamed (GrB_Matrix, struct GB_Context_opaque *, GrB_Vector) ;
GrB_Info GxB_Matrix_concat (GrB_Matrix C, const GrB_Matrix *Tiles, const GrB_Index m,
    const GrB_Index n, const GrB_Descriptor desc) ;

// wrapped, with a handle the call makes or takes
GrB_Info GrB_Matrix_new (GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols) ;
GrB_Info GxB_Matrix_import_CSR (GrB_Matrix *A, GrB_Type type, GrB_Index nrows,
    GrB_Index ncols, GrB_Index **Ap, GrB_Index **Aj, void **Ax, GrB_Index Ap_size,
    GrB_Index Aj_size, GrB_Index Ax_size, bool iso, bool jumbled, const GrB_Descriptor desc) ;
GrB_Info GrB_Matrix_free (GrB_Matrix *A) ;
GrB_Info GxB_pack_HyperHash (GrB_Matrix A, GrB_Matrix *Y, const GrB_Descriptor desc) ;

// self_forgetting: interposed, it forgets C itself
GrB_Info GrB_mxm (GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc) ;

// content_kept: settings (variadic too), pending work, reads
GrB_Info GxB_Matrix_Option_set (GrB_Matrix A, GxB_Option_Field field, ...) ;
GrB_Info GrB_Matrix_wait (GrB_Matrix A, GrB_WaitMode waitmode) ;
GrB_Info GB_Iterator_attach (GxB_Iterator iterator, GrB_Matrix A, GxB_Format_Value format,
    GrB_Descriptor desc) ;

// errors: a variadic modifier, a handle no rule explains, a function pointer,
// an array, a handle to a handle, another return type, the library marker
GrB_Info GxB_Matrix_sample_variadic (GrB_Matrix A, ...) ;
GrB_Info GxB_Matrix_sample_swap (GrB_Matrix *A, GrB_Matrix *B) ;
GrB_Info GxB_Matrix_sample_callback (GrB_Matrix C, void (*f) (void *, const void *)) ;
GrB_Info GxB_Matrix_sample_array (GrB_Matrix C, const GrB_Index I [ ]) ;
GrB_Info GxB_Matrix_sample_handles (GrB_Matrix **A) ;
int GxB_Matrix_sample_int (GrB_Matrix C) ;
GrB_Info GxB_Matrix_sample_marker (GrB_Matrix C) ;
