// examples/mcl/mcl_rows.c: row reductions into arrays, and row-wise divide and select with
// a user-defined index-unary operator whose scalar is a pointer to the
// per-row values (see mcl_rows.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "example_try.h"
#include "mcl_rows.h"

// The operators' scalar: where the n per-row values are.  It is a
// user-defined type of the size of a pointer; GraphBLAS copies the pointer,
// never the array, and the operators only read the array.
typedef const double *row_values ;

static row_values row_values_of (const void *scalar)
{
    row_values values ;
    memcpy (&values, scalar, sizeof (values)) ;
    return (values) ;
}

static void over_row_value (void *z, const void *x, GrB_Index i, GrB_Index j,
    const void *y)
{
    (void) j ;
    *(double *) z = *(const double *) x / row_values_of (y) [i] ;
}

static void at_least_row_value (void *z, const void *x, GrB_Index i,
    GrB_Index j, const void *y)
{
    (void) j ;
    *(bool *) z = *(const double *) x >= row_values_of (y) [i] ;
}

double *mcl_rows_array (GrB_Index n)
{
    double *a = malloc ((n + 1) * sizeof (double)) ;
    if (a == NULL)
    {
        fprintf (stderr, "gbgpu-mcl: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    return (a) ;
}

void mcl_rows_reduce (double *value, GrB_Matrix A, GrB_Monoid monoid,
    double empty)
{
    GrB_Index n, entries ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    GrB_Vector w = NULL ;
    EXAMPLE_TRY (GrB_Vector_new (&w, GrB_FP64, n)) ;
    EXAMPLE_TRY (GrB_Matrix_reduce_Monoid (w, NULL, NULL, monoid, A, NULL)) ;
    EXAMPLE_TRY (GrB_Vector_nvals (&entries, w)) ;
    GrB_Index *rows = malloc ((entries + 1) * sizeof (GrB_Index)) ;
    double *values = mcl_rows_array (entries) ;
    if (rows == NULL)
    {
        fprintf (stderr, "gbgpu-mcl: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    EXAMPLE_TRY (GrB_Vector_extractTuples_FP64 (rows, values, &entries, w)) ;
    for (GrB_Index i = 0 ; i < n ; i++) value [i] = empty ;
    for (GrB_Index e = 0 ; e < entries ; e++) value [rows [e]] = values [e] ;
    free (values) ;
    free (rows) ;
    GrB_Vector_free (&w) ;
}

void mcl_rows_count (double *count, GrB_Matrix A)
{
    GrB_Index n, m ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    EXAMPLE_TRY (GrB_Matrix_ncols (&m, A)) ;
    GrB_Matrix ones = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&ones, GrB_FP64, n, m)) ;
    EXAMPLE_TRY (GrB_Matrix_apply (ones, NULL, NULL, GxB_ONE_FP64, A, NULL)) ;
    mcl_rows_reduce (count, ones, GrB_PLUS_MONOID_FP64, 0) ;
    GrB_Matrix_free (&ones) ;
}

// The pointer type and an index-unary operator over it.
static void row_operator_new (GrB_Type *pointer_type, GrB_IndexUnaryOp *op,
    GxB_index_unary_function function, GrB_Type ztype)
{
    EXAMPLE_TRY (GrB_Type_new (pointer_type, sizeof (row_values))) ;
    EXAMPLE_TRY (GrB_IndexUnaryOp_new (op, function, ztype, GrB_FP64,
        *pointer_type)) ;
}

void mcl_rows_divide (GrB_Matrix A, const double *divisor)
{
    GrB_Type pointer_type = NULL ;
    GrB_IndexUnaryOp op = NULL ;
    row_operator_new (&pointer_type, &op, over_row_value, GrB_FP64) ;
    row_values values = divisor ;
    EXAMPLE_TRY (GrB_Matrix_apply_IndexOp_UDT (A, NULL, NULL, op, A, &values, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;   // before divisor goes
    GrB_IndexUnaryOp_free (&op) ;
    GrB_Type_free (&pointer_type) ;
}

void mcl_rows_normalize (GrB_Matrix A)
{
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    double *sum = mcl_rows_array (n) ;
    mcl_rows_reduce (sum, A, GrB_PLUS_MONOID_FP64, 0) ;
    mcl_rows_divide (A, sum) ;      // rows with sum 0 have no entries
    free (sum) ;
}

void mcl_rows_select_at_least (GrB_Matrix C, GrB_Matrix A, const double *bar)
{
    GrB_Type pointer_type = NULL ;
    GrB_IndexUnaryOp op = NULL ;
    row_operator_new (&pointer_type, &op, at_least_row_value, GrB_BOOL) ;
    row_values values = bar ;
    EXAMPLE_TRY (GrB_Matrix_select_UDT (C, NULL, NULL, op, A, &values, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (C, GrB_MATERIALIZE)) ;   // before bar goes
    GrB_IndexUnaryOp_free (&op) ;
    GrB_Type_free (&pointer_type) ;
}
