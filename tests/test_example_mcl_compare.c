// tests/test_example_mcl_compare.c: read clustering files, count identical
// clusters and compute the adjusted Rand index (see
// test_example_mcl_compare.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_example_mcl_compare.h"

static void *checked_calloc (size_t count, size_t size)
{
    void *p = calloc (count + 1, size) ;
    if (p == NULL)
    {
        fprintf (stderr, "out of memory\n") ;
        exit (1) ;
    }
    return (p) ;
}

// Make room for id in c->cluster_of.
static void cover (clustering *c, int64_t id)
{
    if (id < c->nodes) return ;
    int64_t nodes = 2 * id + 16 ;
    int64_t *cluster_of = realloc (c->cluster_of, (size_t) nodes * sizeof (int64_t)) ;
    if (cluster_of == NULL)
    {
        fprintf (stderr, "out of memory\n") ;
        exit (1) ;
    }
    for (int64_t i = c->nodes ; i < nodes ; i++) cluster_of [i] = -1 ;
    c->cluster_of = cluster_of ;
    c->nodes = nodes ;
}

bool clustering_read (clustering *c, const char *path, int64_t id_shift)
{
    memset (c, 0, sizeof (*c)) ;
    FILE *f = fopen (path, "r") ;
    if (f == NULL)
    {
        printf ("cannot read %s: %s\n", path, strerror (errno)) ;
        return (false) ;
    }
    char *line = NULL ;
    size_t size = 0 ;
    bool ok = true ;
    while (ok && getline (&line, &size, f) >= 0)
    {
        char *save = NULL ;
        bool any = false ;
        for (char *field = strtok_r (line, " \t\r\n", &save) ; field != NULL ;
             field = strtok_r (NULL, " \t\r\n", &save))
        {
            char *end ;
            long long id = strtoll (field, &end, 10) + id_shift ;
            if (*end != '\0')
            {
                printf ("%s: \"%s\" is not a node id\n", path, field) ;
                ok = false ;
                break ;
            }
            any = true ;
            if (id < 0) continue ;
            cover (c, id) ;
            if (c->cluster_of [id] >= 0)
            {
                printf ("%s: node %lld in two clusters\n", path, id) ;
                ok = false ;
                break ;
            }
            c->cluster_of [id] = c->clusters ;
        }
        if (any) c->clusters++ ;
    }
    free (line) ;
    fclose (f) ;
    if (!ok) clustering_free (c) ;
    return (ok) ;
}

void clustering_free (clustering *c)
{
    free (c->cluster_of) ;
    memset (c, 0, sizeof (*c)) ;
}

static double pairs (double n)
{
    return (n * (n - 1) / 2) ;
}

typedef struct { int64_t a, b ; } cell ;

static int by_cell (const void *x, const void *y)
{
    const cell *p = x, *q = y ;
    if (p->a != q->a) return ((p->a > q->a) - (p->a < q->a)) ;
    return ((p->b > q->b) - (p->b < q->b)) ;
}

// Over the common nodes: sizes of A's and B's clusters, and the contingency
// table's cells (one per common node, sorted, so equal cells are adjacent).
typedef struct
{
    int64_t *size_a, *size_b ;
    cell *cells ;
    int64_t count ;
}
common_view ;

static common_view common_view_of (const clustering *a, const clustering *b)
{
    common_view v ;
    int64_t nodes = a->nodes < b->nodes ? a->nodes : b->nodes ;
    v.size_a = checked_calloc ((size_t) a->clusters, sizeof (int64_t)) ;
    v.size_b = checked_calloc ((size_t) b->clusters, sizeof (int64_t)) ;
    v.cells = checked_calloc ((size_t) nodes, sizeof (cell)) ;
    v.count = 0 ;
    for (int64_t id = 0 ; id < nodes ; id++)
    {
        int64_t ca = a->cluster_of [id], cb = b->cluster_of [id] ;
        if (ca < 0 || cb < 0) continue ;
        v.size_a [ca]++ ;
        v.size_b [cb]++ ;
        v.cells [v.count++] = (cell) { ca, cb } ;
    }
    qsort (v.cells, (size_t) v.count, sizeof (cell), by_cell) ;
    return (v) ;
}

static double adjusted_rand_index (const common_view *v, int64_t clusters_a,
    int64_t clusters_b)
{
    double index = 0, sum_a = 0, sum_b = 0 ;
    for (int64_t k = 0 ; k < v->count ; )
    {
        int64_t run = k ;
        while (run < v->count && by_cell (&v->cells [run], &v->cells [k]) == 0) run++ ;
        index += pairs ((double) (run - k)) ;
        k = run ;
    }
    for (int64_t c = 0 ; c < clusters_a ; c++) sum_a += pairs ((double) v->size_a [c]) ;
    for (int64_t c = 0 ; c < clusters_b ; c++) sum_b += pairs ((double) v->size_b [c]) ;
    double expected = v->count > 1 ? sum_a * sum_b / pairs ((double) v->count) : 0 ;
    double most = (sum_a + sum_b) / 2 ;
    return (most == expected ? 1.0 : (index - expected) / (most - expected)) ;
}

// A's non-singleton clusters that are exactly one of B's: a cell (ca, cb)
// that holds all of ca and all of cb.
static int64_t identical_clusters (const common_view *v)
{
    int64_t identical = 0 ;
    for (int64_t k = 0 ; k < v->count ; )
    {
        int64_t run = k ;
        while (run < v->count && by_cell (&v->cells [run], &v->cells [k]) == 0) run++ ;
        int64_t together = run - k ;
        const cell *c = &v->cells [k] ;
        if (together > 1 && together == v->size_a [c->a] && together == v->size_b [c->b])
        {
            identical++ ;
        }
        k = run ;
    }
    return (identical) ;
}

static int64_t non_singletons (const int64_t *size, int64_t clusters)
{
    int64_t count = 0 ;
    for (int64_t c = 0 ; c < clusters ; c++) count += (size [c] > 1) ;
    return (count) ;
}

clustering_agreement clustering_compare (const clustering *a,
    const clustering *b)
{
    common_view v = common_view_of (a, b) ;
    clustering_agreement r ;
    r.common_nodes = v.count ;
    r.clusters_a = non_singletons (v.size_a, a->clusters) ;
    r.clusters_b = non_singletons (v.size_b, b->clusters) ;
    r.identical = identical_clusters (&v) ;
    r.ari = adjusted_rand_index (&v, a->clusters, b->clusters) ;
    free (v.cells) ;
    free (v.size_b) ;
    free (v.size_a) ;
    return (r) ;
}
