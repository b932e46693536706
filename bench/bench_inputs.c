// bench/bench_inputs.c: resolve the inputs of a benchmark run (see bench_inputs.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench_inputs.h"
#include "graph_io.h"

#ifndef GBGPU_BENCH_DATA_DIR
#define GBGPU_BENCH_DATA_DIR ""
#endif

// The default suite (issue #3): generated inputs, then files of the shared
// data folder, named without folder and ".mtx".  So that graphs (power-law,
// low compression) weigh as much as meshes and stencils, every shared graph
// whose A*A has 10^6 products or more is in (oregon1_010331: 1.1e7, issue
// 16); CA-GrQc and CA-HepTh (5e5, 7e5) are not, p2p-Gnutella31 and
// luxembourg (5e5 each) were in before.
static const char *const suite_generated [] =
{
    "grid3d27:50", "grid3d27:100", "rmat:16", "rmat:18",
} ;
static const char *const suite_files [] =
{
    "bcsstk33", "pushpull", "CA-HepPh", "Wiki-Vote_directed",
    "p2p-Gnutella31_directed", "luxembourg", "oregon1_010331",
} ;

// The graph suite's (--graph-suite without INPUTs): the shared graphs, then
// R-MAT; directed ones are symmetrized.
static const char *const graph_suite_files [] =
{
    "bcsstk13", "CA-GrQc", "CA-HepTh", "oregon1_010331", "Wiki-Vote_directed",
    "p2p-Gnutella31_directed", "pushpull", "bcsstk33", "luxembourg",
} ;
static const char *const graph_suite_generated [] =
{
    "rmat:18", "rmat:19", "rmat:20",
} ;

const char *bench_data_dir (void)
{
    const char *dir = getenv ("GBGPU_DATA_DIR") ;
    return (dir != NULL && dir [0] != '\0' ? dir : GBGPU_BENCH_DATA_DIR) ;
}

typedef struct
{
    bench_input *items ;
    int count, capacity ;
}
input_list ;

static bench_input *append (input_list *list, const char *spec)
{
    if (list->count == list->capacity)
    {
        int capacity = list->capacity ? 2 * list->capacity : 16 ;
        bench_input *bigger = realloc (list->items, (size_t) capacity * sizeof (bench_input)) ;
        if (bigger == NULL) return (NULL) ;
        list->items = bigger ;
        list->capacity = capacity ;
    }
    bench_input *input = &list->items [list->count++] ;
    memset (input, 0, sizeof (*input)) ;
    snprintf (input->spec, sizeof (input->spec), "%s", spec) ;
    graph_spec_label (input->label, sizeof (input->label), spec) ;
    return (input) ;
}

// A file of the data folder by name; absent (with the reason) when missing.
static bench_input *append_data_file (input_list *list, const char *name)
{
    const char *dir = bench_data_dir () ;
    char path [1024] ;
    snprintf (path, sizeof (path), "%s/matrices/%s.mtx", dir, name) ;
    bench_input *input = append (list, path) ;
    if (input == NULL) return (NULL) ;
    if (dir [0] == '\0')
    {
        snprintf (input->absent, sizeof (input->absent),
            "absent: GBGPU_DATA_DIR is not set") ;
    }
    else if (access (path, R_OK) != 0)
    {
        snprintf (input->absent, sizeof (input->absent),
            "absent: no %s.mtx in %s/matrices", name, dir) ;
    }
    return (input) ;
}

static int by_name (const void *a, const void *b)
{
    return (strcmp (*(char *const *) a, *(char *const *) b)) ;
}

// Every .mtx file of the data folder, by name.
static int append_data_folder (input_list *list)
{
    if (bench_data_dir () [0] == '\0')
    {
        fprintf (stderr, "gbgpu-bench: --data: GBGPU_DATA_DIR is not set\n") ;
        return (0) ;
    }
    char folder [1024] ;
    snprintf (folder, sizeof (folder), "%s/matrices", bench_data_dir ()) ;
    DIR *dir = opendir (folder) ;
    if (dir == NULL)
    {
        fprintf (stderr, "gbgpu-bench: --data: cannot open %s\n", folder) ;
        return (0) ;
    }
    char **names = NULL ;
    int count = 0, ok = 1 ;
    for (struct dirent *entry ; ok && (entry = readdir (dir)) != NULL ; )
    {
        size_t length = strlen (entry->d_name) ;
        if (length <= 4 || strcmp (entry->d_name + length - 4, ".mtx") != 0) continue ;
        char **more = realloc (names, (size_t) (count + 1) * sizeof (char *)) ;
        ok = more != NULL && (more [count] = strndup (entry->d_name, length - 4)) != NULL ;
        if (more != NULL) names = more ;
        if (ok) count++ ;
    }
    closedir (dir) ;
    if (ok) qsort (names, (size_t) count, sizeof (char *), by_name) ;
    for (int k = 0 ; k < count ; k++)
    {
        if (ok) ok = append_data_file (list, names [k]) != NULL ;
        free (names [k]) ;
    }
    free (names) ;
    return (ok) ;
}

bench_input *bench_inputs_collect (const bench_options *o, int *count)
{
    input_list list = { NULL, 0, 0 } ;
    int ok = 1 ;
    if (o->default_suite)
    {
        for (size_t k = 0 ; ok && k < sizeof (suite_generated) / sizeof (char *) ; k++)
        {
            ok = append (&list, suite_generated [k]) != NULL ;
        }
        for (size_t k = 0 ; ok && k < sizeof (suite_files) / sizeof (char *) ; k++)
        {
            ok = append_data_file (&list, suite_files [k]) != NULL ;
        }
    }
    if (o->graph_suite && o->ninputs == 0 && !o->data)
    {
        for (size_t k = 0 ; ok && k < sizeof (graph_suite_files) / sizeof (char *) ; k++)
        {
            ok = append_data_file (&list, graph_suite_files [k]) != NULL ;
        }
        for (size_t k = 0 ; ok && k < sizeof (graph_suite_generated) / sizeof (char *) ; k++)
        {
            ok = append (&list, graph_suite_generated [k]) != NULL ;
        }
    }
    if (ok && o->data) ok = append_data_folder (&list) ;
    for (int k = 0 ; ok && k < o->ninputs ; k++)
    {
        ok = append (&list, o->inputs [k]) != NULL ;
    }
    if (!ok)
    {
        fprintf (stderr, "gbgpu-bench: cannot make the list of inputs\n") ;
        free (list.items) ;
        return (NULL) ;
    }
    *count = list.count ;
    return (list.items) ;
}
