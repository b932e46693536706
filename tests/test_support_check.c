// tests/test_support_check.c: the test library does what the other tests assume.
// SPDX-License-Identifier: Apache-2.0
//
// The GPU tests only mean something if their inputs really are what they
// claim (bitmap, hypersparse, iso, jumbled, with pending work...), if the
// content does not depend on the storage, if the comparisons catch
// differences, and if every semiring of the table can be built from built-in
// parts.  None of that needs a GPU, so it runs in CI (no GrB_mxm here).

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"
#include "semiring_list.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char why [512] ;

//------------------------------------------------------------------------------
// storage: what a matrix reports about itself
//------------------------------------------------------------------------------

static int option (GrB_Matrix A, GxB_Option_Field field)
{
    int32_t value = -1 ;
    TS_OK (GxB_Matrix_Option_get (A, field, &value)) ;
    return value ;
}

// Pending tuples and zombies, from GxB_Matrix_fprint (which leaves them).
static void pending_work (GrB_Matrix A, long *pending, long *zombies)
{
    char *text = NULL ;
    size_t size = 0 ;
    FILE *f = open_memstream (&text, &size) ;
    if (f == NULL) { perror ("open_memstream") ; exit (1) ; }
    TS_OK (GxB_Matrix_fprint (A, "A", GxB_SUMMARY, f)) ;
    fclose (f) ;
    *pending = *zombies = 0 ;
    const char *p = strstr (text, "pending tuples:") ;
    if (p != NULL) *pending = strtol (p + strlen ("pending tuples:"), NULL, 10) ;
    const char *z = strstr (text, "zombies:") ;
    if (z != NULL) *zombies = strtol (z + strlen ("zombies:"), NULL, 10) ;
    free (text) ;
}

// Unpack (leaving the jumbled flag as it is) and pack back.
static bool is_jumbled (GrB_Matrix A, bool by_col, bool hyper)
{
    GrB_Index *Ap = NULL, *Ah = NULL, *Ai = NULL, Ap_size, Ah_size, Ai_size, Ax_size, nvec ;
    void *Ax = NULL ;
    bool iso, jumbled = false ;
    if (hyper)
    {
        TS_OK ((by_col ? GxB_Matrix_unpack_HyperCSC : GxB_Matrix_unpack_HyperCSR)
            (A, &Ap, &Ah, &Ai, &Ax, &Ap_size, &Ah_size, &Ai_size, &Ax_size,
             &iso, &nvec, &jumbled, NULL)) ;
        TS_OK ((by_col ? GxB_Matrix_pack_HyperCSC : GxB_Matrix_pack_HyperCSR)
            (A, &Ap, &Ah, &Ai, &Ax, Ap_size, Ah_size, Ai_size, Ax_size,
             iso, nvec, jumbled, NULL)) ;
    }
    else
    {
        TS_OK ((by_col ? GxB_Matrix_unpack_CSC : GxB_Matrix_unpack_CSR)
            (A, &Ap, &Ai, &Ax, &Ap_size, &Ai_size, &Ax_size, &iso, &jumbled, NULL)) ;
        TS_OK ((by_col ? GxB_Matrix_pack_CSC : GxB_Matrix_pack_CSR)
            (A, &Ap, &Ai, &Ax, Ap_size, Ai_size, Ax_size, iso, jumbled, NULL)) ;
    }
    return jumbled ;
}

