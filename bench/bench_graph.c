// bench/bench_graph.c: the graph products of one input (see bench_graph.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_columns.h"
#include "bench_graph.h"
#include "bfs_sources.h"
#include "gbgpu_cuda.h"
#include "graph_io.h"
#include "triangle_operands.h"
#include "wall_clock.h"

// A multi-source BFS caught after two levels: the frontiers and what they
// have visited so far (BOOL, k-by-n).
typedef struct
{
    GrB_Matrix q, visited ;
    GrB_Index sources ;
}
bfs_state ;

typedef struct
{
    triangle_operands tri ;     // S, L, U
    GrB_Matrix S_fp64 ;         // S with every value 1.0
    bfs_state bfs64, bfs1024 ;
}
graph_operands ;

typedef struct
{
    const char *name ;
    const char *semiring ;      // a bench_semiring name
    GrB_Matrix M, A, B ;
    GrB_Descriptor desc ;
    bool transpose_B ;          // desc transposes B
}
graph_case ;

static void bfs_state_free (bfs_state *b)
{
    GrB_Matrix_free (&b->q) ;
    GrB_Matrix_free (&b->visited) ;
}

static void graph_operands_free (graph_operands *g)
{
    triangle_operands_free (&g->tri) ;
    GrB_Matrix_free (&g->S_fp64) ;
    bfs_state_free (&g->bfs64) ;
    bfs_state_free (&g->bfs1024) ;
}

#define CALL(call)                                                          \
    do {                                                                    \
        if (info == GrB_SUCCESS)                                            \
        {                                                                   \
            info = (call) ;                                                 \
            if (info != GrB_SUCCESS) *failed_call = #call ;                 \
        }                                                                   \
    } while (0)

// The BFS from `wanted` sources (bfs_choose_sources: evenly spaced over the
// nodes with an edge), two levels on the CPU: q<!visited,replace> = q*S, then
// visited<q> = true.
static GrB_Info bfs_two_levels (bfs_state *b, GrB_Matrix S, GrB_Index n,
    GrB_Index wanted, const char **failed_call)
{
    GrB_Index candidates ;
    GrB_Index *sources = bfs_choose_sources (S, wanted, &b->sources, &candidates) ;
    GrB_Index k = b->sources > 0 ? b->sources : 1 ;
    GrB_Index *rows = malloc (k * sizeof (GrB_Index)) ;
    bool *ones = malloc (k * sizeof (bool)) ;
    GrB_Info info = (sources == NULL || rows == NULL || ones == NULL)
        ? GrB_OUT_OF_MEMORY : GrB_SUCCESS ;
    if (info != GrB_SUCCESS) *failed_call = "malloc" ;
    for (GrB_Index s = 0 ; info == GrB_SUCCESS && s < b->sources ; s++)
    {
        rows [s] = s ;
        ones [s] = true ;
    }
    CALL (GrB_Matrix_new (&b->q, GrB_BOOL, k, n)) ;
    CALL (GrB_Matrix_build_BOOL (b->q, rows, sources, ones, b->sources, GrB_LOR)) ;
    CALL (GrB_Matrix_dup (&b->visited, b->q)) ;
    CALL (gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_CPU)) ;
    for (int level = 1 ; level <= 2 ; level++)
    {
        CALL (GrB_mxm (b->q, b->visited, NULL, GxB_ANY_PAIR_BOOL, b->q, S,
            GrB_DESC_RSC)) ;
        CALL (GrB_Matrix_assign_BOOL (b->visited, b->q, NULL, true, GrB_ALL, k,
            GrB_ALL, n, GrB_DESC_S)) ;
    }
    CALL (GrB_Matrix_wait (b->q, GrB_MATERIALIZE)) ;
    CALL (GrB_Matrix_wait (b->visited, GrB_MATERIALIZE)) ;
    free (ones) ;
    free (rows) ;
    free (sources) ;
    return (info) ;
}

