// tests/test_shared_data.c: real matrices from the shared data folder, on the GPU
// (GPU test; exits 77 without a usable device or without GBGPU_DATA_DIR).
// SPDX-License-Identifier: Apache-2.0
//
// Every matrices/*.mtx is read with graph_read_mtx (examples/common: pattern
// -> BOOL, integer -> INT64, real -> FP64, symmetric files expanded), then
// C = A*A (A*A' when A is not square) runs on the GPU over PLUS_TIMES_FP64,
// PLUS_PAIR_INT64 and ANY_PAIR_BOOL and must equal the library's result
// (PLUS_TIMES within 1e-10 of the sum of the terms' absolute values: the
// stiffness matrices' sums cancel by ten orders of magnitude).
// Where the data README publishes structural counts of A*A, nnz(A), the
// number of products (the sum of PLUS_PAIR's result, and gbgpu's products
// counter) and nnz(C) must be those.

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"
#include "graph_io.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

// The data README's structural C = A*A (symmetric files expanded).
typedef struct { const char *name ; uint64_t nnz_a, products, nnz_c ; } published ;

static const published counts [ ] =
{
    { "bcsstk13",           83883,  4554541,  396773 },
    { "pushpull",          196305, 18295599, 2010366 },
    { "bcsstk33",          591904, 42361950, 2569536 },
    { "CA-GrQc",            28968,   488702,  158477 },
    { "CA-HepTh",           51946,   650658,  413601 },
    { "oregon1_010331",     44004, 11097992, 9804054 },
    { "Wiki-Vote_directed",103689,  4542805, 1831112 },
} ;

static const published *published_counts (const char *name)
{
    for (size_t k = 0 ; k < sizeof (counts) / sizeof (counts [0]) ; k++)
    {
        if (strcmp (counts [k].name, name) == 0) return &counts [k] ;
    }
    return NULL ;
}

static int by_name (const void *a, const void *b)
{
    return strcmp (*(char *const *) a, *(char *const *) b) ;
}

// The .mtx file names in dir, sorted; *n of them.
static char **mtx_files (const char *dir, int *n)
{
    DIR *d = opendir (dir) ;
    if (d == NULL) { perror (dir) ; exit (1) ; }
    char **names = NULL ;
    int count = 0 ;
    struct dirent *e ;
    while ((e = readdir (d)) != NULL)
    {
        size_t len = strlen (e->d_name) ;
        if (len < 5 || strcmp (e->d_name + len - 4, ".mtx") != 0) continue ;
        names = realloc (names, (count + 1) * sizeof (char *)) ;
        names [count++] = strdup (e->d_name) ;
    }
    closedir (d) ;
    qsort (names, count, sizeof (char *), by_name) ;
    *n = count ;
    return names ;
}

static uint64_t sum_int64 (GrB_Matrix C)
{
    int64_t sum = 0 ;
    TS_OK (GrB_Matrix_reduce_INT64 (&sum, NULL, GrB_PLUS_MONOID_INT64, C, NULL)) ;
    return (uint64_t) sum ;
}

typedef struct { const char *name ; GrB_Semiring semiring ; GrB_Type type ; bool inexact ; } product ;

// |A|*|A| (or |A|*|A|'): for each entry of A*A, the sum of the absolute values
// of its terms, which bounds the rounding error of any order of summation.
static GrB_Matrix abs_product (GrB_Matrix A, bool square)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, A)) ;
    TS_OK (GrB_Matrix_ncols (&n, A)) ;
    GrB_Matrix Abs, S ;
    TS_OK (GrB_Matrix_new (&Abs, GrB_FP64, m, n)) ;
    TS_OK (GrB_Matrix_apply (Abs, NULL, NULL, GrB_ABS_FP64, A, NULL)) ;
    TS_OK (GrB_Matrix_new (&S, GrB_FP64, m, m)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, S, NULL, NULL, GxB_PLUS_TIMES_FP64,
        Abs, Abs, square ? NULL : GrB_DESC_T1)) ;
    GrB_Matrix_free (&Abs) ;
    return S ;
}

// C = A*A (or A*A') on the GPU and by the library; returns the reference.
static GrB_Matrix check_product (const char *file, const product *p, GrB_Matrix A,
    bool square, gbgpu_stats_t *delta, double *gpu_s, double *cpu_s)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Descriptor desc = square ? NULL : GrB_DESC_T1 ;
    GrB_Matrix C, R ;
    TS_OK (GrB_Matrix_new (&C, p->type, n, n)) ;
    TS_OK (GrB_Matrix_new (&R, p->type, n, n)) ;
    double t0 = ts_seconds () ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, delta, C, NULL, NULL,
        p->semiring, A, A, desc) ;
    double t1 = ts_seconds () ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL, p->semiring, A, A, desc)) ;
    double t2 = ts_seconds () ;
    *gpu_s += t1 - t0 ;
    *cpu_s += t2 - t1 ;

    char why [400] ;
    ts_check (info == GrB_SUCCESS, "%s %s: GrB_mxm returned %d", file, p->name, (int) info) ;
    ts_check (ts_path_in (delta, TS_PATH_GPU, why, sizeof (why)), "%s %s: %s", file, p->name, why) ;
    // a floating sum may cancel: its tolerance scales with |A|*|A|
    GrB_Matrix Scale = p->inexact ? abs_product (A, square) : NULL ;
    ts_check (ts_same_content_scaled (C, R, Scale, ts_tolerance (p->type, p->inexact),
        why, sizeof (why)), "%s %s: %s", file, p->name, why) ;
    GrB_Matrix_free (&Scale) ;
    GrB_Matrix_free (&C) ;
    return R ;
}

