// plugin/cuda/kernels/row_walk.cuh: how the threads on one row of C share out its products.
// SPDX-License-Identifier: Apache-2.0
//
// Both row-wise accumulators (hash_rows.cuh, dense_rows.cuh) walk row i's
// products the same way: groups of G lanes each take an entry a(i,k) of
// A(i,:) at a time, and a group's lanes take every G-th entry of B(k,:).
//
// The caller sets G.  The dense kernel sizes it per row (row_lane_bits): the
// smallest power of two at least the mean length of the row's rows of B, up
// to a warp, beyond only when A(i,:) has too few entries to give every group
// one; on a power-law B a warp per entry left most lanes idle on the short
// rows.  The hash kernel keeps a warp per entry: sized lanes took its fill
// from 32 to 60 registers and half the occupancy (H100, bcsstk33).
//
// The entries go to the groups either in a fixed order (group g takes g,
// g + groups, ...) or, where a row has several warps and many entries, as
// the warps come free, from a counter in shared memory: a warp's groups take
// the next entries, one each.  With a fixed share each, the warps on a row
// of a power-law product waited at the next barrier for the one that drew
// the long rows of B: a third of the stalls of rmat:16's dense fill, half of
// its count (ncu, H100); taking entries as they come halved the fill's time.
// Where a warp takes few entries (a 27-point stencil's rows), the counter's
// atomic per entry costs more than it balances (grid3d27:50's count, +24%
// with it): the hash accumulator uses the counter only past
// HASH_MIN_SHARED_ENTRIES entries a warp (tuning.cuh); the dense one's rows
// are long.

#ifndef GBGPU_ROW_WALK_CUH
#define GBGPU_ROW_WALK_CUH

#include "rows.cuh"

namespace gbgpu {

// log2 of G for a row with `products` products over `entries` entries of
// A(i,:), walked by `threads` threads.
__device__ __forceinline__ int row_lane_bits (int64_t products, int64_t entries, int threads)
{
    const int64_t mean = (entries > 0) ? (products + entries - 1) / entries : 0 ;
    int bits = 0 ;
    while (bits < 5 && (1 << bits) < threads && (int64_t (1) << bits) < mean) bits++ ;
    while ((1 << bits) < threads && (threads >> bits) > entries
        && (int64_t (1) << bits) < mean) bits++ ;
    return bits ;
}

// Which of a row's products a thread takes: thread `thread_in_row` of the
// `threads` on the row (a whole number of warps, or one warp), in groups of
// G = 2^lane_bits lanes.
struct row_lanes
{
    int G, group, lane_in_group, groups, warps ;
    __device__ __forceinline__ row_lanes (int lane_bits, int threads, int thread_in_row)
        : G (1 << lane_bits), group (thread_in_row >> lane_bits),
          lane_in_group (thread_in_row & ((1 << lane_bits) - 1)), groups (threads >> lane_bits),
          warps ((threads + 31) / 32) { }
} ;

// Calls walk (s) on the lanes of one group for each entry s < a_length of
// A(i,:).  next_entry: the row's counter in shared memory, 0 before the
// walk, or NULL for the fixed order; it is used only where the row has
// several warps and groups of at most a warp.  Every lane of a warp calls
// this (the shared order's shuffle).
template <class WALK>
__device__ __forceinline__ void for_each_entry (int32_t a_length, const row_lanes &lanes,
    int *next_entry, const WALK &walk)
{
    if (next_entry == nullptr || lanes.G > 32 || lanes.warps == 1)
    {
        for (int32_t s = lanes.group ; s < a_length ; s += lanes.groups) walk (s) ;
        return ;
    }
    const int lane = threadIdx.x & 31, groups_per_warp = 32 / lanes.G ;
    for ( ; ; )
    {
        int32_t first = 0 ;
        if (lane == 0) first = atomicAdd (next_entry, groups_per_warp) ;
        first = __shfl_sync (0xFFFFFFFFu, first, 0) ;
        if (first >= a_length) return ;
        const int32_t s = first + lane / lanes.G ;
        if (s < a_length) walk (s) ;
    }
}

}   // namespace gbgpu

#endif
