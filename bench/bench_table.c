// bench/bench_table.c: format the rows of gbgpu-bench (see bench_table.h).
// SPDX-License-Identifier: Apache-2.0

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_table.h"

enum
{
    COL_INPUT, COL_ROWS, COL_COLS, COL_NNZ_A, COL_NNZ_B, COL_PRODUCTS, COL_NNZ_C,
    COL_COMPRESSION, COL_KERNEL, COL_GFLOPS, COL_E2E, COL_CUSPARSE, COL_CPU,
    COL_PEAK, COL_VS_CUSPARSE, COL_VS_CPU, COL_AUTO, COL_AUTO_VS_CPU,
    COL_BEST_PEER, COL_BEST_PEER_GFLOPS, COL_VS_BEST_PEER,
    COL_PEER,                           // one per peer: COL_PEER + bench_peer
    COL_NOTES = COL_PEER + BENCH_NPEERS, NCOLUMNS
} ;

static const struct { const char *header ; int width ; } columns [NCOLUMNS] =
{
    [COL_INPUT] = { "input", 0 },           // width: the longest label
    [COL_ROWS] = { "rows", 9 },             [COL_COLS] = { "cols", 9 },
    [COL_NNZ_A] = { "nnz(A)", 10 },         [COL_NNZ_B] = { "nnz(B)", 10 },
    [COL_PRODUCTS] = { "products", 13 },    [COL_NNZ_C] = { "nnz(C)", 11 },
    [COL_COMPRESSION] = { "compr", 6 },     [COL_KERNEL] = { "gbgpu_ms", 9 },
    [COL_GFLOPS] = { "GFLOPS", 7 },         [COL_E2E] = { "e2e_ms", 9 },
    [COL_CUSPARSE] = { "cusparse_ms", 11 }, [COL_CPU] = { "cpu_ms", 9 },
    [COL_PEAK] = { "peak_MiB", 8 },         [COL_VS_CUSPARSE] = { "vs_cusparse", 11 },
    [COL_VS_CPU] = { "e2e_vs_cpu", 10 },    [COL_AUTO] = { "auto_ms", 9 },
    [COL_AUTO_VS_CPU] = { "auto_vs_cpu", 11 }, [COL_BEST_PEER] = { "best_peer", 9 },
    [COL_BEST_PEER_GFLOPS] = { "best_peer_GFLOPS", 16 },
    [COL_VS_BEST_PEER] = { "vs_best_peer", 12 },
    [COL_NOTES] = { "notes", 0 },       // COL_PEER ..: column_header
} ;

typedef char cell [1024] ;      // the notes cell can be long; the others are short

struct bench_table
{
    FILE *csv, *markdown ;
    int label_width ;
    bool with_peers, with_auto ;
    double log_vs_cusparse, log_vs_cpu, log_vs_best_peer, log_auto_vs_cpu ;  // sums of logs, for the geomeans
    int n_vs_cusparse, n_vs_cpu, n_vs_best_peer, n_auto_vs_cpu ;
    double worst_auto_vs_cpu ;      // the least, and its row: goal "never slower"
    char worst_auto_label [96] ;
} ;

static bool is_peer_column (int c)
{
    return (c >= COL_PEER && c < COL_PEER + BENCH_NPEERS) ;
}

// The peers' columns are there only with --peers, and the one per peer only
// in the files: the printed table is wide enough without them; policy auto's
// only with --graph-suite.
static bool shown (const bench_table *t, int c, bool printed)
{
    if (c == COL_AUTO || c == COL_AUTO_VS_CPU) return (t->with_auto) ;
    if (c < COL_BEST_PEER || c == COL_NOTES) return (true) ;
    return (t->with_peers && !(printed && is_peer_column (c))) ;
}

static void column_header (char *text, size_t size, int c)
{
    if (is_peer_column (c)) snprintf (text, size, "%s_GFLOPS", bench_peer_names [c - COL_PEER]) ;
    else snprintf (text, size, "%s", columns [c].header) ;
}

// Milliseconds with about three significant digits.
static void format_ms (char *text, size_t size, double seconds, bool capped)
{
    double ms = 1e3 * seconds ;
    int decimals = ms < 1 ? 3 : ms < 10 ? 2 : ms < 100 ? 1 : 0 ;
    snprintf (text, size, "%.*f%s", decimals, ms, capped ? "*" : "") ;
}

