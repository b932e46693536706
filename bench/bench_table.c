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
    COL_PEAK, COL_VS_CUSPARSE, COL_VS_CPU, COL_NOTES, NCOLUMNS
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
    [COL_VS_CPU] = { "e2e_vs_cpu", 10 },    [COL_NOTES] = { "notes", 0 },
} ;

typedef char cell [1024] ;      // the notes cell can be long; the others are short

struct bench_table
{
    FILE *csv, *markdown ;
    int label_width ;
    double log_vs_cusparse, log_vs_cpu ;    // sums of logs, for the geomeans
    int n_vs_cusparse, n_vs_cpu ;
} ;

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
    if (timed (&row->kernel))
    {
        snprintf (cells [COL_GFLOPS], sizeof (cell), "%.1f",
            2e-9 * (double) row->products / row->kernel.seconds) ;
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
    cells [COL_NOTES][0] = '\0' ;
    append_note (cells [COL_NOTES], sizeof (cell), "", row->note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "gbgpu", row->kernel.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "e2e", row->e2e.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "cusparse", row->cusparse.note) ;
    append_note (cells [COL_NOTES], sizeof (cell), "cpu", row->cpu.note) ;
}

static void write_text (const bench_table *t, cell *cells)
{
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
        if (c == COL_INPUT) printf ("%-*s", t->label_width, cells [c]) ;
        else if (c == COL_NOTES) printf ("  %s", cells [c]) ;
        else printf (" %*s", columns [c].width, cells [c]) ;
    }
    printf ("\n") ;
    fflush (stdout) ;
}

static void write_csv (FILE *f, cell *cells)
{
    if (f == NULL) return ;
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
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

static void write_markdown (FILE *f, cell *cells)
{
    if (f == NULL) return ;
    fputs ("|", f) ;
    for (int c = 0 ; c < NCOLUMNS ; c++)
    {
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
    write_csv (t->csv, cells) ;
    write_markdown (t->markdown, cells) ;
}

bench_table *bench_table_open (const char *csv_path, const char *markdown_path,
    const char *context, int label_width)
{
    bench_table *t = calloc (1, sizeof (bench_table)) ;
    if (t == NULL) return (NULL) ;
    t->label_width = label_width > 7 ? label_width : 7 ;
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
    for (int c = 0 ; c < NCOLUMNS ; c++) snprintf (cells [c], sizeof (cell), "%s", columns [c].header) ;
    printf ("# %s\n", context) ;
    if (t->markdown != NULL)
    {
        fprintf (t->markdown, "\n### %s\n\n", context) ;
    }
    write_everywhere (t, cells) ;
    if (t->markdown != NULL)
    {
        fputs ("|", t->markdown) ;
        for (int c = 0 ; c < NCOLUMNS ; c++) fputs (c == COL_INPUT || c == COL_NOTES ? "---|" : "---:|", t->markdown) ;
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
    snprintf (cells [COL_NOTES], sizeof (cell),
        "speedups over %d (vs_cusparse) and %d (e2e_vs_cpu) inputs",
        t->n_vs_cusparse, t->n_vs_cpu) ;
    write_everywhere (t, cells) ;
    if (t->csv != NULL) fclose (t->csv) ;
    if (t->markdown != NULL) fclose (t->markdown) ;
    free (t) ;
}
