// tests/test_example_mcl.c: gbgpu-mcl (examples/mcl) against the clusterings of mcl
// itself and of HipMCL on the shared data (the mcl/ folder of
// GBGPU_DATA_DIR; its README describes the files).
// SPDX-License-Identifier: Apache-2.0
//
//   test_example_mcl [hipmcl [--gpu]]  [data; GPU with --gpu]
//       hep-th.mtx, -I 2, against hep-th.hipmcl-I2.clusters.  That file
//       numbers nodes as the Matrix Market file does (from 1; its node 0 is
//       not in the graph and the last node, 8361, is missing), so its ids
//       are shifted by -1 and the comparison is over the nodes both have.
//       With --gpu, gbgpu's policy is gpu and the expansions must have run
//       on the GPU.
//   test_example_mcl debian            [data, Debian's mcl]
//       hep-th as an abc file: gbgpu-mcl --abc and mcl --abc -I 2 on the
//       same file; proteins.mci (mcl's native format, turned into abc with
//       mcxdump) against REF_proteins_I2_clusters.txt (mcl's output).
//
// Each comparison must have an adjusted Rand index of at least 0.95 and at
// least 95% of gbgpu-mcl's non-singleton clusters identical: pruning in
// doubles (gbgpu-mcl) and floats (mcl) may put an entry on different sides
// of a threshold, so a cluster or two may differ; the numbers are printed.
// Exits 77 (skipped) without the data, without mcl and mcxdump (debian), or
// without a usable GPU (--gpu).  The program is $GBGPU_EXAMPLE_MCL.

#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "graph_io.h"
#include "test_example_mcl_compare.h"
#include "test_support.h"

static const double least_ari = 0.95 ;
static const double least_identical = 0.95 ;

typedef struct
{
    const char *program ;       // gbgpu-mcl
    const char *policy ;        // "--cpu" or "--gpu"
    char data [4096] ;          // .../mcl
    char scratch [4096] ;       // a temporary folder for the outputs
}
setup ;

static bool file_exists (const char *path)
{
    struct stat st ;
    return (stat (path, &st) == 0) ;
}

static bool command_exists (const char *name)
{
    char command [256] ;
    snprintf (command, sizeof (command), "command -v %s > /dev/null 2>&1", name) ;
    return (system (command) == 0) ;
}

// Run command (stdout and stderr to log), print the log, return the exit
// status (-1: it did not run or was killed).
static int run_logged (const char *command, const char *log)
{
    char full [16384] ;
    snprintf (full, sizeof (full), "%s > '%s' 2>&1", command, log) ;
    printf ("$ %s\n", command) ;
    fflush (stdout) ;
    int status = system (full) ;
    FILE *f = fopen (log, "r") ;
    if (f != NULL)
    {
        char line [4096] ;
        while (fgets (line, sizeof (line), f) != NULL) fputs (line, stdout) ;
        fclose (f) ;
    }
    fflush (stdout) ;
    return (status != -1 && WIFEXITED (status)) ? WEXITSTATUS (status) : -1 ;
}

static bool log_contains (const char *log, const char *text)
{
    FILE *f = fopen (log, "r") ;
    if (f == NULL) return (false) ;
    char line [4096] ;
    bool found = false ;
    while (!found && fgets (line, sizeof (line), f) != NULL) found = (strstr (line, text) != NULL) ;
    fclose (f) ;
    return (found) ;
}

// gbgpu-mcl [--abc] input -o output, checked to have worked (and with --gpu,
// to have run its products on the GPU).
static bool run_gbgpu_mcl (const setup *s, const char *input, bool abc,
    const char *output)
{
    char command [12288], log [4200] ;
    snprintf (command, sizeof (command), "'%s' %s %s -I 2 '%s' -o '%s'",
        s->program, s->policy, abc ? "--abc" : "", input, output) ;
    snprintf (log, sizeof (log), "%s.log", output) ;
    int status = run_logged (command, log) ;
    if (!ts_check (status == 0, "gbgpu-mcl exit status %d on %s", status, input)) return (false) ;
    if (strcmp (s->policy, "--gpu") == 0)
    {
        return (ts_check (log_contains (log, " on GPU ("),
            "gbgpu-mcl --gpu: the products did not run on the GPU (%s)", input)) ;
    }
    return (true) ;
}

