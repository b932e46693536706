// tests/test_matrix_view.c: [host] the read-only view of a matrix's arrays
// that uploads read (plugin/graphblas/matrix_view.c): what it shows, that it
// changes nothing, and that other threads may read the matrix meanwhile.
// SPDX-License-Identifier: Apache-2.0
//
// 1. For each storage (by row and by column; sparse, hypersparse, bitmap,
//    full; iso; jumbled; with pending work): a sparse view's arrays hold
//    exactly the entries GrB_Matrix_extractTuples gives (as CSR of the
//    matrix by row, of its transpose by column), and afterwards the matrix
//    holds the same content in the same format, sparsity status, sparsity
//    control, hyper switch and bitmap switch.
// 2. Threads read a shared matrix (GrB_transpose into their own matrix,
//    GrB_reduce, GrB_Matrix_extractTuples, GrB_Matrix_nvals) while others
//    open views of it and walk its arrays, thousands of times: every read
//    gives the right answer.  (Lending the arrays out instead, as gbgpu did
//    before, made readers see an empty matrix or crash the library.)
// 3. The iterator's layout: the library's iterators record the size gbgpu's
//    header gives them (a later release of the same major version that
//    grew the struct would make views refuse, and uploads copy instead).

#include "test_support.h"
#include "run/run.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static char why [256] ;

typedef struct
{
    int32_t format, sparsity_control, sparsity_status ;     // status: when complete
    double hyper_switch, bitmap_switch ;
    GrB_Index nvals ;
}
settings ;

// Its settings; with `complete`, its sparsity status and entries too (which
// finishes its pending work).
static settings settings_of (GrB_Matrix A, bool complete)
{
    settings s = { 0 } ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_FORMAT, &s.format)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_SPARSITY_CONTROL, &s.sparsity_control)) ;
    TS_OK (GxB_Matrix_Option_get_FP64 (A, GxB_HYPER_SWITCH, &s.hyper_switch)) ;
    TS_OK (GxB_Matrix_Option_get_FP64 (A, GxB_BITMAP_SWITCH, &s.bitmap_switch)) ;
    if (!complete) return s ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_SPARSITY_STATUS, &s.sparsity_status)) ;
    TS_OK (GrB_Matrix_nvals (&s.nvals, A)) ;
    return s ;
}

// The view's entries, as (row, col, value) of A, equal A's own tuples?
static bool view_matches (const gbgpu_matrix_view *v, GrB_Matrix A)
{
    GrB_Index nvals ;
    TS_OK (GrB_Matrix_nvals (&nvals, A)) ;
    if ((GrB_Index) v->nvals != nvals)
    {
        snprintf (why, sizeof (why), "view has %lld entries, the matrix %llu",
            (long long) v->nvals, (unsigned long long) nvals) ;
        return false ;
    }
    GrB_Matrix W ;
    GrB_Index nrows, ncols ;
    TS_OK (GrB_Matrix_nrows (&nrows, A)) ;
    TS_OK (GrB_Matrix_ncols (&ncols, A)) ;
    TS_OK (GrB_Matrix_new (&W, GrB_FP64, nrows, ncols)) ;
    for (int64_t k = 0 ; k < v->vectors ; k++)
    {
        for (int64_t p = v->p [k] ; p < v->p [k+1] ; p++)
        {
            double x = ((const double *) v->x) [v->iso ? 0 : p] ;
            GrB_Index i = v->by_col ? (GrB_Index) v->i [p] : (GrB_Index) k ;
            GrB_Index j = v->by_col ? (GrB_Index) k : (GrB_Index) v->i [p] ;
            TS_OK (GrB_Matrix_setElement_FP64 (W, x, i, j)) ;
        }
    }
    bool same = ts_same_content (W, A, 0, why, sizeof (why)) ;
    GrB_Matrix_free (&W) ;
    return same ;
}

