// tests/test_mxm_graph_forms.c: the masked products of graph algorithms, exactly as
// LAGraph writes them, run on the GPU and give the library's results (GPU
// test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
//   triangle counting  C<A> = A*A, C<L> = L*L, C<U> = U*U (GrB_DESC_S) and
//                      C<L> = L*U' (GrB_DESC_ST1), over GxB_PLUS_PAIR_INT64
//                      and over a semiring built from GrB_PLUS_MONOID_INT64
//                      and GrB_ONEB_INT64; the sum of C is the number of
//                      triangles (6 times it for C<A> = A*A)
//   BFS, one level     q<!visited> = q*A (GrB_DESC_RSC, q the output too)
//                      over ANY_PAIR_BOOL, ANY_ONEB_BOOL (built) and
//                      ANY_SECONDI_INT64 (parents), 64 sources at once
//   k-truss support    C<S> = S*S' (GrB_DESC_RST1) over PLUS_ONEB_UINT32
//                      (built), also in place: C<C> = C*C'
//
// on random symmetric graphs without self-loops (uniform and R-MAT), and on
// the shared matrices with published triangle counts when GBGPU_DATA_DIR is
// set.  Every call must run on the GPU (the stats count it), take the method
// GBGPU_MASKED_DOT asks for when it is a T<M> = A*B' product (ctest runs this
// program with dot, with saxpy, and with the estimate), leave its inputs
// unchanged and equal the same call under the CPU policy; ANY_SECONDI's
// parents must lie between MIN_SECONDI's and MAX_SECONDI's and be real
// parents (an edge from a node of the frontier).

#include "test_support.h"
#include "graph_io.h"

#include <stdlib.h>
#include <string.h>

//------------------------------------------------------------------------------
// one product in the form a graph algorithm writes it
//------------------------------------------------------------------------------

typedef enum
{
    ALIAS_NONE,         // C = new, C<M> = A*B
    ALIAS_C_IS_A,       // C = A's copy, then C<M> = C*B      (BFS: q = q*A)
    ALIAS_ALL,          // C = A's copy, then C<C> = C*C'     (k-truss in place)
}
alias_kind ;

typedef struct
{
    char name [160] ;
    GrB_Matrix M, A, B ;
    GrB_Descriptor desc ;
    GrB_Type ctype ;
    alias_kind alias ;
    bool dot_eligible ;         // T<M> = A*B', M not complemented
}
form ;

// Runs the form under a policy; returns C.
static GrB_Matrix run_form (const form *f, GrB_Semiring semiring, gbgpu_policy policy,
    gbgpu_stats_t *delta, GrB_Info *info)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, f->A)) ;
    TS_OK (GrB_Matrix_nrows (&n, f->B)) ;       // every form here is square or A*B'
    int32_t tran = 0 ;
    TS_OK (GxB_Desc_get_INT32 (f->desc, GrB_INP1, &tran)) ;
    if (tran != GrB_TRAN) TS_OK (GrB_Matrix_ncols (&n, f->B)) ;
    GrB_Matrix C ;
    if (f->alias == ALIAS_NONE)
    {
        TS_OK (GrB_Matrix_new (&C, f->ctype, m, n)) ;
        *info = ts_mxm_under (policy, delta, C, f->M, NULL, semiring, f->A, f->B, f->desc) ;
    }
    else
    {
        TS_OK (GrB_Matrix_new (&C, f->ctype, m, n)) ;
        TS_OK (GrB_Matrix_assign (C, NULL, NULL, f->A, GrB_ALL, m, GrB_ALL, n, NULL)) ;
        TS_OK (GrB_Matrix_wait (C, GrB_MATERIALIZE)) ;
        *info = (f->alias == ALIAS_C_IS_A)
            ? ts_mxm_under (policy, delta, C, f->M, NULL, semiring, C, f->B, f->desc)
            : ts_mxm_under (policy, delta, C, C, NULL, semiring, C, C, f->desc) ;
    }
    return C ;
}

static bool unchanged (GrB_Matrix X, GrB_Matrix snapshot, const char *role,
    const form *f, const char *semiring_name)
{
    char why [400] ;
    return ts_check (X == NULL || ts_same_content (X, snapshot, 0, why, sizeof (why)),
        "%s %s: %s changed: %s", f->name, semiring_name, role, why) ;
}

static GrB_Matrix snapshot_of (GrB_Matrix X)
{
    GrB_Matrix S = NULL ;
    if (X != NULL) TS_OK (GrB_Matrix_dup (&S, X)) ;
    return S ;
}

