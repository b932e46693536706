// tests/test_device_cache.c: [GPU] inputs stay on the device while they are
// unchanged, and never once they may have changed.
// SPDX-License-Identifier: Apache-2.0
//
// Unchanged inputs hit the device cache (no bytes to the device the second
// time); T packed straight into C is kept as C's copy, so a product reading
// C next uploads nothing, also when C is one of its own inputs (A = A*A,
// three times, against the same sequence on the CPU).  Then, for every family
// of calls that may change a matrix, C = A*B on the GPU (A and B now on the
// device), a change of A (or of the mask M, or of a vector used as B), and
// C = A*B again on the GPU: equal to the library's product of the changed
// inputs, with A uploaded again.  Option changes (which only change how A is
// held) and GrB_Matrix_wait must give the library's result too.  Last, the
// option GBGPU_DEVICE_CACHE=0: nothing kept, nothing found.

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#define N 300

static GrB_Semiring plus_times ;

// C = A*B (C<M> = A*B' with M) under policy gpu into a new C; delta gets
// the counters it moved.
static GrB_Matrix gpu_product (gbgpu_stats_t *delta, GrB_Matrix M, GrB_Matrix A, GrB_Matrix B)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, A)) ;
    TS_OK (GrB_Matrix_ncols (&n, B)) ;
    if (M != NULL) TS_OK (GrB_Matrix_nrows (&n, B)) ;
    GrB_Matrix C ;
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, m, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, delta, C, M, NULL, plus_times, A, B,
        (M != NULL) ? GrB_DESC_RST1 : NULL)) ;
    return C ;
}

// The product on the GPU equals the library's, on the inputs as they are now.
static void check_product (const char *what, GrB_Matrix M, GrB_Matrix A, GrB_Matrix B,
    bool expect_upload_of_A)
{
    gbgpu_stats_t delta ;
    GrB_Matrix C = gpu_product (&delta, M, A, B) ;
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, C)) ;
    TS_OK (GrB_Matrix_ncols (&n, C)) ;
    GrB_Matrix Ref ;
    TS_OK (GrB_Matrix_new (&Ref, GrB_FP64, m, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, Ref, M, NULL, plus_times, A, B,
        (M != NULL) ? GrB_DESC_RST1 : NULL)) ;
    char why [256] ;
    ts_check (delta.gpu_calls == 1, "%s: the product did not run on the GPU (%s)", what,
        ts_path_name (&delta)) ;
    ts_check (ts_same_content (C, Ref, ts_tolerance (GrB_FP64, true), why, sizeof (why)),
        "%s: the GPU's product after the change differs from the library's: %s", what, why) ;
    if (expect_upload_of_A)
        ts_check (delta.device_cache_misses >= 1 && delta.bytes_to_device > 0,
            "%s: the changed input was not uploaded again (%llu misses, %llu bytes up)", what,
            (unsigned long long) delta.device_cache_misses,
            (unsigned long long) delta.bytes_to_device) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&Ref) ;
}

static GrB_Matrix random_matrix (uint64_t seed)
{
    ts_matrix_spec spec = ts_spec (GrB_FP64, N, N, 0.02, seed) ;
    GrB_Matrix X ;
    ts_matrix_make (&X, &spec) ;
    return X ;
}

static gbgpu_stats_t delta_of (gbgpu_stats_t before)
{
    gbgpu_stats_t after = ts_stats_now () ;
    return ts_stats_delta (&before, &after) ;
}

//------------------------------------------------------------------------------
// unchanged inputs
//------------------------------------------------------------------------------

