// bench/bench_measure.h: how one method is timed on one input, the same way for
// every method: one warm-up run, then the median of `runs` timed runs, every
// result checked against the CPU's before its time counts.
// SPDX-License-Identifier: Apache-2.0
//
// Slow runs are fewer, so that the default suite fits in minutes: when `runs`
// runs, their untimed downloads and checks included, would take longer than
// max_seconds, there are as many as fit (at least one); when a run's timed
// part alone is over max_seconds (SuiteSparse on the largest inputs), its
// warm-up is its one measurement.  The table marks such a time with * and the
// notes say how many runs it is the median of.
//
// The check: the pattern must be exactly the CPU's; values equal for BOOL and
// INT64, and within the semiring's tolerance for FP32/FP64 (the summation
// order differs between methods).

#ifndef BENCH_MEASURE_H
#define BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include "bench_csr.h"
#include "bench_options.h"

// What a table cell says about a method.
typedef enum
{
    BENCH_OK,               // a time
    BENCH_NOT_RUN,          // "-": not asked for, or not this method's semiring
    BENCH_WRONG,            // "WRONG": the result differs from the CPU's
    BENCH_OUT_OF_MEMORY,    // "oom"
    BENCH_INDEX_LIMIT,      // "idx32": past the method's 32-bit indices
    BENCH_FAILED,           // "fail": any other error (the note says which)
    BENCH_NO_DEVICE,        // "nodev": no CUDA device
    BENCH_DELEGATED,        // "cpu": gbgpu handed the call to SuiteSparse
    BENCH_ABSENT,           // "absent": the input file is not there
}
bench_status ;

const char *bench_status_word (bench_status status) ;

typedef struct
{
    bench_status status ;
    double seconds ;        // median of the timed runs (the graph suite's CPU
                            // column: the mean of two medians, bench_graph.c)
    int runs ;              // how many runs that is
    bool capped ;           // fewer than asked, the runs being slow
    char note [320] ;       // why it is not a time, or a remark on the time
}
bench_result ;

// A result of `status` (not a time) with a note (printf format).
void bench_result_set (bench_result *result, bench_status status,
    const char *format, ...)
#if defined(__GNUC__)
    __attribute__ ((format (printf, 3, 4)))
#endif
    ;

// Appends text to a note: "first; second".
void bench_note_append (char *note, size_t size, const char *text) ;

// One run of a method: C on the host, and the seconds that count; or a
// failure status and why, in note.  A note left on success is a remark.
typedef bench_status (*bench_produce_fn) (void *context, bench_csr *C,
    double *seconds, char *note, size_t note_size) ;

// Time a method by `plan`, checking every result against *reference.  When
// *reference is empty, the warm-up's result becomes it (the CPU column).
void bench_measure (bench_result *result, const bench_plan *plan,
    const bench_semiring *semiring, bench_csr *reference,
    bench_produce_fn produce, void *context) ;

#endif