static void format_result (char *text, size_t size, const bench_result *r)
{
    if (r->status == BENCH_OK) format_ms (text, size, r->seconds, r->capped) ;
    else snprintf (text, size, "%s", bench_status_word (r->status)) ;
}

static bool timed (const bench_result *r) { return (r->status == BENCH_OK) ; }

static double kernel_gflops (const bench_row *row)
{
    return (2e-9 * (double) row->products / row->kernel.seconds) ;
}

// gbgpu's kernel GFLOPS over the best peer's, when both are known.
static bool vs_best_peer (const bench_row *row, double *ratio)
{
    int best = bench_peers_best (&row->peers) ;
    if (best < 0 || !timed (&row->kernel) || row->peers.peer [best].gflops <= 0) return (false) ;
    *ratio = kernel_gflops (row) / row->peers.peer [best].gflops ;
    return (true) ;
}

static void format_peer (char *text, size_t size, const bench_peer_result *r)
{
    if (r->status == BENCH_PEER_TIMED) snprintf (text, size, "%.1f", r->gflops) ;
    else snprintf (text, size, "%s", r->status == BENCH_PEER_FAILED ? "fail" : "-") ;
}

// "kernel: why; cpu: 2 runs: ..." for the row's notes.
static void append_note (char *notes, size_t size, const char *who, const char *note)
{
    if (note [0] == '\0') return ;
    size_t used = strlen (notes) ;
    snprintf (notes + used, size - used, "%s%s%s%s", used ? "; " : "", who,
        who [0] ? ": " : "", note) ;
}

static void row_cells (cell *cells, const bench_row *row)
{
    for (int c = 0 ; c < NCOLUMNS ; c++) snprintf (cells [c], sizeof (cell), "-") ;
    snprintf (cells [COL_INPUT], sizeof (cell), "%s", row->label) ;
    if (row->loaded)
    {
        snprintf (cells [COL_ROWS], sizeof (cell), "%llu", (unsigned long long) row->nrows) ;
        snprintf (cells [COL_COLS], sizeof (cell), "%llu", (unsigned long long) row->ncols) ;
        snprintf (cells [COL_NNZ_A], sizeof (cell), "%llu", (unsigned long long) row->nnz_A) ;
        snprintf (cells [COL_NNZ_B], sizeof (cell), "%llu", (unsigned long long) row->nnz_B) ;
        snprintf (cells [COL_PRODUCTS], sizeof (cell), "%lld", (long long) row->products) ;
    }
    if (row->have_C)
    {
        snprintf (cells [COL_NNZ_C], sizeof (cell), "%llu", (unsigned long long) row->nnz_C) ;
        if (row->nnz_C > 0) snprintf (cells [COL_COMPRESSION], sizeof (cell), "%.2f",
            (double) row->products / (double) row->nnz_C) ;
    }
    format_result (cells [COL_KERNEL], sizeof (cell), &row->kernel) ;
    format_result (cells [COL_E2E], sizeof (cell), &row->e2e) ;
    format_result (cells [COL_CUSPARSE], sizeof (cell), &row->cusparse) ;
    format_result (cells [COL_CPU], sizeof (cell), &row->cpu) ;
    format_result (cells [COL_AUTO], sizeof (cell), &row->policy_auto) ;
    if (timed (&row->kernel))
    {
        snprintf (cells [COL_GFLOPS], sizeof (cell), "%.1f", kernel_gflops (row)) ;
    }
    if (row->peak_bytes > 0)
    {
        snprintf (cells [COL_PEAK], sizeof (cell), "%.0f",
            (double) row->peak_bytes / (1024.0 * 1024.0)) ;
    }
    if (timed (&row->kernel) && timed (&row->cusparse))
    {
        snprintf (cells [COL_VS_CUSPARSE], sizeof (cell), "%.2f",
            row->cusparse.seconds / row->kernel.seconds) ;
    }
    if (timed (&row->e2e) && timed (&row->cpu))
    {
        snprintf (cells [COL_VS_CPU], sizeof (cell), "%.2f",
            row->cpu.seconds / row->e2e.seconds) ;
    }
    if (timed (&row->policy_auto) && timed (&row->cpu))
    {
        snprintf (cells [COL_AUTO_VS_CPU], sizeof (cell), "%.2f",
            row->cpu.seconds / row->policy_auto.seconds) ;
    }
    int best = bench_peers_best (&row->peers) ;
    if (best >= 0)
    {
        snprintf (cells [COL_BEST_PEER], sizeof (cell), "%s", bench_peer_names [best]) ;
        format_peer (cells [COL_BEST_PEER_GFLOPS], sizeof (cell), &row->peers.peer [best]) ;
    }
    double ratio ;
    if (vs_best_peer (row, &ratio))
    {
        snprintf (cells [COL_VS_BEST_PEER], sizeof (cell), "%.2f", ratio) ;
    }
    for (int p = 0 ; p < BENCH_NPEERS ; p++)
    {
        format_peer (cells [COL_PEER + p], sizeof (cell), &row->peers.peer [p]) ;
    }
    cells [COL_NOTES][0] = '\0' ;
    append_note (cells [COL_NOTES], sizeof (cell), "", row->note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "gbgpu", row->kernel.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "e2e", row->e2e.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "cusparse", row->cusparse.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "cpu", row->cpu.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "auto", row->policy_auto.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "peers", row->peers.note) ;
}

