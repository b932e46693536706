// examples/mcl/mcl_prune.h: mcl's pruning of an expanded matrix, node by node.
// SPDX-License-Identifier: Apache-2.0
//
// Expansion fills the matrix in; mcl keeps it sparse by pruning every node's
// vector (here: row) after each expansion, with its defaults -P 10000
// -S 1100 -R 1400 -pct 90 (mcl -z), in this order:
//
//   1. cutoff: entries below 1/P are dropped (GrB_select, one threshold);
//   2. recovery: if fewer than R entries are left and they hold less than
//      pct% of the row's mass, the largest dropped entries come back until
//      the row has R entries (or all it had);
//   3. selection (when there was no recovery): a row with more than S
//      entries keeps its S largest; if those hold less than pct% of the mass
//      and are fewer than R, recovery as in 2 (the R largest, or the cutoff
//      set when that has no more than R entries).
//   4. each row is divided by its sum again.
//
// A kept "k largest" includes every entry equal to the k-th largest, as in
// mcl.  Steps 2 and 3 give a row its own threshold; the rows that need one
// are found with row reductions and usually are few: their values are read
// on the host, the threshold computed there, and all rows are then pruned by
// one GrB_select against their thresholds (mcl_rows.h).
// Values are doubles here and floats in mcl, so entries close to a threshold
// may fall on different sides of it: results agree closely, not bit for bit.

#ifndef MCL_PRUNE_H
#define MCL_PRUNE_H

#include <GraphBLAS.h>

typedef struct
{
    double cutoff ;             // 1/P
    GrB_Index select ;          // S; 0: no selection
    GrB_Index recover ;         // R; 0: no recovery
    double recover_mass ;       // pct/100
}
mcl_prune_params ;

// mcl's defaults: -P 10000 -S 1100 -R 1400 -pct 90.
mcl_prune_params mcl_prune_defaults (void) ;

typedef struct
{
    GrB_Index rows_selected ;   // rows cut down to S entries
    GrB_Index rows_recovered ;  // rows given entries back
    GrB_Index rows_emptied ;    // rows with nothing left (R = 0): a self-loop
                                // of 1 is put in, as mcl does
}
mcl_prune_stats ;

// P = E pruned and rows normalized (P and E distinct, n-by-n FP64).
mcl_prune_stats mcl_prune (GrB_Matrix P, GrB_Matrix E,
    const mcl_prune_params *params) ;

#endif
