// bench/bench_table.h: gbgpu-bench's output: one row per input, written as it
// completes to three places with the same cells: an aligned table on stdout,
// CSV (--csv) and Markdown appended to a results file (--markdown).  The last
// line holds the geometric means of the speedups.
// SPDX-License-Identifier: Apache-2.0
//
// Columns: input, rows, cols, nnz(A), nnz(B), products (sum over a(i,k) of
// nnz(B(k,:))), nnz(C), compr (products / nnz(C)), gbgpu_ms (kernel),
// GFLOPS (2 products / kernel time), e2e_ms (gbgpu's GrB_mxm), cusparse_ms,
// cpu_ms (SuiteSparse), peak_MiB (gbgpu's device memory peak in the kernel
// column, inputs included), vs_cusparse (cuSPARSE time / kernel time),
// e2e_vs_cpu (CPU time / end-to-end time), notes.  A time marked * is the
// median of fewer runs than asked (the notes say how many); a word in place
// of a time says why there is none (bench_status_word).
//
// With --peers (bench_peers.h), before notes: best_peer (the peer with the
// most GFLOPS on the input), best_peer_GFLOPS, vs_best_peer (gbgpu's kernel
// GFLOPS / best_peer_GFLOPS: the same scope, inputs on the device and C
// complete there); in the CSV and the Markdown also one column per peer,
// opsparse_GFLOPS .. cusparse_GFLOPS: its number, fail, or - (not run, or A
// not square: the peers compute A*A only).

#ifndef BENCH_TABLE_H
#define BENCH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bench_measure.h"
#include "bench_peers.h"
#include "gbgpu_cuda.h"

typedef struct
{
    char label [96] ;
    bool loaded ;                   // the counts are known
    GrB_Index nrows, ncols, nnz_A, nnz_B ;
    int64_t products ;
    bool have_C ;                   // nnz_C is known
    GrB_Index nnz_C ;
    bench_result kernel, e2e, cusparse, cpu ;
    bench_result policy_auto ;      // --graph-suite: GrB_mxm under policy auto
    size_t peak_bytes ;
    bool have_breakdown ;           // --breakdown, and the kernel column ran
    gbgpu_cuda_profile breakdown ;  // of its last run
    bench_peer_row peers ;          // --peers: the peer programs on this input
    char note [512] ;               // about the input itself
}
bench_row ;

typedef struct bench_table bench_table ;

// Start the outputs (NULL if a file cannot be opened).  context: one line
// (date, device, library, commit, semiring, runs) printed above the table;
// with_peers: the peers' columns are there (--peers); with_auto: the
// columns of policy auto (--graph-suite).
bench_table *bench_table_open (const char *csv_path, const char *markdown_path,
    const char *context, int label_width, bool with_peers, bool with_auto) ;

void bench_table_row (bench_table *table, const bench_row *row) ;

// The geometric means, then close the files.
void bench_table_close (bench_table *table) ;

#endif
