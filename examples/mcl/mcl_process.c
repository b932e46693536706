// examples/mcl/mcl_process.c: expansion, pruning, chaos and inflation until the chaos is
// small (see mcl_process.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include "example_try.h"
#include "mcl_process.h"
#include "mcl_rows.h"
#include "wall_clock.h"

mcl_params mcl_params_defaults (void)
{
    mcl_params p = { .inflation = 2.0, .prune = mcl_prune_defaults (),
        .chaos_limit = 1e-4, .max_iterations = 10000 } ;
    return (p) ;
}

// mcl's chaos of row-stochastic P: how far the rows are from being spread
// evenly over their entries (every row of the limit is).
static double chaos_of (GrB_Matrix P)
{
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, P)) ;
    GrB_Matrix squares = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&squares, GrB_FP64, n, n)) ;
    EXAMPLE_TRY (GrB_Matrix_eWiseMult_BinaryOp (squares, NULL, NULL, GrB_TIMES_FP64,
        P, P, NULL)) ;
    double *largest = mcl_rows_array (n) ;
    double *sum_of_squares = mcl_rows_array (n) ;
    double *count = mcl_rows_array (n) ;
    mcl_rows_reduce (largest, P, GrB_MAX_MONOID_FP64, 0) ;
    mcl_rows_reduce (sum_of_squares, squares, GrB_PLUS_MONOID_FP64, 0) ;
    mcl_rows_count (count, P) ;
    double chaos = 0 ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        double row_chaos = (largest [i] - sum_of_squares [i]) * count [i] ;
        if (row_chaos > chaos) chaos = row_chaos ;
    }
    free (count) ;
    free (sum_of_squares) ;
    free (largest) ;
    GrB_Matrix_free (&squares) ;
    return (chaos) ;
}

static void inflate (GrB_Matrix P, double inflation)
{
    EXAMPLE_TRY (GrB_Matrix_apply_BinaryOp2nd_FP64 (P, NULL, NULL, GxB_POW_FP64,
        P, inflation, NULL)) ;
    mcl_rows_normalize (P) ;
}

mcl_run mcl_iterate (GrB_Matrix P, const mcl_params *params,
    mcl_progress progress, void *context)
{
    mcl_run run = { 0 } ;
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, P)) ;
    GrB_Matrix E = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&E, GrB_FP64, n, n)) ;
    double start = wall_clock_seconds () ;
    while (run.iterations < params->max_iterations)
    {
        mcl_iteration it = { .number = run.iterations + 1 } ;
        double iteration_start = wall_clock_seconds () ;
        EXAMPLE_TRY (GrB_mxm (E, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, P, P, NULL)) ;
        EXAMPLE_TRY (GrB_Matrix_wait (E, GrB_MATERIALIZE)) ;
        it.mxm_seconds = wall_clock_seconds () - iteration_start ;
        EXAMPLE_TRY (GrB_Matrix_nvals (&it.expanded_entries, E)) ;
        it.prune = mcl_prune (P, E, &params->prune) ;
        EXAMPLE_TRY (GrB_Matrix_nvals (&it.pruned_entries, P)) ;
        it.chaos = chaos_of (P) ;
        inflate (P, params->inflation) ;
        it.seconds = wall_clock_seconds () - iteration_start ;

        run.iterations = it.number ;
        run.chaos = it.chaos ;
        run.mxm_seconds += it.mxm_seconds ;
        if (progress != NULL) progress (&it, context) ;
        if (it.chaos < params->chaos_limit)
        {
            run.converged = true ;
            break ;
        }
    }
    run.seconds = wall_clock_seconds () - start ;
    GrB_Matrix_free (&E) ;
    return (run) ;
}
