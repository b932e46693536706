// examples/bfs/bfs.c: multi-source breadth-first search in plain GraphBLAS: levels and
// parents from k sources at once, one GrB_mxm per level over all of them
// (bfs_multi_source.h says how).  With libgbgpu in front of SuiteSparse the
// products may run on the GPU, and the program says whether they did; it
// never calls gbgpu directly (gbgpu_optional.h), so it runs the same without.
// SPDX-License-Identifier: Apache-2.0
//
//      bfs [--cpu | --gpu] [--sources K] [--levels-only] [--check] [INPUT]
//
// INPUT (default rmat:16) is read as a directed graph: entry (i,j) is an edge
// i -> j (symmetric Matrix Market files hold both directions).  The K sources
// (default 64) are evenly spaced over the nodes that have an edge.
// --levels-only: ANY_PAIR_BOOL instead of ANY_SECONDI_INT64, no parents.
// --check: compare with one textbook BFS in C per source (bfs_check.h); the
// exit status is nonzero when anything differs.

#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bfs_check.h"
#include "bfs_multi_source.h"
#include "bfs_sources.h"
#include "example_try.h"
#include "gbgpu_optional.h"
#include "graph_io.h"
#include "wall_clock.h"

typedef struct
{
    const char *input ;
    int policy ;                // a gbgpu_policy, or -1: leave gbgpu's default
    GrB_Index sources ;
    bool levels_only ;
    bool check ;
}
options ;

static void usage (int status)
{
    fprintf (status ? stderr : stdout,
        "usage: bfs [--cpu | --gpu] [--sources K] [--levels-only] [--check] [INPUT]\n"
        "  Breadth-first search of INPUT (default rmat:16; entry (i,j) is an edge\n"
        "  i -> j) from K sources at once (default 64, evenly spaced over the nodes\n"
        "  with an edge): levels and parents, or levels only.  --check compares with\n"
        "  a plain single-source BFS per source.  --cpu/--gpu: gbgpu's policy, when\n"
        "  it is loaded.\n"
        "%s", graph_spec_usage) ;
    exit (status) ;
}

static options parse_options (int argc, char **argv)
{
    options o = { .input = "rmat:16", .policy = -1, .sources = 64,
        .levels_only = false, .check = false } ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *arg = argv [k] ;
        if (strcmp (arg, "--cpu") == 0) o.policy = GBGPU_POLICY_CPU ;
        else if (strcmp (arg, "--gpu") == 0) o.policy = GBGPU_POLICY_GPU ;
        else if (strcmp (arg, "--levels-only") == 0) o.levels_only = true ;
        else if (strcmp (arg, "--check") == 0) o.check = true ;
        else if (strcmp (arg, "--sources") == 0 && k + 1 < argc)
        {
            char *end ;
            long long sources = strtoll (argv [++k], &end, 10) ;
            if (*end != '\0' || sources < 1) usage (EXIT_FAILURE) ;
            o.sources = (GrB_Index) sources ;
        }
        else if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0) usage (0) ;
        else if (arg [0] == '-') usage (EXIT_FAILURE) ;
        else o.input = arg ;
    }
    return (o) ;
}

// One line per level; with gbgpu loaded, where its GrB_mxm ran and, on the
// GPU, where the time went (context: the stats after the level before).
static void print_level (int64_t level, GrB_Index frontier_entries,
    double seconds, void *context)
{
    gbgpu_stats_t *before = context, after = gbgpu_optional_stats () ;
    char ran_on [512] = "" ;
    if (gbgpu_optional_loaded ())
    {
        ran_on [0] = ' ' ;
        ran_on [1] = ' ' ;
        gbgpu_optional_describe (ran_on + 2, sizeof (ran_on) - 2, before, &after) ;
    }
    *before = after ;
    printf ("level %4lld  %12llu new (source, node) pairs  %.6f s%s\n",
        (long long) level, (unsigned long long) frontier_entries, seconds, ran_on) ;
    fflush (stdout) ;
}

