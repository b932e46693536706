// tests/test_mxm_wide.c: column and inner indices near the top of the device's
// 32-bit range (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu keeps column indices in 32 bits on the device (and its hash tables
// use the top bit), so a product with just under 2^31 columns must still run
// on the GPU and give the library's result, positional SECONDJ included (j
// up to 2^31 - 102).  A long inner dimension k (beyond 2^25) is checked the
// same way, with SECONDI.  The matrices hold a few entries, at index 0 and at
// the last index among them.  (k is kept near 2^25: the device holds op(B) as
// CSR with k+1 row pointers, 16 GiB at k = 2^31.  Past the 32-bit limit,
// calls are delegated with reason "dimension": test_host checks that.  Row
// pointers must also be worth it: with a few hundred entries in A and B the
// long-k product goes to the library ("hypersparse"), so B gets 4 million
// entries for the GPU cases.)

#include "test_support.h"

#include <stdlib.h>

#define WIDE ((GrB_Index) INT32_MAX - 100)     // 2^31 - 101 columns
#define LONG (((GrB_Index) 1 << 25) + 12345)    // inner dimension

// nrows x ncols FP64 with about n random entries, including (0,0)-side and
// last-index entries; values in [-2,2], some 0.
static GrB_Matrix scattered (GrB_Index nrows, GrB_Index ncols, int n, uint64_t seed)
{
    ts_rng rng = ts_rng_new (seed) ;
    GrB_Index *I = malloc ((n + 2) * sizeof (GrB_Index)) ;
    GrB_Index *J = malloc ((n + 2) * sizeof (GrB_Index)) ;
    double *X = malloc ((n + 2) * sizeof (double)) ;
    if (!I || !J || !X) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (int k = 0 ; k < n + 2 ; k++)
    {
        I [k] = (k == 0) ? 0 : (k == 1) ? nrows - 1 : ts_rng_next (&rng) % nrows ;
        J [k] = (k == 0) ? 0 : (k == 1) ? ncols - 1 : ts_rng_next (&rng) % ncols ;
        X [k] = (k % 7 == 3) ? 0 : -2 + 4 * ts_rng_uniform (&rng) ;
    }
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, nrows, ncols)) ;
    TS_OK (GrB_Matrix_build_FP64 (A, I, J, X, n + 2, GrB_FIRST_FP64)) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    free (I) ; free (J) ; free (X) ;
    return A ;
}

// C = A*B on the path allowed and by the library; the product must not be empty.
static void check_on (unsigned path, const char *what, GrB_Semiring semiring, GrB_Type ctype,
                      bool inexact, GrB_Matrix A, GrB_Matrix B)
{
    ts_check_like_library (what, path, ctype, semiring, A, B, NULL,
        ts_tolerance (ctype, inexact)) ;
    GrB_Matrix R ;
    GrB_Index m, n, nvals ;
    TS_OK (GrB_Matrix_nrows (&m, A)) ;
    TS_OK (GrB_Matrix_ncols (&n, B)) ;
    TS_OK (GrB_Matrix_new (&R, ctype, m, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL, semiring, A, B, NULL)) ;
    TS_OK (GrB_Matrix_nvals (&nvals, R)) ;
    ts_check (nvals > 0, "%s: the product is empty: the case tests nothing", what) ;
    GrB_Matrix_free (&R) ;
}

static void check (const char *what, GrB_Semiring semiring, GrB_Type ctype,
                   bool inexact, GrB_Matrix A, GrB_Matrix B)
{
    check_on (TS_PATH_GPU, what, semiring, ctype, inexact, A, B) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;

    // wide B and C: n = 2^31 - 101 columns; A small and dense
    ts_matrix_spec a = ts_spec (GrB_FP64, 6, 9, 0.9, 1) ;
    GrB_Matrix A, B ;
    ts_matrix_make (&A, &a) ;
    B = scattered (9, WIDE, 60, 2) ;
    check ("wide: PLUS_TIMES_FP64", GxB_PLUS_TIMES_FP64, GrB_FP64, true, A, B) ;
    check ("wide: MIN_SECONDJ_INT64", GxB_MIN_SECONDJ_INT64, GrB_INT64, false, A, B) ;
    check ("wide: ANY_SECONDJ_INT32 (j fits in int32)", GxB_ANY_SECONDJ_INT32,
        GrB_INT32, false, A, B) ;
    check ("wide: PLUS_PAIR_INT32", GxB_PLUS_PAIR_INT32, GrB_INT32, false, A, B) ;
    check ("wide: ANY_PAIR_BOOL", GxB_ANY_PAIR_BOOL, GrB_BOOL, false, A, B) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;

    // long inner dimension, entries of A and B meeting on it
    A = scattered (7, LONG, 400, 3) ;
    B = scattered (LONG, 5, 400, 4) ;
    check_on (TS_PATH_DELEGATED (GBGPU_DELEGATED_HYPERSPARSE), "long k, 800 entries in all",
        GxB_PLUS_TIMES_FP64, GrB_FP64, true, A, B) ;
    GrB_Matrix_free (&B) ;
    B = scattered (LONG, 5, 4000000, 4) ;
    // make sure some k meet: copy A's columns into B's rows
    {
        ts_content c ;
        ts_content_get (&c, A) ;
        for (GrB_Index p = 0 ; p < c.nvals ; p += 2)
        {
            TS_OK (GrB_Matrix_setElement_FP64 (B, 1.5, c.J [p], p % 5)) ;
        }
        ts_content_free (&c) ;
        TS_OK (GrB_Matrix_wait (B, GrB_MATERIALIZE)) ;
    }
    check ("long k: PLUS_TIMES_FP64", GxB_PLUS_TIMES_FP64, GrB_FP64, true, A, B) ;
    check ("long k: MIN_SECONDI_INT64", GxB_MIN_SECONDI_INT64, GrB_INT64, false, A, B) ;
    check ("long k: MIN_SECONDI_INT32", GxB_MIN_SECONDI_INT32,
        GrB_INT32, false, A, B) ;
    check ("long k: MAX_TIMES_FP32", GrB_MAX_TIMES_SEMIRING_FP32, GrB_FP32, false, A, B) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;

    gbgpu_stats_print (stdout) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
