// bench/bench_options.c: parse gbgpu-bench's command line (see bench_options.h).
// SPDX-License-Identifier: Apache-2.0
//
// Also the table of the semirings it can name.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_options.h"
#include "graph_io.h"

//------------------------------------------------------------------------------
// the semirings gbgpu-bench knows
//------------------------------------------------------------------------------

#define CODE(ADD, MULT, TYPE) \
    { GBGPU_ADD_ ## ADD, GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE }

static const bench_semiring semirings [] =
{
    { "plus_times_fp64", &GrB_PLUS_TIMES_SEMIRING_FP64, &GrB_FP64,
      &GrB_IDENTITY_FP64, CODE (PLUS, TIMES, FP64), BENCH_VALUES_FP64,
      1e-9, 1e-12, true },
    { "plus_times_fp32", &GrB_PLUS_TIMES_SEMIRING_FP32, &GrB_FP32,
      &GrB_IDENTITY_FP32, CODE (PLUS, TIMES, FP32), BENCH_VALUES_FP32,
      1e-4, 1e-6, true },
    { "any_pair_bool", &GxB_ANY_PAIR_BOOL, &GrB_BOOL,
      &GrB_IDENTITY_BOOL, CODE (ANY, PAIR, BOOL), BENCH_VALUES_BOOL,
      0, 0, false },
    { "plus_pair_int64", &GxB_PLUS_PAIR_INT64, &GrB_INT64,
      &GrB_IDENTITY_INT64, CODE (PLUS, PAIR, INT64), BENCH_VALUES_INT64,
      0, 0, false },
    { "min_plus_fp64", &GrB_MIN_PLUS_SEMIRING_FP64, &GrB_FP64,
      &GrB_IDENTITY_FP64, CODE (MIN, PLUS, FP64), BENCH_VALUES_FP64,
      1e-12, 1e-14, false },
} ;

const char bench_semiring_names [] =
    "plus_times_fp64|plus_times_fp32|any_pair_bool|plus_pair_int64|min_plus_fp64" ;

const bench_semiring *bench_semiring_named (const char *name)
{
    for (size_t k = 0 ; k < sizeof (semirings) / sizeof (semirings [0]) ; k++)
    {
        if (strcmp (semirings [k].name, name) == 0) return (&semirings [k]) ;
    }
    return (NULL) ;
}

//------------------------------------------------------------------------------
// the command line
//------------------------------------------------------------------------------

static void usage (int status)
{
    fprintf (status ? stderr : stdout,
        "usage: gbgpu-bench [options] [INPUT ...]\n"
        "  Times C = A*A (A*A' when A is not square) for each input, one table row each:\n"
        "  gbgpu's kernel, gbgpu's GrB_mxm end to end, cuSPARSE SpGEMM and SuiteSparse on\n"
        "  the CPU, every result checked against the CPU's.\n"
        "options:\n"
        "  --default-suite     the standard suite (also when no INPUT is given)\n"
        "  --data              every .mtx file in $GBGPU_DATA_DIR/matrices\n"
        "  --graph-suite       graph products instead of C = A*A: triangle counting,\n"
        "                      BFS steps, A*A pattern-only and numeric (bench_graph.h),\n"
        "                      GPU end to end and policy auto vs CPU, on the\n"
        "                      INPUTs or the shared graphs and R-MAT 18-20\n"
        "  --semiring NAME     %s\n"
        "                      (default plus_times_fp64)\n"
        "  --runs N            timed runs after one warm-up, median reported (default 5)\n"
        "  --max-seconds S     fewer runs for a method when N runs would take longer\n"
        "                      than S seconds (default 10); such times are marked *\n"
        "  --same-c            GrB_mxm's runs (end to end and SuiteSparse) write the same\n"
        "                      C, as a loop of products does (MCL's E = P*P): gbgpu then\n"
        "                      writes T into C's old arrays (default: a new C each run)\n"
        "  --cpu-only          the SuiteSparse CPU column only\n"
        "  --csv FILE          also write the table as CSV\n"
        "  --markdown FILE     append the table, with date, GPU and commit, as Markdown\n"
        "                      (for bench/RESULTS.md)\n"
        "  --device N          CUDA device (default 0)\n"
        "  --breakdown         after each input, gbgpu's kernel time per phase and\n"
        "                      per bin of rows (rows, ms; the bins then run one after\n"
        "                      another, each timed alone), and its device memory peak\n"
        "  --bus               at the end, the rates of gbgpu's GrB_mxm transfers (the\n"
        "                      stats' bytes over upload and download time) beside the\n"
        "                      pinned cudaMemcpy rate measured first\n"
        "  --peers             also run the peer GPU SpGEMM programs of $GBGPU_PEERS_DIR\n"
        "                      (its run.sh: OpSparse, spECK, nsparse, cuSPARSE) on the\n"
        "                      same inputs, before gbgpu's columns; adds their GFLOPS,\n"
        "                      the best one and vs_best_peer (gbgpu's kernel GFLOPS\n"
        "                      over it); generated inputs reach them as Matrix Market\n"
        "                      files of a temporary folder ($TMPDIR or /tmp); PEERS and\n"
        "                      PEERS_TIMEOUT pass through to run.sh\n"
        "  --peers-dir DIR     --peers with the programs of DIR\n"
        "  --jit               instead of products: how soon 12 new user-defined\n"
        "                      semirings run on the GPU (run-time compiled, in an empty\n"
        "                      disk cache): compile times, memory and disk hits\n"
        "  --first-call        instead of the table: per INPUT and semiring, a new\n"
        "                      process's first GPU product beside its tenth, with\n"
        "                      the kernels loaded ahead (GBGPU_LOAD_AHEAD) and without\n"
        "%s", bench_semiring_names, graph_spec_usage) ;
    exit (status) ;
}

// The value after option argv [*k], or the usage when there is none.
static const char *option_value (int argc, char **argv, int *k)
{
    if (*k + 1 >= argc) usage (EXIT_FAILURE) ;
    return (argv [++(*k)]) ;
}

static long positive_integer (const char *text)
{
    char *end ;
    long value = strtol (text, &end, 10) ;
    if (*end != '\0' || value < 1) usage (EXIT_FAILURE) ;
    return (value) ;
}

void bench_options_parse (bench_options *o, int argc, char **argv)
{
    *o = (bench_options) {
        .semiring = bench_semiring_named ("plus_times_fp64"),
        .plan = { .runs = 5, .max_seconds = 10 },
    } ;
    o->inputs = calloc ((size_t) argc, sizeof (const char *)) ;
    if (o->inputs == NULL) exit (EXIT_FAILURE) ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *arg = argv [k] ;
        if (strcmp (arg, "--default-suite") == 0) o->default_suite = true ;
        else if (strcmp (arg, "--data") == 0) o->data = true ;
        else if (strcmp (arg, "--graph-suite") == 0) o->graph_suite = true ;
        else if (strcmp (arg, "--cpu-only") == 0) o->cpu_only = true ;
        else if (strcmp (arg, "--same-c") == 0) o->plan.same_C = true ;
        else if (strcmp (arg, "--breakdown") == 0) o->breakdown = true ;
        else if (strcmp (arg, "--bus") == 0) o->bus = true ;
        else if (strcmp (arg, "--peers") == 0)
        {
            o->peers_dir = getenv ("GBGPU_PEERS_DIR") ;
            if (o->peers_dir == NULL || o->peers_dir [0] == '\0')
            {
                fprintf (stderr, "gbgpu-bench: --peers: GBGPU_PEERS_DIR is not set "
                    "(or give --peers-dir DIR)\n") ;
                exit (EXIT_FAILURE) ;
            }
        }
        else if (strcmp (arg, "--jit") == 0) o->jit = 12 ;
        else if (strcmp (arg, "--first-call") == 0) o->first_call = true ;
        else if (strcmp (arg, "--first-call-child") == 0)
            o->first_call_child = option_value (argc, argv, &k) ;
        else if (strcmp (arg, "--jit-disk-child") == 0)
            o->jit_disk_child = (int) positive_integer (option_value (argc, argv, &k)) ;
        else if (strcmp (arg, "--peers-dir") == 0) o->peers_dir = option_value (argc, argv, &k) ;
        else if (strcmp (arg, "--semiring") == 0)
        {
            o->semiring = bench_semiring_named (option_value (argc, argv, &k)) ;
            if (o->semiring == NULL) usage (EXIT_FAILURE) ;
        }
        else if (strcmp (arg, "--runs") == 0)
        {
            o->plan.runs = (int) positive_integer (option_value (argc, argv, &k)) ;
        }
        else if (strcmp (arg, "--max-seconds") == 0)
        {
            char *end ;
            o->plan.max_seconds = strtod (option_value (argc, argv, &k), &end) ;
            if (*end != '\0' || o->plan.max_seconds <= 0) usage (EXIT_FAILURE) ;
        }
        else if (strcmp (arg, "--csv") == 0) o->csv_path = option_value (argc, argv, &k) ;
        else if (strcmp (arg, "--markdown") == 0) o->markdown_path = option_value (argc, argv, &k) ;
        else if (strcmp (arg, "--device") == 0)
        {
            const char *value = option_value (argc, argv, &k) ;
            o->device = strcmp (value, "0") == 0 ? 0 : (int) positive_integer (value) ;
        }
        else if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0) usage (0) ;
        else if (arg [0] == '-') usage (EXIT_FAILURE) ;
        else o->inputs [o->ninputs++] = arg ;
    }
    if (o->ninputs == 0 && !o->data && !o->graph_suite) o->default_suite = true ;
    if (o->peers_dir != NULL && o->graph_suite)
    {
        // the peers compute C = A*A in FP64, none of the graph suite's products
        fprintf (stderr, "gbgpu-bench: --peers does not apply to --graph-suite\n") ;
        exit (EXIT_FAILURE) ;
    }
}

void bench_options_free (bench_options *o)
{
    free (o->inputs) ;
    o->inputs = NULL ;
    o->ninputs = 0 ;
}