static GrB_Info graph_operands_make (graph_operands *g, GrB_Matrix input,
    const char **failed_call)
{
    memset (g, 0, sizeof (*g)) ;
    bool asymmetric ;
    GrB_Info info = GrB_SUCCESS ;
    CALL (triangle_operands_make (&g->tri, input, true, &asymmetric)) ;
    CALL (triangle_operands_upper (&g->tri)) ;
    GrB_Index n = g->tri.n ;
    CALL (GrB_Matrix_new (&g->S_fp64, GrB_FP64, n, n)) ;
    CALL (GrB_Matrix_apply (g->S_fp64, NULL, NULL, GrB_IDENTITY_FP64, g->tri.S, NULL)) ;
    CALL (GrB_Matrix_wait (g->S_fp64, GrB_MATERIALIZE)) ;
    CALL (bfs_two_levels (&g->bfs64, g->tri.S, n, 64, failed_call)) ;
    CALL (bfs_two_levels (&g->bfs1024, g->tri.S, n, 1024, failed_call)) ;
    return (info) ;
}

// Entries of each column of X (of each row, when rows): every value of the
// graph's matrices is 1, so PLUS over INT64 counts them.
static GrB_Info line_counts (GrB_Vector *counts, GrB_Matrix X, bool rows)
{
    GrB_Index n ;
    GrB_Info info = rows ? GrB_Matrix_nrows (&n, X) : GrB_Matrix_ncols (&n, X) ;
    if (info == GrB_SUCCESS) info = GrB_Vector_new (counts, GrB_INT64, n) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_reduce_Monoid (*counts, NULL, NULL,
        GrB_PLUS_MONOID_INT64, X, rows ? NULL : GrB_DESC_T0) ;
    return (info) ;
}

// The multiplies of the unmasked A*B: sum over k of |A(:,k)| * |B(k,:)|.
static GrB_Info count_products (int64_t *products, const graph_case *c)
{
    GrB_Vector a = NULL, b = NULL ;
    *products = 0 ;
    GrB_Info info = line_counts (&a, c->A, false) ;
    if (info == GrB_SUCCESS) info = line_counts (&b, c->B, !c->transpose_B) ;
    if (info == GrB_SUCCESS) info = GrB_Vector_eWiseMult_BinaryOp (a, NULL, NULL,
        GrB_TIMES_INT64, a, b, NULL) ;
    if (info == GrB_SUCCESS) info = GrB_Vector_reduce_INT64 (products, NULL,
        GrB_PLUS_MONOID_INT64, a, NULL) ;
    GrB_Vector_free (&a) ;
    GrB_Vector_free (&b) ;
    return (info) ;
}

static void progress (const char *label, const char *column, const bench_result *r)
{
    if (r->status == BENCH_OK)
    {
        fprintf (stderr, "  %s %-4s %10.3f ms (median of %d)\n", label, column,
            1e3 * r->seconds, r->runs) ;
    }
    else
    {
        fprintf (stderr, "  %s %-4s %s %s\n", label, column,
            bench_status_word (r->status), r->note) ;
    }
}

// Every column of a row: the same word.
static void row_not_run (bench_row *row, bench_status status)
{
    bench_result_set (&row->kernel, BENCH_NOT_RUN, "%s", "") ;
    bench_result_set (&row->cusparse, BENCH_NOT_RUN, "%s", "") ;
    bench_result_set (&row->e2e, status, "%s", "") ;
    bench_result_set (&row->cpu, status, "%s", "") ;
    bench_result_set (&row->policy_auto, status, "%s", "") ;
}

