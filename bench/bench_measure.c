// bench/bench_measure.c: time a method, every result checked (see bench_measure.h).
// SPDX-License-Identifier: Apache-2.0
//
// Warm-up, timed runs, median; the check of every result against the
// reference, in parallel.

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_measure.h"
#include "wall_clock.h"

const char *bench_status_word (bench_status status)
{
    switch (status)
    {
        case BENCH_OK:              return ("ok") ;
        case BENCH_NOT_RUN:         return ("-") ;
        case BENCH_WRONG:           return ("WRONG") ;
        case BENCH_OUT_OF_MEMORY:   return ("oom") ;
        case BENCH_INDEX_LIMIT:     return ("idx32") ;
        case BENCH_FAILED:          return ("fail") ;
        case BENCH_NO_DEVICE:       return ("nodev") ;
        case BENCH_DELEGATED:       return ("cpu") ;
        case BENCH_ABSENT:          return ("absent") ;
    }
    return ("?") ;
}

void bench_result_set (bench_result *result, bench_status status,
    const char *format, ...)
{
    memset (result, 0, sizeof (*result)) ;
    result->status = status ;
    va_list args ;
    va_start (args, format) ;
    vsnprintf (result->note, sizeof (result->note), format, args) ;
    va_end (args) ;
}

//------------------------------------------------------------------------------
// is a result the CPU's result?  In parallel: results of the default suite
// have up to ~10^9 entries.
//------------------------------------------------------------------------------

// Value k of S as a double (BOOL and INT64 are compared exactly elsewhere).
static double value_as_double (const bench_csr *S, bench_value_kind kind,
    GrB_Index k)
{
    GrB_Index slot = S->iso ? 0 : k ;
    if (kind == BENCH_VALUES_FP32) return (((const float *) S->x) [slot]) ;
    return (((const double *) S->x) [slot]) ;
}

static bool values_equal (const bench_csr *a, const bench_csr *b,
    bench_value_kind kind, GrB_Index k)
{
    GrB_Index ka = a->iso ? 0 : k, kb = b->iso ? 0 : k ;
    if (kind == BENCH_VALUES_BOOL)
    {
        return ((((const bool *) a->x) [ka] != 0) == (((const bool *) b->x) [kb] != 0)) ;
    }
    return (((const int64_t *) a->x) [ka] == ((const int64_t *) b->x) [kb]) ;
}

// The row that holds entry k (binary search in p).
static GrB_Index row_of_entry (const bench_csr *S, GrB_Index k)
{
    GrB_Index lo = 0, hi = S->nrows ;
    while (hi - lo > 1)
    {
        GrB_Index mid = lo + (hi - lo) / 2 ;
        if (S->p [mid] <= k) lo = mid ; else hi = mid ;
    }
    return (lo) ;
}

static bool same_pattern (const bench_csr *ref, const bench_csr *res,
    char *note, size_t note_size)
{
    if (ref->nrows != res->nrows || ref->ncols != res->ncols)
    {
        snprintf (note, note_size, "C is %llux%llu, expected %llux%llu",
            (unsigned long long) res->nrows, (unsigned long long) res->ncols,
            (unsigned long long) ref->nrows, (unsigned long long) ref->ncols) ;
        return (false) ;
    }
    if (ref->nvals != res->nvals)
    {
        snprintf (note, note_size, "nnz(C) %llu, expected %llu",
            (unsigned long long) res->nvals, (unsigned long long) ref->nvals) ;
        return (false) ;
    }
    GrB_Index first_bad_row = ref->nrows ;
    #pragma omp parallel for reduction(min:first_bad_row) schedule(static, 4096)
    for (GrB_Index i = 1 ; i <= ref->nrows ; i++)
    {
        // the first differing pointer ends the first row of the wrong length
        if (ref->p [i] != res->p [i] && i - 1 < first_bad_row) first_bad_row = i - 1 ;
    }
    GrB_Index first_bad_entry = ref->nvals ;
    #pragma omp parallel for reduction(min:first_bad_entry) schedule(static, 65536)
    for (GrB_Index k = 0 ; k < ref->nvals ; k++)
    {
        if (ref->j [k] != res->j [k] && k < first_bad_entry) first_bad_entry = k ;
    }
    if (first_bad_row < ref->nrows)
    {
        snprintf (note, note_size, "row %llu has %lld entries, expected %lld",
            (unsigned long long) first_bad_row,
            (long long) (res->p [first_bad_row + 1] - res->p [first_bad_row]),
            (long long) (ref->p [first_bad_row + 1] - ref->p [first_bad_row])) ;
        return (false) ;
    }
    if (first_bad_entry < ref->nvals)
    {
        snprintf (note, note_size, "C(%llu,%llu) present, expected C(%llu,%llu)",
            (unsigned long long) row_of_entry (res, first_bad_entry),
            (unsigned long long) res->j [first_bad_entry],
            (unsigned long long) row_of_entry (ref, first_bad_entry),
            (unsigned long long) ref->j [first_bad_entry]) ;
        return (false) ;
    }
    return (true) ;
}

static bool same_exact_values (const bench_csr *ref, const bench_csr *res,
    bench_value_kind kind, char *note, size_t note_size)
{
    GrB_Index first_bad = ref->nvals ;
    #pragma omp parallel for reduction(min:first_bad) schedule(static, 65536)
    for (GrB_Index k = 0 ; k < ref->nvals ; k++)
    {
        if (!values_equal (ref, res, kind, k) && k < first_bad) first_bad = k ;
    }
    if (first_bad == ref->nvals) return (true) ;
    snprintf (note, note_size, "C(%llu,%llu) has a wrong value",
        (unsigned long long) row_of_entry (ref, first_bad),
        (unsigned long long) ref->j [first_bad]) ;
    return (false) ;
}