// The GPU call: one GPU call, the method asked for, inputs unchanged.
static GrB_Matrix check_gpu_call (const form *f, GrB_Semiring semiring, const char *semiring_name)
{
    GrB_Matrix M0 = snapshot_of (f->M), A0 = snapshot_of (f->A), B0 = snapshot_of (f->B) ;
    gbgpu_stats_t delta ;
    GrB_Info info ;
    GrB_Matrix C = run_form (f, semiring, GBGPU_POLICY_GPU, &delta, &info) ;
    char why [400] ;
    ts_check (info == GrB_SUCCESS, "%s %s: GrB_mxm returned %d", f->name, semiring_name, (int) info) ;
    ts_check (ts_path_in (&delta, TS_PATH_GPU, why, sizeof (why)),
        "%s %s: %s", f->name, semiring_name, why) ;
    ts_check (ts_masked_method_ok (&delta, f->dot_eligible, why, sizeof (why)),
        "%s %s: %s", f->name, semiring_name, why) ;
    unchanged (f->M, M0, "M", f, semiring_name) ;
    unchanged (f->A, A0, "A", f, semiring_name) ;
    unchanged (f->B, B0, "B", f, semiring_name) ;
    GrB_Matrix_free (&M0) ;
    GrB_Matrix_free (&A0) ;
    GrB_Matrix_free (&B0) ;
    return C ;
}

// The GPU's C equals the library's; returns the GPU's C.
static GrB_Matrix check_exact (const form *f, GrB_Semiring semiring, const char *semiring_name)
{
    GrB_Matrix C = check_gpu_call (f, semiring, semiring_name) ;
    GrB_Info info ;
    GrB_Matrix R = run_form (f, semiring, GBGPU_POLICY_CPU, NULL, &info) ;
    TS_OK (info) ;
    char why [400] ;
    ts_check (ts_same_content (C, R, 0, why, sizeof (why)),
        "%s %s: C: %s", f->name, semiring_name, why) ;
    GrB_Matrix_free (&R) ;
    return C ;
}

static int64_t sum_of (GrB_Matrix C)
{
    int64_t sum = 0 ;
    TS_OK (GrB_Matrix_reduce_INT64 (&sum, NULL, GrB_PLUS_MONOID_INT64, C, NULL)) ;
    return sum ;
}

//------------------------------------------------------------------------------
// triangle counting
//------------------------------------------------------------------------------

static GrB_Semiring plus_oneb_int64, any_oneb_bool, plus_oneb_uint32 ;

static void semirings_new (void)
{
    TS_OK (GrB_Semiring_new (&plus_oneb_int64, GrB_PLUS_MONOID_INT64, GrB_ONEB_INT64)) ;
    TS_OK (GrB_Semiring_new (&any_oneb_bool, GxB_ANY_BOOL_MONOID, GrB_ONEB_BOOL)) ;
    TS_OK (GrB_Semiring_new (&plus_oneb_uint32, GrB_PLUS_MONOID_UINT32, GrB_ONEB_UINT32)) ;
}

static void semirings_free (void)
{
    GrB_Semiring_free (&plus_oneb_int64) ;
    GrB_Semiring_free (&any_oneb_bool) ;
    GrB_Semiring_free (&plus_oneb_uint32) ;
}

static GrB_Matrix triangle_part (GrB_Matrix A, GrB_IndexUnaryOp op, int64_t k)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix T ;
    TS_OK (GrB_Matrix_new (&T, GrB_BOOL, n, n)) ;
    TS_OK (GrB_Matrix_select_INT64 (T, NULL, NULL, op, A, k, NULL)) ;
    return T ;
}

// The four LAGraph forms, two semirings each; the counts must agree with
// each other and with the published count (triangles >= 0).
static void check_triangles (const char *graph, GrB_Matrix A, int64_t triangles)
{
    GrB_Matrix L = triangle_part (A, GrB_TRIL, -1), U = triangle_part (A, GrB_TRIU, 1) ;
    struct { const char *name ; GrB_Matrix M, A, B ; GrB_Descriptor desc ; int times ; bool dot ; }
    forms [4] =
    {
        { "C<A> = A*A",  A, A, A, GrB_DESC_S,   6, false },
        { "C<L> = L*L",  L, L, L, GrB_DESC_S,   1, false },
        { "C<U> = U*U",  U, U, U, GrB_DESC_S,   1, false },
        { "C<L> = L*U'", L, L, U, GrB_DESC_ST1, 1, true  },
    } ;
    struct { const char *name ; GrB_Semiring semiring ; } semirings [2] =
    {
        { "GxB_PLUS_PAIR_INT64", GxB_PLUS_PAIR_INT64 },
        { "PLUS_MONOID_INT64 + ONEB_INT64", plus_oneb_int64 },
    } ;
    int64_t first = -1 ;
    for (int k = 0 ; k < 4 ; k++)
    {
        for (int s = 0 ; s < 2 ; s++)
        {
            form f = { .M = forms [k].M, .A = forms [k].A, .B = forms [k].B,
                .desc = forms [k].desc, .ctype = GrB_INT64, .alias = ALIAS_NONE,
                .dot_eligible = forms [k].dot } ;
            snprintf (f.name, sizeof (f.name), "%s: triangles %s", graph, forms [k].name) ;
            GrB_Matrix C = check_exact (&f, semirings [s].semiring, semirings [s].name) ;
            int64_t count = sum_of (C) / forms [k].times ;
            if (first < 0) first = count ;
            ts_check (count == first && (triangles < 0 || count == triangles),
                "%s %s: %lld triangles, the first form %lld, published %lld", f.name,
                semirings [s].name, (long long) count, (long long) first, (long long) triangles) ;
            GrB_Matrix_free (&C) ;
        }
    }
    printf ("%s: %lld triangles\n", graph, (long long) first) ;
    GrB_Matrix_free (&L) ;
    GrB_Matrix_free (&U) ;
}

