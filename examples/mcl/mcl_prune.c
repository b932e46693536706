// examples/mcl/mcl_prune.c: cutoff, recovery and selection of each row, as mcl prunes
// each column (see mcl_prune.h).
// SPDX-License-Identifier: Apache-2.0

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include "example_try.h"
#include "mcl_prune.h"
#include "mcl_rows.h"

mcl_prune_params mcl_prune_defaults (void)
{
    mcl_prune_params p = { .cutoff = 1.0 / 10000, .select = 1100,
        .recover = 1400, .recover_mass = 0.90 } ;
    return (p) ;
}

// What step 2 or 3 does to a row, from the row's counts after the cutoff.
typedef enum { keep_cutoff, recover_row, select_row } row_action ;

static row_action action_for (double full, double after_cutoff,
    double mass_after_cutoff, const mcl_prune_params *p)
{
    if (p->recover > 0 && after_cutoff < (double) p->recover
        && mass_after_cutoff < p->recover_mass)
    {
        // mcl recovers here even when nothing was cut (a no-op then), and
        // then does not select
        return (full > after_cutoff ? recover_row : keep_cutoff) ;
    }
    if (p->select > 0 && after_cutoff > (double) p->select) return (select_row) ;
    return (keep_cutoff) ;
}

static int descending (const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b ;
    return ((x < y) - (x > y)) ;
}

// Row i of E, sorted from largest to smallest; returns its length.
static GrB_Index sorted_row (double *value, GrB_Matrix E, GrB_Index i,
    GrB_Index n)
{
    GrB_Vector row = NULL ;
    EXAMPLE_TRY (GrB_Vector_new (&row, GrB_FP64, n)) ;
    EXAMPLE_TRY (GrB_Col_extract (row, NULL, NULL, E, GrB_ALL, n, i, GrB_DESC_T0)) ;
    GrB_Index count = n ;
    EXAMPLE_TRY (GrB_Vector_extractTuples_FP64 (NULL, value, &count, row)) ;
    GrB_Vector_free (&row) ;
    qsort (value, count, sizeof (double), descending) ;
    return (count) ;
}

// The threshold that keeps the k largest entries of a sorted row (ties too).
static double keep_largest (const double *sorted, GrB_Index count, GrB_Index k)
{
    if (k == 0) return (HUGE_VAL) ;     // keeps nothing
    return (sorted [(k < count ? k : count) - 1]) ;
}

// The threshold of a row that step 2 or 3 gives its own.
static double row_threshold (const double *sorted, GrB_Index count,
    double after_cutoff, row_action action, const mcl_prune_params *p)
{
    if (action == recover_row) return (keep_largest (sorted, count, p->recover)) ;
    double bar = keep_largest (sorted, count, p->select) ;
    GrB_Index kept = 0 ;
    double mass = 0 ;
    while (kept < count && sorted [kept] >= bar) mass += sorted [kept++] ;
    if (p->recover > 0 && kept < p->recover && mass < p->recover_mass)
    {
        // recovery after selection: the R largest, or back to the cutoff set
        return ((double) p->recover < after_cutoff
            ? keep_largest (sorted, count, p->recover) : p->cutoff) ;
    }
    return (bar) ;
}

// mcl's emergency measure for a row left empty: a self-loop of 1.
static GrB_Index fill_empty_rows (GrB_Matrix P, GrB_Index n)
{
    double *count = mcl_rows_array (n) ;
    mcl_rows_count (count, P) ;
    GrB_Index emptied = 0 ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        if (count [i] == 0)
        {
            EXAMPLE_TRY (GrB_Matrix_setElement_FP64 (P, 1.0, i, i)) ;
            emptied++ ;
        }
    }
    free (count) ;
    return (emptied) ;
}

mcl_prune_stats mcl_prune (GrB_Matrix P, GrB_Matrix E,
    const mcl_prune_params *params)
{
    mcl_prune_stats stats = { 0 } ;
    GrB_Index n ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&n, E)) ;
    // 1. cutoff
    EXAMPLE_TRY (GrB_Matrix_select_FP64 (P, NULL, NULL, GrB_VALUEGE_FP64, E,
        params->cutoff, NULL)) ;

    // 2. and 3.: which rows need a threshold of their own
    double *full = mcl_rows_array (n) ;
    double *after_cutoff = mcl_rows_array (n) ;
    double *mass = mcl_rows_array (n) ;
    mcl_rows_count (full, E) ;
    mcl_rows_count (after_cutoff, P) ;
    mcl_rows_reduce (mass, P, GrB_PLUS_MONOID_FP64, 0) ;
    double *bar = NULL, *sorted = NULL ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        row_action action = action_for (full [i], after_cutoff [i], mass [i], params) ;
        if (action == keep_cutoff) continue ;
        if (bar == NULL)
        {
            bar = mcl_rows_array (n) ;
            sorted = mcl_rows_array (n) ;
            for (GrB_Index r = 0 ; r < n ; r++) bar [r] = params->cutoff ;
        }
        GrB_Index count = sorted_row (sorted, E, i, n) ;
        bar [i] = row_threshold (sorted, count, after_cutoff [i], action, params) ;
        if (action == recover_row) stats.rows_recovered++ ;
        else stats.rows_selected++ ;
    }
    if (bar != NULL) mcl_rows_select_at_least (P, E, bar) ;

    if (params->recover == 0) stats.rows_emptied = fill_empty_rows (P, n) ;
    // 4.
    mcl_rows_normalize (P) ;
    free (sorted) ;
    free (bar) ;
    free (mass) ;
    free (after_cutoff) ;
    free (full) ;
    return (stats) ;
}