static void test_hits (void)
{
    GrB_Matrix A = random_matrix (1), B = random_matrix (2) ;
    gbgpu_stats_t before = ts_stats_now () ;
    GrB_Matrix C1 = gpu_product (NULL, NULL, A, B) ;
    gbgpu_stats_t first = delta_of (before) ;
    before = ts_stats_now () ;
    GrB_Matrix C2 = gpu_product (NULL, NULL, A, B) ;
    gbgpu_stats_t second = delta_of (before) ;
    ts_check (first.device_cache_misses == 2 && first.device_cache_hits == 0,
        "first product: %llu misses, %llu hits (expected 2, 0)",
        (unsigned long long) first.device_cache_misses, (unsigned long long) first.device_cache_hits) ;
    ts_check (second.device_cache_hits == 2 && second.device_cache_misses == 0
        && second.bytes_to_device == 0 && second.device_cache_bytes_saved == first.bytes_to_device,
        "unchanged inputs: %llu hits, %llu misses, %llu bytes up, %llu saved (the first: %llu)",
        (unsigned long long) second.device_cache_hits, (unsigned long long) second.device_cache_misses,
        (unsigned long long) second.bytes_to_device,
        (unsigned long long) second.device_cache_bytes_saved,
        (unsigned long long) first.bytes_to_device) ;
    // equal within rounding: the order in which a row's products are summed
    // on the GPU may differ from one run of the same kernels to the next
    char why [256] ;
    ts_check (ts_same_content (C1, C2, ts_tolerance (GrB_FP64, true), why, sizeof (why)),
        "a hit changed the product: %s", why) ;

    // C1 = A*B went straight into C1: its device copy is C1's now
    before = ts_stats_now () ;
    GrB_Matrix D = gpu_product (NULL, NULL, C1, B) ;
    gbgpu_stats_t third = delta_of (before) ;
    ts_check (third.device_cache_hits == 2 && third.bytes_to_device == 0,
        "a product's result as the next input: %llu hits, %llu bytes up (expected 2, 0)",
        (unsigned long long) third.device_cache_hits, (unsigned long long) third.bytes_to_device) ;
    check_product ("result kept as C", NULL, C1, B, false) ;
    GrB_Matrix_free (&D) ;

    // A = A*A three times: A is C and both inputs; the CPU does the same to R
    GrB_Matrix R ;
    TS_OK (GrB_Matrix_dup (&R, A)) ;
    for (int k = 0 ; k < 3 ; k++)
    {
        gbgpu_stats_t d ;
        TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, &d, A, NULL, NULL, plus_times, A, A, NULL)) ;
        TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL, plus_times, R, R, NULL)) ;
        ts_check (d.gpu_calls == 1, "A = A*A (%d): not on the GPU", k) ;
        ts_check (ts_same_content (A, R, 1e-8, why, sizeof (why)),
            "A = A*A (%d) differs from the library's: %s", k, why) ;
    }
    GrB_Matrix_free (&R) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C1) ; GrB_Matrix_free (&C2) ;
}

//------------------------------------------------------------------------------
// changes between two products
//------------------------------------------------------------------------------

typedef void (*change_fn) (GrB_Matrix *A) ;

static const GrB_Index two [2] = { 3, 7 } ;

static void set_element (GrB_Matrix *A) { TS_OK (GrB_Matrix_setElement_FP64 (*A, 9, 4, 5)) ; }

static void set_element_scalar (GrB_Matrix *A)
{
    GrB_Scalar s ;
    TS_OK (GrB_Scalar_new (&s, GrB_FP64)) ;
    TS_OK (GrB_Scalar_setElement_FP64 (s, -3)) ;
    TS_OK (GrB_Matrix_setElement_Scalar (*A, s, 6, 1)) ;
    GrB_Scalar_free (&s) ;
}

static void remove_element (GrB_Matrix *A)
{
    GrB_Index nvals ;
    TS_OK (GrB_Matrix_nvals (&nvals, *A)) ;
    GrB_Index *I = malloc (nvals * sizeof (GrB_Index)), *J = malloc (nvals * sizeof (GrB_Index)) ;
    TS_OK (GrB_Matrix_extractTuples_FP64 (I, J, NULL, &nvals, *A)) ;
    for (GrB_Index k = 0 ; k < nvals ; k += 7) TS_OK (GrB_Matrix_removeElement (*A, I [k], J [k])) ;
    free (I) ; free (J) ;
}

static GrB_Matrix small_matrix (void)
{
    GrB_Matrix S ;
    TS_OK (GrB_Matrix_new (&S, GrB_FP64, 2, 2)) ;
    TS_OK (GrB_Matrix_setElement_FP64 (S, 5, 0, 0)) ;
    TS_OK (GrB_Matrix_setElement_FP64 (S, -5, 1, 1)) ;
    return S ;
}

static GrB_Vector dense_vector (void)
{
    GrB_Vector u ;
    TS_OK (GrB_Vector_new (&u, GrB_FP64, N)) ;
    TS_OK (GrB_Vector_assign_FP64 (u, NULL, NULL, 0.5, GrB_ALL, N, NULL)) ;
    return u ;
}

static void assign_matrix (GrB_Matrix *A)
{
    GrB_Matrix S = small_matrix () ;
    TS_OK (GrB_Matrix_assign (*A, NULL, NULL, S, two, 2, two, 2, NULL)) ;
    GrB_Matrix_free (&S) ;
}

