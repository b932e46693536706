// bench/bench_case.c: benchmark one input (see bench_case.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "bench_case.h"
#include "bench_columns.h"
#include "gbgpu_cuda.h"
#include "graph_io.h"
#include "wall_clock.h"

// The matrices of one input, in both forms.
typedef struct
{
    GrB_Matrix A, B ;           // B is A when A is square, else A'
    bench_csr A_csr, B_csr ;    // B_csr unused when B is A
}
operands ;

static void operands_free (operands *op)
{
    if (op->B != op->A) GrB_Matrix_free (&op->B) ;
    GrB_Matrix_free (&op->A) ;
    bench_csr_free (&op->A_csr) ;
    bench_csr_free (&op->B_csr) ;
}

static const bench_csr *B_csr_of (const operands *op)
{
    return (op->B == op->A ? &op->A_csr : &op->B_csr) ;
}

GrB_Info bench_typed_operands (GrB_Matrix *A, GrB_Matrix *B, GrB_Matrix input,
    const bench_semiring *s, const char **failed_call)
{
    GrB_Index nrows = 0, ncols = 0 ;
    GrB_Info info = GrB_SUCCESS ;
    *A = *B = NULL ;
    #define CALL(call) if (info == GrB_SUCCESS) { info = (call) ; *failed_call = #call ; }
    CALL (GrB_Matrix_nrows (&nrows, input)) ;
    CALL (GrB_Matrix_ncols (&ncols, input)) ;
    CALL (GrB_Matrix_new (A, *s->type, nrows, ncols)) ;
    CALL (GrB_Matrix_apply (*A, NULL, NULL, *s->identity, input, NULL)) ;
    CALL (GrB_Matrix_wait (*A, GrB_MATERIALIZE)) ;
    if (info == GrB_SUCCESS && nrows == ncols)
    {
        *B = *A ;
    }
    else
    {
        CALL (GrB_Matrix_new (B, *s->type, ncols, nrows)) ;
        CALL (GrB_transpose (*B, NULL, NULL, *A, NULL)) ;
        CALL (GrB_Matrix_wait (*B, GrB_MATERIALIZE)) ;
    }
    #undef CALL
    return (info) ;
}

// The input typecast to the semiring's type; B; their CSR arrays.
static GrB_Info make_operands (operands *op, GrB_Matrix input,
    const bench_semiring *s, const char **failed_call)
{
    memset (op, 0, sizeof (*op)) ;
    GrB_Info info = bench_typed_operands (&op->A, &op->B, input, s, failed_call) ;
    if (info == GrB_SUCCESS && op->B != op->A)
    {
        info = bench_csr_copy_of (&op->B_csr, op->B) ;
        *failed_call = "bench_csr_copy_of (&op->B_csr, op->B)" ;
    }
    if (info == GrB_SUCCESS)
    {
        info = bench_csr_copy_of (&op->A_csr, op->A) ;
        *failed_call = "bench_csr_copy_of (&op->A_csr, op->A)" ;
    }
    return (info) ;
}

static void progress (const char *label, const char *column,
    const bench_result *r)
{
    if (r->status == BENCH_OK)
    {
        fprintf (stderr, "  %s %-9s %10.3f ms (median of %d)\n", label, column,
            1e3 * r->seconds, r->runs) ;
    }
    else
    {
        fprintf (stderr, "  %s %-9s %s %s\n", label, column,
            bench_status_word (r->status), r->note) ;
    }
}

// The three GPU columns, when they cannot run: all with the same status.
static void gpu_columns_not_run (bench_row *row, const bench_semiring *s,
    bench_status status, const char *why)
{
    bench_result_set (&row->kernel, status, "%s", why) ;
    bench_result_set (&row->e2e, status, "%s", "") ;
    bench_result_set (&row->cusparse, s->cusparse ? status : BENCH_NOT_RUN, "%s", "") ;
}

// Bytes of memory the system can still give (MemAvailable), or SIZE_MAX
// when it does not say.
static size_t available_host_bytes (void)
{
    FILE *f = fopen ("/proc/meminfo", "r") ;
    if (f == NULL) return (SIZE_MAX) ;
    char line [256] ;
    unsigned long long kib = 0 ;
    int found = 0 ;
    while (!found && fgets (line, sizeof (line), f) != NULL)
    {
        found = sscanf (line, "MemAvailable: %llu kB", &kib) == 1 ;
    }
    fclose (f) ;
    return (found ? (size_t) kib * 1024 : SIZE_MAX) ;
}

// Checking a GPU column needs a second copy of C on the host, beside the
// reference.  Where that would not fit, say so instead of being killed by
// the kernel's out-of-memory killer (and losing the whole table).
static bool room_for_a_result (const bench_csr *reference, char *why, size_t size)
{
    double needed = (double) (reference->nrows + 1) * sizeof (GrB_Index)
        + (double) reference->nvals * (sizeof (GrB_Index) + reference->value_size) ;
    needed = 1.1 * needed + 1e9 ;    // headroom for the method's own buffers
    double available = (double) available_host_bytes () ;
    if (needed <= available) return (true) ;
    snprintf (why, size, "host memory: checking C needs %.1f GB, %.1f GB available",
        needed / 1e9, available / 1e9) ;
    return (false) ;
}

