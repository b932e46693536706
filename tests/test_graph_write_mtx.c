// tests/test_graph_write_mtx.c: graph_write_mtx's files read back (graph_read_mtx) as the matrix written.
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu-bench --peers hands each generated input to the peer programs as the
// file graph_write_mtx writes (bench_peers.h): that file must be the very
// matrix gbgpu multiplies.  Checked, exactly (same pattern, same doubles):
// every generator's matrix; values that need all 17 digits, the extremes of
// double and -0; a BOOL matrix (written as 1.0) that is not square; an empty
// one; the banner the peers' reader expects; a file that cannot be written.

#define _POSIX_C_SOURCE 200809L    // mkdtemp
#include "test_support.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "graph_io.h"

static char work [256] ;

// A written to a file and read back: the same matrix as Expected (FP64).
static void check_round_trip (const char *what, GrB_Matrix A, GrB_Matrix Expected)
{
    char path [512], why [256] = "" ;
    snprintf (path, sizeof (path), "%s/matrix.mtx", work) ;
    GrB_Info info = graph_write_mtx (path, A) ;
    if (!ts_check (info == GrB_SUCCESS, "%s: graph_write_mtx: %s", what, graph_io_error ())) return ;
    GrB_Matrix back = NULL ;
    info = graph_read_mtx (&back, path) ;
    if (ts_check (info == GrB_SUCCESS, "%s: graph_read_mtx: %s", what, graph_io_error ()))
    {
        ts_check (ts_same_content (back, Expected, 0, why, sizeof (why)),
            "%s: read back differs: %s", what, why) ;
    }
    GrB_Matrix_free (&back) ;
    remove (path) ;
}

static void check_generators (void)
{
    static const char *const specs [] =
    {
        "grid3d27:4", "grid3d7:3x4x5", "grid2d:6x9", "rmat:8", "uniform:300:6:7",
        "banded:40:3",
    } ;
    for (size_t k = 0 ; k < sizeof (specs) / sizeof (specs [0]) ; k++)
    {
        GrB_Matrix A = NULL ;
        if (!ts_check (graph_parse_spec (&A, specs [k]) == GrB_SUCCESS, "%s: %s",
            specs [k], graph_io_error ())) continue ;
        check_round_trip (specs [k], A, A) ;
        GrB_Matrix_free (&A) ;
    }
}

static void check_values (void)
{
    const double values [] =
    {
        1.0 / 3, -0.1, 2.0 / 7 * 1e-300, DBL_MIN, DBL_TRUE_MIN, DBL_MAX, -DBL_MAX,
        -0.0, 0.0, 123456789.123456789,
    } ;
    enum { N = sizeof (values) / sizeof (values [0]) } ;
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, N, N + 2)) ;
    for (GrB_Index k = 0 ; k < N ; k++)
    {
        TS_OK (GrB_Matrix_setElement_FP64 (A, values [k], k, (k * 7) % (N + 2))) ;
    }
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    check_round_trip ("17-digit values, not square", A, A) ;
    GrB_Matrix_free (&A) ;
}

static void check_bool_and_empty (void)
{
    GrB_Matrix A, Expected ;
    TS_OK (GrB_Matrix_new (&A, GrB_BOOL, 3, 5)) ;
    TS_OK (GrB_Matrix_setElement_BOOL (A, true, 0, 4)) ;
    TS_OK (GrB_Matrix_setElement_BOOL (A, true, 2, 1)) ;
    TS_OK (GrB_Matrix_new (&Expected, GrB_FP64, 3, 5)) ;
    TS_OK (GrB_Matrix_apply (Expected, NULL, NULL, GrB_IDENTITY_FP64, A, NULL)) ;
    check_round_trip ("BOOL 3 x 5", A, Expected) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&Expected) ;

    TS_OK (GrB_Matrix_new (&A, GrB_FP64, 4, 4)) ;
    check_round_trip ("empty 4 x 4", A, A) ;
    GrB_Matrix_free (&A) ;
}

// The first two lines, as the peers' reader (mtx.py) and others take them.
static void check_banner (void)
{
    char path [512], banner [128] = "", size [128] = "" ;
    snprintf (path, sizeof (path), "%s/banner.mtx", work) ;
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, 2, 3)) ;
    TS_OK (GrB_Matrix_setElement_FP64 (A, 2.5, 1, 2)) ;
    ts_check (graph_write_mtx (path, A) == GrB_SUCCESS, "banner: %s", graph_io_error ()) ;
    FILE *f = fopen (path, "r") ;
    if (f != NULL)
    {
        if (fgets (banner, sizeof (banner), f) == NULL) banner [0] = '\0' ;
        if (fgets (size, sizeof (size), f) == NULL) size [0] = '\0' ;
        fclose (f) ;
    }
    ts_check (strcmp (banner, "%%MatrixMarket matrix coordinate real general\n") == 0
        && strcmp (size, "2 3 1\n") == 0, "banner '%s', size line '%s'", banner, size) ;
    remove (path) ;

    snprintf (path, sizeof (path), "%s/no/such/folder.mtx", work) ;
    GrB_Info info = graph_write_mtx (path, A) ;
    ts_check (info != GrB_SUCCESS && strstr (graph_io_error (), path) != NULL,
        "unwritable path: %d, '%s'", (int) info, graph_io_error ()) ;
    GrB_Matrix_free (&A) ;
}

int main (void)
{
    ts_start () ;
    const char *tmp = getenv ("TMPDIR") ;
    snprintf (work, sizeof (work), "%s/test_graph_write_mtx.XXXXXX",
        tmp != NULL && tmp [0] != '\0' ? tmp : "/tmp") ;
    if (mkdtemp (work) == NULL)
    {
        fprintf (stderr, "cannot make %s\n", work) ;
        return (EXIT_FAILURE) ;
    }
    check_generators () ;
    check_values () ;
    check_bool_and_empty () ;
    check_banner () ;
    rmdir (work) ;
    int status = ts_summary () ;
    GrB_finalize () ;
    return (status) ;
}