// One spec: its storage is what it says, and its content is its plain twin's.
static void check_spec (const ts_matrix_spec *spec)
{
    char name [128], storage [96] ;
    snprintf (name, sizeof (name), "%s %llux%llu %s", ts_type_name (spec->type),
        (unsigned long long) spec->nrows, (unsigned long long) spec->ncols,
        ts_storage_name (spec, storage, sizeof (storage))) ;
    GrB_Matrix A, Plain ;

    ts_matrix_make (&A, spec) ;
    if (spec->pending)
    {
        long pending, zombies ;
        pending_work (A, &pending, &zombies) ;
        ts_check (pending > 0 && zombies > 0, "%s: %ld pending tuples, %ld zombies",
            name, pending, zombies) ;
    }
    ts_check (option (A, GxB_FORMAT) == (spec->by_col ? GxB_BY_COL : GxB_BY_ROW),
        "%s: format %d", name, option (A, GxB_FORMAT)) ;
    if (spec->sparsity != 0)
    {
        ts_check (option (A, GxB_SPARSITY_STATUS) == spec->sparsity,
            "%s: sparsity status %d", name, option (A, GxB_SPARSITY_STATUS)) ;
    }
    if (spec->iso != TS_NOT_ISO)
    {
        bool iso = false ;
        TS_OK (GxB_Matrix_iso (&iso, A)) ;
        ts_check (iso, "%s: not iso", name) ;
    }
    if (spec->jumbled)
    {
        ts_check (is_jumbled (A, spec->by_col, spec->sparsity == GxB_HYPERSPARSE),
            "%s: not jumbled", name) ;
    }
    TS_OK (GrB_Matrix_free (&A)) ;

    ts_matrix_make (&A, spec) ;
    ts_matrix_expected (&Plain, spec) ;
    ts_check (ts_same_content (A, Plain, 0, why, sizeof (why)),
        "%s: content differs from plain storage: %s", name, why) ;
    TS_OK (GrB_Matrix_free (&A)) ;
    TS_OK (GrB_Matrix_free (&Plain)) ;
}

static void test_storage (void)
{
    static const int sparsities [ ] = { GxB_SPARSE, GxB_HYPERSPARSE, GxB_BITMAP, GxB_FULL } ;
    for (int t = 0 ; t < GBGPU_NTYPES ; t++)
    {
        GrB_Type type = ts_type ((gbgpu_type) t) ;
        for (int by_col = 0 ; by_col <= 1 ; by_col++)
        {
            for (int s = 0 ; s < 4 ; s++)
            {
                bool full = sparsities [s] == GxB_FULL ;
                ts_matrix_spec spec = ts_spec (type, 17, 13, full ? 1.0 : 0.3,
                    ts_seed_mix (t, s)) ;
                spec.by_col = by_col ;
                spec.sparsity = sparsities [s] ;
                check_spec (&spec) ;
                spec.iso = TS_ISO_BUILD ;
                check_spec (&spec) ;
                spec.iso = TS_ISO_ASSIGN ;
                check_spec (&spec) ;
                if (sparsities [s] == GxB_SPARSE || sparsities [s] == GxB_HYPERSPARSE)
                {
                    spec.iso = (by_col) ? TS_ISO_BUILD : TS_NOT_ISO ;
                    spec.jumbled = true ;
                    check_spec (&spec) ;
                    spec.jumbled = false ;
                    spec.pending = true ;
                    check_spec (&spec) ;
                }
            }
        }
    }
}

//------------------------------------------------------------------------------
// content: reproducible, seed-dependent, in the documented ranges
//------------------------------------------------------------------------------

