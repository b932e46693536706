// bench/bench_peers.h: the peer GPU SpGEMM programs (../shared/peers: OpSparse,
// spECK, nsparse, cuSPARSE as OpSparse times it), run on this run's inputs so
// that their GFLOPS stand beside gbgpu's in the same table (--peers).
// SPDX-License-Identifier: Apache-2.0
//
// DIR/run.sh runs once for all inputs (bash, its arguments passed as they
// are: no shell reads them).  A file input is passed as its path; a generator
// spec is first written as Matrix Market into a temporary folder (removed
// afterwards), so that the peers multiply the very A that gbgpu does.  run.sh
// answers one stdout line per input and peer, in the order of its arguments:
// "MATRIX PEER GFLOPS", "MATRIX PEER fail" or "MATRIX PEER skip" (A not
// square), where MATRIX is the file's name without folder, ".gz", ".bz2" and
// ".mtx".  Its stderr (device, sizes, reasons) passes through to ours; PEERS
// and PEERS_TIMEOUT in the environment pass through to it.
//
// A peer's GFLOPS is 2 * products / mean time of 10 products of C = A*A in
// FP64, inputs on the device and C complete there: the scope of gbgpu's
// kernel column (docs/performance.md, "How to measure").

#ifndef BENCH_PEERS_H
#define BENCH_PEERS_H

#include <stdbool.h>
#include "bench_inputs.h"

typedef enum
{
    BENCH_PEER_OPSPARSE, BENCH_PEER_SPECK, BENCH_PEER_NSPARSE, BENCH_PEER_CUSPARSE,
    BENCH_NPEERS
}
bench_peer ;

// As run.sh names them: "opsparse", "speck", "nsparse", "cusparse".
extern const char *const bench_peer_names [BENCH_NPEERS] ;

typedef enum
{
    BENCH_PEER_NOT_RUN,     // no line for it (no --peers, PEERS left it out, absent input)
    BENCH_PEER_TIMED,       // gflops holds its number
    BENCH_PEER_FAILED,      // run.sh said fail: crash, out of memory, timeout
    BENCH_PEER_SKIPPED,     // run.sh said skip: A is not square
}
bench_peer_status ;

typedef struct
{
    bench_peer_status status ;
    double gflops ;
}
bench_peer_result ;

// The peers on one input (all BENCH_PEER_NOT_RUN when zeroed).
typedef struct
{
    bench_peer_result peer [BENCH_NPEERS] ;
    char note [160] ;       // why the peers have no number for it, if known
}
bench_peer_row ;

// Run dir/run.sh on inputs [0..count-1] (absent ones left out) and fill
// rows [0..count-1].  False, after saying why on stderr, when run.sh could
// not be run at all; a run.sh that stops early leaves the inputs it did not
// reach with a note.
bool bench_peers_run (const char *dir, const bench_input *inputs, int count,
    bench_peer_row *rows) ;

// The peer with the most GFLOPS on this input, or -1 when none has a number.
int bench_peers_best (const bench_peer_row *row) ;

#endif
