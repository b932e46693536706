// examples/common/graph_write_mtx.c: write a GrB_Matrix as a Matrix Market coordinate file.
// SPDX-License-Identifier: Apache-2.0
//
// The benchmark hands the matrices it generates to programs outside gbgpu
// (bench/bench_peers.h) as files: every value is written with 17 significant
// digits, which a reader's strtod turns back into the same double.

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph_error.h"
#include "graph_io.h"

// Every entry, one line each, after the banner and the size line.
static int write_entries (FILE *f, GrB_Index nrows, GrB_Index ncols,
    GrB_Index nvals, const GrB_Index *row_index, const GrB_Index *col_index,
    const double *value)
{
    int ok = fprintf (f, "%%%%MatrixMarket matrix coordinate real general\n"
        "%llu %llu %llu\n", (unsigned long long) nrows, (unsigned long long) ncols,
        (unsigned long long) nvals) > 0 ;
    for (GrB_Index k = 0 ; ok && k < nvals ; k++)
    {
        ok = fprintf (f, "%llu %llu %.17g\n", (unsigned long long) row_index [k] + 1,
            (unsigned long long) col_index [k] + 1, value [k]) > 0 ;
    }
    return (ok) ;
}

GrB_Info graph_write_mtx (const char *path, GrB_Matrix A)
{
    GrB_Info info ;
    GrB_Index nrows = 0, ncols = 0, nvals = 0 ;
    GrB_Index *row_index = NULL, *col_index = NULL ;
    double *value = NULL ;
    FILE *f = NULL ;
    GRAPH_TRY (GrB_Matrix_nrows (&nrows, A)) ;
    GRAPH_TRY (GrB_Matrix_ncols (&ncols, A)) ;
    GRAPH_TRY (GrB_Matrix_nvals (&nvals, A)) ;
    // at least one element each: malloc (0) may return NULL
    row_index = malloc ((nvals + 1) * sizeof (GrB_Index)) ;
    col_index = malloc ((nvals + 1) * sizeof (GrB_Index)) ;
    value = malloc ((nvals + 1) * sizeof (double)) ;
    if (row_index == NULL || col_index == NULL || value == NULL)
    {
        info = graph_io_fail (GrB_OUT_OF_MEMORY, "%s: no memory for %llu entries",
            path, (unsigned long long) nvals) ;
        goto done ;
    }
    GRAPH_TRY (GrB_Matrix_extractTuples_FP64 (row_index, col_index, value, &nvals, A)) ;
    if ((f = fopen (path, "w")) == NULL)
    {
        info = graph_io_fail (GrB_INVALID_VALUE, "cannot write %s: %s", path,
            strerror (errno)) ;
        goto done ;
    }
    int written = write_entries (f, nrows, ncols, nvals, row_index, col_index, value) ;
    int closed = fclose (f) == 0 ;
    if (!written || !closed)
    {
        info = graph_io_fail (GrB_INVALID_VALUE, "cannot write %s: %s", path,
            strerror (errno)) ;
        remove (path) ;    // not a truncated file that reads as a smaller matrix
    }
done:
    free (row_index) ;
    free (col_index) ;
    free (value) ;
    return (info) ;
}