static void test_content (void)
{
    // splitmix64's published first output for seed 0
    ts_rng rng = ts_rng_new (0) ;
    ts_check (ts_rng_next (&rng) == 0xE220A8397B1DCDAFULL, "splitmix64 first output") ;

    for (int t = 0 ; t < GBGPU_NTYPES ; t++)
    {
        GrB_Type type = ts_type ((gbgpu_type) t) ;
        const char *name = ts_type_name (type) ;
        ts_matrix_spec spec = ts_spec (type, 40, 30, 0.5, 5) ;
        spec.empty_rows = 0.25 ;
        GrB_Matrix A, Again, Other ;
        ts_matrix_make (&A, &spec) ;
        ts_matrix_make (&Again, &spec) ;
        spec.seed = 6 ;
        ts_matrix_make (&Other, &spec) ;
        ts_check (ts_same_content (A, Again, 0, why, sizeof (why)),
            "%s: same spec, other content: %s", name, why) ;
        ts_check (!ts_same_content (A, Other, 0, why, sizeof (why)),
            "%s: another seed gave the same content", name) ;

        ts_content c ;
        ts_content_get (&c, A) ;
        bool in_range = true, zero = false, negative = false ;
        bool is_signed_type = t == GBGPU_TYPE_INT8 || t == GBGPU_TYPE_INT16
            || t == GBGPU_TYPE_INT32 || t == GBGPU_TYPE_INT64 ;
        GrB_Index rows_with_entries = 0 ;
        for (GrB_Index k = 0 ; k < c.nvals ; k++)
        {
            double x ;
            switch (t)
            {
                case GBGPU_TYPE_BOOL:   x = ((bool *) c.X) [k] ; break ;
                case GBGPU_TYPE_INT32:  x = ((int32_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_INT64:  x = (double) ((int64_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_UINT32: x = ((uint32_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_UINT64: x = (double) ((uint64_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_FP32:   x = ((float *) c.X) [k] ; break ;
                case GBGPU_TYPE_INT8:   x = ((int8_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_INT16:  x = ((int16_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_UINT8:  x = ((uint8_t *) c.X) [k] ; break ;
                case GBGPU_TYPE_UINT16: x = ((uint16_t *) c.X) [k] ; break ;
                // a complex value's real part (its imaginary part is drawn alike)
                case GBGPU_TYPE_FC32:   x = ((float *) c.X) [2*k] ; break ;
                case GBGPU_TYPE_FC64:   x = ((double *) c.X) [2*k] ; break ;
                default:                x = ((double *) c.X) [k] ; break ;
            }
            bool is_signed = is_signed_type ;
            bool is_unsigned = t == GBGPU_TYPE_UINT8 || t == GBGPU_TYPE_UINT16
                || t == GBGPU_TYPE_UINT32 || t == GBGPU_TYPE_UINT64 ;
            double lo = is_signed ? -4 : (is_unsigned || t == GBGPU_TYPE_BOOL) ? 0 : -2 ;
            double hi = is_signed ? 4 : is_unsigned ? 6 : t == GBGPU_TYPE_BOOL ? 1 : 2 ;
            in_range = in_range && x >= lo && x <= hi ;
            zero = zero || x == 0 ;
            negative = negative || x < 0 ;
            rows_with_entries += (k == 0 || c.I [k] != c.I [k-1]) ;
        }
        ts_check (in_range, "%s: a value out of range", name) ;
        ts_check (zero, "%s: no entry equal to 0 (or false)", name) ;
        ts_check (negative == (is_signed_type || ts_type_is_float (type)),
            "%s: negative values %s", name, negative ? "present" : "absent") ;
        GrB_Index empty_rows = c.nrows - rows_with_entries ;
        ts_check (c.nvals > 200 && c.nvals < 600 && empty_rows > 3,
            "%s: %llu entries, %llu empty rows for density 0.5 of 1200, 1/4 empty rows",
            name, (unsigned long long) c.nvals, (unsigned long long) empty_rows) ;
        ts_content_free (&c) ;
        GrB_Matrix_free (&A) ; GrB_Matrix_free (&Again) ; GrB_Matrix_free (&Other) ;
    }
}

//------------------------------------------------------------------------------
// comparisons catch what they must, and accept what they may
//------------------------------------------------------------------------------

static GrB_Matrix fp64_matrix (int n, const double *x)
{
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, 1, n)) ;
    for (int j = 0 ; j < n ; j++) TS_OK (GrB_Matrix_setElement_FP64 (A, x [j], 0, j)) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    return A ;
}

static bool same (const double *x, const double *y, int n, double tol)
{
    GrB_Matrix X = fp64_matrix (n, x), Y = fp64_matrix (n, y) ;
    bool ok = ts_same_content (X, Y, tol, why, sizeof (why)) ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&Y) ;
    return ok ;
}

static bool between (const double *x, const double *lo, const double *hi,
                     const double *plus, int n)
{
    GrB_Matrix X = fp64_matrix (n, x), L = fp64_matrix (n, lo), H = fp64_matrix (n, hi) ;
    GrB_Matrix P = plus ? fp64_matrix (n, plus) : NULL ;
    bool ok = ts_between (X, L, H, P, why, sizeof (why)) ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&L) ; GrB_Matrix_free (&H) ;
    GrB_Matrix_free (&P) ;
    return ok ;
}

static void test_comparisons (void)
{
    double tol = ts_tolerance (GrB_FP64, true) ;
    const double a [3] = { 1, NAN, INFINITY } ;
    ts_check (same (a, a, 3, 0), "NaN and inf do not equal themselves: %s", why) ;
    const double b [3] = { 1 + 1e-12, NAN, INFINITY } ;
    ts_check (same (b, a, 3, tol), "1+1e-12 is not 1 within tolerance: %s", why) ;
    ts_check (!same (b, a, 3, 0), "1+1e-12 equals 1 exactly") ;
    const double c [3] = { 1 + 1e-8, NAN, INFINITY } ;
    ts_check (!same (c, a, 3, tol), "1+1e-8 equals 1 within 1e-10") ;
    const double d [3] = { 1, NAN, -INFINITY } ;
    ts_check (!same (d, a, 3, tol), "-inf equals inf") ;
    const double e [3] = { 1, 0, INFINITY } ;
    ts_check (!same (e, a, 3, tol), "0 equals NaN") ;
    const double z [2] = { 0.0, -0.0 }, zz [2] = { -0.0, 0.0 } ;
    ts_check (same (z, zz, 2, 0), "-0 differs from 0: %s", why) ;
    ts_check (ts_tolerance (GrB_FP32, true) == 1e-4 && ts_tolerance (GrB_FP64, false) == 0
        && ts_tolerance (GrB_INT32, true) == 0, "tolerances") ;

    // a sum that cancelled: within tolerance of the sum of |terms|
    GrB_Matrix X = fp64_matrix (1, (double [1]) { -496849074.0 }) ;
    GrB_Matrix R = fp64_matrix (1, (double [1]) { -496849074.25 }) ;
    GrB_Matrix S = fp64_matrix (1, (double [1]) { 3e17 }) ;
    ts_check (!ts_same_content (X, R, tol, why, sizeof (why)),
        "a difference of 0.25 in 5e8 is within 1e-10") ;
    ts_check (ts_same_content_scaled (X, R, S, tol, why, sizeof (why)),
        "a difference of 0.25 with terms of 3e17 is not within 1e-10: %s", why) ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&R) ; GrB_Matrix_free (&S) ;

    // patterns and types
    GrB_Matrix Y ;
    X = fp64_matrix (3, e) ;
    TS_OK (GrB_Matrix_dup (&Y, X)) ;
    TS_OK (GrB_Matrix_removeElement (Y, 0, 1)) ;
    ts_check (!ts_same_content (X, Y, tol, why, sizeof (why)), "a missing entry went unseen") ;
    ts_check (!ts_same_content (Y, X, tol, why, sizeof (why)), "an extra entry went unseen") ;
    GrB_Matrix_free (&Y) ;
    TS_OK (GrB_Matrix_new (&Y, GrB_FP32, 1, 3)) ;
    TS_OK (GrB_Matrix_assign (Y, NULL, NULL, X, GrB_ALL, 1, GrB_ALL, 3, NULL)) ;
    ts_check (!ts_same_content (X, Y, tol, why, sizeof (why)), "another type went unseen") ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&Y) ;

    // ANY: between MIN and MAX; NaN only where the PLUS result has one
    const double lo [3] = { -1, 0, 2 }, hi [3] = { 1, 0, 3 } ;
    const double in [3] = { 0.5, 0, 2 }, out [3] = { 0.5, 0, 3.5 } ;
    const double nan_x [3] = { NAN, 0, 2 } ;
    const double plus_nan [3] = { NAN, 0, 5 }, plus_finite [3] = { 0, 0, 5 } ;
    ts_check (between (in, lo, hi, NULL, 3), "ANY: a value in range refused: %s", why) ;
    ts_check (!between (out, lo, hi, NULL, 3), "ANY: a value out of range accepted") ;
    ts_check (between (nan_x, lo, hi, plus_nan, 3), "ANY: a NaN product refused: %s", why) ;
    ts_check (!between (nan_x, lo, hi, plus_finite, 3), "ANY: a NaN with no NaN product accepted") ;
}

//------------------------------------------------------------------------------
// every semiring of the table builds from built-in parts
//------------------------------------------------------------------------------

static const gbgpu_semiring table [ ] =
{
#define GBGPU_SEMIRING(ADD, MULT, TYPE) \
    { GBGPU_ADD_ ## ADD, GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE },
    GBGPU_ALL_SEMIRINGS
#undef GBGPU_SEMIRING
} ;

static void test_semirings (void)
{
    int built = 0, n = (int) (sizeof (table) / sizeof (table [0])) ;
    for (int k = 0 ; k < n ; k++)
    {
        char name [64] ;
        GrB_Semiring s = NULL ;
        GrB_Info info = ts_semiring_new (&s, table [k]) ;
        built += ts_check (info == GrB_SUCCESS, "%s: ts_semiring_new returned %d",
            ts_semiring_name (table [k], name, sizeof (name)), (int) info) ;
        ts_semiring_free (&s) ;
    }
    printf ("%d of the table's %d semirings built\n", built, n) ;
}

int main (void)
{
    ts_start () ;
    test_storage () ;
    test_content () ;
    test_comparisons () ;
    test_semirings () ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