// The CPU column again after the GPU's and auto's, and the CPU's time the
// mean of both medians: on the device the same CPU product drifted by up to
// 2x within a row (oregon1's A*A in fp64: 22.9 ms before the GPU columns,
// then 20.7, 22, 29.5 and 59.4 ms in auto's runs, all kept on the CPU), so
// a column measured only before the others made auto look slower than the
// CPU on calls it never moved.
static void cpu_before_and_after (bench_result *cpu, const graph_case *c,
    const bench_semiring *s, bench_csr *reference, const bench_plan *plan,
    const char *label)
{
    if (cpu->status != BENCH_OK) return ;
    bench_result after ;
    bench_masked_mxm_column (&after, c->M, c->A, c->B, c->desc, s, GBGPU_POLICY_CPU,
        reference, plan) ;
    progress (label, "cpu (after)", &after) ;
    char remark [sizeof (after.note) + 64] ;
    if (after.status != BENCH_OK)
    {
        // the time before stands alone, and the note says why
        snprintf (remark, sizeof (remark), "after the GPU columns: %s %s",
            bench_status_word (after.status), after.note) ;
        bench_note_append (cpu->note, sizeof (cpu->note), remark) ;
        return ;
    }
    const double ratio = after.seconds / cpu->seconds ;
    if (ratio > 1.2 || ratio < 1 / 1.2)
    {
        snprintf (remark, sizeof (remark), "%.3g ms before the GPU columns, %.3g after",
            1e3 * cpu->seconds, 1e3 * after.seconds) ;
        bench_note_append (cpu->note, sizeof (cpu->note), remark) ;
    }
    if (after.capped)
    {
        snprintf (remark, sizeof (remark), "after: %s", after.note) ;
        bench_note_append (cpu->note, sizeof (cpu->note), remark) ;
    }
    // the mean of two medians, over both columns' runs
    cpu->seconds = 0.5 * (cpu->seconds + after.seconds) ;
    cpu->runs += after.runs ;
    cpu->capped = cpu->capped || after.capped ;
}

static void run_case (bench_table *table, const char *input_label,
    const graph_case *c, const bench_options *o, bool device_present)
{
    bench_row row ;
    memset (&row, 0, sizeof (row)) ;
    // a long path label loses its end rather than the case name
    snprintf (row.label, sizeof (row.label), "%.80s %.12s", input_label, c->name) ;
    const bench_semiring *s = bench_semiring_named (c->semiring) ;
    GrB_Matrix shape = c->M != NULL ? c->M : c->A ;
    GrB_Info info = GrB_Matrix_nrows (&row.nrows, shape) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_ncols (&row.ncols, shape) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&row.nnz_A, c->A) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&row.nnz_B, c->B) ;
    if (info == GrB_SUCCESS) info = count_products (&row.products, c) ;
    row.loaded = (info == GrB_SUCCESS) ;
    row_not_run (&row, BENCH_NOT_RUN) ;
    if (info != GrB_SUCCESS)
    {
        snprintf (row.note, sizeof (row.note), "counting: %s", graph_info_name (info)) ;
        row_not_run (&row, BENCH_FAILED) ;
    }
    else if (c->M == NULL && (double) row.products > GRAPH_MAX_SQUARE_PRODUCTS)
    {
        snprintf (row.note, sizeof (row.note), "skipped: %.3g products, over %.3g "
            "(C and its check would not fit the host)", (double) row.products,
            GRAPH_MAX_SQUARE_PRODUCTS) ;
    }
    else
    {
        fprintf (stderr, "  %s: %lld products\n", row.label, (long long) row.products) ;
        bench_csr reference ;
        memset (&reference, 0, sizeof (reference)) ;
        bench_masked_mxm_column (&row.cpu, c->M, c->A, c->B, c->desc, s,
            GBGPU_POLICY_CPU, &reference, &o->plan) ;
        progress (row.label, "cpu", &row.cpu) ;
        row.have_C = bench_csr_present (&reference) ;
        row.nnz_C = reference.nvals ;
        if (o->cpu_only)
        {
            bench_result_set (&row.e2e, BENCH_NOT_RUN, "%s", "") ;
            bench_result_set (&row.policy_auto, BENCH_NOT_RUN, "%s", "") ;
        }
        else if (!device_present)
        {
            bench_result_set (&row.e2e, BENCH_NO_DEVICE, "%s", "") ;
            bench_result_set (&row.policy_auto, BENCH_NO_DEVICE, "%s", "") ;
        }
        else if (!row.have_C)
        {
            bench_result_set (&row.e2e, BENCH_FAILED, "no CPU result to check against") ;
            bench_result_set (&row.policy_auto, BENCH_FAILED, "no CPU result to check against") ;
        }
        else
        {
            gbgpu_cuda_trim_pool () ;
            bench_masked_mxm_column (&row.e2e, c->M, c->A, c->B, c->desc, s,
                GBGPU_POLICY_GPU, &reference, &o->plan) ;
            progress (row.label, "e2e", &row.e2e) ;
            // what a program gets with gbgpu loaded: the cost model's choice,
            // taught by the calls before (goal: never slower than cpu_ms)
            bench_masked_mxm_column (&row.policy_auto, c->M, c->A, c->B, c->desc, s,
                GBGPU_POLICY_AUTO, &reference, &o->plan) ;
            progress (row.label, "auto", &row.policy_auto) ;
            cpu_before_and_after (&row.cpu, c, s, &reference, &o->plan, row.label) ;
        }
        bench_csr_free (&reference) ;
    }
    bench_table_row (table, &row) ;
}

