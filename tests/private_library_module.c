// tests/private_library_module.c: a module that brings its own GraphBLAS, as
// python-graphblas's extension does, for test_private_library.
// SPDX-License-Identifier: Apache-2.0
//
// Linked against one GraphBLAS library file and loaded with RTLD_LOCAL, so
// that library is private to it: the program's global scope has gbgpu only.
// Its GrB_mxm call goes through the global scope first, to gbgpu's.  It uses
// only calls whose form every GraphBLAS since 7.0 shares, so one build of it
// links against any of them.

#include <GraphBLAS.h>

__attribute__ ((visibility ("default")))
int private_library_product (double *sum)
{
    // A = tridiagonal (1, 2, 1), n = 100: the sum of A*A's entries is
    // ||A 1||^2 = 2 * 3^2 + (n - 2) * 4^2 = 16 n - 14
    const GrB_Index n = 100 ;
    GrB_Matrix A = NULL, C = NULL ;
    GrB_Info info = GrB_init (GrB_NONBLOCKING) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_new (&A, GrB_FP64, n, n) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_new (&C, GrB_FP64, n, n) ;
    for (GrB_Index i = 0 ; i < n && info == GrB_SUCCESS ; i++)
    {
        info = GrB_Matrix_setElement_FP64 (A, 2, i, i) ;
        if (info == GrB_SUCCESS && i > 0) info = GrB_Matrix_setElement_FP64 (A, 1, i, i - 1) ;
        if (info == GrB_SUCCESS && i + 1 < n) info = GrB_Matrix_setElement_FP64 (A, 1, i, i + 1) ;
    }
    if (info == GrB_SUCCESS) info = GrB_mxm (C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL) ;
    *sum = 0 ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_reduce_FP64 (sum, NULL, GrB_PLUS_MONOID_FP64, C, NULL) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&C) ;
    return (int) info ;
}
