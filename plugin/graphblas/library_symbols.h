// plugin/graphblas/library_symbols.h: every GraphBLAS function and built-in object
// that gbgpu's host code uses, one list.
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu links no GraphBLAS of its own: it calls the library that the program
// itself uses (graphblas/library.c finds it at run time and fills a table from this
// list).  A name listed here is redirected to that table in every plugin file
// (the build generates the redirects from this list: library_redirect.cmake),
// so call sites read as plain GraphBLAS.  A name missing here stays an
// undefined symbol of libgbgpu, which test_library_links reports.
//
//   FUNCTION (name)    a function gbgpu calls
//   OBJECT (name)      a built-in object gbgpu reads (types, operators,
//                      descriptors); built-in binary operators that
//                      graphblas/builtin_ops.c recognises are found by name there
//   INTERPOSED (name)  a function gbgpu also defines, in front of the
//                      library's: never redirected, called as
//                      gbgpu_library ()->name where the library's own is meant
//
// Type-generic macros of GraphBLAS.h (GrB_free, GxB_Matrix_Option_set, ...)
// name every typed function they may choose: call the typed one instead.
// One entry per line: the redirects are generated line by line.

#ifndef GBGPU_LIBRARY_SYMBOLS_H
#define GBGPU_LIBRARY_SYMBOLS_H

// From 9.0 on GrB_Type_new and GrB_BinaryOp_new are functions of their own
// (before, macros over GxB_Type_new and GxB_BinaryOp_new): gbgpu stands in
// front of them too (jit/registry.c).
#if GxB_IMPLEMENTATION_MAJOR >= 9
#define GBGPU_LIBRARY_CONSTRUCTORS_SINCE_9(INTERPOSED) \
    INTERPOSED (GrB_Type_new) INTERPOSED (GrB_BinaryOp_new)
#else
#define GBGPU_LIBRARY_CONSTRUCTORS_SINCE_9(INTERPOSED)
#endif

#define GBGPU_LIBRARY_SYMBOLS(FUNCTION, OBJECT, INTERPOSED) \
    INTERPOSED (GrB_mxm) \
    GBGPU_LIBRARY_CONSTRUCTORS_SINCE_9 (INTERPOSED) \
    INTERPOSED (GrB_init) \
    INTERPOSED (GrB_finalize) \
    INTERPOSED (GxB_init) \
    INTERPOSED (GxB_Type_new) \
    INTERPOSED (GxB_BinaryOp_new) \
    INTERPOSED (GrB_Type_free) \
    INTERPOSED (GrB_BinaryOp_free) \
    FUNCTION (GrB_Matrix_new) \
    FUNCTION (GrB_Matrix_dup) \
    FUNCTION (GrB_Matrix_free) \
    FUNCTION (GrB_Matrix_nrows) \
    FUNCTION (GrB_Matrix_ncols) \
    FUNCTION (GrB_Matrix_nvals) \
    FUNCTION (GrB_Matrix_apply) \
    FUNCTION (GrB_transpose) \
    FUNCTION (GxB_Matrix_type) \
    FUNCTION (GxB_Matrix_iso) \
    FUNCTION (GxB_Global_Option_get_INT32) \
    FUNCTION (GxB_Matrix_pack_CSR) \
    FUNCTION (GxB_Matrix_unpack_CSR) \
    FUNCTION (GxB_Matrix_Option_get_INT32) \
    FUNCTION (GxB_Matrix_Option_get_FP64) \
    FUNCTION (GxB_Matrix_Option_set_INT32) \
    FUNCTION (GxB_Matrix_Option_set_FP64) \
    FUNCTION (GxB_Desc_get_INT32) \
    FUNCTION (GxB_Iterator_new) \
    FUNCTION (GxB_Iterator_free) \
    FUNCTION (GxB_Matrix_Iterator_attach) \
    FUNCTION (GxB_Type_size) \
    FUNCTION (GxB_BinaryOp_ztype) \
    FUNCTION (GxB_BinaryOp_xtype) \
    FUNCTION (GxB_BinaryOp_ytype) \
    FUNCTION (GxB_Monoid_operator) \
    FUNCTION (GxB_Monoid_identity) \
    FUNCTION (GxB_Monoid_terminal) \
    FUNCTION (GxB_Semiring_add) \
    FUNCTION (GxB_Semiring_multiply) \
    OBJECT (GrB_BOOL) \
    OBJECT (GrB_INT8) \
    OBJECT (GrB_INT16) \
    OBJECT (GrB_INT32) \
    OBJECT (GrB_INT64) \
    OBJECT (GrB_UINT8) \
    OBJECT (GrB_UINT16) \
    OBJECT (GrB_UINT32) \
    OBJECT (GrB_UINT64) \
    OBJECT (GrB_FP32) \
    OBJECT (GrB_FP64) \
    OBJECT (GxB_FC32) \
    OBJECT (GxB_FC64) \
    OBJECT (GrB_IDENTITY_BOOL) \
    OBJECT (GrB_IDENTITY_INT8) \
    OBJECT (GrB_IDENTITY_INT16) \
    OBJECT (GrB_IDENTITY_INT32) \
    OBJECT (GrB_IDENTITY_INT64) \
    OBJECT (GrB_IDENTITY_UINT8) \
    OBJECT (GrB_IDENTITY_UINT16) \
    OBJECT (GrB_IDENTITY_UINT32) \
    OBJECT (GrB_IDENTITY_UINT64) \
    OBJECT (GrB_IDENTITY_FP32) \
    OBJECT (GrB_IDENTITY_FP64) \
    OBJECT (GxB_IDENTITY_FC32) \
    OBJECT (GxB_IDENTITY_FC64) \
    OBJECT (GxB_ONE_BOOL) \
    OBJECT (GrB_DESC_T0) \
    OBJECT (GrB_DESC_ST0) \
    OBJECT (GrB_DESC_CT0) \
    OBJECT (GrB_DESC_SCT0) \
    OBJECT (GrB_DESC_RT0) \
    OBJECT (GrB_DESC_RST0) \
    OBJECT (GrB_DESC_RCT0) \
    OBJECT (GrB_DESC_RSCT0) \
    OBJECT (GxB_FIRSTI_INT32) \
    OBJECT (GxB_FIRSTI_INT64) \
    OBJECT (GxB_FIRSTI1_INT32) \
    OBJECT (GxB_FIRSTI1_INT64) \
    OBJECT (GxB_FIRSTJ_INT32) \
    OBJECT (GxB_FIRSTJ_INT64) \
    OBJECT (GxB_FIRSTJ1_INT32) \
    OBJECT (GxB_FIRSTJ1_INT64) \
    OBJECT (GxB_SECONDI_INT32) \
    OBJECT (GxB_SECONDI_INT64) \
    OBJECT (GxB_SECONDI1_INT32) \
    OBJECT (GxB_SECONDI1_INT64) \
    OBJECT (GxB_SECONDJ_INT32) \
    OBJECT (GxB_SECONDJ_INT64) \
    OBJECT (GxB_SECONDJ1_INT32) \
    OBJECT (GxB_SECONDJ1_INT64)

#endif