static void assign_row (GrB_Matrix *A)
{
    GrB_Vector u = dense_vector () ;
    TS_OK (GrB_Row_assign (*A, NULL, NULL, u, 5, GrB_ALL, N, NULL)) ;
    GrB_Vector_free (&u) ;
}

static void assign_col (GrB_Matrix *A)
{
    GrB_Vector u = dense_vector () ;
    TS_OK (GrB_Col_assign (*A, NULL, NULL, u, GrB_ALL, N, 8, NULL)) ;
    GrB_Vector_free (&u) ;
}

static void assign_scalar (GrB_Matrix *A)
{
    TS_OK (GrB_Matrix_assign_FP64 (*A, NULL, NULL, 2.25, two, 2, two, 2, NULL)) ;
}

static void subassign_matrix (GrB_Matrix *A)
{
    GrB_Matrix S = small_matrix () ;
    TS_OK (GxB_Matrix_subassign (*A, NULL, NULL, S, two, 2, two, 2, NULL)) ;
    GrB_Matrix_free (&S) ;
}

static void subassign_row (GrB_Matrix *A)
{
    GrB_Vector u = dense_vector () ;
    TS_OK (GxB_Row_subassign (*A, NULL, NULL, u, 9, GrB_ALL, N, NULL)) ;
    GrB_Vector_free (&u) ;
}

static void subassign_col (GrB_Matrix *A)
{
    GrB_Vector u = dense_vector () ;
    TS_OK (GxB_Col_subassign (*A, NULL, NULL, u, GrB_ALL, N, 11, NULL)) ;
    GrB_Vector_free (&u) ;
}

static void subassign_scalar (GrB_Matrix *A)
{
    TS_OK (GxB_Matrix_subassign_FP64 (*A, NULL, GrB_PLUS_FP64, 1.5, GrB_ALL, N, two, 2, NULL)) ;
}

static void apply (GrB_Matrix *A)
{
    TS_OK (GrB_Matrix_apply (*A, NULL, NULL, GrB_AINV_FP64, *A, NULL)) ;
}

static void select_entries (GrB_Matrix *A)
{
    TS_OK (GrB_Matrix_select_FP64 (*A, NULL, NULL, GrB_VALUEGT_FP64, *A, 0.0, NULL)) ;
}

static void ewise_add (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (77) ;
    TS_OK (GrB_Matrix_eWiseAdd_BinaryOp (*A, NULL, NULL, GrB_PLUS_FP64, *A, X, NULL)) ;
    GrB_Matrix_free (&X) ;
}

static void ewise_mult (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (78) ;
    TS_OK (GrB_Matrix_eWiseAdd_BinaryOp (X, NULL, NULL, GrB_PLUS_FP64, X, *A, NULL)) ;
    TS_OK (GrB_Matrix_eWiseMult_BinaryOp (*A, NULL, NULL, GrB_TIMES_FP64, *A, X, NULL)) ;
    GrB_Matrix_free (&X) ;
}

static void ewise_union (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (79) ;
    GrB_Scalar alpha, beta ;
    TS_OK (GrB_Scalar_new (&alpha, GrB_FP64)) ;
    TS_OK (GrB_Scalar_new (&beta, GrB_FP64)) ;
    TS_OK (GrB_Scalar_setElement_FP64 (alpha, 10)) ;
    TS_OK (GrB_Scalar_setElement_FP64 (beta, -10)) ;
    TS_OK (GxB_Matrix_eWiseUnion (*A, NULL, NULL, GrB_MINUS_FP64, *A, alpha, X, beta, NULL)) ;
    GrB_Scalar_free (&alpha) ; GrB_Scalar_free (&beta) ;
    GrB_Matrix_free (&X) ;
}

static void mxm_into_cpu (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (80), Y = random_matrix (81) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, *A, NULL, NULL, plus_times, X, Y, NULL)) ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&Y) ;
}

static void mxm_into_gpu_accum (GrB_Matrix *A)
{
    // an accumulator: T goes through the final step, not straight into A
    GrB_Matrix X = random_matrix (82), Y = random_matrix (83) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_GPU, NULL, *A, NULL, GrB_PLUS_FP64, plus_times, X, Y, NULL)) ;
    GrB_Matrix_free (&X) ; GrB_Matrix_free (&Y) ;
}

static void transpose_into (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (84) ;
    TS_OK (GrB_transpose (*A, NULL, NULL, X, NULL)) ;
    GrB_Matrix_free (&X) ;
}

static void extract_into (GrB_Matrix *A)
{
    GrB_Matrix X = random_matrix (85) ;
    TS_OK (GrB_Matrix_extract (*A, NULL, NULL, X, GrB_ALL, N, GrB_ALL, N, NULL)) ;
    GrB_Matrix_free (&X) ;
}

