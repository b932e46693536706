// bench/bench_kernel.c: the "gbgpu kernel" column and its breakdown (see bench_columns.h).
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu's kernel-level SpGEMM timed with its inputs and C on the device;
// --breakdown prints where its time went, by phase and bin of rows.

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "bench_columns.h"
#include "bench_cuda.h"
#include "gbgpu_cuda.h"

typedef struct
{
    const gbgpu_dev_csr *A, *B ;
    gbgpu_semiring code ;
    int64_t products ;          // counted on the host, to compare with gbgpu's
    gbgpu_cuda_profile *breakdown ;     // NULL, or the last run's profile
    bool ran ;                  // a run completed (breakdown is set)
}
kernel_context ;

static bench_status gbgpu_failure (gbgpu_cuda_status failure, const char *call,
    char *note, size_t note_size)
{
    snprintf (note, note_size, "%s: %s", call, gbgpu_cuda_last_error ()) ;
    return (failure == GBGPU_CUDA_OUT_OF_MEMORY ? BENCH_OUT_OF_MEMORY : BENCH_FAILED) ;
}

// One product: C = A*B on the device, downloaded (untimed) into C.
static bench_status kernel_produce (void *context, bench_csr *C,
    double *seconds, char *note, size_t note_size)
{
    kernel_context *k = context ;
    gbgpu_dev_result T ;
    memset (&T, 0, sizeof (T)) ;
    gbgpu_cuda_profile profile ;
    memset (&profile, 0, sizeof (profile)) ;
    profile.per_bin = (k->breakdown != NULL) ;
    double start, computed, freeing, freed ;
    bench_status status = bench_device_clock (&start, note, note_size) ;
    if (status != BENCH_OK) return (status) ;
    gbgpu_cuda_status called = gbgpu_cuda_spgemm (&T, k->code, NULL, false, k->A,
        k->B, &profile) ;
    if (called != GBGPU_CUDA_OK)
    {
        status = gbgpu_failure (called, "gbgpu_cuda_spgemm", note, note_size) ;
        goto done ;
    }
    status = bench_device_clock (&computed, note, note_size) ;
    if (status != BENCH_OK) goto done ;

    if (!bench_csr_alloc (C, (GrB_Index) T.nrows, (GrB_Index) T.ncols,
        (GrB_Index) T.nvals, T.value_size))
    {
        snprintf (note, note_size, "no host memory for C (%lld entries)",
            (long long) T.nvals) ;
        status = BENCH_FAILED ;
        goto done ;
    }
    called = gbgpu_cuda_download (&T, C->p, C->j, C->x, false) ;
    if (called != GBGPU_CUDA_OK)
    {
        status = gbgpu_failure (called, "gbgpu_cuda_download", note, note_size) ;
        goto done ;
    }
    // an iso result brings one value: the check compares every entry's
    for (int64_t k = 1 ; T.iso && k < T.nvals ; k++)
        memcpy ((char *) C->x + k * T.value_size, C->x, T.value_size) ;

    status = bench_device_clock (&freeing, note, note_size) ;
    if (status != BENCH_OK) goto done ;
    gbgpu_cuda_free_result (&T) ;
    memset (&T, 0, sizeof (T)) ;   // freed: not again below
    status = bench_device_clock (&freed, note, note_size) ;
    if (status != BENCH_OK) goto done ;
    *seconds = (computed - start) + (freed - freeing) ;
    // progress (stderr): where the kernel time went, phase by phase
    if (profile.per_bin)
        fprintf (stderr, "    phases: analyse %.3f symbolic %.3f numeric %.3f sort %.3f ms\n",
            profile.analyse_ms, profile.symbolic_ms, profile.numeric_ms, profile.sort_ms) ;
    if (k->breakdown != NULL)
    {
        *k->breakdown = profile ;
        k->ran = true ;
    }
    if (profile.products != k->products)
    {
        snprintf (note, note_size, "gbgpu counted %lld products, the host %lld",
            (long long) profile.products, (long long) k->products) ;
    }
done:
    if (T.p != NULL) gbgpu_cuda_free_result (&T) ;
    return (status) ;
}

