// examples/mcl/mcl_interpret.c: dominant-entry graph, attractor systems and closure of
// every other node, as mcl interprets its limit (see mcl_interpret.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include "example_try.h"
#include "mcl_interpret.h"

enum { no_cluster = -1 } ;

// A graph by rows: row i is column [row_start [i] .. row_start [i+1] - 1].
typedef struct
{
    GrB_Index n ;
    GrB_Index *row_start ;
    GrB_Index *column ;
    double *value ;             // NULL for D
}
csr ;

static void *checked_malloc (size_t count, size_t size)
{
    void *p = malloc ((count + 1) * size) ;
    if (p == NULL)
    {
        fprintf (stderr, "gbgpu-mcl: out of memory\n") ;
        exit (EXIT_FAILURE) ;
    }
    return (p) ;
}

static void csr_free (csr *g)
{
    free (g->row_start) ;
    free (g->column) ;
    free (g->value) ;
}

static csr csr_of (GrB_Matrix P)
{
    csr g ;
    GrB_Index pointers, columns, values ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&g.n, P)) ;
    EXAMPLE_TRY (GrB_Matrix_exportSize (&pointers, &columns, &values,
        GrB_CSR_FORMAT, P)) ;
    g.row_start = checked_malloc (pointers, sizeof (GrB_Index)) ;
    g.column = checked_malloc (columns, sizeof (GrB_Index)) ;
    g.value = checked_malloc (values, sizeof (double)) ;
    EXAMPLE_TRY (GrB_Matrix_export_FP64 (g.row_start, g.column, g.value,
        &pointers, &columns, &values, GrB_CSR_FORMAT, P)) ;
    return (g) ;
}

// The kept entries of row i (mcl_interpret.h), appended to d->column.
static void dominant_entries (const csr *p, GrB_Index i, csr *d,
    GrB_Index *used)
{
    GrB_Index first = p->row_start [i], last = p->row_start [i + 1] ;
    double self = 0, top = 0 ;
    for (GrB_Index e = first ; e < last ; e++)
    {
        if (p->column [e] == i) self = p->value [e] ;
        if (p->value [e] > top) top = p->value [e] ;
    }
    double bar = self < top ? 0.999 * self + 0.001 * top : self / 1.01 ;
    GrB_Index kept = 0 ;
    double kept_sum = 0 ;
    for (GrB_Index e = first ; e < last ; e++)
    {
        if (p->value [e] >= bar) { kept++ ; kept_sum += p->value [e] ; }
    }
    for (GrB_Index e = first ; e < last ; e++)
    {
        if (p->value [e] >= bar
            && p->value [e] / kept_sum >= 1.0 / (double) (kept + 1))
        {
            d->column [(*used)++] = p->column [e] ;
        }
    }
}

static csr dominant_graph (const csr *p)
{
    csr d = { .n = p->n, .value = NULL } ;
    d.row_start = checked_malloc (p->n + 1, sizeof (GrB_Index)) ;
    d.column = checked_malloc (p->row_start [p->n], sizeof (GrB_Index)) ;
    GrB_Index used = 0 ;
    for (GrB_Index i = 0 ; i < p->n ; i++)
    {
        d.row_start [i] = used ;
        dominant_entries (p, i, &d, &used) ;
    }
    d.row_start [p->n] = used ;
    return (d) ;
}

static bool has_self_loop (const csr *d, GrB_Index i)
{
    for (GrB_Index e = d->row_start [i] ; e < d->row_start [i + 1] ; e++)
    {
        if (d->column [e] == i) return (true) ;
    }
    return (false) ;
}

static GrB_Index find_root (GrB_Index *parent, GrB_Index i)
{
    while (parent [i] != i)
    {
        parent [i] = parent [parent [i]] ;
        i = parent [i] ;
    }
    return (i) ;
}

// cluster [i] = the system of attractor i (numbered by smallest node), or
// no_cluster; returns the number of systems.
static int64_t attractor_systems (const csr *d, const bool *attractor,
    int64_t *cluster)
{
    GrB_Index *parent = checked_malloc (d->n, sizeof (GrB_Index)) ;
    for (GrB_Index i = 0 ; i < d->n ; i++) parent [i] = i ;
    for (GrB_Index i = 0 ; i < d->n ; i++)
    {
        if (!attractor [i]) continue ;
        for (GrB_Index e = d->row_start [i] ; e < d->row_start [i + 1] ; e++)
        {
            GrB_Index j = d->column [e] ;
            if (attractor [j]) parent [find_root (parent, j)] = find_root (parent, i) ;
        }
    }
    int64_t systems = 0 ;
    int64_t *system_of_root = checked_malloc (d->n, sizeof (int64_t)) ;
    for (GrB_Index i = 0 ; i < d->n ; i++) system_of_root [i] = no_cluster ;
    for (GrB_Index i = 0 ; i < d->n ; i++)
    {
        cluster [i] = no_cluster ;
        if (!attractor [i]) continue ;
        GrB_Index root = find_root (parent, i) ;
        if (system_of_root [root] == no_cluster) system_of_root [root] = systems++ ;
        cluster [i] = system_of_root [root] ;
    }
    free (system_of_root) ;
    free (parent) ;
    return (systems) ;
}