static void test_storages (void)
{
    const int sparsities [4] = { GxB_SPARSE, GxB_HYPERSPARSE, GxB_BITMAP, GxB_FULL } ;
    for (int by_col = 0 ; by_col < 2 ; by_col++)
    for (int s = 0 ; s < 4 ; s++)
    for (int variant = 0 ; variant < 4 ; variant++)     // plain, iso, jumbled, pending
    {
        bool sparse_kind = (sparsities [s] == GxB_SPARSE || sparsities [s] == GxB_HYPERSPARSE) ;
        if (variant >= 2 && !sparse_kind) continue ;
        ts_matrix_spec spec = ts_spec (GrB_FP64, 37, 29, sparsities [s] == GxB_FULL ? 1.0 : 0.2,
            100 + 10 * s + variant) ;
        spec.by_col = by_col ;
        spec.sparsity = sparsities [s] ;
        spec.iso = (variant == 1) ? TS_ISO_BUILD : TS_NOT_ISO ;
        spec.jumbled = (variant == 2) ;
        spec.pending = (variant == 3) ;
        GrB_Matrix A, twin ;
        ts_matrix_make (&A, &spec) ;
        TS_OK (GxB_Matrix_Option_set_FP64 (A, GxB_HYPER_SWITCH, 0.3125)) ;
        TS_OK (GxB_Matrix_Option_set_FP64 (A, GxB_BITMAP_SWITCH, 0.875)) ;
        char what [96] ;
        snprintf (what, sizeof (what), "by %s, sparsity %d, %s", by_col ? "col" : "row",
            sparsities [s], (const char *[ ]) { "plain", "iso", "jumbled", "pending" } [variant]) ;
        // the content, from a twin (taking it from A would finish A's pending work)
        ts_matrix_spec plain = ts_spec_plain (&spec) ;
        ts_matrix_make (&twin, &plain) ;
        settings before = settings_of (A, false) ;
        gbgpu_matrix_view v ;
        GrB_Info info = gbgpu_view_open (&v, A) ;
        ts_check (info == GrB_SUCCESS, "%s: view_open %d", what, (int) info) ;
        if (info == GrB_SUCCESS)
        {
            ts_check (v.by_col == by_col, "%s: view says by_col %d", what, v.by_col) ;
            int status ;
            TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_SPARSITY_STATUS, &status)) ;
            ts_check (v.sparsity == status, "%s: view says sparsity %d, the matrix %d",
                what, v.sparsity, status) ;
            ts_check (v.iso == (variant == 1), "%s: view says iso %d", what, v.iso) ;
            if (v.sparsity == GxB_SPARSE)
                ts_check (view_matches (&v, A), "%s: view's arrays: %s", what, why) ;
            if (v.sparsity == GxB_BITMAP)
            {
                // a byte a cell, as many set as the matrix has entries
                GrB_Index nvals, set = 0 ;
                TS_OK (GrB_Matrix_nvals (&nvals, A)) ;
                for (int64_t c = 0 ; c < v.vectors * v.vector_length ; c++) set += (v.b [c] != 0) ;
                ts_check (set == nvals, "%s: bitmap has %llu cells set, the matrix %llu entries",
                    what, (unsigned long long) set, (unsigned long long) nvals) ;
            }
            gbgpu_view_close (&v) ;
        }
        settings after = settings_of (A, false) ;
        ts_check (memcmp (&before, &after, sizeof (settings)) == 0,
            "%s: settings changed (format %d->%d, control %d->%d, "
            "hyper %g->%g, bitmap %g->%g)", what, before.format, after.format,
            before.sparsity_control, after.sparsity_control, before.hyper_switch, after.hyper_switch,
            before.bitmap_switch, after.bitmap_switch) ;
        ts_check (ts_same_content (A, twin, 0, why, sizeof (why)), "%s: content: %s", what, why) ;
        GrB_Matrix_free (&twin) ;
        GrB_Matrix_free (&A) ;
    }
}

//------------------------------------------------------------------------------
// readers beside views
//------------------------------------------------------------------------------

#define READERS 2
#define VIEWERS 2
#define ROUNDS 3000

static GrB_Matrix shared ;          // by row, sparse, complete
static GrB_Matrix shared_t ;        // its transpose, computed beforehand
static double shared_sum ;         // by GrB_reduce
static double shared_view_sum ;    // in the view's order
static GrB_Index shared_nvals ;
static int wrong_reads [READERS], wrong_views [VIEWERS] ;

