// bench/bench_options.h: gbgpu-bench's command line.
// SPDX-License-Identifier: Apache-2.0
//
// Its options, the semirings it can name, and how each method is to be
// timed (bench_plan).

#ifndef BENCH_OPTIONS_H
#define BENCH_OPTIONS_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include "kernels/semiring_codes.h"

//------------------------------------------------------------------------------
// semirings: each under the three names it has
//------------------------------------------------------------------------------

// The GraphBLAS object (for GrB_mxm), the gbgpu code (for the kernel-level
// API) and the value type both sides compute in.
typedef enum
{
    BENCH_VALUES_BOOL, BENCH_VALUES_INT64, BENCH_VALUES_FP32, BENCH_VALUES_FP64
}
bench_value_kind ;

typedef struct
{
    const char *name ;              // as given to --semiring
    GrB_Semiring *semiring ;        // the GraphBLAS global, e.g. &GxB_ANY_PAIR_BOOL
    GrB_Type *type ;                // inputs are typecast to it, C has it
    GrB_UnaryOp *identity ;         // the typecast: C = identity (A)
    gbgpu_semiring code ;
    bench_value_kind kind ;
    // A floating-point result passes when |x - ref| <= rtol*|ref| + atol*max|ref|
    double rtol, atol ;
    bool cusparse ;                 // PLUS_TIMES: cuSPARSE's SpGEMM computes it too
}
bench_semiring ;

// The semiring of that name, or NULL.
const bench_semiring *bench_semiring_named (const char *name) ;

// "plus_times_fp64|plus_times_fp32|...", for the usage message.
extern const char bench_semiring_names [] ;

//------------------------------------------------------------------------------
// the command line
//------------------------------------------------------------------------------

// How each method is timed (bench_measure.h).
typedef struct
{
    int runs ;              // timed runs wanted, after the warm-up
    double max_seconds ;    // ... but fewer when they would take longer than this
    bool same_C ;           // GrB_mxm's runs write one C, as a program's loop of
                            // products does (else a new C each run)
}
bench_plan ;

typedef struct
{
    const char **inputs ;           // generator specs and paths, as given
    int ninputs ;
    bool default_suite ;            // --default-suite (also when no input is named)
    bool graph_suite ;              // --graph-suite: graph products (bench_graph.h)
    bool data ;                     // --data: every file of $GBGPU_DATA_DIR/matrices
    bool cpu_only ;                 // --cpu-only: the SuiteSparse column alone
    const bench_semiring *semiring ;
    bench_plan plan ;
    const char *csv_path ;          // --csv FILE
    const char *markdown_path ;     // --markdown FILE (appended to)
    int device ;                    // --device N
    bool breakdown ;                // --breakdown: per phase and per bin
    bool bus ;                      // --bus: transfer rates beside the pinned rate
    const char *peers_dir ;         // --peers, --peers-dir DIR: the peers' folder (bench_peers.h)
    int jit ;                       // --jit [N]: N new semirings to the GPU (bench_jit.h); 0: no
    int jit_disk_child ;            // --jit-disk-child N: --jit's second process
    bool first_call ;               // --first-call: first product vs tenth (bench_first_call.h)
    const char *first_call_child ;  // --first-call-child SPEC: its new process
}
bench_options ;

// Parse argv into *o; prints the usage and exits on --help or a bad option.
void bench_options_parse (bench_options *o, int argc, char **argv) ;
void bench_options_free (bench_options *o) ;

#endif
