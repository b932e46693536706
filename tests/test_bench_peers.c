// tests/test_bench_peers.c: gbgpu-bench --peers without a GPU: the peers run by a fake run.sh, their lines read into rows, the table's peer columns.
// SPDX-License-Identifier: Apache-2.0
//
// The fake run.sh (written here) answers each argument with canned lines read
// from a file beside it, "PEER VALUE" each, prefixed by the MATRIX name as
// the real run.sh prints it; it refuses an argument that is not a readable
// Matrix Market file.  Checked:
//   - a generator spec reaches it as a file of a temporary folder, which is
//     gone afterwards; absent inputs and unreadable paths do not reach it;
//   - a spec that differs from another only in a character the file name
//     escapes gets a file of its own, not the other's;
//   - a file name with spaces, quotes and $( ) reaches it intact, and nothing
//     runs it as shell;
//   - numbers, fail, skip, and lines that are not about a peer (ignored);
//   - two files of the same name in different folders keep their own lines;
//   - a run.sh that stops early: the inputs it did not reach get a note;
//   - the best peer of each input; a missing run.sh is refused;
//   - the table: best_peer, best_peer_GFLOPS, vs_best_peer and one column
//     per peer in the CSV and Markdown, their geomean; none without --peers.

#define _XOPEN_SOURCE 700    // nftw, mkdtemp, setenv
#include "test_support.h"

#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench_peers.h"
#include "bench_table.h"
#include "graph_io.h"

static char work [128] ;        // this test's folder

static const char fake_run_sh [] =
    "# fake peers of test_bench_peers: canned answers, one 'PEER VALUE' a line\n"
    "here=$(dirname \"$0\")\n"
    "for arg in \"$@\"; do\n"
    "  head -1 \"$arg\" | grep -q '^%%MatrixMarket matrix coordinate' \\\n"
    "    || { echo \"fake run.sh: not a Matrix Market file: '$arg'\" >&2; exit 3; }\n"
    "  name=$(basename \"$arg\"); name=${name%.mtx}\n"
    "  answers=${arg%.mtx}.answers\n"
    "  [ -r \"$answers\" ] || answers=$here/$name.answers\n"
    "  while read -r line; do printf '%s %s\\n' \"$name\" \"$line\"; done < \"$answers\"\n"
    "  [ \"$name\" != stop ] || exit 5\n"
    "done\n" ;

static void write_text (const char *path, const char *text)
{
    FILE *f = fopen (path, "w") ;
    if (f == NULL || fputs (text, f) < 0 || fclose (f) != 0)
    {
        fprintf (stderr, "cannot write %s\n", path) ;
        exit (EXIT_FAILURE) ;
    }
}

static char *read_text (const char *path)
{
    static char text [16384] ;
    FILE *f = fopen (path, "r") ;
    size_t length = f != NULL ? fread (text, 1, sizeof (text) - 1, f) : 0 ;
    if (f != NULL) fclose (f) ;
    text [length] = '\0' ;
    return (text) ;
}

// work/NAME.mtx (a small square matrix, or 2 x 3), with its canned answers.
static void input_file (const char *name, bool square, const char *answers)
{
    char path [512] ;
    snprintf (path, sizeof (path), "%s/%s.mtx", work, name) ;
    write_text (path, square
        ? "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.5\n2 1 -2\n"
        : "%%MatrixMarket matrix coordinate pattern general\n2 3 2\n1 3\n2 2\n") ;
    snprintf (path, sizeof (path), "%s/%s.answers", work, name) ;
    write_text (path, answers) ;
}

static bench_input input_named (const char *spec)
{
    bench_input input ;
    memset (&input, 0, sizeof (input)) ;
    if (graph_spec_is_generator (spec)) snprintf (input.spec, sizeof (input.spec), "%s", spec) ;
    else snprintf (input.spec, sizeof (input.spec), "%s/%s.mtx", work, spec) ;
    graph_spec_label (input.label, sizeof (input.label), input.spec) ;
    return (input) ;
}

static bool folder_empty (const char *path)
{
    DIR *dir = opendir (path) ;
    if (dir == NULL) return (false) ;
    int entries = 0 ;
    for (struct dirent *e ; (e = readdir (dir)) != NULL ; )
    {
        if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0) entries++ ;
    }
    closedir (dir) ;
    return (entries == 0) ;
}

static int remove_entry (const char *path, const struct stat *status, int flag,
    struct FTW *where)
{
    (void) status ; (void) flag ; (void) where ;
    return (remove (path)) ;
}

