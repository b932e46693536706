// tests/test_product_estimate.c: [host] the products of op(A)*op(B) as dispatch estimates them
// (plugin/plan/product_estimate.c), against the exact count.
// SPDX-License-Identifier: Apache-2.0
//
// A and B are skewed (a few columns of A and rows of B hold most entries, as
// a power-law graph's hubs do), so the average estimate nnz(A) nnz(B) / k is
// far off.  For every format of A and B (by row, by column) and every
// transposition: where the arrays hold one of the counts (op(B)'s rows, or
// op(A)'s columns, as stored vectors) the estimate is within 25% of the
// exact products (sum over k of op(A)'s column k's entries times op(B)'s
// row k's); where neither (A*B' of two by-row matrices, A'*B of two by-column
// ones) it is the average; a hypersparse input gives the average too.  A
// matrix under 1024 entries is counted exactly.

#include "test_support.h"
#include "run/run.h"

#include <math.h>

#define N 4000

// n x n with `per_vector` entries a row, their columns skewed toward 0
// (column j with density falling as a power of j), made in `format`.
static GrB_Matrix skewed (GrB_Index n, int per_vector, bool skew_rows, int32_t format,
    uint64_t seed)
{
    GrB_Matrix X ;
    TS_OK (GrB_Matrix_new (&X, GrB_FP64, n, n)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (X, GxB_FORMAT, format)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (X, GxB_SPARSITY_CONTROL, GxB_SPARSE)) ;
    uint64_t state = seed ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        for (int e = 0 ; e < per_vector ; e++)
        {
            state = state * 6364136223846793005ull + 1442695040888963407ull ;
            double u = (double) (state >> 11) / 9007199254740992.0 ;
            GrB_Index j = (GrB_Index) (pow (u, 4) * (double) n) ;
            if (skew_rows) TS_OK (GrB_Matrix_setElement_FP64 (X, 1, j, i)) ;
            else TS_OK (GrB_Matrix_setElement_FP64 (X, 1, i, j)) ;
        }
    }
    TS_OK (GrB_Matrix_wait (X, GrB_MATERIALIZE)) ;
    return X ;
}

// Entries of each row of op(X) (transpose: op(X) = X').
static GrB_Vector row_counts (GrB_Matrix X, bool transpose)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, X)) ;
    GrB_Vector v ;
    TS_OK (GrB_Vector_new (&v, GrB_INT64, n)) ;
    TS_OK (GrB_Matrix_reduce_Monoid (v, NULL, NULL, GrB_PLUS_MONOID_INT64, X,
        transpose ? GrB_DESC_T0 : NULL)) ;
    return v ;
}

// Sum over k of (entries of op(A)'s column k) x (entries of op(B)'s row k).
static double exact_products (GrB_Matrix A, bool ta, GrB_Matrix B, bool tb)
{
    GrB_Vector a = row_counts (A, !ta), b = row_counts (B, tb), ab ;
    GrB_Index n ;
    TS_OK (GrB_Vector_size (&n, a)) ;
    TS_OK (GrB_Vector_new (&ab, GrB_INT64, n)) ;
    TS_OK (GrB_Vector_eWiseMult_BinaryOp (ab, NULL, NULL, GrB_TIMES_INT64, a, b, NULL)) ;
    int64_t sum = 0 ;
    TS_OK (GrB_Vector_reduce_INT64 (&sum, NULL, GrB_PLUS_MONOID_INT64, ab, NULL)) ;
    GrB_Vector_free (&a) ;
    GrB_Vector_free (&b) ;
    GrB_Vector_free (&ab) ;
    return (double) sum ;
}

static double nvals_of (GrB_Matrix X)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nvals (&n, X)) ;
    return (double) n ;
}

static void check_case (GrB_Matrix A, bool ta, GrB_Matrix B, bool tb, const char *what)
{
    int32_t af, bf ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_FORMAT, &af)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (B, GxB_FORMAT, &bf)) ;
    const bool a_by_col = (af == GxB_BY_COL), b_by_col = (bf == GxB_BY_COL) ;
    // the counts the arrays hold: op(B)'s rows, or op(A)'s columns
    const bool counted = (b_by_col == tb) || (a_by_col != ta) ;
    double exact = exact_products (A, ta, B, tb) ;
    double average = nvals_of (A) * nvals_of (B) / N ;
    double estimate = gbgpu_estimate_products (A, ta, nvals_of (A), B, tb, nvals_of (B), N) ;
    bool ok = counted ? fabs (estimate / exact - 1) <= 0.25 : estimate == average ;
    ts_check (ok, "%s: A by %s%s, B by %s%s: estimate %.4g, exact %.4g, average %.4g "
        "(expected %s)", what, a_by_col ? "column" : "row", ta ? " transposed" : "",
        b_by_col ? "column" : "row", tb ? " transposed" : "", estimate, exact, average,
        counted ? "within 25% of exact" : "the average") ;
}

static void test_formats (void)
{
    const int32_t formats [2] = { GxB_BY_ROW, GxB_BY_COL } ;
    for (int fa = 0 ; fa < 2 ; fa++)
    {
        for (int fb = 0 ; fb < 2 ; fb++)
        {
            // skewed columns of A and skewed rows of B: hubs meet hubs
            GrB_Matrix A = skewed (N, 16, false, formats [fa], 1) ;
            GrB_Matrix B = skewed (N, 16, true, formats [fb], 2) ;
            for (int t = 0 ; t < 4 ; t++) check_case (A, t & 1, B, t & 2, "skewed") ;
            GrB_Matrix_free (&A) ;
            GrB_Matrix_free (&B) ;
        }
    }
    // small: every entry read, so exact
    GrB_Matrix A = skewed (N, 0, false, GxB_BY_ROW, 3) ;
    for (GrB_Index i = 0 ; i < 900 ; i++) TS_OK (GrB_Matrix_setElement_FP64 (A, 1, i, i % 7)) ;
    GrB_Matrix B = skewed (N, 3, true, GxB_BY_ROW, 4) ;
    double exact = exact_products (A, false, B, false) ;
    double estimate = gbgpu_estimate_products (A, false, nvals_of (A), B, false, nvals_of (B), N) ;
    ts_check (estimate == exact, "900 entries: estimate %.6g, exact %.6g", estimate, exact) ;
    // hypersparse: the average
    TS_OK (GxB_Matrix_Option_set_INT32 (A, GxB_SPARSITY_CONTROL, GxB_HYPERSPARSE)) ;
    double average = nvals_of (A) * nvals_of (B) / N ;
    estimate = gbgpu_estimate_products (A, false, nvals_of (A), B, false, nvals_of (B), N) ;
    ts_check (estimate == average, "hypersparse A: estimate %.6g, average %.6g", estimate, average) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
}

int main (void)
{
    ts_start () ;
    test_formats () ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
