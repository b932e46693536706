// bench/bench_measure.c: warm-up, timed runs, median, checks (see bench_measure.h).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_check.h"
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