static void check_peer (const bench_peer_row *rows, int k, bench_peer p,
    bench_peer_status status, double gflops)
{
    const bench_peer_result *r = &rows [k].peer [p] ;
    ts_check (r->status == status && (status != BENCH_PEER_TIMED || r->gflops == gflops),
        "input %d, %s: status %d, %g GFLOPS (expected %d, %g)", k,
        bench_peer_names [p], (int) r->status, r->gflops, (int) status, gflops) ;
}

static void check_all (const bench_peer_row *rows, int k, bench_peer_status status)
{
    for (int p = 0 ; p < BENCH_NPEERS ; p++) check_peer (rows, k, p, status, 0) ;
}

static void check_best (const bench_peer_row *rows, int k, int expected)
{
    int best = bench_peers_best (&rows [k]) ;
    ts_check (best == expected, "input %d: best peer %d, expected %d", k, best, expected) ;
}

static void check_peers_run (void)
{
    char dir [256], path [512], tmp [256] ;
    snprintf (dir, sizeof (dir), "%s/peers", work) ;
    snprintf (tmp, sizeof (tmp), "%s/tmp", work) ;
    if (mkdir (dir, 0700) != 0 || mkdir (tmp, 0700) != 0) ts_fail ("mkdir in %s", work) ;
    snprintf (path, sizeof (path), "%s/run.sh", dir) ;
    write_text (path, fake_run_sh) ;
    snprintf (path, sizeof (path), "%s/grid3d27_3.answers", dir) ;
    write_text (path, "opsparse 10.5\nspeck 12.25\nnsparse fail\ncusparse 3\n") ;
    snprintf (path, sizeof (path), "%s/banded_6_1.answers", dir) ;
    write_text (path, "opsparse 4\n") ;

    const char *odd = "odd name 'q' $(touch pwned)" ;
    input_file (odd, true, "opsparse 1.5\nspeck 2\nnsparse 7.25\ncusparse fail\nfoo 5\nhello\n") ;
    snprintf (path, sizeof (path), "%s/a", work) ;
    mkdir (path, 0700) ;
    snprintf (path, sizeof (path), "%s/b", work) ;
    mkdir (path, 0700) ;
    input_file ("a/dup", true, "opsparse 1\nspeck 2\n") ;
    input_file ("b/dup", true, "opsparse 3\nspeck 4\nnsparse 5\ncusparse 6\n") ;
    input_file ("nonsquare", false, "opsparse skip\nspeck skip\nnsparse skip\ncusparse skip\n") ;
    input_file ("stop", true, "opsparse 9\n") ;
    input_file ("after", true, "opsparse 8\n") ;

    enum { GENERATED, BANDED, ESCAPED, ABSENT, ODD, DUP_A, DUP_B, NONSQUARE, MISSING, STOP,
        AFTER, N } ;
    bench_input inputs [N] =
    {
        [GENERATED] = input_named ("grid3d27:3"), [ABSENT] = input_named ("absent-one"),
        // banded:6:1 is a valid spec; banded:6/1 is not (A cannot be made),
        // and must not be given banded:6:1's file
        [BANDED] = input_named ("banded:6:1"), [ESCAPED] = input_named ("banded:6/1"),
        [ODD] = input_named (odd), [DUP_A] = input_named ("a/dup"),
        [DUP_B] = input_named ("b/dup"), [NONSQUARE] = input_named ("nonsquare"),
        [MISSING] = input_named ("missing"), [STOP] = input_named ("stop"),
        [AFTER] = input_named ("after"),
    } ;
    snprintf (inputs [ABSENT].absent, sizeof (inputs [ABSENT].absent), "absent: test") ;

    bench_peer_row rows [N] ;
    setenv ("TMPDIR", tmp, 1) ;
    bool ran = bench_peers_run (dir, inputs, N, rows) ;
    ts_check (ran, "bench_peers_run ran the fake run.sh") ;
    ts_check (folder_empty (tmp), "the temporary folder under TMPDIR is gone") ;
    ts_check (access ("pwned", F_OK) != 0, "no shell ran the odd file name") ;

    check_peer (rows, GENERATED, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 10.5) ;
    check_peer (rows, GENERATED, BENCH_PEER_SPECK, BENCH_PEER_TIMED, 12.25) ;
    check_peer (rows, GENERATED, BENCH_PEER_NSPARSE, BENCH_PEER_FAILED, 0) ;
    check_peer (rows, GENERATED, BENCH_PEER_CUSPARSE, BENCH_PEER_TIMED, 3) ;
    check_best (rows, GENERATED, BENCH_PEER_SPECK) ;

    check_peer (rows, BANDED, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 4) ;
    check_all (rows, ESCAPED, BENCH_PEER_NOT_RUN) ;
    ts_check (strstr (rows [ESCAPED].note, "cannot make A") != NULL,
        "a spec near another's: note '%s'", rows [ESCAPED].note) ;

    check_all (rows, ABSENT, BENCH_PEER_NOT_RUN) ;
    check_best (rows, ABSENT, -1) ;

    check_peer (rows, ODD, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 1.5) ;
    check_peer (rows, ODD, BENCH_PEER_SPECK, BENCH_PEER_TIMED, 2) ;
    check_peer (rows, ODD, BENCH_PEER_NSPARSE, BENCH_PEER_TIMED, 7.25) ;
    check_peer (rows, ODD, BENCH_PEER_CUSPARSE, BENCH_PEER_FAILED, 0) ;
    check_best (rows, ODD, BENCH_PEER_NSPARSE) ;

    check_peer (rows, DUP_A, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 1) ;
    check_peer (rows, DUP_A, BENCH_PEER_SPECK, BENCH_PEER_TIMED, 2) ;
    check_peer (rows, DUP_A, BENCH_PEER_NSPARSE, BENCH_PEER_NOT_RUN, 0) ;
    check_peer (rows, DUP_B, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 3) ;
    check_peer (rows, DUP_B, BENCH_PEER_NSPARSE, BENCH_PEER_TIMED, 5) ;
    check_best (rows, DUP_B, BENCH_PEER_CUSPARSE) ;

    check_all (rows, NONSQUARE, BENCH_PEER_SKIPPED) ;
    check_best (rows, NONSQUARE, -1) ;

    check_all (rows, MISSING, BENCH_PEER_NOT_RUN) ;
    ts_check (strstr (rows [MISSING].note, "cannot read") != NULL,
        "unreadable input: note '%s'", rows [MISSING].note) ;

    check_peer (rows, STOP, BENCH_PEER_OPSPARSE, BENCH_PEER_TIMED, 9) ;
    check_all (rows, AFTER, BENCH_PEER_NOT_RUN) ;
    ts_check (strstr (rows [AFTER].note, "no answer from run.sh (status 5)") != NULL,
        "input after run.sh stopped: note '%s'", rows [AFTER].note) ;
    ts_check (rows [GENERATED].note [0] == '\0' && rows [ODD].note [0] == '\0',
        "no note where the peers answered: '%s', '%s'", rows [GENERATED].note,
        rows [ODD].note) ;

    snprintf (path, sizeof (path), "%s/nowhere", work) ;
    ts_check (!bench_peers_run (path, inputs, N, rows), "a folder without run.sh is refused") ;
}

