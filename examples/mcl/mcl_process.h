// examples/mcl/mcl_process.h: the MCL iterations, as mcl runs them.
// SPDX-License-Identifier: Apache-2.0
//
// From the row-stochastic start matrix P (mcl_start.h), each iteration
//
//   expands      E = P * P                 GrB_mxm over PLUS_TIMES_FP64
//   prunes       P = prune (E)             mcl_prune.h, rows sum to 1 again
//   measures     chaos = max over rows i of (max_j P(i,j) - sum_j P(i,j)^2)
//                        * entries of row i     (0 for a row of one value)
//   inflates     P = P .^ inflation, rows divided by their sums
//
// and the process stops after the iteration whose chaos (measured before
// inflation, as mcl does) is below the limit: mcl's -I 2 and 0.0001.  The
// matrix then is (nearly) idempotent: mcl_interpret.h reads the clusters.

#ifndef MCL_PROCESS_H
#define MCL_PROCESS_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include "mcl_prune.h"

typedef struct
{
    double inflation ;          // -I, default 2
    mcl_prune_params prune ;
    double chaos_limit ;        // default 0.0001
    int max_iterations ;        // default 10000 (mcl -L)
}
mcl_params ;

mcl_params mcl_params_defaults (void) ;

// What one iteration did, for progress lines.
typedef struct
{
    int number ;                    // 1, 2, ...
    GrB_Index expanded_entries ;    // entries of P*P
    GrB_Index pruned_entries ;      // entries left after pruning
    mcl_prune_stats prune ;
    double chaos ;
    double seconds, mxm_seconds ;
}
mcl_iteration ;

typedef void (*mcl_progress) (const mcl_iteration *iteration, void *context) ;

typedef struct
{
    int iterations ;
    bool converged ;                // chaos fell below the limit
    double chaos ;                  // of the last iteration
    double seconds, mxm_seconds ;
}
mcl_run ;

// P: in, the start matrix; out, the last iterand (the limit).  progress may
// be NULL.
mcl_run mcl_iterate (GrB_Matrix P, const mcl_params *params,
    mcl_progress progress, void *context) ;

#endif
