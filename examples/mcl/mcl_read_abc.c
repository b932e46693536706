// examples/mcl/mcl_read_abc.c: read mcl's abc label format (see mcl_read_abc.h).  Labels
// are looked up in an open-addressing hash table (FNV-1a); the edges are
// collected in both directions and built into the matrix with MAX for
// duplicates.
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mcl_read_abc.h"

// label -> node id, and node id -> label
typedef struct
{
    char **label ;          // label [id], ids 0..count-1
    GrB_Index count ;
    GrB_Index *slot ;       // capacity slots: id + 1, or 0 when free
    GrB_Index capacity ;    // a power of 2, at least twice count
}
label_table ;

// the edges read so far, each in both directions
typedef struct
{
    GrB_Index *from, *to ;
    double *weight ;
    GrB_Index count, capacity ;
}
edge_list ;

static uint64_t fnv1a (const char *s)
{
    uint64_t h = 14695981039346656037ULL ;
    for ( ; *s != '\0' ; s++) h = (h ^ (unsigned char) *s) * 1099511628211ULL ;
    return (h) ;
}

static int grow_slots (label_table *t)
{
    GrB_Index capacity = t->capacity ? 2 * t->capacity : 1024 ;
    GrB_Index *slot = calloc (capacity, sizeof (GrB_Index)) ;
    char **label = realloc (t->label, (capacity / 2) * sizeof (char *)) ;
    if (slot == NULL || label == NULL)
    {
        free (slot) ;
        if (label != NULL) t->label = label ;
        return (-1) ;
    }
    t->label = label ;
    for (GrB_Index id = 0 ; id < t->count ; id++)
    {
        GrB_Index h = fnv1a (label [id]) & (capacity - 1) ;
        while (slot [h] != 0) h = (h + 1) & (capacity - 1) ;
        slot [h] = id + 1 ;
    }
    free (t->slot) ;
    t->slot = slot ;
    t->capacity = capacity ;
    return (0) ;
}

// The id of name, added when new; -1 when out of memory.
static int64_t label_id (label_table *t, const char *name)
{
    if (2 * (t->count + 1) > t->capacity && grow_slots (t) != 0) return (-1) ;
    GrB_Index h = fnv1a (name) & (t->capacity - 1) ;
    while (t->slot [h] != 0)
    {
        GrB_Index id = t->slot [h] - 1 ;
        if (strcmp (t->label [id], name) == 0) return ((int64_t) id) ;
        h = (h + 1) & (t->capacity - 1) ;
    }
    char *copy = strdup (name) ;
    if (copy == NULL) return (-1) ;
    t->label [t->count] = copy ;
    t->slot [h] = t->count + 1 ;
    return ((int64_t) t->count++) ;
}

static void label_table_free (label_table *t)
{
    for (GrB_Index id = 0 ; id < t->count ; id++) free (t->label [id]) ;
    free (t->label) ;
    free (t->slot) ;
}

static int add_edge (edge_list *e, GrB_Index from, GrB_Index to, double weight)
{
    if (e->count == e->capacity)
    {
        GrB_Index capacity = e->capacity ? 2 * e->capacity : 4096 ;
        GrB_Index *f = realloc (e->from, capacity * sizeof (GrB_Index)) ;
        if (f != NULL) e->from = f ;
        GrB_Index *t = realloc (e->to, capacity * sizeof (GrB_Index)) ;
        if (t != NULL) e->to = t ;
        double *w = realloc (e->weight, capacity * sizeof (double)) ;
        if (w != NULL) e->weight = w ;
        if (f == NULL || t == NULL || w == NULL) return (-1) ;
        e->capacity = capacity ;
    }
    e->from [e->count] = from ;
    e->to [e->count] = to ;
    e->weight [e->count] = weight ;
    e->count++ ;
    return (0) ;
}

static void edge_list_free (edge_list *e)
{
    free (e->from) ;
    free (e->to) ;
    free (e->weight) ;
}

// One line: 0 (or an empty line), or -1 with the message in error.
static int read_line (char *line, const char *path, long number,
    label_table *labels, edge_list *edges, char *error, size_t error_size)
{
    const char *separators = " \t\r\n" ;
    char *save = NULL ;
    char *a = strtok_r (line, separators, &save) ;
    if (a == NULL) return (0) ;
    char *b = strtok_r (NULL, separators, &save) ;
    char *w = strtok_r (NULL, separators, &save) ;
    if (b == NULL)
    {
        snprintf (error, error_size, "%s:%ld: one field, need LABEL1 LABEL2 [WEIGHT]", path, number) ;
        return (-1) ;
    }
    double weight = 1 ;
    if (w != NULL)
    {
        char *end ;
        errno = 0 ;
        weight = strtod (w, &end) ;
        if (end == w || *end != '\0' || errno != 0)
        {
            snprintf (error, error_size, "%s:%ld: weight \"%s\" is not a number", path, number, w) ;
            return (-1) ;
        }
    }
    int64_t from = label_id (labels, a) ;
    int64_t to = from < 0 ? -1 : label_id (labels, b) ;
    if (to < 0
        || add_edge (edges, (GrB_Index) from, (GrB_Index) to, weight) != 0
        || add_edge (edges, (GrB_Index) to, (GrB_Index) from, weight) != 0)
    {
        snprintf (error, error_size, "%s:%ld: out of memory", path, number) ;
        return (-1) ;
    }
    return (0) ;
}

GrB_Info mcl_read_abc (GrB_Matrix *A, char ***labels, GrB_Index *n,
    const char *path, char *error, size_t error_size)
{
    *A = NULL ;
    *labels = NULL ;
    *n = 0 ;
    bool is_stdin = (strcmp (path, "-") == 0) ;
    FILE *f = is_stdin ? stdin : fopen (path, "r") ;
    if (f == NULL)
    {
        snprintf (error, error_size, "%s: %s", path, strerror (errno)) ;
        return (GrB_INVALID_VALUE) ;
    }
    label_table table = { 0 } ;
    edge_list edges = { 0 } ;
    char *line = NULL ;
    size_t line_size = 0 ;
    long number = 0 ;
    int status = 0 ;
    while (status == 0 && getline (&line, &line_size, f) >= 0)
    {
        status = read_line (line, path, ++number, &table, &edges, error, error_size) ;
    }
    free (line) ;
    if (!is_stdin) fclose (f) ;
    GrB_Info info = (status == 0) ? GrB_SUCCESS : GrB_INVALID_VALUE ;
    if (info == GrB_SUCCESS)
    {
        info = GrB_Matrix_new (A, GrB_FP64, table.count, table.count) ;
        if (info == GrB_SUCCESS && edges.count > 0)
        {
            info = GrB_Matrix_build_FP64 (*A, edges.from, edges.to, edges.weight,
                edges.count, GrB_MAX_FP64) ;
        }
        if (info != GrB_SUCCESS)
        {
            snprintf (error, error_size, "%s: building the matrix failed (%d)", path, (int) info) ;
            GrB_Matrix_free (A) ;
        }
    }
    edge_list_free (&edges) ;
    if (info != GrB_SUCCESS)
    {
        label_table_free (&table) ;
        return (info) ;
    }
    *labels = table.label ;
    *n = table.count ;
    free (table.slot) ;
    return (GrB_SUCCESS) ;
}