// A row timed by the kernel alone: 2e9 flops in 0.1 s, 20 GFLOPS.
static bench_row kernel_row (const char *label)
{
    bench_row row ;
    memset (&row, 0, sizeof (row)) ;
    snprintf (row.label, sizeof (row.label), "%s", label) ;
    row.loaded = true ;
    row.nrows = row.ncols = 1000 ;
    row.products = 1000000000 ;
    row.kernel.status = BENCH_OK ;
    row.kernel.seconds = 0.1 ;
    row.kernel.runs = 5 ;
    bench_result_set (&row.e2e, BENCH_NOT_RUN, "%s", "") ;
    bench_result_set (&row.cusparse, BENCH_NOT_RUN, "%s", "") ;
    bench_result_set (&row.cpu, BENCH_NOT_RUN, "%s", "") ;
    return (row) ;
}

static void timed_peer (bench_row *row, bench_peer p, double gflops)
{
    row->peers.peer [p].status = BENCH_PEER_TIMED ;
    row->peers.peer [p].gflops = gflops ;
}

// The table of three rows, with or without the peers' columns.
static void write_table (const char *csv, const char *markdown, bool with_peers)
{
    bench_table *table = bench_table_open (csv, markdown, "test context", 8, with_peers, false) ;
    if (table == NULL) { ts_fail ("bench_table_open") ; return ; }
    bench_row faster = kernel_row ("faster") ;
    timed_peer (&faster, BENCH_PEER_OPSPARSE, 10) ;
    timed_peer (&faster, BENCH_PEER_SPECK, 12.5) ;
    faster.peers.peer [BENCH_PEER_NSPARSE].status = BENCH_PEER_FAILED ;
    bench_table_row (table, &faster) ;
    bench_row slower = kernel_row ("slower") ;
    timed_peer (&slower, BENCH_PEER_CUSPARSE, 40) ;
    bench_table_row (table, &slower) ;
    bench_row alone = kernel_row ("alone") ;
    snprintf (alone.peers.note, sizeof (alone.peers.note), "not run: test") ;
    bench_table_row (table, &alone) ;
    bench_table_close (table) ;
}