// Prints the check's outcome; returns whether it passed.
static bool run_check (GrB_Matrix S, const GrB_Index *sources, GrB_Index k,
    const bfs_result *found)
{
    bfs_check_result c = bfs_check (S, sources, k, found->levels, found->parents) ;
    bool passed = (c.level_errors == 0 && c.parent_errors == 0) ;
    if (passed)
    {
        printf ("check      passed: %llu sources, levels identical to a plain BFS%s (%.3f s)\n",
            (unsigned long long) c.sources,
            found->parents != NULL ? ", parents valid" : "", c.seconds) ;
    }
    else
    {
        printf ("check      FAILED: %llu sources, %llu level errors, %llu parent errors (%.3f s)\n",
            (unsigned long long) c.sources, (unsigned long long) c.level_errors,
            (unsigned long long) c.parent_errors, c.seconds) ;
    }
    return (passed) ;
}

int main (int argc, char **argv)
{
    options o = parse_options (argc, argv) ;
    EXAMPLE_TRY (GrB_init (GrB_NONBLOCKING)) ;
    gbgpu_optional_apply_policy ("bfs", o.policy) ;
    gbgpu_optional_start_device (stdout) ;

    double read_seconds ;
    GrB_Matrix A = graph_load_or_exit ("bfs", o.input, &read_seconds) ;
    GrB_Index n, ncols, entries ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, A)) ;
    EXAMPLE_TRY (GrB_Matrix_ncols (&ncols, A)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&entries, A)) ;
    if (n != ncols)
    {
        fprintf (stderr, "bfs: the input is %llu-by-%llu, not square\n",
            (unsigned long long) n, (unsigned long long) ncols) ;
        return (EXIT_FAILURE) ;
    }

    bool with_parents = !o.levels_only ;
    GrB_Matrix S = bfs_graph_pattern (A, with_parents) ;
    GrB_Matrix_free (&A) ;
    GrB_Index edges, k, candidates ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&edges, S)) ;
    GrB_Index *sources = bfs_choose_sources (S, o.sources, &k, &candidates) ;
    char label [256] ;
    printf ("input      %s: %llu nodes, %llu edges without self-loops "
        "(%llu entries read in %.3f s)\n",
        graph_spec_label (label, sizeof (label), o.input), (unsigned long long) n,
        (unsigned long long) edges, (unsigned long long) entries, read_seconds) ;
    if (k == 0)
    {
        printf ("sources    none: the graph has no edges\n") ;
        free (sources) ;
        GrB_Matrix_free (&S) ;
        GrB_finalize () ;
        return (EXIT_SUCCESS) ;
    }
    printf ("sources    %llu, evenly spaced over the %llu nodes with an edge; %s\n",
        (unsigned long long) k, (unsigned long long) candidates,
        with_parents ? "levels and parents (ANY_SECONDI_INT64)"
                     : "levels only (ANY_PAIR_BOOL)") ;

    gbgpu_stats_t before = gbgpu_optional_stats (), level_before = before ;
    bfs_result found = bfs_multi_source (S, sources, k, with_parents,
        print_level, &level_before) ;
    gbgpu_stats_t after = gbgpu_optional_stats () ;
    char ran_on [512] ;
    gbgpu_optional_describe (ran_on, sizeof (ran_on), &before, &after) ;
    printf ("reached    %llu (source, node) pairs, %.1f per source, in %lld levels\n",
        (unsigned long long) found.reached, (double) found.reached / (double) k,
        (long long) found.depth) ;
    printf ("GrB_mxm    %.6f s on %s\n", found.mxm_seconds, ran_on) ;
    printf ("total      %.6f s (GrB_mxm, assigns of levels%s)\n", found.seconds,
        with_parents ? " and parents" : "") ;

    bool passed = o.check ? run_check (S, sources, k, &found) : true ;

    bfs_result_free (&found) ;
    free (sources) ;
    GrB_Matrix_free (&S) ;
    GrB_finalize () ;
    return (passed ? EXIT_SUCCESS : EXIT_FAILURE) ;
}