static void write_text (const bench_table *t, cell *cells)
{
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
        if (!shown (t, c, true)) continue ;
        if (c == COL_INPUT) printf ("%-*s", t->label_width, cells [c]) ;
        else if (c == COL_NOTES) printf ("  %s", cells [c]) ;
        else printf (" %*s", columns [c].width, cells [c]) ;
    }
    printf ("\n") ;
    fflush (stdout) ;
}

static void write_csv (const bench_table *t, cell *cells)
{
    FILE *f = t->csv ;
    if (f == NULL) return ;
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
        if (!shown (t, c, false)) continue ;
        fputs (c ? "," : "", f) ;
        if (strpbrk (cells [c], ",\"; ") == NULL) { fputs (cells [c], f) ; continue ; }
        fputc ('"', f) ;
        for (const char *s = cells [c] ; *s ; s++)
        {
            if (*s == '"') fputc ('"', f) ;
            fputc (*s, f) ;
        }
        fputc ('"', f) ;
    }
    fputc ('\n', f) ;
    fflush (f) ;
}

static void write_markdown (const bench_table *t, cell *cells)
{
    FILE *f = t->markdown ;
    if (f == NULL) return ;
    fputs ("|", f) ;
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
        if (!shown (t, c, false)) continue ;
        fputc (' ', f) ;
        for (const char *s = cells [c] ; *s ; s++)
        {
            if (*s == '|') fputc ('\\', f) ;
            fputc (*s, f) ;
        }
        fputs (" |", f) ;
    }
    fputc ('\n', f) ;
    fflush (f) ;
}

static void write_everywhere (const bench_table *t, cell *cells)
{
    write_text (t, cells) ;
    write_csv (t, cells) ;
    write_markdown (t, cells) ;
}

bench_table *bench_table_open (const char *csv_path, const char *markdown_path,
    const char *context, int label_width, bool with_peers, bool with_auto)
{
    bench_table *t = calloc (1, sizeof (bench_table)) ;
    if (t == NULL) return (NULL) ;
    t->label_width = label_width > 7 ? label_width : 7 ;
    t->with_peers = with_peers ;
    t->with_auto = with_auto ;
    if (csv_path != NULL && (t->csv = fopen (csv_path, "w")) == NULL)
    {
        fprintf (stderr, "gbgpu-bench: cannot write %s\n", csv_path) ;
        free (t) ;
        return (NULL) ;
    }
    if (markdown_path != NULL && (t->markdown = fopen (markdown_path, "a")) == NULL)
    {
        fprintf (stderr, "gbgpu-bench: cannot append to %s\n", markdown_path) ;
        if (t->csv != NULL) fclose (t->csv) ;
        free (t) ;
        return (NULL) ;
    }
    cell cells [NCOLUMNS] ;
    for (int c = 0 ; c < NCOLUMNS ; c++) column_header (cells [c], sizeof (cell), c) ;
    printf ("# %s\n", context) ;
    if (t->markdown != NULL)
    {
        fprintf (t->markdown, "\n### %s\n\n", context) ;
    }
    write_everywhere (t, cells) ;
    if (t->markdown != NULL)
    {
        fputs ("|", t->markdown) ;
        for (int c = 0 ; c < NCOLUMNS ; c++)
        {
            if (shown (t, c, false)) fputs (c == COL_INPUT || c == COL_NOTES
                || c == COL_BEST_PEER ? "---|" : "---:|", t->markdown) ;
        }
        fputc ('\n', t->markdown) ;
    }
    return (t) ;
}