// Upload S, with its values only when the semiring reads them.
static bench_status upload (gbgpu_dev_csr *D, const bench_csr *S,
    bool values_needed, char *note, size_t note_size)
{
    gbgpu_cuda_status uploaded = gbgpu_cuda_upload (D, (int64_t) S->nrows,
        (int64_t) S->ncols, S->p, S->j, values_needed ? S->x : NULL,
        S->value_size, S->iso) ;
    if (uploaded != GBGPU_CUDA_OK) return (gbgpu_failure (uploaded, "gbgpu_cuda_upload", note, note_size)) ;
    D->rows_sorted = true ;     // read out of a GraphBLAS matrix: sorted rows
    return (BENCH_OK) ;
}

// Why gbgpu's kernels cannot take these inputs, or BENCH_OK.
static bench_status kernel_limits (const bench_csr *A, const bench_csr *B,
    const bench_semiring *s, char *note, size_t note_size)
{
    if (!gbgpu_cuda_semiring_supported (s->code))
    {
        snprintf (note, note_size, "%s is not compiled into gbgpu", s->name) ;
        return (BENCH_FAILED) ;
    }
    if (gbgpu_type_size (s->code.type) != A->value_size)
    {
        snprintf (note, note_size, "gbgpu's %s is %zu bytes, GraphBLAS's %zu",
            s->name, gbgpu_type_size (s->code.type), A->value_size) ;
        return (BENCH_FAILED) ;
    }
    if (A->ncols > INT32_MAX || B->ncols > INT32_MAX)
    {
        snprintf (note, note_size, "more than 2^31 columns (32-bit input indices)") ;
        return (BENCH_INDEX_LIMIT) ;
    }
    return (BENCH_OK) ;
}

void bench_kernel_column (bench_result *result, size_t *peak_bytes,
    const bench_csr *A, const bench_csr *B, const bench_semiring *semiring,
    int64_t products, bench_csr *reference, const bench_plan *plan,
    gbgpu_cuda_profile *breakdown, bool *have_breakdown)
{
    if (have_breakdown != NULL) *have_breakdown = false ;
    memset (result, 0, sizeof (*result)) ;
    *peak_bytes = 0 ;
    char *note = result->note ;
    size_t note_size = sizeof (result->note) ;
    gbgpu_dev_csr dev_A, dev_B ;
    memset (&dev_A, 0, sizeof (dev_A)) ;
    memset (&dev_B, 0, sizeof (dev_B)) ;
    bool reads_A = GBGPU_MULT_READS_A (semiring->code.mult) ;
    bool reads_B = GBGPU_MULT_READS_B (semiring->code.mult) ;

    bench_status status = kernel_limits (A, B, semiring, note, note_size) ;
    if (status == BENCH_OK)
    {
        gbgpu_cuda_memory_peak_reset () ;
        status = upload (&dev_A, A, reads_A || (B == A && reads_B), note, note_size) ;
    }
    if (status == BENCH_OK && B != A)
    {
        status = upload (&dev_B, B, reads_B, note, note_size) ;
    }
    if (status == BENCH_OK)
    {
        kernel_context context = { &dev_A, B == A ? &dev_A : &dev_B,
            semiring->code, products, breakdown, false } ;
        bench_measure (result, plan, semiring, reference, kernel_produce, &context) ;
        if (have_breakdown != NULL) *have_breakdown = context.ran ;
        *peak_bytes = gbgpu_cuda_memory_peak () ;
    }
    else
    {
        result->status = status ;
    }
    gbgpu_cuda_free_csr (&dev_A) ;
    if (B != A) gbgpu_cuda_free_csr (&dev_B) ;
}

void bench_breakdown_print (FILE *f, const bench_row *row)
{
    const gbgpu_cuda_profile *p = &row->breakdown ;
    fprintf (f, "  %s breakdown: analyse %.3f symbolic %.3f numeric %.3f sort %.3f ms,"
        " peak %.0f MiB\n", row->label, p->analyse_ms, p->symbolic_ms,
        p->numeric_ms, p->sort_ms, (double) row->peak_bytes / (1024.0 * 1024.0)) ;
    fprintf (f, "    %-10s %12s %12s %12s %12s\n", "bin", "sym_rows", "sym_ms",
        "num_rows", "num_ms") ;
    for (int b = 0 ; b < GBGPU_CUDA_BINS ; b++)
    {
        const gbgpu_cuda_bin_profile *s = &p->symbolic [b], *n = &p->numeric [b] ;
        if (s->rows == 0 && n->rows == 0) continue ;
        fprintf (f, "    %-10s %12lld %12.3f %12lld %12.3f\n", gbgpu_cuda_bin_name (b),
            (long long) s->rows, s->ms, (long long) n->rows, n->ms) ;
    }
    fflush (f) ;
}