// Compare two clustering files; ids of the second shifted by shift_b.
static void compare (const char *what, const char *path_a, const char *path_b,
    int64_t shift_b)
{
    clustering a, b ;
    if (!ts_check (clustering_read (&a, path_a, 0), "%s: reading %s", what, path_a)) return ;
    if (!ts_check (clustering_read (&b, path_b, shift_b), "%s: reading %s", what, path_b))
    {
        clustering_free (&a) ;
        return ;
    }
    clustering_agreement r = clustering_compare (&a, &b) ;
    double identical = r.clusters_a > 0 ? (double) r.identical / (double) r.clusters_a : 1 ;
    printf ("%s: %lld common nodes; non-singleton clusters %lld and %lld, "
        "%lld identical (%.2f%%); adjusted Rand index %.6f\n", what,
        (long long) r.common_nodes, (long long) r.clusters_a, (long long) r.clusters_b,
        (long long) r.identical, 100 * identical, r.ari) ;
    ts_check (r.common_nodes > 0 && r.ari >= least_ari && identical >= least_identical,
        "%s: ARI %.6f (need %.2f), identical %.4f (need %.2f)", what, r.ari,
        least_ari, identical, least_identical) ;
    clustering_free (&b) ;
    clustering_free (&a) ;
}

static void against_hipmcl (const setup *s)
{
    char input [4200], reference [4200], output [4200] ;
    snprintf (input, sizeof (input), "%s/hep-th.mtx", s->data) ;
    snprintf (reference, sizeof (reference), "%s/hep-th.hipmcl-I2.clusters", s->data) ;
    snprintf (output, sizeof (output), "%s/hep-th.gbgpu-mcl", s->scratch) ;
    double start = ts_seconds () ;
    if (!run_gbgpu_mcl (s, input, false, output)) return ;
    printf ("gbgpu-mcl on hep-th: %.2f s\n", ts_seconds () - start) ;
    compare ("hep-th, gbgpu-mcl vs HipMCL", output, reference, -1) ;
}

// The Matrix Market file as abc lines "i j weight" (0-based ids).
static bool write_abc (const char *mtx, const char *abc)
{
    GrB_Matrix A = NULL ;
    if (!ts_check (graph_read_mtx (&A, mtx) == GrB_SUCCESS, "reading %s: %s", mtx,
        graph_io_error ())) return (false) ;
    GrB_Index entries ;
    TS_OK (GrB_Matrix_nvals (&entries, A)) ;
    GrB_Index *rows = malloc ((entries + 1) * sizeof (GrB_Index)) ;
    GrB_Index *columns = malloc ((entries + 1) * sizeof (GrB_Index)) ;
    double *weights = malloc ((entries + 1) * sizeof (double)) ;
    FILE *f = fopen (abc, "w") ;
    bool ok = (rows != NULL && columns != NULL && weights != NULL && f != NULL) ;
    if (ok)
    {
        TS_OK (GrB_Matrix_extractTuples_FP64 (rows, columns, weights, &entries, A)) ;
        for (GrB_Index e = 0 ; e < entries ; e++)
        {
            fprintf (f, "%llu\t%llu\t%.17g\n", (unsigned long long) rows [e],
                (unsigned long long) columns [e], weights [e]) ;
        }
    }
    if (f != NULL && fclose (f) != 0) ok = false ;
    free (weights) ;
    free (columns) ;
    free (rows) ;
    GrB_Matrix_free (&A) ;
    return (ts_check (ok, "writing %s", abc)) ;
}

