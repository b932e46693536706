// bench/bench_peers.c: run the peer SpGEMM programs on the inputs and read their GFLOPS (see bench_peers.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L    // fdopen, getline, mkdtemp
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench_peers.h"
#include "graph_io.h"

const char *const bench_peer_names [BENCH_NPEERS] =
{
    [BENCH_PEER_OPSPARSE] = "opsparse", [BENCH_PEER_SPECK] = "speck",
    [BENCH_PEER_NSPARSE] = "nsparse",   [BENCH_PEER_CUSPARSE] = "cusparse",
} ;

// What run.sh is given for one input.
typedef struct
{
    int input ;             // its index in the inputs (and rows)
    char path [1024] ;      // the argument: the input's file, or one written here
    char name [1024] ;      // MATRIX in run.sh's lines about it
    bool written ;          // path was written here (removed afterwards)
}
peer_argument ;

// run.sh's MATRIX for a file: its name without folder, then without ".gz",
// ".bz2" and ".mtx", stripped in that order as run.sh strips them.
static void matrix_name (char *name, size_t size, const char *path)
{
    const char *slash = strrchr (path, '/') ;
    snprintf (name, size, "%s", slash != NULL ? slash + 1 : path) ;
    static const char *const suffixes [] = { ".gz", ".bz2", ".mtx" } ;
    for (size_t s = 0 ; s < sizeof (suffixes) / sizeof (suffixes [0]) ; s++)
    {
        size_t length = strlen (name), suffix = strlen (suffixes [s]) ;
        if (length > suffix && strcmp (name + length - suffix, suffixes [s]) == 0)
        {
            name [length - suffix] = '\0' ;
        }
    }
}

// NAME for a generator spec: ':' as '_' ("grid3d27:50" -> grid3d27_50, the
// name run.sh's notes then give it), letters, digits, '.' and '-' as they
// are, any other byte as +XX, its code in hex ('_' and '+' too).  One name
// per spec, never one for two: an identical spec's file is reused (below),
// so two specs sharing a name would give the peers the first's matrix for
// both.  False when NAME would not fit in `size`.
static bool file_name (char *name, size_t size, const char *spec)
{
    size_t length = 0 ;
    for (const unsigned char *s = (const unsigned char *) spec ; *s != '\0' ; s++)
    {
        char piece [4] ;
        if (isalnum (*s) || *s == '.' || *s == '-') snprintf (piece, sizeof (piece), "%c", *s) ;
        else if (*s == ':') snprintf (piece, sizeof (piece), "_") ;
        else snprintf (piece, sizeof (piece), "+%02X", *s) ;
        size_t n = strlen (piece) ;
        if (length + n >= size) return (false) ;
        memcpy (name + length, piece, n) ;
        length += n ;
    }
    name [length] = '\0' ;
    return (true) ;
}

// The generator's matrix as folder/NAME.mtx (file_name).  Generators are
// deterministic, so an identical spec already written is the same matrix.
static bool write_generated (peer_argument *arg, const bench_input *input,
    const char *folder, bench_peer_row *row)
{
    char file [256] ;       // NAME_MAX with ".mtx"
    if (!file_name (file, sizeof (file) - strlen (".mtx"), input->spec))
    {
        snprintf (row->note, sizeof (row->note), "not run: the spec is too long for a file name") ;
        return (false) ;
    }
    if (snprintf (arg->path, sizeof (arg->path), "%s/%s.mtx", folder, file)
        >= (int) sizeof (arg->path))
    {
        snprintf (row->note, sizeof (row->note), "not run: TMPDIR is too long") ;
        return (false) ;
    }
    if (access (arg->path, R_OK) == 0) return (true) ;    // removed by its writer's argument

    GrB_Matrix A = NULL ;
    GrB_Index nvals = 0 ;
    GrB_Info info = graph_parse_spec (&A, input->spec) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&nvals, A) ;
    bool fits = info == GrB_SUCCESS && nvals <= INT32_MAX ;
    if (info != GrB_SUCCESS)
    {
        snprintf (row->note, sizeof (row->note), "cannot make A: %s",
            graph_io_error ()) ;
    }
    else if (!fits)
    {
        // the peers hold A with 32-bit indices: not worth a file of tens of GB
        snprintf (row->note, sizeof (row->note), "not run: nnz(A) %llu is past "
            "their 32-bit indices", (unsigned long long) nvals) ;
    }
    else
    {
        fprintf (stderr, "gbgpu-bench: peers: writing %s (%llu entries) to %s\n",
            input->label, (unsigned long long) nvals, arg->path) ;
        info = graph_write_mtx (arg->path, A) ;
        arg->written = info == GrB_SUCCESS ;
        if (info != GrB_SUCCESS)
        {
            snprintf (row->note, sizeof (row->note), "%s", graph_io_error ()) ;
        }
    }
    GrB_Matrix_free (&A) ;
    return (fits && info == GrB_SUCCESS) ;
}