static bool close_values (const bench_csr *ref, const bench_csr *res,
    const bench_semiring *s, char *note, size_t note_size)
{
    double largest = 0 ;
    #pragma omp parallel for reduction(max:largest) schedule(static, 65536)
    for (GrB_Index k = 0 ; k < ref->nvals ; k++)
    {
        double v = fabs (value_as_double (ref, s->kind, k)) ;
        if (v > largest) largest = v ;
    }
    double floor = s->atol * largest ;
    GrB_Index first_bad = ref->nvals ;
    #pragma omp parallel for reduction(min:first_bad) schedule(static, 65536)
    for (GrB_Index k = 0 ; k < ref->nvals ; k++)
    {
        double want = value_as_double (ref, s->kind, k) ;
        double got = value_as_double (res, s->kind, k) ;
        // written so that a NaN fails
        bool close = fabs (got - want) <= s->rtol * fabs (want) + floor ;
        if (!close && k < first_bad) first_bad = k ;
    }
    if (first_bad == ref->nvals) return (true) ;
    snprintf (note, note_size, "C(%llu,%llu) = %.17g, expected %.17g",
        (unsigned long long) row_of_entry (ref, first_bad),
        (unsigned long long) ref->j [first_bad],
        value_as_double (res, s->kind, first_bad),
        value_as_double (ref, s->kind, first_bad)) ;
    return (false) ;
}

// True when result matches reference; otherwise why, in note.
static bool bench_check (const bench_csr *reference, const bench_csr *result,
    const bench_semiring *semiring, char *note, size_t note_size)
{
    if (!same_pattern (reference, result, note, note_size)) return (false) ;
    if (semiring->kind == BENCH_VALUES_BOOL || semiring->kind == BENCH_VALUES_INT64)
    {
        return (same_exact_values (reference, result, semiring->kind, note,
            note_size)) ;
    }
    return (close_values (reference, result, semiring, note, note_size)) ;
}

//------------------------------------------------------------------------------
// timing
//------------------------------------------------------------------------------

// One run, its result checked (or kept as the reference when there is none).
static bench_status run_checked (bench_result *result,
    const bench_semiring *semiring, bench_csr *reference,
    bench_produce_fn produce, void *context, double *seconds)
{
    bench_csr C ;
    memset (&C, 0, sizeof (C)) ;
    bench_status status = produce (context, &C, seconds, result->note,
        sizeof (result->note)) ;
    if (status != BENCH_OK)
    {
        bench_csr_free (&C) ;
        return (status) ;
    }
    if (!bench_csr_present (reference))
    {
        *reference = C ;
        return (BENCH_OK) ;
    }
    char why [256] ;
    bool passed = bench_check (reference, &C, semiring, why, sizeof (why)) ;
    bench_csr_free (&C) ;
    if (passed) return (BENCH_OK) ;
    snprintf (result->note, sizeof (result->note), "%s", why) ;
    return (BENCH_WRONG) ;
}

static int by_value (const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b ;
    return ((x > y) - (x < y)) ;
}

static double median (double *values, int n)
{
    qsort (values, (size_t) n, sizeof (double), by_value) ;
    return (n % 2 ? values [n/2] : 0.5 * (values [n/2 - 1] + values [n/2])) ;
}

void bench_note_append (char *note, size_t size, const char *text)
{
    size_t used = strlen (note) ;
    snprintf (note + used, size - used, "%s%s", used ? "; " : "", text) ;
}

void bench_measure (bench_result *result, const bench_plan *plan,
    const bench_semiring *semiring, bench_csr *reference,
    bench_produce_fn produce, void *context)
{
    memset (result, 0, sizeof (*result)) ;
    double warm_up, start = wall_clock_seconds () ;
    result->status = run_checked (result, semiring, reference, produce, context,
        &warm_up) ;
    if (result->status != BENCH_OK) return ;
    // what one run costs, untimed download and check included
    double run_cost = wall_clock_seconds () - start ;

    char remark [96] ;
    if (warm_up > plan->max_seconds)
    {
        // so slow that warming up is noise: the warm-up is the one measurement
        result->seconds = warm_up ;
        result->runs = 1 ;
        result->capped = plan->runs > 1 ;
        snprintf (remark, sizeof (remark), "1 run, the warm-up: it took %.1f s",
            warm_up) ;
        if (result->capped) bench_note_append (result->note, sizeof (result->note), remark) ;
        return ;
    }
    int runs = plan->runs ;
    if (run_cost * runs > plan->max_seconds)
    {
        runs = (int) (plan->max_seconds / run_cost) ;
        if (runs < 1) runs = 1 ;
    }
    double *seconds = malloc ((size_t) runs * sizeof (double)) ;
    if (seconds == NULL)
    {
        bench_result_set (result, BENCH_FAILED, "out of host memory") ;
        return ;
    }
    for (int r = 0 ; r < runs && result->status == BENCH_OK ; r++)
    {
        result->status = run_checked (result, semiring, reference, produce,
            context, &seconds [r]) ;
    }
    if (result->status == BENCH_OK)
    {
        result->seconds = median (seconds, runs) ;
        result->runs = runs ;
        result->capped = runs < plan->runs ;
        snprintf (remark, sizeof (remark), "%d run%s: one took %.1f s with its check",
            runs, runs > 1 ? "s" : "", run_cost) ;
        if (result->capped) bench_note_append (result->note, sizeof (result->note), remark) ;
    }
    free (seconds) ;
}