static void against_debian_mcl (const setup *s)
{
    char mtx [4200], abc [4200], ours [4200], theirs [4200], command [12288], log [4300] ;
    snprintf (mtx, sizeof (mtx), "%s/hep-th.mtx", s->data) ;
    snprintf (abc, sizeof (abc), "%s/hep-th.abc", s->scratch) ;
    snprintf (ours, sizeof (ours), "%s/hep-th.abc.gbgpu-mcl", s->scratch) ;
    snprintf (theirs, sizeof (theirs), "%s/hep-th.abc.mcl", s->scratch) ;
    snprintf (log, sizeof (log), "%s.log", theirs) ;
    if (write_abc (mtx, abc) && run_gbgpu_mcl (s, abc, true, ours))
    {
        snprintf (command, sizeof (command), "mcl '%s' --abc -I 2 -o '%s'", abc, theirs) ;
        if (ts_check (run_logged (command, log) == 0, "mcl on %s", abc))
        {
            compare ("hep-th, gbgpu-mcl vs mcl", ours, theirs, 0) ;
        }
    }

    char mci [4200], reference [4200] ;
    snprintf (mci, sizeof (mci), "%s/proteins.mci", s->data) ;
    snprintf (reference, sizeof (reference), "%s/REF_proteins_I2_clusters.txt", s->data) ;
    snprintf (abc, sizeof (abc), "%s/proteins.abc", s->scratch) ;
    snprintf (ours, sizeof (ours), "%s/proteins.gbgpu-mcl", s->scratch) ;
    snprintf (log, sizeof (log), "%s.log", abc) ;
    snprintf (command, sizeof (command), "mcxdump -imx '%s' -o '%s'", mci, abc) ;
    if (ts_check (run_logged (command, log) == 0, "mcxdump on %s", mci)
        && run_gbgpu_mcl (s, abc, true, ours))
    {
        compare ("proteins, gbgpu-mcl vs mcl's reference", ours, reference, 0) ;
    }
}

static void usage (void)
{
    printf ("usage: test_example_mcl [hipmcl [--gpu] | debian]\n") ;
    exit (1) ;
}

int main (int argc, char **argv)
{
    const char *against = argc > 1 ? argv [1] : "hipmcl" ;
    bool debian = (strcmp (against, "debian") == 0) ;
    bool gpu = (argc > 2 && strcmp (argv [2], "--gpu") == 0) ;
    if ((!debian && strcmp (against, "hipmcl") != 0) || (gpu && debian)) usage () ;
    setup s = { .program = getenv ("GBGPU_EXAMPLE_MCL"),
        .policy = gpu ? "--gpu" : "--cpu" } ;
    if (s.program == NULL || !file_exists (s.program))
    {
        printf ("GBGPU_EXAMPLE_MCL does not name the gbgpu-mcl program\n") ;
        return (1) ;
    }
    ts_start () ;
    if (gpu) ts_require_device () ;
    snprintf (s.data, sizeof (s.data), "%s/mcl", ts_require_data_dir ()) ;
    char hep_th [4200] ;
    snprintf (hep_th, sizeof (hep_th), "%s/hep-th.mtx", s.data) ;
    if (!file_exists (hep_th))
    {
        printf ("SKIPPED: no %s\n", hep_th) ;
        return (TS_EXIT_SKIP) ;
    }
    if (debian && !(command_exists ("mcl") && command_exists ("mcxdump")))
    {
        printf ("SKIPPED: mcl and mcxdump not found (Debian package mcl)\n") ;
        return (TS_EXIT_SKIP) ;
    }
    const char *tmp = getenv ("TMPDIR") ;
    snprintf (s.scratch, sizeof (s.scratch), "%s/test_example_mcl.XXXXXX",
        tmp != NULL && tmp [0] != '\0' ? tmp : "/tmp") ;
    if (mkdtemp (s.scratch) == NULL)
    {
        perror (s.scratch) ;
        return (1) ;
    }

    if (debian) against_debian_mcl (&s) ;
    else against_hipmcl (&s) ;

    char remove [4200] ;
    snprintf (remove, sizeof (remove), "rm -rf '%s'", s.scratch) ;
    if (system (remove) != 0) printf ("could not remove %s\n", s.scratch) ;
    GrB_finalize () ;
    return (ts_summary ()) ;
}
