// examples/common/graph_read_mtx.c: read a Matrix Market coordinate file into a GrB_Matrix.
// SPDX-License-Identifier: Apache-2.0
//
// The file is read whole and parsed in place (no per-line stdio), the tuples
// collected in a graph_edges list and built with one GrB_Matrix_build: fast
// enough for files of millions of entries.

#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "graph_edges.h"
#include "graph_error.h"
#include "graph_io.h"

typedef enum { SYMMETRY_GENERAL, SYMMETRY_SYMMETRIC, SYMMETRY_SKEW } mtx_symmetry ;

typedef struct
{
    graph_value_kind kind ;
    mtx_symmetry symmetry ;
    GrB_Index nrows, ncols, nentries ;
}
mtx_header ;

// The whole file, NUL-terminated.
static GrB_Info read_whole_file (char **text, const char *path)
{
    *text = NULL ;
    FILE *f = fopen (path, "rb") ;
    if (f == NULL)
    {
        return (graph_io_fail (GrB_INVALID_VALUE, "cannot open %s: %s", path,
            strerror (errno))) ;
    }
    GrB_Info info = GrB_SUCCESS ;
    struct stat status ;
    long size = -1 ;
    if (fstat (fileno (f), &status) == 0 && S_ISREG (status.st_mode)
        && fseek (f, 0, SEEK_END) == 0) size = ftell (f) ;
    if (size < 0 || fseek (f, 0, SEEK_SET) != 0)
    {
        info = graph_io_fail (GrB_INVALID_VALUE, "cannot read %s: not a file",
            path) ;
    }
    else if ((*text = malloc ((size_t) size + 1)) == NULL)
    {
        info = graph_io_fail (GrB_OUT_OF_MEMORY, "%s: no memory for %ld bytes",
            path, size) ;
    }
    else if (fread (*text, 1, (size_t) size, f) != (size_t) size)
    {
        info = graph_io_fail (GrB_INVALID_VALUE, "%s: short read", path) ;
        free (*text) ;
        *text = NULL ;
    }
    else
    {
        (*text) [size] = '\0' ;
    }
    fclose (f) ;
    return (info) ;
}

// The banner ("%%MatrixMarket matrix coordinate real symmetric"), the comment
// lines and the size line.  *cursor is left at the first entry.
static GrB_Info parse_header (mtx_header *h, char **cursor, const char *path)
{
    // "%%MatrixMarket"; some files in the wild have a single '%'
    char banner [32], object [32], format [32], field [32], symmetry [32] ;
    const char *line = *cursor + strspn (*cursor, "%") ;
    if (line == *cursor || sscanf (line, "%31s %31s %31s %31s %31s", banner,
        object, format, field, symmetry) != 5
        || strcasecmp (banner, "MatrixMarket") != 0
        || strcasecmp (object, "matrix") != 0)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "%s: not a Matrix Market matrix (bad banner line)", path)) ;
    }
    if (strcasecmp (format, "coordinate") != 0)
    {
        return (graph_io_fail (GrB_NOT_IMPLEMENTED,
            "%s: only coordinate files are read, not '%s'", path, format)) ;
    }
    if      (strcasecmp (field, "pattern") == 0) h->kind = GRAPH_VALUES_PATTERN ;
    else if (strcasecmp (field, "integer") == 0) h->kind = GRAPH_VALUES_INT64 ;
    else if (strcasecmp (field, "real") == 0)    h->kind = GRAPH_VALUES_FP64 ;
    else return (graph_io_fail (GrB_NOT_IMPLEMENTED,
            "%s: field '%s' not supported (pattern, integer, real)", path, field)) ;
    if      (strcasecmp (symmetry, "general") == 0)   h->symmetry = SYMMETRY_GENERAL ;
    else if (strcasecmp (symmetry, "symmetric") == 0) h->symmetry = SYMMETRY_SYMMETRIC ;
    else if (strcasecmp (symmetry, "skew-symmetric") == 0 &&
             h->kind != GRAPH_VALUES_PATTERN)         h->symmetry = SYMMETRY_SKEW ;
    else return (graph_io_fail (GrB_NOT_IMPLEMENTED,
            "%s: symmetry '%s' not supported", path, symmetry)) ;

    // skip the banner and the comment (and blank) lines
    char *size_line = *cursor ;
    while (*size_line == '%' || *size_line == '\n' || *size_line == '\r')
    {
        char *newline = strchr (size_line, '\n') ;
        if (newline == NULL) break ;
        size_line = newline + 1 ;
    }
    unsigned long long nrows, ncols, nentries ;
    int consumed = 0 ;
    if (sscanf (size_line, "%llu %llu %llu%n", &nrows, &ncols, &nentries,
        &consumed) != 3)
    {
        return (graph_io_fail (GrB_INVALID_VALUE, "%s: bad size line", path)) ;
    }
    if (h->symmetry != SYMMETRY_GENERAL && nrows != ncols)
    {
        return (graph_io_fail (GrB_INVALID_VALUE,
            "%s: symmetric but not square", path)) ;
    }
    h->nrows = nrows ;
    h->ncols = ncols ;
    h->nentries = nentries ;
    *cursor = size_line + consumed ;
    return (GrB_SUCCESS) ;
}

