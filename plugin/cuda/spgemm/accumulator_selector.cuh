// plugin/cuda/spgemm/accumulator_selector.cuh: which accumulator each row of C gets, from cheap
// statistics of its row of A gathered by analyse_rows (spgemm.cu), in the
// spirit of KokkosKernels' meta-algorithm.  Every threshold of the choice
// (DENSE_MIN_FILL, DENSE_RANGES_MIN_FILL, DENSE_COUNT_MIN_FILL,
// HASH_NUMERIC_SLACK, MERGE_*) is in kernels/tuning.cuh with where its value
// comes from, beside the kernels' own tuning.
// SPDX-License-Identifier: Apache-2.0
//
//   copy    A(i,:) has one entry: C(i,:) = a(i,k) * B(k,:), B's row copied
//           and scaled, no accumulator at all (power-law graphs have many)
//   shuffle at most shuffle_policy::lanes products and entries of A(i,:): a
//           product a lane, sorted by shuffles, no table (road networks
//           have many)
//   merge   few long sorted rows of B, little overlap: merged (merge_rows.cuh)
//   hash    tables in shared memory sized per bin, or in global memory;
//           the numeric phase's a size roomier where that puts more threads
//           on the row
//   dense   a row that fills much of its width (dense_rows.cuh); counting,
//           also a row whose shared table would take a whole block and
//           whose products reach 1/DENSE_COUNT_MIN_FILL of the width; with B's
//           rows sorted and no mask, also a row that would hash in shared
//           memory but fills 1/DENSE_RANGES_MIN_FILL of it (filled by column
//           ranges from the sorted runs, no table to sort)
//
// Copy and merge read B's rows as sorted runs without duplicates, so they are
// used only when B's rows are sorted (checked on the device, once a call) and
// the product is unmasked (the mask's preloaded entries live in the hash and
// dense accumulators only); shuffle, only when it is unmasked.  The numeric
// phase keeps the symbolic phase's choice for copy, shuffle and merge rows,
// except a merge row whose compression turned out high: it then hashes its
// now known number of entries.
//
// GBGPU_ACCUMULATOR=hash|dense|merge|auto (environment, read every call) forces
// one accumulator on every row it can take, for tests and tuning only.
//
// The accumulators and their bins (BIN_<BIN>) come from the registry
// (kernels/accumulators.h); a new accumulator's rule for the rows it takes,
// chosen or forced, goes here.

#ifndef GBGPU_ACCUMULATOR_SELECTOR_CUH
#define GBGPU_ACCUMULATOR_SELECTOR_CUH

#include "spgemm/spgemm.cuh"

namespace gbgpu {

//------------------------------------------------------------------------------
// the choice
//------------------------------------------------------------------------------

// Auto, or every row on one accumulator (the knob GBGPU_ACCUMULATOR).
using accumulator_choice = gbgpu_cuda_accumulator ;

// What analyse_rows knows about row i when choosing.
struct row_statistics
{
    int64_t products ;      // sum over a(i,k) of nnz(B(k,:))
    int64_t segments ;      // nnz(A(i,:)): the rows of B merged
} ;

// The first shared bin whose rows take a whole block: from it on, the
// symbolic phase may count densely (DENSE_COUNT_MIN_FILL); and the last bin
// a numeric row moves up to (HASH_NUMERIC_SLACK), as a roomier table past
// it brings no more threads.
constexpr int first_whole_block_bin ()
{
    int b = 0 ;
    while (b < N_SHARED_BINS && shared_bins [b].group_threads < GLOBAL_GROUP_THREADS) b++ ;
    return b ;
}
constexpr int WHOLE_BLOCK_BIN = first_whole_block_bin () ;

// The hash or dense bin for a row whose table must hold `need` entries.
__device__ __forceinline__ int table_bin (int64_t need, int64_t ncols, int shared,
    accumulator_choice choice)
{
    if (choice == GBGPU_CUDA_ACCUMULATOR_DENSE) return BIN_DENSE ;
    for (int b = 0 ; b < shared ; b++)
        if (need <= bin_capacity (bin_table_bits (b))) return b ;
    if (choice == GBGPU_CUDA_ACCUMULATOR_HASH) return BIN_GLOBAL ;
    return (need * DENSE_MIN_FILL >= ncols) ? BIN_DENSE : BIN_GLOBAL ;
}

__device__ __forceinline__ bool merge_pays (const row_statistics &r)
{
    return r.segments >= 2 && r.segments <= MERGE_MAX_SEGMENTS
        && r.products >= MERGE_MIN_PRODUCTS && r.products <= MERGE_MAX_PRODUCTS
        && r.products >= MERGE_MIN_MEAN_SEGMENT * r.segments ;
}

// Symbolic phase: need = entries the row's table must hold (0: empty row);
// unmasked (shuffle may be used); sorted_runs: unmasked, and B's rows sorted
// (copy and merge may be used).
__device__ __forceinline__ int select_symbolic_bin (const row_statistics &r,
    int64_t need, int64_t ncols, int shared, bool unmasked, bool sorted_runs,
    accumulator_choice choice)
{
    if (need == 0) return BIN_EMPTY ;
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_MERGE) return BIN_MERGE ;
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_AUTO && r.segments == 1) return BIN_COPY ;
    // (its lanes take A(i,:) a group's width at a time: a long row of A
    // reaching mostly empty rows of B would hold its warp)
    if (unmasked && choice == GBGPU_CUDA_ACCUMULATOR_AUTO && r.products <= shuffle_policy::lanes
        && r.segments <= shuffle_policy::lanes)
        return BIN_SHUFFLE ;
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_AUTO && merge_pays (r)) return BIN_MERGE ;
    const int b = table_bin (need, ncols, shared, choice) ;
    // (a row past the shared bins that reaches 1/DENSE_MIN_FILL of the width
    // is dense already)
    if (choice == GBGPU_CUDA_ACCUMULATOR_AUTO && b >= WHOLE_BLOCK_BIN && b < N_SHARED_BINS
        && need * DENSE_COUNT_MIN_FILL >= ncols)
        return BIN_DENSE ;
    return b ;
}

// Numeric phase: entries = nnz(C(i,:)); symbolic_bin = the symbolic choice;
// sorted_runs as for the symbolic phase (the dense fill by column ranges).
__device__ __forceinline__ int select_numeric_bin (const row_statistics &r,
    int64_t entries, int64_t ncols, int shared, int symbolic_bin, bool sorted_runs,
    accumulator_choice choice)
{
    if (entries == 0) return BIN_EMPTY ;
    if (symbolic_bin == BIN_COPY || symbolic_bin == BIN_SHUFFLE) return symbolic_bin ;
    if (symbolic_bin == BIN_MERGE
        && (choice == GBGPU_CUDA_ACCUMULATOR_MERGE || r.products <= MERGE_MAX_COMPRESSION * entries))
        return BIN_MERGE ;
    int b = table_bin (entries, ncols, shared, choice) ;
    if (b < WHOLE_BLOCK_BIN)
    {
        const int roomier = table_bin (entries * HASH_NUMERIC_SLACK, ncols, shared, choice) ;
        if (roomier <= WHOLE_BLOCK_BIN && roomier < N_SHARED_BINS) b = roomier ;
    }
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_AUTO && b < N_SHARED_BINS
        && entries * DENSE_RANGES_MIN_FILL >= ncols)
        return BIN_DENSE ;
    return b ;
}

}   // namespace gbgpu

#endif
