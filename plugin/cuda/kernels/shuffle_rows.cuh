// plugin/cuda/kernels/shuffle_rows.cuh: rows of C with at most a few products, each row by a few
// lanes of a warp: one product a lane, put in column order by shuffles, equal
// columns folded by the monoid; no table at all.
// SPDX-License-Identifier: Apache-2.0
//
// Road networks and meshes have rows of a handful of products (luxembourg:
// 98% of the rows of A*A have at most 8).  A hash table of 64 slots for such
// a row, cleared, probed, gathered and put in order, with five barriers of
// its block, cost more than its products: hash64 took 0.050 ms to count and
// 0.095 ms to fill luxembourg's 110660 rows, in a product of 0.43 ms (H100,
// a2ffbcb, `--breakdown`).
//
// A group of shuffle_policy::lanes lanes owns a row of at most that many
// products (the selector sends only such rows here).  Its lanes take the
// entries a(i,k) of A(i,:) a group's width at a time; a scan over the group
// places each entry's products, which its lane writes, column and product,
// into the group's slots in shared memory.  Then each lane takes one slot,
// the lanes sort their columns by a bitonic network of shuffles, and the
// first lane of each run of one column folds the run's products with the
// monoid.  Counting writes the number of runs; filling, the runs in column
// order.  Unmasked products only (a mask's entries live in the hash and
// dense accumulators); B's rows need not be sorted.

#ifndef GBGPU_SHUFFLE_ROWS_CUH
#define GBGPU_SHUFFLE_ROWS_CUH

#include "hash_rows.cuh"

namespace gbgpu {

// The largest of v over the warp's lanes (every lane calls it).
__device__ __forceinline__ int32_t warp_max (int32_t v)
{
    for (int offset = 16 ; offset > 0 ; offset /= 2)
    {
        const int32_t other = __shfl_xor_sync (0xFFFFFFFFu, v, offset) ;
        v = (other > v) ? other : v ;
    }
    return v ;
}

template <class SR, bool FILL>
__global__ void __launch_bounds__ (shuffle_policy::threads)
shuffle_rows_kernel (const hash_rows_args args, const launch_shape shape)
{
    using T = typename SR::T ;
    using X = typename SR::X ;
    using S = typename SR::S ;
    constexpr int L = shuffle_policy::lanes ;
    constexpr int GROUPS = shuffle_policy::threads / L ;
    static_assert (32 % L == 0, "a group is a whole part of one warp") ;
    // the group's slots: columns and products, then the order of its sorted
    // columns (lane q's column came from slot order [q])
    __shared__ uint32_t columns [GROUPS][L] ;
    __shared__ __align__ (16) unsigned char product_bytes [GROUPS * L * sizeof (S)] ;
    __shared__ uint8_t order [GROUPS][L] ;

    const int group = threadIdx.x / L, g = threadIdx.x % L ;
    const int first_lane = (threadIdx.x % 32) - g ;        // the group's, in its warp
    const int64_t r = (int64_t) blockIdx.x * GROUPS + group ;
    // lanes past the bin's last row have no row but take part in the shuffles
    const bool active = (r < shape.nrows) ;
    const int64_t i = active ? shape.rows [r] : 0 ;
    uint32_t *row_columns = columns [group] ;
    S *products = reinterpret_cast <S *> (product_bytes) + group * L ;

    row_columns [g] = EMPTY_KEY ;       // slots past the row's products sort last
    __syncwarp () ;

    const csr_view A = args.A, B = args.B ;
    const int64_t a_start = active ? A.p [i] : 0 ;
    const int32_t a_length = active ? (int32_t) (A.p [i+1] - a_start) : 0 ;
    int32_t placed = 0 ;                // the row's products so far (the group's)
    const int32_t rounds = warp_max ((a_length + L - 1) / L) ;
    for (int32_t round = 0 ; round < rounds ; round++)
    {
        const int32_t s = round * L + g ;
        int32_t k = 0, b_length = 0 ;
        int64_t b_start = 0 ;
        if (s < a_length)
        {
            k = A.j [a_start + s] ;
            b_start = B.p [k] ;
            b_length = (int32_t) (B.p [k+1] - b_start) ;
        }
        // this entry's products end at `end` among the round's (a scan)
        int32_t end = b_length ;
        for (int d = 1 ; d < L ; d *= 2)
        {
            const int32_t before = __shfl_up_sync (0xFFFFFFFFu, end, d, L) ;
            if (g >= d) end += before ;
        }
        const int32_t at = placed + end - b_length ;
        X a = X () ;
        if constexpr (SR::mult::reads_a) if (s < a_length) a = value_at <X> (A.x, A.iso, a_start + s) ;
        for (int32_t t = 0 ; t < b_length ; t++)
        {
            const uint32_t j = (uint32_t) B.j [b_start + t] ;
            row_columns [at + t] = j ;
            if constexpr (has_values <SR>)
            {
                X b = X () ;
                if constexpr (SR::mult::reads_b) b = value_at <X> (B.x, B.iso, b_start + t) ;
                products [at + t] = (S) SR::mult::apply (a, b, A.first_row + i, k, (int32_t) j) ;
            }
        }
        placed += __shfl_sync (0xFFFFFFFFu, end, L - 1, L) ;
    }
    __syncwarp () ;

    // a slot a lane, in column order; then the runs of one column
    uint32_t column = row_columns [g] ;
    int from = g ;
    sort_lanes <L> (column, from, g) ;
    __syncwarp () ;
    row_columns [g] = column ;
    order [group][g] = (uint8_t) from ;
    const uint32_t previous = __shfl_up_sync (0xFFFFFFFFu, column, 1, L) ;
    const bool head = (column != EMPTY_KEY) && (g == 0 || previous != column) ;
    const unsigned group_bits = (L == 32) ? 0xFFFFFFFFu : ((1u << L) - 1) ;
    const unsigned heads = (__ballot_sync (0xFFFFFFFFu, head) >> first_lane) & group_bits ;
    __syncwarp () ;
    if (!active) return ;
    if constexpr (!FILL)
    {
        if (g == 0) args.row_count [i] = __popc (heads) ;
    }
    else if (head)
    {
        const int64_t at = args.Cp [i] + __popc (heads & ((1u << g) - 1)) ;
        args.Cj [at] = column ;
        if constexpr (has_values <SR>)
        {
            S value = products [from] ;
            for (int q = g + 1 ; q < L && row_columns [q] == column ; q++)
                value = SR::add::combine (value, products [order [group][q]]) ;
            static_cast <T *> (args.Cx) [at] = (T) value ;
        }
    }
}

#ifndef __CUDACC_RTC__
template <class KERNELS>
cudaError_t launch_shuffle_bin (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    if (bins.rows [BIN_SHUFFLE] == 0) return cudaSuccess ;
    return beside.run ([&] () -> cudaError_t
    {
        GBGPU_TRY (args.timer->begin (BIN_SHUFFLE)) ;
        constexpr int rows_per_block = shuffle_policy::threads / shuffle_policy::lanes ;
        const int64_t blocks = (bins.rows [BIN_SHUFFLE] + rows_per_block - 1) / rows_per_block ;
        GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_SHUFFLE, (unsigned) blocks,
            shuffle_policy::threads, 0, args, bin_shape (bins, BIN_SHUFFLE))) ;
        return args.timer->end (BIN_SHUFFLE) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