static void clear (GrB_Matrix *A) { TS_OK (GrB_Matrix_clear (*A)) ; }

static void clear_and_build (GrB_Matrix *A)
{
    GrB_Index I [3] = { 0, 5, 299 }, J [3] = { 1, 5, 0 } ;
    double X [3] = { 1, 2, 3 } ;
    TS_OK (GrB_Matrix_clear (*A)) ;
    TS_OK (GrB_Matrix_build_FP64 (*A, I, J, X, 3, GrB_PLUS_FP64)) ;
}

static void resize (GrB_Matrix *A)
{
    TS_OK (GrB_Matrix_resize (*A, N / 2, N / 3)) ;
    TS_OK (GrB_Matrix_resize (*A, N, N)) ;
}

static void unpack_and_pack (GrB_Matrix *A)
{
    GrB_Index *Ap, *Aj, Ap_size, Aj_size, Ax_size, nvals ;
    void *Ax ;
    bool iso, jumbled ;
    TS_OK (GrB_Matrix_nvals (&nvals, *A)) ;
    TS_OK (GxB_Matrix_unpack_CSR (*A, &Ap, &Aj, &Ax, &Ap_size, &Aj_size, &Ax_size, &iso,
        &jumbled, NULL)) ;
    for (GrB_Index k = 0 ; k < (iso ? 1 : nvals) ; k++) ((double *) Ax) [k] += 1 ;
    TS_OK (GxB_Matrix_pack_CSR (*A, &Ap, &Aj, &Ax, Ap_size, Aj_size, Ax_size, iso, jumbled, NULL)) ;
}

static void export_and_import (GrB_Matrix *A)
{
    GrB_Type type ;
    GrB_Index nrows, ncols, *Ap, *Aj, Ap_size, Aj_size, Ax_size, nvals ;
    void *Ax ;
    bool iso, jumbled ;
    TS_OK (GrB_Matrix_nvals (&nvals, *A)) ;
    TS_OK (GxB_Matrix_export_CSR (A, &type, &nrows, &ncols, &Ap, &Aj, &Ax, &Ap_size, &Aj_size,
        &Ax_size, &iso, &jumbled, NULL)) ;
    for (GrB_Index k = 0 ; k < (iso ? 1 : nvals) ; k++) ((double *) Ax) [k] *= 2 ;
    TS_OK (GxB_Matrix_import_CSR (A, type, nrows, ncols, &Ap, &Aj, &Ax, Ap_size, Aj_size,
        Ax_size, iso, jumbled, NULL)) ;
}

static void free_and_new (GrB_Matrix *A)
{
    GrB_Matrix old = *A ;
    TS_OK (GrB_Matrix_free (A)) ;
    *A = random_matrix (86) ;
    printf ("free then new: %s address\n", (*A == old) ? "the same" : "another") ;
}

// these change how A is held, never its content
static void option_format (GrB_Matrix *A)
{
    TS_OK (GxB_Matrix_Option_set (*A, GxB_FORMAT, GxB_BY_COL)) ;
}

static void option_sparsity (GrB_Matrix *A)
{
    TS_OK (GxB_Matrix_Option_set_INT32 (*A, GxB_SPARSITY_CONTROL, GxB_BITMAP)) ;
}

static void wait (GrB_Matrix *A) { TS_OK (GrB_Matrix_wait (*A, GrB_MATERIALIZE)) ; }

typedef struct
{
    const char *name ;
    change_fn change ;
    bool content ;          // changes the content (A must go up again)
}
change_case ;

static const change_case changes [ ] =
{
    { "setElement", set_element, true },
    { "setElement (GrB_Scalar)", set_element_scalar, true },
    { "removeElement", remove_element, true },
    { "assign (matrix)", assign_matrix, true },
    { "assign (row)", assign_row, true },
    { "assign (column)", assign_col, true },
    { "assign (scalar)", assign_scalar, true },
    { "subassign (matrix)", subassign_matrix, true },
    { "subassign (row)", subassign_row, true },
    { "subassign (column)", subassign_col, true },
    { "subassign (scalar, accum)", subassign_scalar, true },
    { "apply", apply, true },
    { "select", select_entries, true },
    { "eWiseAdd", ewise_add, true },
    { "eWiseMult", ewise_mult, true },
    { "eWiseUnion", ewise_union, true },
    { "mxm into it (library)", mxm_into_cpu, true },
    { "mxm into it (GPU, accum)", mxm_into_gpu_accum, true },
    { "transpose into it", transpose_into, true },
    { "extract into it", extract_into, true },
    { "clear", clear, true },
    { "clear and build", clear_and_build, true },
    { "resize", resize, true },
    { "unpack and pack", unpack_and_pack, true },
    { "export and import", export_and_import, true },
    { "free and new", free_and_new, true },
    { "option: format (variadic)", option_format, false },
    { "option: sparsity", option_sparsity, false },
    { "wait", wait, false },
} ;

