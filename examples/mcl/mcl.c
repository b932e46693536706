// examples/mcl/mcl.c (program gbgpu-mcl): Markov clustering in plain GraphBLAS, the way
// mcl (van Dongen's program, Debian package mcl) computes it with its
// defaults, so that the two give (nearly) the same clusters:
// SPDX-License-Identifier: Apache-2.0
//
//      start matrix     mcl_start.h     self-loops, rows to sum 1
//      iterations       mcl_process.h   expansion P*P (GrB_mxm, PLUS_TIMES_FP64),
//                                       pruning (mcl_prune.h), chaos, inflation
//      clusters         mcl_interpret.h attractor systems of the limit
//
// The expansions are where the time goes; with libgbgpu in front of
// SuiteSparse they may run on the GPU, and the program says whether they
// did.  It never calls gbgpu directly (gbgpu_optional.h), so it runs the same
// without.  The target is gbgpu-mcl, not mcl, so as not to shadow mcl itself.
//
//      gbgpu-mcl [--cpu | --gpu] [--abc] [-I F] [-P N] [-S N] [-R N]
//                [-pct N] [-L N] [-o FILE] INPUT
//
// mcl's options that mean the same thing, with mcl's defaults: -I 2.0
// (inflation), -P 10000 (cutoff 1/P), -S 1100 (selection), -R 1400
// (recovery), -pct 90 (recovery mass), -L 10000 (most iterations).  INPUT: a
// Matrix Market file or generator spec (clusters as 0-based node ids), or
// with --abc mcl's label format (clusters as labels); "-" is stdin for
// --abc.  Clusters go to -o FILE (default stdout), one a line, largest
// first, tab-separated; everything else goes to stderr.

#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "example_try.h"
#include "gbgpu_optional.h"
#include "graph_io.h"
#include "mcl_graph.h"
#include "mcl_interpret.h"
#include "mcl_output.h"
#include "mcl_process.h"
#include "mcl_start.h"
#include "wall_clock.h"

typedef struct
{
    const char *input ;
    const char *output ;            // NULL: stdout
    bool abc ;
    int policy ;                    // a gbgpu_policy, or -1: leave gbgpu's default
    mcl_params params ;
    double pruning ;                // -P
    double recover_percent ;        // -pct
}
options ;

static void usage (int status)
{
    fprintf (status ? stderr : stdout,
        "usage: gbgpu-mcl [--cpu | --gpu] [--abc] [-I F] [-P N] [-S N] [-R N]\n"
        "                 [-pct N] [-L N] [-o FILE] INPUT\n"
        "  Markov clustering of INPUT as mcl does it, with mcl's defaults:\n"
        "  -I 2.0 inflation, -P 10000 cutoff 1/P, -S 1100 selection, -R 1400\n"
        "  recovery, -pct 90 recovery mass (%%), -L 10000 most iterations.\n"
        "  --abc: INPUT is \"LABEL1 LABEL2 [WEIGHT]\" lines (\"-\": stdin); else a\n"
        "  Matrix Market file or generator spec (clusters as 0-based node ids).\n"
        "  -o FILE: where the clusters go (default stdout); reports go to stderr.\n"
        "  --cpu/--gpu: gbgpu's policy, when it is loaded.\n"
        "%s", graph_spec_usage) ;
    exit (status) ;
}

// The number after option argv [*k], which must be at least least.
static double number_argument (int argc, char **argv, int *k, double least)
{
    if (*k + 1 >= argc) usage (EXIT_FAILURE) ;
    char *end ;
    const char *text = argv [++(*k)] ;
    double value = strtod (text, &end) ;
    if (end == text || *end != '\0' || !(value >= least))
    {
        fprintf (stderr, "gbgpu-mcl: %s %s: not a number >= %g\n", argv [*k - 1],
            text, least) ;
        exit (EXIT_FAILURE) ;
    }
    return (value) ;
}

static options parse_options (int argc, char **argv)
{
    options o = { .input = NULL, .output = NULL, .abc = false, .policy = -1,
        .params = mcl_params_defaults (), .pruning = 10000, .recover_percent = 90 } ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *arg = argv [k] ;
        if (strcmp (arg, "--cpu") == 0) o.policy = GBGPU_POLICY_CPU ;
        else if (strcmp (arg, "--gpu") == 0) o.policy = GBGPU_POLICY_GPU ;
        else if (strcmp (arg, "--abc") == 0) o.abc = true ;
        else if (strcmp (arg, "-I") == 0) o.params.inflation = number_argument (argc, argv, &k, 1e-3) ;
        else if (strcmp (arg, "-P") == 0) o.pruning = number_argument (argc, argv, &k, 1) ;
        else if (strcmp (arg, "-S") == 0) o.params.prune.select = (GrB_Index) number_argument (argc, argv, &k, 0) ;
        else if (strcmp (arg, "-R") == 0) o.params.prune.recover = (GrB_Index) number_argument (argc, argv, &k, 0) ;
        else if (strcmp (arg, "-pct") == 0) o.recover_percent = number_argument (argc, argv, &k, 0) ;
        else if (strcmp (arg, "-L") == 0) o.params.max_iterations = (int) number_argument (argc, argv, &k, 1) ;
        else if (strcmp (arg, "-o") == 0 && k + 1 < argc) o.output = argv [++k] ;
        else if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0) usage (0) ;
        else if (arg [0] == '-' && arg [1] != '\0') usage (EXIT_FAILURE) ;
        else if (o.input == NULL) o.input = arg ;
        else usage (EXIT_FAILURE) ;
    }
    if (o.input == NULL) usage (EXIT_FAILURE) ;
    o.params.prune.cutoff = 1 / o.pruning ;
    o.params.prune.recover_mass = o.recover_percent / 100 ;
    return (o) ;
}