static void check_file (const char *dir, const char *file)
{
    char path [4096], name [256] ;
    snprintf (path, sizeof (path), "%s/matrices/%s", dir, file) ;
    snprintf (name, sizeof (name), "%.*s", (int) (strlen (file) - 4), file) ;
    GrB_Matrix A ;
    GrB_Info info = graph_read_mtx (&A, path) ;
    if (!ts_check (info == GrB_SUCCESS, "%s: graph_read_mtx: %s", file, graph_io_error ()))
    {
        return ;
    }
    GrB_Index nrows, ncols, nvals ;
    TS_OK (GrB_Matrix_nrows (&nrows, A)) ;
    TS_OK (GrB_Matrix_ncols (&ncols, A)) ;
    TS_OK (GrB_Matrix_nvals (&nvals, A)) ;
    bool square = (nrows == ncols) ;
    GrB_Matrix A0 ;
    TS_OK (GrB_Matrix_dup (&A0, A)) ;

    const product products [3] =
    {
        { "PLUS_TIMES_FP64", GxB_PLUS_TIMES_FP64, GrB_FP64, true },
        { "PLUS_PAIR_INT64", GxB_PLUS_PAIR_INT64, GrB_INT64, false },
        { "ANY_PAIR_BOOL",   GxB_ANY_PAIR_BOOL,   GrB_BOOL, false },
    } ;
    double gpu_s = 0, cpu_s = 0 ;
    uint64_t nnz_c = 0, flops = 0, gpu_products = 0 ;
    for (int k = 0 ; k < 3 ; k++)
    {
        gbgpu_stats_t delta ;
        GrB_Matrix R = check_product (file, &products [k], A, square, &delta,
            &gpu_s, &cpu_s) ;
        if (k == 1)
        {
            // structural counts: every product is a 1 in PLUS_PAIR's sums
            TS_OK (GrB_Matrix_nvals (&nnz_c, R)) ;
            flops = sum_int64 (R) ;
            gpu_products = delta.products ;
        }
        GrB_Matrix_free (&R) ;
    }
    char why [400] ;
    ts_check (ts_same_content (A, A0, 0, why, sizeof (why)), "%s: A changed: %s", file, why) ;
    ts_check (gpu_products == flops, "%s: gbgpu counted %llu products, A*A%s has %llu",
        file, (unsigned long long) gpu_products, square ? "" : "'",
        (unsigned long long) flops) ;

    const published *pub = published_counts (name) ;
    if (pub != NULL)
    {
        ts_check (nvals == pub->nnz_a && flops == pub->products && nnz_c == pub->nnz_c,
            "%s: nnz(A) %llu, products %llu, nnz(C) %llu; published %llu / %llu / %llu",
            file, (unsigned long long) nvals, (unsigned long long) flops,
            (unsigned long long) nnz_c, (unsigned long long) pub->nnz_a,
            (unsigned long long) pub->products, (unsigned long long) pub->nnz_c) ;
    }
    printf ("%-28s %7llux%-7llu nnz %8llu  C=A*A%s nnz %9llu products %10llu%s  "
        "gpu %6.3f s  cpu %6.3f s\n", file, (unsigned long long) nrows,
        (unsigned long long) ncols, (unsigned long long) nvals, square ? " " : "'",
        (unsigned long long) nnz_c, (unsigned long long) flops,
        pub ? " (published)" : "", gpu_s, cpu_s) ;
    fflush (stdout) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&A0) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    const char *dir = ts_require_data_dir () ;
    char matrices [4096] ;
    snprintf (matrices, sizeof (matrices), "%s/matrices", dir) ;
    int n ;
    char **files = mtx_files (matrices, &n) ;
    ts_check (n > 0, "no .mtx file in %s", matrices) ;
    double t0 = ts_seconds () ;
    for (int k = 0 ; k < n ; k++)
    {
        check_file (dir, files [k]) ;
        free (files [k]) ;
    }
    free (files) ;
    gbgpu_stats_print (stdout) ;
    printf ("%d matrices, %.1f s\n", n, ts_seconds () - t0) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