//------------------------------------------------------------------------------
// one BFS level, 64 sources at once
//------------------------------------------------------------------------------

// Every parent k of q(s,j) = k: q0 (the previous frontier) has (s,k) and A
// has (k,j).
static bool real_parents (GrB_Matrix C, GrB_Matrix q0, GrB_Matrix A, char *why, size_t n)
{
    ts_content c ;
    ts_content_get (&c, C) ;
    bool ok = true ;
    for (GrB_Index p = 0 ; ok && p < c.nvals ; p++)
    {
        int64_t k = ((int64_t *) c.X) [p] ;
        bool x ;
        ok = k >= 0 && GrB_Matrix_extractElement_BOOL (&x, q0, c.I [p], (GrB_Index) k) == GrB_SUCCESS
            && GrB_Matrix_extractElement_BOOL (&x, A, (GrB_Index) k, c.J [p]) == GrB_SUCCESS ;
        if (!ok) snprintf (why, n, "q(%llu,%llu) = %lld is not a parent",
            (unsigned long long) c.I [p], (unsigned long long) c.J [p], (long long) k) ;
    }
    ts_content_free (&c) ;
    return ok ;
}

static void check_bfs_level (const char *graph, GrB_Matrix A)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Index k = (n < 64) ? n : 64 ;
    // level 1: the sources (evenly spaced), visited = q; level 2 computed on
    // the CPU so that the level under test has a frontier and a history
    GrB_Matrix q, visited, q_int ;
    TS_OK (GrB_Matrix_new (&q, GrB_BOOL, k, n)) ;
    for (GrB_Index s = 0 ; s < k ; s++)
        TS_OK (GrB_Matrix_setElement_BOOL (q, true, s, s * n / k)) ;
    TS_OK (GrB_Matrix_dup (&visited, q)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, q, visited, NULL, GxB_ANY_PAIR_BOOL,
        q, A, GrB_DESC_RSC)) ;
    TS_OK (GrB_Matrix_assign (visited, q, NULL, q, GrB_ALL, k, GrB_ALL, n, GrB_DESC_S)) ;
    TS_OK (GrB_Matrix_wait (visited, GrB_MATERIALIZE)) ;
    TS_OK (GrB_Matrix_new (&q_int, GrB_INT64, k, n)) ;
    TS_OK (GrB_Matrix_assign (q_int, NULL, NULL, q, GrB_ALL, k, GrB_ALL, n, NULL)) ;
    TS_OK (GrB_Matrix_wait (q_int, GrB_MATERIALIZE)) ;

    struct { const char *name ; GrB_Semiring semiring ; } levels [2] =
    {
        { "GxB_ANY_PAIR_BOOL", GxB_ANY_PAIR_BOOL },
        { "ANY_BOOL_MONOID + ONEB_BOOL", any_oneb_bool },
    } ;
    for (int s = 0 ; s < 2 ; s++)
    {
        form f = { .M = visited, .A = q, .B = A, .desc = GrB_DESC_RSC, .ctype = GrB_BOOL,
            .alias = ALIAS_C_IS_A, .dot_eligible = false } ;
        snprintf (f.name, sizeof (f.name), "%s: BFS q<!visited> = q*A", graph) ;
        GrB_Matrix C = check_exact (&f, levels [s].semiring, levels [s].name) ;
        GrB_Matrix_free (&C) ;
    }

    // parents: ANY may pick any of them; between MIN's and MAX's, and real
    form f = { .M = visited, .A = q_int, .B = A, .desc = GrB_DESC_RSC, .ctype = GrB_INT64,
        .alias = ALIAS_C_IS_A, .dot_eligible = false } ;
    snprintf (f.name, sizeof (f.name), "%s: BFS parents q<!visited> = q*A", graph) ;
    GrB_Matrix C = check_gpu_call (&f, GxB_ANY_SECONDI_INT64, "GxB_ANY_SECONDI_INT64") ;
    GrB_Info info ;
    GrB_Matrix Lo = run_form (&f, GxB_MIN_SECONDI_INT64, GBGPU_POLICY_CPU, NULL, &info) ;
    TS_OK (info) ;
    GrB_Matrix Hi = run_form (&f, GxB_MAX_SECONDI_INT64, GBGPU_POLICY_CPU, NULL, &info) ;
    TS_OK (info) ;
    char why [400] ;
    ts_check (ts_between (C, Lo, Hi, NULL, why, sizeof (why)), "%s: %s", f.name, why) ;
    ts_check (real_parents (C, q, A, why, sizeof (why)), "%s: %s", f.name, why) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&Lo) ;
    GrB_Matrix_free (&Hi) ;
    GrB_Matrix_free (&q) ;
    GrB_Matrix_free (&q_int) ;
    GrB_Matrix_free (&visited) ;
}

