// tests/checks/modifiers_sample_library.h: a library's own declarations beside
// modifiers_sample.h (as a suitesparse-graphblas wheel's suitesparse_graphblas.h
// is beside GraphBLAS.h): the functions only it declares are classified too
// (modifiers_sample.expected, after the sample header's), and the aliases of
// the matrix types count as the types.
// SPDX-License-Identifier: Apache-2.0

typedef struct GB_Scalar_opaque *GxB_Scalar;

// Skipped: modifiers_sample.h declares it (its prototype is the one used)
GrB_Info GrB_Matrix_nvals(GrB_Index *nvals, const GrB_Matrix A);

// not_modifier
GrB_Info GxB_Sample_IndexBinaryOp_new(GxB_IndexBinaryOp *op, GrB_Type ztype, const char *name);

// wrapped: an alias of GrB_Scalar, an opaque struct pointer (a GrB_Matrix)
GrB_Info GxB_Sample_IndexBinaryOp_get_Scalar(GxB_IndexBinaryOp op, GxB_Scalar value, int field);
GrB_Info GxB_Sample_Matrix_opaque(struct GB_Matrix_opaque *C, const GrB_Matrix A);