// The argument for input k; false (with a note in its row) when the peers
// cannot be given it.
static bool prepare_argument (peer_argument *arg, const bench_input *inputs,
    int k, const char *folder, bench_peer_row *row)
{
    arg->input = k ;
    if (graph_spec_is_generator (inputs [k].spec))
    {
        if (!write_generated (arg, &inputs [k], folder, row)) return (false) ;
    }
    else if (access (inputs [k].spec, R_OK) == 0)
    {
        snprintf (arg->path, sizeof (arg->path), "%s", inputs [k].spec) ;
    }
    else
    {
        snprintf (row->note, sizeof (row->note), "not run: cannot read %s",
            inputs [k].spec) ;
        return (false) ;
    }
    matrix_name (arg->name, sizeof (arg->name), arg->path) ;
    return (true) ;
}

static int peer_named (const char *name)
{
    for (int p = 0 ; p < BENCH_NPEERS ; p++)
    {
        if (strcmp (name, bench_peer_names [p]) == 0) return (p) ;
    }
    return (-1) ;
}

// One line of run.sh's stdout, "MATRIX PEER VALUE", into the rows.  MATRIX may
// hold spaces (a file's name): PEER and VALUE are the last two words.  Lines
// come in the order of the arguments, so the line belongs to the first
// argument at or after *current that carries its MATRIX and has no answer of
// that peer yet (two files of the same name in different folders stay apart).
static void read_line (char *line, const peer_argument *args, int nargs,
    int *current, bench_peer_row *rows)
{
    line [strcspn (line, "\r\n")] = '\0' ;
    fprintf (stderr, "  peers: %s\n", line) ;
    char *value = strrchr (line, ' ') ;
    char *peer = NULL ;
    if (value != NULL)
    {
        *value++ = '\0' ;
        peer = strrchr (line, ' ') ;
    }
    if (peer == NULL)
    {
        fprintf (stderr, "gbgpu-bench: peers: ignored: not MATRIX PEER VALUE\n") ;
        return ;
    }
    *peer++ = '\0' ;
    int p = peer_named (peer) ;
    if (p < 0)
    {
        fprintf (stderr, "gbgpu-bench: peers: ignored: no peer '%s'\n", peer) ;
        return ;
    }
    int a = *current ;
    while (a < nargs && (strcmp (args [a].name, line) != 0
        || rows [args [a].input].peer [p].status != BENCH_PEER_NOT_RUN)) a++ ;
    if (a == nargs)
    {
        fprintf (stderr, "gbgpu-bench: peers: ignored: no input '%s' waits for %s\n",
            line, peer) ;
        return ;
    }
    *current = a ;
    bench_peer_result *result = &rows [args [a].input].peer [p] ;
    char *end ;
    double gflops = strtod (value, &end) ;
    if (strcmp (value, "skip") == 0) result->status = BENCH_PEER_SKIPPED ;
    else if (end != value && *end == '\0' && isfinite (gflops) && gflops >= 0)
    {
        result->status = BENCH_PEER_TIMED ;
        result->gflops = gflops ;
    }
    else result->status = BENCH_PEER_FAILED ;    // "fail", or a word run.sh should not print
}