void bench_table_row (bench_table *t, const bench_row *row)
{
    cell cells [NCOLUMNS] ;
    row_cells (cells, row) ;
    write_everywhere (t, cells) ;
    if (timed (&row->kernel) && timed (&row->cusparse))
    {
        t->log_vs_cusparse += log (row->cusparse.seconds / row->kernel.seconds) ;
        t->n_vs_cusparse++ ;
    }
    if (timed (&row->e2e) && timed (&row->cpu))
    {
        t->log_vs_cpu += log (row->cpu.seconds / row->e2e.seconds) ;
        t->n_vs_cpu++ ;
    }
    if (t->with_auto && timed (&row->policy_auto) && timed (&row->cpu))
    {
        double speedup = row->cpu.seconds / row->policy_auto.seconds ;
        t->log_auto_vs_cpu += log (speedup) ;
        if (t->n_auto_vs_cpu++ == 0 || speedup < t->worst_auto_vs_cpu)
        {
            t->worst_auto_vs_cpu = speedup ;
            snprintf (t->worst_auto_label, sizeof (t->worst_auto_label), "%s", row->label) ;
        }
    }
    double ratio ;
    if (vs_best_peer (row, &ratio))
    {
        t->log_vs_best_peer += log (ratio) ;
        t->n_vs_best_peer++ ;
    }
}

void bench_table_close (bench_table *t)
{
    cell cells [NCOLUMNS] ;
    for (int c = 0 ; c < NCOLUMNS ; c++) snprintf (cells [c], sizeof (cell), "-") ;
    snprintf (cells [COL_INPUT], sizeof (cell), "geomean") ;
    if (t->n_vs_cusparse > 0) snprintf (cells [COL_VS_CUSPARSE], sizeof (cell),
        "%.2f", exp (t->log_vs_cusparse / t->n_vs_cusparse)) ;
    if (t->n_vs_cpu > 0) snprintf (cells [COL_VS_CPU], sizeof (cell), "%.2f",
        exp (t->log_vs_cpu / t->n_vs_cpu)) ;
    if (t->n_vs_best_peer > 0) snprintf (cells [COL_VS_BEST_PEER], sizeof (cell),
        "%.2f", exp (t->log_vs_best_peer / t->n_vs_best_peer)) ;
    if (t->n_auto_vs_cpu > 0) snprintf (cells [COL_AUTO_VS_CPU], sizeof (cell), "%.2f",
        exp (t->log_auto_vs_cpu / t->n_auto_vs_cpu)) ;
    if (t->with_peers) snprintf (cells [COL_NOTES], sizeof (cell),
        "speedups over %d (vs_cusparse), %d (e2e_vs_cpu) and %d (vs_best_peer) inputs",
        t->n_vs_cusparse, t->n_vs_cpu, t->n_vs_best_peer) ;
    else snprintf (cells [COL_NOTES], sizeof (cell),
        "speedups over %d (vs_cusparse) and %d (e2e_vs_cpu) inputs",
        t->n_vs_cusparse, t->n_vs_cpu) ;
    if (t->n_auto_vs_cpu > 0)
    {
        size_t used = strlen (cells [COL_NOTES]) ;
        snprintf (cells [COL_NOTES] + used, sizeof (cell) - used,
            "; auto_vs_cpu over %d rows, the least %.2f (%s)", t->n_auto_vs_cpu,
            t->worst_auto_vs_cpu, t->worst_auto_label) ;
    }
    write_everywhere (t, cells) ;
    if (t->csv != NULL) fclose (t->csv) ;
    if (t->markdown != NULL) fclose (t->markdown) ;
    free (t) ;
}