static void *reader (void *arg)
{
    int id = (int) (intptr_t) arg ;
    GrB_Index n ;
    GrB_Matrix_nrows (&n, shared) ;
    GrB_Index *I = malloc (shared_nvals * sizeof (GrB_Index)) ;
    GrB_Index *J = malloc (shared_nvals * sizeof (GrB_Index)) ;
    double *X = malloc (shared_nvals * sizeof (double)) ;
    char reason [256] ;
    for (int round = 0 ; round < ROUNDS ; round++)
    {
        GrB_Index nvals = 0 ;
        double sum = 0 ;
        bool ok = GrB_Matrix_nvals (&nvals, shared) == GrB_SUCCESS && nvals == shared_nvals
            && GrB_Matrix_reduce_FP64 (&sum, NULL, GrB_PLUS_MONOID_FP64, shared, NULL) == GrB_SUCCESS
            && sum == shared_sum ;
        GrB_Index got = shared_nvals ;
        ok = ok && GrB_Matrix_extractTuples_FP64 (I, J, X, &got, shared) == GrB_SUCCESS
            && got == shared_nvals ;
        if (round % 16 == 0)
        {
            GrB_Matrix T = NULL ;
            ok = ok && GrB_Matrix_new (&T, GrB_FP64, n, n) == GrB_SUCCESS
                && GrB_transpose (T, NULL, NULL, shared, NULL) == GrB_SUCCESS
                && ts_same_content (T, shared_t, 0, reason, sizeof (reason)) ;
            GrB_Matrix_free (&T) ;
        }
        wrong_reads [id] += !ok ;
    }
    free (I) ; free (J) ; free (X) ;
    return NULL ;
}

static void *viewer (void *arg)
{
    int id = (int) (intptr_t) arg ;
    for (int round = 0 ; round < ROUNDS ; round++)
    {
        gbgpu_matrix_view v ;
        if (gbgpu_view_open (&v, shared) != GrB_SUCCESS) { wrong_views [id]++ ; continue ; }
        double sum = 0 ;
        for (int64_t p = 0 ; p < v.nvals ; p++) sum += ((const double *) v.x) [p] ;
        wrong_views [id] += (v.nvals != (int64_t) shared_nvals || sum != shared_view_sum) ;
        gbgpu_view_close (&v) ;
    }
    return NULL ;
}

static void test_readers_beside_views (void)
{
    ts_matrix_spec spec = ts_spec (GrB_FP64, 300, 300, 0.05, 42) ;
    spec.sparsity = GxB_SPARSE ;
    ts_matrix_make (&shared, &spec) ;
    TS_OK (GrB_Matrix_wait (shared, GrB_MATERIALIZE)) ;
    TS_OK (GrB_Matrix_nvals (&shared_nvals, shared)) ;
    TS_OK (GrB_Matrix_reduce_FP64 (&shared_sum, NULL, GrB_PLUS_MONOID_FP64, shared, NULL)) ;
    TS_OK (GrB_Matrix_new (&shared_t, GrB_FP64, 300, 300)) ;
    TS_OK (GrB_transpose (shared_t, NULL, NULL, shared, NULL)) ;
    gbgpu_matrix_view v ;
    TS_OK (gbgpu_view_open (&v, shared)) ;
    for (int64_t p = 0 ; p < v.nvals ; p++) shared_view_sum += ((const double *) v.x) [p] ;
    gbgpu_view_close (&v) ;
    pthread_t readers [READERS], viewers [VIEWERS] ;
    for (int t = 0 ; t < READERS ; t++) pthread_create (&readers [t], NULL, reader, (void *) (intptr_t) t) ;
    for (int t = 0 ; t < VIEWERS ; t++) pthread_create (&viewers [t], NULL, viewer, (void *) (intptr_t) t) ;
    for (int t = 0 ; t < READERS ; t++) pthread_join (readers [t], NULL) ;
    for (int t = 0 ; t < VIEWERS ; t++) pthread_join (viewers [t], NULL) ;
    int reads = 0, views = 0 ;
    for (int t = 0 ; t < READERS ; t++) reads += wrong_reads [t] ;
    for (int t = 0 ; t < VIEWERS ; t++) views += wrong_views [t] ;
    ts_check (reads == 0, "%d of %d reads beside views were wrong", reads, READERS * ROUNDS) ;
    ts_check (views == 0, "%d of %d views were wrong", views, VIEWERS * ROUNDS) ;
    GrB_Matrix_free (&shared) ;
    GrB_Matrix_free (&shared_t) ;
}

static void test_layout (void)
{
    GxB_Iterator it = NULL ;
    TS_OK (GxB_Iterator_new (&it)) ;
    ts_check (gbgpu_view_layout_matches (it->header_size),
        "the library's iterator has %zu bytes, the header's %zu", it->header_size,
        sizeof (struct GB_Iterator_opaque)) ;
    TS_OK (GxB_Iterator_free (&it)) ;
    ts_check (!gbgpu_view_layout_matches (sizeof (struct GB_Iterator_opaque) + 8),
        "a larger iterator taken for the header's layout") ;
}

int main (void)
{
    ts_start () ;
    test_layout () ;
    test_storages () ;
    test_readers_beside_views () ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