// One 1-based index in [1, limit], returned 0-based.
static int parse_index (char **cursor, GrB_Index limit, GrB_Index *index)
{
    char *s = *cursor ;
    while (isspace ((unsigned char) *s)) s++ ;
    if (!isdigit ((unsigned char) *s)) return (0) ;
    GrB_Index value = 0 ;
    while (isdigit ((unsigned char) *s)) value = 10 * value + (GrB_Index) (*s++ - '0') ;
    *cursor = s ;
    if (value < 1 || value > limit) return (0) ;
    *index = value - 1 ;
    return (1) ;
}

static int parse_int64 (char **cursor, int64_t *x)
{
    char *end ;
    errno = 0 ;
    *x = strtoll (*cursor, &end, 10) ;
    int ok = end != *cursor && errno == 0 ;
    *cursor = end ;
    return (ok) ;
}

static int parse_fp64 (char **cursor, double *x)
{
    char *end ;
    *x = strtod (*cursor, &end) ;
    int ok = end != *cursor ;
    *cursor = end ;
    return (ok) ;
}

// Every entry, mirrored across the diagonal for (skew-)symmetric files.
static GrB_Info parse_entries (graph_edges *E, const mtx_header *h,
    char *cursor, const char *path)
{
    int mirror = h->symmetry != SYMMETRY_GENERAL ;
    double sign = h->symmetry == SYMMETRY_SKEW ? -1 : 1 ;
    GrB_Info info = graph_edges_reserve (E, h->nentries * (mirror ? 2 : 1)) ;
    if (info != GrB_SUCCESS) return (info) ;
    for (GrB_Index k = 0 ; k < h->nentries ; k++)
    {
        GrB_Index i, j ;
        int64_t int64_x = 1 ;
        double fp64_x = 1 ;
        int ok = parse_index (&cursor, h->nrows, &i)
              && parse_index (&cursor, h->ncols, &j) ;
        if (ok && h->kind == GRAPH_VALUES_INT64) ok = parse_int64 (&cursor, &int64_x) ;
        if (ok && h->kind == GRAPH_VALUES_FP64) ok = parse_fp64 (&cursor, &fp64_x) ;
        if (!ok)
        {
            return (graph_io_fail (GrB_INVALID_VALUE,
                "%s: entry %llu of %llu is missing, malformed or out of range",
                path, (unsigned long long) k + 1,
                (unsigned long long) h->nentries)) ;
        }
        int mirrored = mirror && i != j ;
        switch (h->kind)
        {
            case GRAPH_VALUES_PATTERN:
                graph_edges_add_pattern (E, i, j) ;
                if (mirrored) graph_edges_add_pattern (E, j, i) ;
                break ;
            case GRAPH_VALUES_INT64:
                graph_edges_add_int64 (E, i, j, int64_x) ;
                if (mirrored) graph_edges_add_int64 (E, j, i, (int64_t) sign * int64_x) ;
                break ;
            case GRAPH_VALUES_FP64:
                graph_edges_add_fp64 (E, i, j, fp64_x) ;
                if (mirrored) graph_edges_add_fp64 (E, j, i, sign * fp64_x) ;
                break ;
        }
    }
    return (GrB_SUCCESS) ;
}

GrB_Info graph_read_mtx (GrB_Matrix *A, const char *path)
{
    *A = NULL ;
    char *text = NULL ;
    graph_edges E = { 0 } ;
    mtx_header h = { 0 } ;
    GrB_Info info = read_whole_file (&text, path) ;
    char *cursor = text ;
    if (info == GrB_SUCCESS) info = parse_header (&h, &cursor, path) ;
    if (info == GrB_SUCCESS) info = graph_edges_init (&E, h.kind, 0) ;
    if (info == GrB_SUCCESS) info = parse_entries (&E, &h, cursor, path) ;
    free (text) ;
    if (info == GrB_SUCCESS)
    {
        GrB_BinaryOp sum = h.kind == GRAPH_VALUES_INT64 ? GrB_PLUS_INT64
                                                        : GrB_PLUS_FP64 ;
        info = graph_edges_build (A, &E, h.nrows, h.ncols, sum) ;
    }
    graph_edges_free (&E) ;
    return (info) ;
}