// The systems node i reaches in d: the first (smallest) one, and in *reached
// how many different ones.  stack, mark: n of scratch (mark [v] == i + 1:
// seen from i).
static int64_t first_system_reached (const csr *d, GrB_Index i,
    const int64_t *system, GrB_Index *stack, GrB_Index *mark,
    GrB_Index *reached)
{
    int64_t first = no_cluster, second = no_cluster ;
    GrB_Index top = 0 ;
    stack [top++] = i ;
    mark [i] = i + 1 ;
    while (top > 0)
    {
        GrB_Index u = stack [--top] ;
        for (GrB_Index e = d->row_start [u] ; e < d->row_start [u + 1] ; e++)
        {
            GrB_Index v = d->column [e] ;
            if (mark [v] == i + 1) continue ;
            mark [v] = i + 1 ;
            stack [top++] = v ;
            int64_t s = system [v] ;
            if (s == no_cluster || s == first || s == second) continue ;
            if (first == no_cluster || s < first) { second = first ; first = s ; }
            else if (second == no_cluster || s < second) second = s ;
        }
    }
    *reached = (first == no_cluster) ? 0 : (second == no_cluster) ? 1 : 2 ;
    return (first) ;
}

typedef struct { GrB_Index size, smallest, id ; } cluster_order ;

static int largest_first (const void *a, const void *b)
{
    const cluster_order *x = a, *y = b ;
    if (x->size != y->size) return (x->size < y->size ? 1 : -1) ;
    return ((x->smallest > y->smallest) - (x->smallest < y->smallest)) ;
}

// Group nodes by cluster [] (no_cluster: singletons), sorted.
static void group (mcl_clusters *c, int64_t *cluster, int64_t systems)
{
    GrB_Index n = c->nodes ;
    int64_t count = systems ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        if (cluster [i] == no_cluster) cluster [i] = count++ ;
    }
    cluster_order *order = checked_malloc ((size_t) count, sizeof (cluster_order)) ;
    for (int64_t k = 0 ; k < count ; k++)
    {
        order [k] = (cluster_order) { .size = 0, .smallest = n, .id = (GrB_Index) k } ;
    }
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        cluster_order *o = &order [cluster [i]] ;
        if (o->size++ == 0) o->smallest = i ;
    }
    qsort (order, (size_t) count, sizeof (cluster_order), largest_first) ;
    GrB_Index *position = checked_malloc ((size_t) count, sizeof (GrB_Index)) ;
    c->count = (GrB_Index) count ;
    c->start = checked_malloc ((size_t) count + 1, sizeof (GrB_Index)) ;
    c->member = checked_malloc (n, sizeof (GrB_Index)) ;
    GrB_Index used = 0 ;
    for (int64_t k = 0 ; k < count ; k++)
    {
        c->start [k] = used ;
        position [order [k].id] = used ;
        used += order [k].size ;
    }
    c->start [count] = used ;
    // nodes in increasing order, so every cluster's members are sorted
    for (GrB_Index i = 0 ; i < n ; i++) c->member [position [cluster [i]]++] = i ;
    free (position) ;
    free (order) ;
}

mcl_clusters mcl_interpret (GrB_Matrix limit)
{
    mcl_clusters c = { 0 } ;
    csr p = csr_of (limit) ;
    csr d = dominant_graph (&p) ;
    csr_free (&p) ;
    GrB_Index n = d.n ;
    c.nodes = n ;
    bool *attractor = checked_malloc (n, sizeof (bool)) ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        attractor [i] = has_self_loop (&d, i) ;
        if (attractor [i]) c.attractors++ ;
    }
    int64_t *system = checked_malloc (n, sizeof (int64_t)) ;
    int64_t systems = attractor_systems (&d, attractor, system) ;

    // the other nodes: the first system they reach (-overlap cut)
    int64_t *cluster = checked_malloc (n, sizeof (int64_t)) ;
    GrB_Index *stack = checked_malloc (n, sizeof (GrB_Index)) ;
    GrB_Index *mark = calloc (n + 1, sizeof (GrB_Index)) ;
    if (mark == NULL) { fprintf (stderr, "gbgpu-mcl: out of memory\n") ; exit (EXIT_FAILURE) ; }
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        if (attractor [i]) { cluster [i] = system [i] ; continue ; }
        GrB_Index reached ;
        cluster [i] = first_system_reached (&d, i, system, stack, mark, &reached) ;
        if (reached == 0) c.unattracted++ ;
        if (reached > 1) c.overlapping++ ;
    }
    group (&c, cluster, systems) ;
    free (mark) ;
    free (stack) ;
    free (cluster) ;
    free (system) ;
    free (attractor) ;
    csr_free (&d) ;
    return (c) ;
}

void mcl_clusters_free (mcl_clusters *clusters)
{
    free (clusters->start) ;
    free (clusters->member) ;
    clusters->start = NULL ;
    clusters->member = NULL ;
}
