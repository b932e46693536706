// bench/bench_mxm.c: the GrB_mxm columns, under a gbgpu policy (see bench_columns.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include "bench_columns.h"
#include "gbgpu_optional.h"
#include "graph_io.h"
#include "wall_clock.h"

typedef struct
{
    GrB_Matrix M, A, B ;
    GrB_Descriptor desc ;
    const bench_semiring *semiring ;
    gbgpu_policy policy ;
    bool same_C ;
    GrB_Matrix C ;      // same_C: the C every run writes, from the first run on
}
mxm_context ;

static bench_status grb_failure (GrB_Info info, const char *call, char *note,
    size_t note_size)
{
    snprintf (note, note_size, "%s: %s", call, graph_info_name (info)) ;
    return (info == GrB_OUT_OF_MEMORY ? BENCH_OUT_OF_MEMORY : BENCH_FAILED) ;
}

// One C<M> = A*B, timed from the call to C complete on the host, into a new
// C or (same_C) the one the runs before wrote.
static bench_status mxm_produce (void *context, bench_csr *C_out,
    double *seconds, char *note, size_t note_size)
{
    mxm_context *m = context ;
    GrB_Index nrows, ncols ;
    GrB_Matrix C = m->C ;
    // C has the mask's shape; without one, A*B's (neither is transposed then)
    GrB_Info info = GrB_Matrix_nrows (&nrows, m->M != NULL ? m->M : m->A) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_ncols (&ncols, m->M != NULL ? m->M : m->B) ;
    if (info == GrB_SUCCESS && C == NULL) info = GrB_Matrix_new (&C, *m->semiring->type, nrows, ncols) ;
    if (info != GrB_SUCCESS) return (grb_failure (info, "GrB_Matrix_new", note, note_size)) ;
    if (m->same_C) m->C = C ;

    gbgpu_stats_t before = gbgpu_optional_stats (), after ;
    double start = wall_clock_seconds () ;
    info = GrB_mxm (C, m->M, NULL, *m->semiring->semiring, m->A, m->B, m->desc) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_wait (C, GrB_MATERIALIZE) ;
    *seconds = wall_clock_seconds () - start ;
    after = gbgpu_optional_stats () ;

    bench_status status = BENCH_OK ;
    if (info != GrB_SUCCESS)
    {
        status = grb_failure (info, "GrB_mxm", note, note_size) ;
    }
    else if (m->policy == GBGPU_POLICY_GPU && after.gpu_calls == before.gpu_calls)
    {
        gbgpu_optional_describe (note, note_size, &before, &after) ;
        status = BENCH_DELEGATED ;
    }
    else if ((info = m->same_C ? bench_csr_copy_of (C_out, C) : bench_csr_take (C_out, &C))
        != GrB_SUCCESS)
    {
        status = grb_failure (info, "GxB_Matrix_unpack_CSR", note, note_size) ;
    }
    if (!m->same_C) GrB_Matrix_free (&C) ;
    return (status) ;
}

void bench_mxm_column (bench_result *result, GrB_Matrix A, GrB_Matrix B,
    const bench_semiring *semiring, gbgpu_policy policy, bench_csr *reference,
    const bench_plan *plan)
{
    bench_masked_mxm_column (result, NULL, A, B, NULL, semiring, policy,
        reference, plan) ;
}

void bench_masked_mxm_column (bench_result *result, GrB_Matrix M, GrB_Matrix A,
    GrB_Matrix B, GrB_Descriptor desc, const bench_semiring *semiring,
    gbgpu_policy policy, bench_csr *reference, const bench_plan *plan)
{
    GrB_Info info = gbgpu_set (GBGPU_POLICY, policy) ;
    if (info != GrB_SUCCESS)
    {
        bench_result_set (result, BENCH_FAILED, "gbgpu_set (GBGPU_POLICY): %s",
            graph_info_name (info)) ;
        return ;
    }
    mxm_context context = { M, A, B, desc, semiring, policy, plan->same_C, NULL } ;
    bench_measure (result, plan, semiring, reference, mxm_produce, &context) ;
    GrB_Matrix_free (&context.C) ;
}