// One row for an input that could not be had or prepared.
static void input_row (bench_table *table, const bench_input *input,
    bench_status status, const char *note)
{
    bench_row row ;
    memset (&row, 0, sizeof (row)) ;
    snprintf (row.label, sizeof (row.label), "%s", input->label) ;
    snprintf (row.note, sizeof (row.note), "%s", note) ;
    row_not_run (&row, status) ;
    fprintf (stderr, "%s: %s\n", row.label, note) ;
    bench_table_row (table, &row) ;
}

void bench_graph_run (bench_table *table, const bench_input *input,
    const bench_options *o, bool device_present)
{
    if (input->absent [0] != '\0')
    {
        input_row (table, input, BENCH_ABSENT, input->absent) ;
        return ;
    }
    fprintf (stderr, "%s: loading %s\n", input->label, input->spec) ;
    double start = wall_clock_seconds () ;
    GrB_Matrix matrix = NULL ;
    char note [512] ;
    if (graph_parse_spec (&matrix, input->spec) != GrB_SUCCESS)
    {
        snprintf (note, sizeof (note), "cannot load: %s", graph_io_error ()) ;
        input_row (table, input, BENCH_FAILED, note) ;
        return ;
    }
    graph_operands g ;
    const char *failed_call = "" ;
    GrB_Info info = graph_operands_make (&g, matrix, &failed_call) ;
    GrB_Matrix_free (&matrix) ;
    if (info != GrB_SUCCESS)
    {
        snprintf (note, sizeof (note), "%s: %s", failed_call, graph_info_name (info)) ;
        input_row (table, input, info == GrB_OUT_OF_MEMORY ? BENCH_OUT_OF_MEMORY
            : BENCH_FAILED, note) ;
        graph_operands_free (&g) ;
        return ;
    }
    fprintf (stderr, "  %s: %llu nodes, %llu undirected edges, ready in %.1f s\n",
        input->label, (unsigned long long) g.tri.n,
        (unsigned long long) g.tri.edges, wall_clock_seconds () - start) ;

    const triangle_operands *t = &g.tri ;
    const graph_case cases [] =
    {
        { "tri_LUt", "plus_pair_int64", t->L, t->L, t->U, GrB_DESC_ST1, true },
        { "tri_LL", "plus_pair_int64", t->L, t->L, t->L, GrB_DESC_S, false },
        { "bfs64", "any_pair_bool", g.bfs64.visited, g.bfs64.q, t->S,
          GrB_DESC_RSC, false },
        { "bfs1024", "any_pair_bool", g.bfs1024.visited, g.bfs1024.q, t->S,
          GrB_DESC_RSC, false },
        { "AA_pair", "any_pair_bool", NULL, t->S, t->S, NULL, false },
        { "AA_fp64", "plus_times_fp64", NULL, g.S_fp64, g.S_fp64, NULL, false },
    } ;
    for (size_t k = 0 ; k < sizeof (cases) / sizeof (cases [0]) ; k++)
    {
        run_case (table, input->label, &cases [k], o, device_present) ;
    }
    graph_operands_free (&g) ;
}