static void check_contains (const char *text, const char *what, const char *where)
{
    ts_check (strstr (text, what) != NULL, "%s holds '%s':\n%s", where, what, text) ;
}

static void check_table (void)
{
    char csv [512], markdown [512] ;
    snprintf (csv, sizeof (csv), "%s/table.csv", work) ;
    snprintf (markdown, sizeof (markdown), "%s/table.md", work) ;
    write_table (csv, markdown, true) ;
    const char *text = read_text (csv) ;
    check_contains (text, "input,rows,cols,nnz(A),nnz(B),products,nnz(C),compr,gbgpu_ms,"
        "GFLOPS,e2e_ms,cusparse_ms,cpu_ms,peak_MiB,vs_cusparse,e2e_vs_cpu,best_peer,"
        "best_peer_GFLOPS,vs_best_peer,opsparse_GFLOPS,speck_GFLOPS,nsparse_GFLOPS,"
        "cusparse_GFLOPS,notes\n", "CSV") ;
    // 20 GFLOPS over spECK's 12.5 and over cuSPARSE's 40
    check_contains (text, ",20.0,", "CSV") ;
    check_contains (text, ",speck,12.5,1.60,10.0,12.5,fail,-,\n", "CSV") ;
    check_contains (text, ",cusparse,40.0,0.50,-,-,-,40.0,\n", "CSV") ;
    check_contains (text, "alone,", "CSV") ;
    check_contains (text, ",-,-,-,-,-,-,-,\"peers: not run: test\"\n", "CSV") ;
    // geomean of 1.6 and 0.5
    check_contains (text, ",0.89,-,-,-,-,\"speedups over 0 (vs_cusparse), 0 (e2e_vs_cpu) "
        "and 2 (vs_best_peer) inputs\"\n", "CSV") ;

    text = read_text (markdown) ;
    check_contains (text, "| vs_best_peer | opsparse_GFLOPS | speck_GFLOPS | nsparse_GFLOPS "
        "| cusparse_GFLOPS | notes |\n", "Markdown") ;
    check_contains (text, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        "---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|\n", "Markdown") ;
    check_contains (text, "| speck | 12.5 | 1.60 | 10.0 | 12.5 | fail | - |", "Markdown") ;

    // without --peers: the table as before
    snprintf (csv, sizeof (csv), "%s/plain.csv", work) ;
    write_table (csv, NULL, false) ;
    text = read_text (csv) ;
    const char *header = "input,rows,cols,nnz(A),nnz(B),products,nnz(C),compr,gbgpu_ms,"
        "GFLOPS,e2e_ms,cusparse_ms,cpu_ms,peak_MiB,vs_cusparse,e2e_vs_cpu,notes\n" ;
    ts_check (strncmp (text, header, strlen (header)) == 0 && strstr (text, "best_peer") == NULL
        && strstr (text, "_GFLOPS") == NULL, "CSV without peers has no peer column:\n%s", text) ;
    check_contains (text, "\"speedups over 0 (vs_cusparse) and 0 (e2e_vs_cpu) inputs\"\n",
        "CSV without peers") ;
}

int main (void)
{
    ts_start () ;
    const char *tmp = getenv ("TMPDIR") ;
    snprintf (work, sizeof (work), "%s/test_bench_peers.XXXXXX",
        tmp != NULL && tmp [0] != '\0' ? tmp : "/tmp") ;
    if (mkdtemp (work) == NULL)
    {
        fprintf (stderr, "cannot make %s\n", work) ;
        return (EXIT_FAILURE) ;
    }
    check_peers_run () ;
    check_table () ;
    int status = ts_summary () ;
    // kept when a check failed, to look at
    if (status == 0) nftw (work, remove_entry, 16, FTW_DEPTH | FTW_PHYS) ;
    GrB_finalize () ;
    return (status) ;
}
