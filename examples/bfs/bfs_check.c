// examples/bfs/bfs_check.c: single-source BFS in plain C as the reference for the
// multi-source GraphBLAS search (see bfs_check.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdlib.h>
#include "bfs_check.h"
#include "example_try.h"
#include "wall_clock.h"

enum { errors_printed = 10 } ;

// S's pattern by rows, each row's columns sorted (for has_edge).
typedef struct
{
    GrB_Index n ;
    GrB_Index *row_start ;      // n+1
    GrB_Index *column ;         // row_start [n]
}
csr_graph ;

static void *checked_malloc (size_t count, size_t size)
{
    void *p = malloc ((count + 1) * size) ;
    if (p == NULL)
    {
        fprintf (stderr, "bfs: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    return (p) ;
}

static int by_index (const void *a, const void *b)
{
    GrB_Index x = *(const GrB_Index *) a, y = *(const GrB_Index *) b ;
    return ((x > y) - (x < y)) ;
}

static csr_graph csr_of (GrB_Matrix S)
{
    csr_graph g ;
    GrB_Index entries ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&g.n, S)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&entries, S)) ;
    GrB_Index *rows = checked_malloc (entries, sizeof (GrB_Index)) ;
    GrB_Index *columns = checked_malloc (entries, sizeof (GrB_Index)) ;
    EXAMPLE_TRY (GrB_Matrix_extractTuples_INT64 (rows, columns, NULL, &entries, S)) ;
    g.row_start = checked_malloc (g.n + 1, sizeof (GrB_Index)) ;
    g.column = checked_malloc (entries, sizeof (GrB_Index)) ;
    for (GrB_Index i = 0 ; i <= g.n ; i++) g.row_start [i] = 0 ;
    for (GrB_Index e = 0 ; e < entries ; e++) g.row_start [rows [e] + 1]++ ;
    for (GrB_Index i = 0 ; i < g.n ; i++) g.row_start [i + 1] += g.row_start [i] ;
    GrB_Index *next = checked_malloc (g.n, sizeof (GrB_Index)) ;
    for (GrB_Index i = 0 ; i < g.n ; i++) next [i] = g.row_start [i] ;
    for (GrB_Index e = 0 ; e < entries ; e++) g.column [next [rows [e]]++] = columns [e] ;
    for (GrB_Index i = 0 ; i < g.n ; i++)
    {
        qsort (g.column + g.row_start [i], g.row_start [i + 1] - g.row_start [i],
            sizeof (GrB_Index), by_index) ;
    }
    free (next) ;
    free (columns) ;
    free (rows) ;
    return (g) ;
}

static bool has_edge (const csr_graph *g, GrB_Index from, GrB_Index to)
{
    return (bsearch (&to, g->column + g->row_start [from],
        g->row_start [from + 1] - g->row_start [from], sizeof (GrB_Index),
        by_index) != NULL) ;
}

// level [v] = hops from source to v, -1 where unreached; returns the number
// of nodes reached.  queue: n entries of scratch.
static GrB_Index reference_levels (const csr_graph *g, GrB_Index source,
    int64_t *level, GrB_Index *queue)
{
    for (GrB_Index v = 0 ; v < g->n ; v++) level [v] = -1 ;
    GrB_Index head = 0, tail = 0 ;
    level [source] = 0 ;
    queue [tail++] = source ;
    while (head < tail)
    {
        GrB_Index u = queue [head++] ;
        for (GrB_Index e = g->row_start [u] ; e < g->row_start [u + 1] ; e++)
        {
            GrB_Index v = g->column [e] ;
            if (level [v] < 0)
            {
                level [v] = level [u] + 1 ;
                queue [tail++] = v ;
            }
        }
    }
    return (tail) ;
}

// Row s of the k-by-n matrix A: *count entries into nodes [], values [].
static void extract_row (GrB_Matrix A, GrB_Index s, GrB_Index n,
    GrB_Index *nodes, int64_t *values, GrB_Index *count)
{
    GrB_Vector row = NULL ;
    EXAMPLE_TRY (GrB_Vector_new (&row, GrB_INT64, n)) ;
    EXAMPLE_TRY (GrB_Col_extract (row, NULL, NULL, A, GrB_ALL, n, s, GrB_DESC_T0)) ;
    *count = n ;
    EXAMPLE_TRY (GrB_Vector_extractTuples_INT64 (nodes, values, count, row)) ;
    GrB_Vector_free (&row) ;
}