//------------------------------------------------------------------------------
// k-truss support: C<S> = S*S'
//------------------------------------------------------------------------------

static void check_ktruss (const char *graph, GrB_Matrix A)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix S ;
    TS_OK (GrB_Matrix_new (&S, GrB_UINT32, n, n)) ;
    TS_OK (GrB_Matrix_apply (S, NULL, NULL, GxB_ONE_UINT32, A, NULL)) ;
    form f = { .M = S, .A = S, .B = S, .desc = GrB_DESC_RST1, .ctype = GrB_UINT32,
        .alias = ALIAS_NONE, .dot_eligible = true } ;
    snprintf (f.name, sizeof (f.name), "%s: k-truss C<S> = S*S'", graph) ;
    GrB_Matrix C = check_exact (&f, plus_oneb_uint32, "PLUS_MONOID_UINT32 + ONEB_UINT32") ;
    GrB_Matrix_free (&C) ;
    f.alias = ALIAS_ALL ;
    snprintf (f.name, sizeof (f.name), "%s: k-truss in place C<C> = C*C'", graph) ;
    C = check_exact (&f, plus_oneb_uint32, "PLUS_MONOID_UINT32 + ONEB_UINT32") ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&S) ;
}

//------------------------------------------------------------------------------
// the graphs
//------------------------------------------------------------------------------

// A symmetric graph without self-loops, its pattern as BOOL.
static GrB_Matrix adjacency (GrB_Matrix G)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, G)) ;
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_BOOL, n, n)) ;
    TS_OK (GrB_Matrix_select_INT64 (A, NULL, NULL, GrB_OFFDIAG, G, 0, NULL)) ;
    TS_OK (GrB_Matrix_apply (A, NULL, NULL, GxB_ONE_BOOL, A, NULL)) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    return A ;
}

static void check_graph (const char *graph, GrB_Matrix G, int64_t triangles)
{
    GrB_Matrix A = adjacency (G) ;
    check_triangles (graph, A, triangles) ;
    check_bfs_level (graph, A) ;
    check_ktruss (graph, A) ;
    GrB_Matrix_free (&A) ;
}

// The shared matrices with published triangle counts (data README).
static const struct { const char *file ; int64_t triangles ; } shared [ ] =
{
    { "karate.mtx", 45 }, { "jagmesh7.mtx", 2016 }, { "bcsstk13.mtx", 342300 },
    { "CA-GrQc.mtx", 48260 }, { "CA-HepTh.mtx", 28339 }, { "oregon1_010331.mtx", 17144 },
} ;

static void check_shared_graphs (void)
{
    const char *dir = getenv ("GBGPU_DATA_DIR") ;
    if (dir == NULL || dir [0] == '\0')
    {
        printf ("GBGPU_DATA_DIR not set: random graphs only\n") ;
        return ;
    }
    for (size_t k = 0 ; k < sizeof (shared) / sizeof (shared [0]) ; k++)
    {
        char path [4096] ;
        snprintf (path, sizeof (path), "%s/matrices/%s", dir, shared [k].file) ;
        GrB_Matrix G = NULL ;
        if (graph_read_mtx (&G, path) != GrB_SUCCESS)
        {
            printf ("%s: not read (%s), left out\n", path, graph_io_error ()) ;
            continue ;
        }
        check_graph (shared [k].file, G, shared [k].triangles) ;
        GrB_Matrix_free (&G) ;
    }
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    semirings_new () ;
    double t0 = ts_seconds () ;
    GrB_Matrix G ;
    TS_OK (graph_uniform_random (&G, 3000, 12, 7)) ;
    check_graph ("uniform:3000:12", G, -1) ;
    GrB_Matrix_free (&G) ;
    TS_OK (graph_rmat (&G, 11, 8, 3)) ;
    check_graph ("rmat:11:8", G, -1) ;
    GrB_Matrix_free (&G) ;
    check_shared_graphs () ;
    semirings_free () ;
    gbgpu_stats_print (stdout) ;
    printf ("%.1f s in all\n", ts_seconds () - t0) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