static void test_changes (void)
{
    for (size_t k = 0 ; k < sizeof (changes) / sizeof (changes [0]) ; k++)
    {
        const change_case *c = &changes [k] ;
        GrB_Matrix A = random_matrix (100 + k), B = random_matrix (200 + k) ;
        // as A and as B: each place an input has on the device
        GrB_Matrix C = gpu_product (NULL, NULL, A, B), D = gpu_product (NULL, NULL, B, A) ;
        c->change (&A) ;
        char what [96] ;
        snprintf (what, sizeof (what), "%s (A)", c->name) ;
        check_product (what, NULL, A, B, c->content) ;
        snprintf (what, sizeof (what), "%s (B)", c->name) ;
        check_product (what, NULL, B, A, false) ;
        GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C) ; GrB_Matrix_free (&D) ;
    }
}

// C<M> = A*B' with M changed, and a vector (a GrB_Matrix to GrB_mxm) changed.
static void test_mask_and_vector (void)
{
    GrB_Matrix A = random_matrix (300), B = random_matrix (301), M = random_matrix (302) ;
    GrB_Matrix C = gpu_product (NULL, M, A, B) ;
    TS_OK (GrB_Matrix_setElement_FP64 (M, 1, 0, 0)) ;
    TS_OK (GrB_Matrix_assign_FP64 (M, NULL, NULL, 1, GrB_ALL, N, two, 2, NULL)) ;
    check_product ("mask changed", M, A, B, false) ;
    GrB_Matrix_free (&C) ;

    GrB_Vector v = dense_vector () ;
    TS_OK (GrB_Vector_removeElement (v, 3)) ;
    C = gpu_product (NULL, NULL, A, (GrB_Matrix) v) ;
    TS_OK (GrB_Vector_setElement_FP64 (v, -7, 3)) ;
    TS_OK (GrB_Vector_setElement_FP64 (v, 4, 10)) ;
    gbgpu_stats_t before = ts_stats_now () ;
    check_product ("vector changed", NULL, A, (GrB_Matrix) v, false) ;
    gbgpu_stats_t d = delta_of (before) ;
    ts_check (d.device_cache_misses >= 1, "the changed vector was not uploaded again") ;
    GrB_Vector_free (&v) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&M) ; GrB_Matrix_free (&C) ;
}

// GBGPU_DEVICE_CACHE=0: every input goes up, nothing is found.
static void test_option_off (void)
{
    GrB_Matrix A = random_matrix (400), B = random_matrix (401) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_CACHE, 0)) ;
    ts_check (strncmp (gbgpu_device_cache_state (), "off: option", 11) == 0,
        "option off: state %s", gbgpu_device_cache_state ()) ;
    gbgpu_stats_t before = ts_stats_now () ;
    GrB_Matrix C1 = gpu_product (NULL, NULL, A, B), C2 = gpu_product (NULL, NULL, A, B) ;
    gbgpu_stats_t d = delta_of (before) ;
    ts_check (d.device_cache_hits == 0 && d.device_cache_misses == 0 && d.bytes_to_device > 0,
        "option off: %llu hits, %llu misses", (unsigned long long) d.device_cache_hits,
        (unsigned long long) d.device_cache_misses) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_CACHE, 1)) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C1) ; GrB_Matrix_free (&C2) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    TS_OK (GrB_Semiring_new (&plus_times, GrB_PLUS_MONOID_FP64, GrB_TIMES_FP64)) ;
    const char *state = gbgpu_device_cache_state () ;
    printf ("device cache: %s\n", state) ;
    if (strncmp (state, "on", 2) != 0 && ts_cache_proof_verdict_expected (state))
    {
        printf ("SKIPPED: the device cache is off, as its proof must be with this library\n") ;
        TS_OK (GrB_finalize ()) ;
        return 77 ;
    }
    if (!ts_check (strncmp (state, "on", 2) == 0, "the device cache is off"))
        return ts_summary () ;
    test_hits () ;
    test_changes () ;
    test_mask_and_vector () ;
    test_option_off () ;
    GrB_Semiring_free (&plus_times) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
