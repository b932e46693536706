// bench/bench_check.c: compare a result with the reference, in parallel (results
// of the default suite have up to ~10^9 entries).
// SPDX-License-Identifier: Apache-2.0

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bench_check.h"

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

bool bench_check (const bench_csr *reference, const bench_csr *result,
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