static void print_iteration (const mcl_iteration *it, void *context)
{
    (void) context ;
    fprintf (stderr, "iteration %3d  chaos %9.4f  P*P %10llu entries, pruned to "
        "%10llu (%llu rows selected, %llu recovered)  %.6f s (GrB_mxm %.6f s)\n",
        it->number, it->chaos, (unsigned long long) it->expanded_entries,
        (unsigned long long) it->pruned_entries,
        (unsigned long long) it->prune.rows_selected,
        (unsigned long long) it->prune.rows_recovered, it->seconds, it->mxm_seconds) ;
}

static GrB_Index singletons_of (const mcl_clusters *c)
{
    GrB_Index singletons = 0 ;
    for (GrB_Index k = 0 ; k < c->count ; k++)
    {
        if (c->start [k + 1] - c->start [k] == 1) singletons++ ;
    }
    return (singletons) ;
}

int main (int argc, char **argv)
{
    options o = parse_options (argc, argv) ;
    EXAMPLE_TRY (GrB_init (GrB_NONBLOCKING)) ;
    gbgpu_optional_apply_policy ("gbgpu-mcl", o.policy) ;
    gbgpu_optional_start_device (stderr) ;

    double read_start = wall_clock_seconds () ;
    mcl_graph g ;
    if (!mcl_graph_read (&g, o.input, o.abc)) return (EXIT_FAILURE) ;
    double read_seconds = wall_clock_seconds () - read_start ;
    GrB_Index entries ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&entries, g.A)) ;
    char label [256] ;
    fprintf (stderr, "input      %s: %llu nodes, %llu entries (read in %.3f s)\n",
        o.abc ? o.input : graph_spec_label (label, sizeof (label), o.input),
        (unsigned long long) g.n, (unsigned long long) entries, read_seconds) ;
    if (g.dropped > 0)
    {
        fprintf (stderr, "input      %llu entries that were not > 0 dropped\n",
            (unsigned long long) g.dropped) ;
    }
    fprintf (stderr, "parameters -I %g -P %g -S %llu -R %llu -pct %g -L %d\n",
        o.params.inflation, o.pruning, (unsigned long long) o.params.prune.select,
        (unsigned long long) o.params.prune.recover, o.recover_percent,
        o.params.max_iterations) ;

    double start = wall_clock_seconds () ;
    GrB_Matrix P = mcl_start_matrix (g.A) ;
    double start_seconds = wall_clock_seconds () - start ;
    gbgpu_stats_t before = gbgpu_optional_stats () ;
    mcl_run run = mcl_iterate (P, &o.params, print_iteration, NULL) ;
    gbgpu_stats_t after = gbgpu_optional_stats () ;
    double interpret_start = wall_clock_seconds () ;
    mcl_clusters clusters = mcl_interpret (P) ;
    double interpret_seconds = wall_clock_seconds () - interpret_start ;

    char ran_on [512] ;
    gbgpu_optional_describe (ran_on, sizeof (ran_on), &before, &after) ;
    if (run.converged)
    {
        fprintf (stderr, "converged  after %d iterations: chaos %.6f < %g\n",
            run.iterations, run.chaos, o.params.chaos_limit) ;
    }
    else
    {
        fprintf (stderr, "stopped    after %d iterations (-L): chaos %.6f, not "
            "converged\n", run.iterations, run.chaos) ;
    }
    fprintf (stderr, "clusters   %llu (%llu of one node); %llu attractors, "
        "%llu nodes in overlap (cut), %llu unattracted\n",
        (unsigned long long) clusters.count,
        (unsigned long long) singletons_of (&clusters),
        (unsigned long long) clusters.attractors,
        (unsigned long long) clusters.overlapping,
        (unsigned long long) clusters.unattracted) ;
    fprintf (stderr, "GrB_mxm    %.6f s on %s\n", run.mxm_seconds, ran_on) ;
    fprintf (stderr, "total      %.6f s (start %.6f s, iterations %.6f s, "
        "interpretation %.6f s)\n", start_seconds + run.seconds + interpret_seconds,
        start_seconds, run.seconds, interpret_seconds) ;

    bool written = mcl_write_clusters (o.output, &clusters, g.labels) ;
    if (written && o.output != NULL && strcmp (o.output, "-") != 0)
    {
        fprintf (stderr, "output     %s\n", o.output) ;
    }
    mcl_clusters_free (&clusters) ;
    GrB_Matrix_free (&P) ;
    mcl_graph_free (&g) ;
    GrB_finalize () ;
    return (written ? EXIT_SUCCESS : EXIT_FAILURE) ;
}
