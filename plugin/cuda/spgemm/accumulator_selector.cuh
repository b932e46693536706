// plugin/cuda/spgemm/accumulator_selector.cuh: which accumulator each row of C gets, from cheap
// statistics of its row of A gathered by analyse_rows (spgemm.cu), in the
// spirit of KokkosKernels' meta-algorithm.  Every threshold of the choice is
// here, with where its value comes from; the kernels' own tuning (block sizes)
// is in their policy structs.
// SPDX-License-Identifier: Apache-2.0
//
//   copy    A(i,:) has one entry: C(i,:) = a(i,k) * B(k,:), B's row copied
//           and scaled, no accumulator at all (power-law graphs have many)
//   merge   few long sorted rows of B, little overlap: merged (merge_rows.cuh)
//   hash    tables in shared memory sized per bin, or in global memory
//   dense   a row that fills much of its width (dense_rows.cuh)
//
// Copy and merge read B's rows as sorted runs without duplicates, so they are
// used only when B's rows are sorted (checked on the device, once a call) and
// the product is unmasked (the mask's preloaded entries live in the hash and
// dense accumulators only).  The numeric phase keeps the symbolic phase's
// choice for copy and merge rows, except a merge row whose compression turned
// out high: it then hashes its now known number of entries.
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
// thresholds
//------------------------------------------------------------------------------

// A row too large for shared memory accumulates densely (one slot per column
// of B, no hashing, no sort: the slots are read back in column order) when it
// fills at least 1/DENSE_MIN_FILL of them; clearing the rest costs less then
// than probing and sorting.  Measured (H200, v0.2): rmat:16 with the cutoff at
// 1/64 left no row between 3072 and 12288 entries in global tables.
constexpr int64_t DENSE_MIN_FILL = 64 ;

// Merge a row when all of these hold (INITIAL GUESSES, to be tuned on the
// device with bench --breakdown and GBGPU_ACCUMULATOR):
//
// - at least MERGE_MIN_PRODUCTS products: below, the row fits a hash table of
//   at most 2048 slots, several blocks per multiprocessor and a cheap sort
//   (counting up to 512 slots); above, the tables are 4096..16384 slots, one
//   block per multiprocessor and a bitonic sort of 100+ barriers (NOTES v0.2).
constexpr int64_t MERGE_MIN_PRODUCTS = 1536 ;
// - at most MERGE_MAX_PRODUCTS products: bounds the merge's buffers (two of
//   keys and values per block, 24 bytes a product for FP64: 1.5 MB a block,
//   ~400 MB for the 264 blocks of an H200); longer rows fill enough of their
//   width for the dense accumulator, which sweeps the width once instead of
//   passing over the products several times.
constexpr int64_t MERGE_MAX_PRODUCTS = 1 << 16 ;
// - at most MERGE_MAX_SEGMENTS entries in A(i,:): the merge makes
//   ceil(log2 (segments)) passes over the row's products; four passes is
//   taken as the cost of one hash insertion plus the table's sort.
constexpr int64_t MERGE_MAX_SEGMENTS = 16 ;
// - at least MERGE_MIN_MEAN_SEGMENT products per entry of A(i,:) on average:
//   each thread merges merge_policy::items_per_thread outputs after one
//   binary search; short runs make most of those searches straddle runs.
constexpr int64_t MERGE_MIN_MEAN_SEGMENT = 128 ;
// - numeric phase: at most MERGE_MAX_COMPRESSION products per entry of C(i,:)
//   (Ji et al. merge the low-compression rows): every duplicate goes through
//   every pass of the merge, while a hash table holds it once.
constexpr int64_t MERGE_MAX_COMPRESSION = 2 ;

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
// sorted_runs: unmasked, and B's rows sorted (copy and merge may be used).
__device__ __forceinline__ int select_symbolic_bin (const row_statistics &r,
    int64_t need, int64_t ncols, int shared, bool sorted_runs,
    accumulator_choice choice)
{
    if (need == 0) return BIN_EMPTY ;
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_MERGE) return BIN_MERGE ;
    if (sorted_runs && choice == GBGPU_CUDA_ACCUMULATOR_AUTO)
    {
        if (r.segments == 1) return BIN_COPY ;
        if (merge_pays (r)) return BIN_MERGE ;
    }
    return table_bin (need, ncols, shared, choice) ;
}

// Numeric phase: entries = nnz(C(i,:)); symbolic_bin = the symbolic choice.
__device__ __forceinline__ int select_numeric_bin (const row_statistics &r,
    int64_t entries, int64_t ncols, int shared, int symbolic_bin,
    accumulator_choice choice)
{
    if (entries == 0) return BIN_EMPTY ;
    if (symbolic_bin == BIN_COPY) return BIN_COPY ;
    if (symbolic_bin == BIN_MERGE
        && (choice == GBGPU_CUDA_ACCUMULATOR_MERGE || r.products <= MERGE_MAX_COMPRESSION * entries))
        return BIN_MERGE ;
    return table_bin (entries, ncols, shared, choice) ;
}

}   // namespace gbgpu

#endif