// bash script args..., its stdout read into the rows.  Returns its exit
// status (128 + the signal that ended it), or -1 when it could not start or
// its status could not be read.
static int run_script (const char *script, const peer_argument *args, int nargs,
    bench_peer_row *rows)
{
    char **argv = calloc ((size_t) nargs + 3, sizeof (char *)) ;
    int fds [2] ;
    if (argv == NULL || pipe (fds) != 0)
    {
        fprintf (stderr, "gbgpu-bench: peers: %s\n", strerror (errno)) ;
        free (argv) ;
        return (-1) ;
    }
    // bash rather than the script itself: unpacked, it need not be executable
    argv [0] = (char *) "bash" ;
    argv [1] = (char *) script ;
    for (int a = 0 ; a < nargs ; a++) argv [a + 2] = (char *) args [a].path ;
    fflush (stdout) ;
    fflush (stderr) ;
    pid_t child = fork () ;
    if (child == 0)
    {
        dup2 (fds [1], STDOUT_FILENO) ;
        close (fds [0]) ;
        close (fds [1]) ;
        execvp (argv [0], argv) ;
        fprintf (stderr, "gbgpu-bench: peers: cannot run bash: %s\n", strerror (errno)) ;
        _exit (127) ;
    }
    free (argv) ;
    close (fds [1]) ;
    if (child < 0)
    {
        fprintf (stderr, "gbgpu-bench: peers: fork: %s\n", strerror (errno)) ;
        close (fds [0]) ;
        return (-1) ;
    }
    FILE *out = fdopen (fds [0], "r") ;
    if (out != NULL)
    {
        char *line = NULL ;
        size_t size = 0 ;
        int current = 0 ;
        while (getline (&line, &size, out) != -1)
        {
            read_line (line, args, nargs, &current, rows) ;
        }
        free (line) ;
        fclose (out) ;
    }
    else close (fds [0]) ;    // the child then ends on a broken pipe
    int status = 0 ;
    pid_t waited ;
    while ((waited = waitpid (child, &status, 0)) < 0 && errno == EINTR) { }
    if (waited < 0) return (-1) ;     // no exit status to read: not a success
    return (WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status)) ;
}

static bool has_answer (const bench_peer_row *row)
{
    for (int p = 0 ; p < BENCH_NPEERS ; p++)
    {
        if (row->peer [p].status != BENCH_PEER_NOT_RUN) return (true) ;
    }
    return (false) ;
}

bool bench_peers_run (const char *dir, const bench_input *inputs, int count,
    bench_peer_row *rows)
{
    memset (rows, 0, (size_t) count * sizeof (bench_peer_row)) ;
    char script [1024], folder [1024] ;
    snprintf (script, sizeof (script), "%s/run.sh", dir) ;
    if (access (script, R_OK) != 0)
    {
        fprintf (stderr, "gbgpu-bench: --peers: cannot read %s: %s\n", script,
            strerror (errno)) ;
        return (false) ;
    }
    const char *tmp = getenv ("TMPDIR") ;
    snprintf (folder, sizeof (folder), "%s/gbgpu-bench-peers.XXXXXX",
        tmp != NULL && tmp [0] != '\0' ? tmp : "/tmp") ;
    peer_argument *args = calloc ((size_t) count + 1, sizeof (peer_argument)) ;
    if (args == NULL || mkdtemp (folder) == NULL)
    {
        fprintf (stderr, "gbgpu-bench: peers: cannot make %s: %s\n", folder,
            strerror (errno)) ;
        free (args) ;
        return (false) ;
    }
    int nargs = 0 ;
    for (int k = 0 ; k < count ; k++)
    {
        if (inputs [k].absent [0] != '\0') continue ;    // its row says why
        if (prepare_argument (&args [nargs], inputs, k, folder, &rows [k])) nargs++ ;
    }
    fprintf (stderr, "gbgpu-bench: peers: bash %s on %d inputs\n", script, nargs) ;
    int status = nargs > 0 ? run_script (script, args, nargs, rows) : 0 ;
    if (status != 0)
    {
        fprintf (stderr, "gbgpu-bench: peers: %s ended with status %d\n", script, status) ;
    }
    for (int a = 0 ; a < nargs ; a++)
    {
        bench_peer_row *row = &rows [args [a].input] ;
        if (!has_answer (row))
        {
            snprintf (row->note, sizeof (row->note), "no answer from run.sh "
                "(status %d)", status) ;
        }
        if (args [a].written) remove (args [a].path) ;
    }
    rmdir (folder) ;
    free (args) ;
    return (status >= 0) ;
}

int bench_peers_best (const bench_peer_row *row)
{
    int best = -1 ;
    for (int p = 0 ; p < BENCH_NPEERS ; p++)
    {
        const bench_peer_result *r = &row->peer [p] ;
        if (r->status == BENCH_PEER_TIMED
            && (best < 0 || r->gflops > row->peer [best].gflops)) best = p ;
    }
    return (best) ;
}