static void run_columns (bench_row *row, operands *op, const bench_options *o,
    bool device_present)
{
    char why [160] ;
    const bench_semiring *s = o->semiring ;
    bench_csr reference ;
    memset (&reference, 0, sizeof (reference)) ;

    fprintf (stderr, "  %s: %lld products\n", row->label, (long long) row->products) ;
    bench_mxm_column (&row->cpu, op->A, op->B, s, GBGPU_POLICY_CPU, &reference,
        &o->plan) ;
    progress (row->label, "cpu", &row->cpu) ;
    row->have_C = bench_csr_present (&reference) ;
    row->nnz_C = reference.nvals ;

    if (o->cpu_only)
    {
        gpu_columns_not_run (row, s, BENCH_NOT_RUN, "") ;
    }
    else if (!device_present)
    {
        gpu_columns_not_run (row, s, BENCH_NO_DEVICE, "no CUDA device") ;
    }
    else if (!row->have_C)
    {
        gpu_columns_not_run (row, s, BENCH_FAILED,
            "no CPU result to check against") ;
    }
    else if (!room_for_a_result (&reference, why, sizeof (why)))
    {
        gpu_columns_not_run (row, s, BENCH_FAILED, why) ;
    }
    else
    {
        // each column starts with gbgpu's memory pool empty: the memory one
        // column leaves cached is not taken from the next
        gbgpu_cuda_trim_pool () ;
        bench_kernel_column (&row->kernel, &row->peak_bytes, &op->A_csr,
            B_csr_of (op), s, row->products, &reference, &o->plan,
            o->breakdown ? &row->breakdown : NULL, &row->have_breakdown) ;
        progress (row->label, "gbgpu", &row->kernel) ;
        gbgpu_cuda_trim_pool () ;
        bench_mxm_column (&row->e2e, op->A, op->B, s, GBGPU_POLICY_GPU,
            &reference, &o->plan) ;
        progress (row->label, "e2e", &row->e2e) ;
        gbgpu_cuda_trim_pool () ;
        cusparse_baseline_column (&row->cusparse, &op->A_csr, B_csr_of (op), s,
            &reference, &o->plan) ;
        progress (row->label, "cusparse", &row->cusparse) ;
    }
    bench_csr_free (&reference) ;
}

// Every column of a row whose input could not be had: the same word.
static void row_without_input (bench_row *row, bench_status status)
{
    bench_result_set (&row->kernel, status, "%s", "") ;
    bench_result_set (&row->e2e, status, "%s", "") ;
    bench_result_set (&row->cusparse, status, "%s", "") ;
    bench_result_set (&row->cpu, status, "%s", "") ;
}

void bench_case_run (bench_row *row, const bench_input *input,
    const bench_options *o, bool device_present)
{
    memset (row, 0, sizeof (*row)) ;
    snprintf (row->label, sizeof (row->label), "%s", input->label) ;
    if (input->absent [0] != '\0')
    {
        snprintf (row->note, sizeof (row->note), "%s", input->absent) ;
        row_without_input (row, BENCH_ABSENT) ;
        fprintf (stderr, "%s: %s\n", row->label, input->absent) ;
        return ;
    }

    fprintf (stderr, "%s: loading %s\n", row->label, input->spec) ;
    double start = wall_clock_seconds () ;
    GrB_Matrix input_matrix = NULL ;
    if (graph_parse_spec (&input_matrix, input->spec) != GrB_SUCCESS)
    {
        snprintf (row->note, sizeof (row->note), "cannot load: %s", graph_io_error ()) ;
        row_without_input (row, BENCH_FAILED) ;
        fprintf (stderr, "%s: %s\n", row->label, row->note) ;
        return ;
    }
    operands op ;
    const char *failed_call = "" ;
    GrB_Info info = make_operands (&op, input_matrix, o->semiring, &failed_call) ;
    GrB_Matrix_free (&input_matrix) ;
    if (info != GrB_SUCCESS)
    {
        snprintf (row->note, sizeof (row->note), "%s: %s", failed_call,
            graph_info_name (info)) ;
        row_without_input (row, BENCH_FAILED) ;
        operands_free (&op) ;
        return ;
    }
    row->loaded = true ;
    row->nrows = op.A_csr.nrows ;
    row->ncols = op.A_csr.ncols ;
    row->nnz_A = op.A_csr.nvals ;
    row->nnz_B = B_csr_of (&op)->nvals ;
    row->products = bench_csr_products (&op.A_csr, B_csr_of (&op)) ;
    fprintf (stderr, "  %s: %llux%llu, nnz(A) %llu, ready in %.1f s\n", row->label,
        (unsigned long long) row->nrows, (unsigned long long) row->ncols,
        (unsigned long long) row->nnz_A, wall_clock_seconds () - start) ;
    if (row->nrows != row->ncols)
    {
        snprintf (row->note, sizeof (row->note), "not square: C = A*A'") ;
    }
    run_columns (row, &op, o, device_present) ;
    operands_free (&op) ;
}