static void report (GrB_Index *printed, const char *what, GrB_Index source,
    GrB_Index node, int64_t found, int64_t expected)
{
    if ((*printed)++ >= errors_printed) return ;
    fprintf (stderr, "bfs check: source %llu, node %llu: %s %lld, expected %lld\n",
        (unsigned long long) source, (unsigned long long) node, what,
        (long long) found, (long long) expected) ;
}

// Errors in one source's levels: wrong level, or reached by one search only.
static GrB_Index level_errors_of (const int64_t *level, GrB_Index reached,
    const GrB_Index *nodes, const int64_t *values, GrB_Index count,
    GrB_Index source, GrB_Index *printed)
{
    GrB_Index found_reached = 0, errors = 0 ;
    for (GrB_Index e = 0 ; e < count ; e++)
    {
        if (level [nodes [e]] >= 0) found_reached++ ;
        if (level [nodes [e]] != values [e])
        {
            errors++ ;
            report (printed, "level", source, nodes [e], values [e], level [nodes [e]]) ;
        }
    }
    if (reached > found_reached)
    {
        errors += reached - found_reached ;
        if ((*printed)++ < errors_printed)
        {
            fprintf (stderr, "bfs check: source %llu: %llu nodes not reached\n",
                (unsigned long long) source,
                (unsigned long long) (reached - found_reached)) ;
        }
    }
    return (errors) ;
}

// Errors in one source's parents: invalid parent, or node without one.
static GrB_Index parent_errors_of (const csr_graph *g, const int64_t *level,
    GrB_Index reached, const GrB_Index *nodes, const int64_t *parent,
    GrB_Index count, GrB_Index source, GrB_Index *printed)
{
    GrB_Index found_reached = 0, errors = 0 ;
    for (GrB_Index e = 0 ; e < count ; e++)
    {
        GrB_Index v = nodes [e] ;
        int64_t p = parent [e] ;
        bool ok ;
        if (level [v] < 0) ok = false ;
        else if (v == source) ok = (p == (int64_t) v) ;
        else ok = (p >= 0 && (GrB_Index) p < g->n && level [p] == level [v] - 1
            && has_edge (g, (GrB_Index) p, v)) ;
        if (level [v] >= 0) found_reached++ ;
        if (!ok)
        {
            errors++ ;
            report (printed, "parent", source, v, p, -1) ;
        }
    }
    if (reached > found_reached) errors += reached - found_reached ;
    return (errors) ;
}

bfs_check_result bfs_check (GrB_Matrix S, const GrB_Index *sources,
    GrB_Index k, GrB_Matrix levels, GrB_Matrix parents)
{
    bfs_check_result result = { 0 } ;
    double start = wall_clock_seconds () ;
    csr_graph g = csr_of (S) ;
    int64_t *level = checked_malloc (g.n, sizeof (int64_t)) ;
    GrB_Index *queue = checked_malloc (g.n, sizeof (GrB_Index)) ;
    GrB_Index *nodes = checked_malloc (g.n, sizeof (GrB_Index)) ;
    int64_t *values = checked_malloc (g.n, sizeof (int64_t)) ;
    GrB_Index printed = 0, count ;
    for (GrB_Index s = 0 ; s < k ; s++)
    {
        GrB_Index reached = reference_levels (&g, sources [s], level, queue) ;
        extract_row (levels, s, g.n, nodes, values, &count) ;
        result.level_errors += level_errors_of (level, reached, nodes, values,
            count, sources [s], &printed) ;
        if (parents != NULL)
        {
            extract_row (parents, s, g.n, nodes, values, &count) ;
            result.parent_errors += parent_errors_of (&g, level, reached, nodes,
                values, count, sources [s], &printed) ;
        }
        result.sources++ ;
    }
    free (values) ;
    free (nodes) ;
    free (queue) ;
    free (level) ;
    free (g.column) ;
    free (g.row_start) ;
    result.seconds = wall_clock_seconds () - start ;
    return (result) ;
}
