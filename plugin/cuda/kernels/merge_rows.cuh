// plugin/cuda/kernels/merge_rows.cuh: the segmented-merge accumulator (Ji et al.), for long rows
// of C built from a few long rows of B that overlap little, templated on the
// semiring policy like the hash accumulator.
// SPDX-License-Identifier: Apache-2.0
//
// Row i of C is the merge of the sorted rows B(k,:) for k in A(i,:): each is
// a sorted segment.  A block owns one row at a time.  It gathers the segments
// side by side into a buffer, each entry already multiplied,
// a(i,k) * b(k,j) (a first: operand order matters for MINUS, DIV, FIRST,
// ...), then merges neighbouring runs of segments pairwise, 1+1, 2+2, 4+4,
// ..., between two buffers: ceil(log2 (segments)) passes.  In each pass every
// thread writes a fixed number of outputs, found by one merge-path binary
// search.  The result is the row's products sorted by column, equal columns
// next to each other (at most one per segment); the first of each run of
// equal columns folds the run with the monoid and writes one entry.  The row
// comes out sorted: no sort phase.
//
// Counting (symbolic) is the same kernel with the values compiled out: it
// counts the runs.  B's rows must be sorted without duplicates and the
// product unmasked: the selector (accumulator_selector.cuh) sees to both.
// The buffers are in global memory, one pair per block, sized for the bin's
// longest row; they stay in L2 for rows of up to a few thousand products.

#ifndef GBGPU_MERGE_ROWS_CUH
#define GBGPU_MERGE_ROWS_CUH

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include "hash_rows.cuh"

namespace gbgpu {

// Tuning: merge_policy (tuning.cuh), threads of a block and outputs a
// thread merges after each search.

// Capacity rounded up to even keeps the value slots 8-byte aligned (and
// 16-byte aligned behind the two key buffers).
__host__ __device__ constexpr int64_t merge_capacity (int64_t n) { return (n + 1) & ~int64_t (1) ; }

// The segments' offsets, padded to 16 bytes for 16-byte value slots.
__host__ __device__ constexpr size_t merge_offsets_bytes (size_t value_bytes, int64_t max_segments)
{
    return (value_bytes > 8 ? (size_t) ((max_segments + 2) & ~int64_t (1))
                            : (size_t) (max_segments + 1)) * sizeof (int64_t) ;
}

// One block's workspace, value slots of value_bytes (none for counting).
__host__ __device__ constexpr size_t merge_block_bytes (size_t value_bytes,
    int64_t max_segments, int64_t max_products)
{
    return merge_offsets_bytes (value_bytes, max_segments)
         + (size_t) merge_capacity (max_products) * 2 * (sizeof (uint32_t) + value_bytes) ;
}

// One block's workspace: the segments' offsets in the buffers (segments + 1),
// then two buffers of keys and two of value slots (none for counting).
template <class SR> struct merge_workspace
{
    using S = typename SR::S ;
    int64_t *offsets ;
    uint32_t *keys [2] ;
    S *slots [2] ;

    __device__ merge_workspace (void *tables, int64_t max_segments, int64_t max_products)
    {
        constexpr size_t value_bytes = value_slot_bytes <SR> () ;
        const int64_t capacity = merge_capacity (max_products) ;
        unsigned char *base = static_cast <unsigned char *> (tables)
            + (size_t) blockIdx.x * merge_block_bytes (value_bytes, max_segments, max_products) ;
        offsets = reinterpret_cast <int64_t *> (base) ;
        base += merge_offsets_bytes (value_bytes, max_segments) ;
        keys [0] = reinterpret_cast <uint32_t *> (base) ;
        keys [1] = keys [0] + capacity ;
        slots [0] = reinterpret_cast <S *> (keys [1] + capacity) ;
        slots [1] = slots [0] + capacity ;
    }
} ;

// The segment that holds position q of the buffer: the last s in [0, n) with
// offsets [s] <= q (empty segments share their offset with the next one).
__device__ __forceinline__ int64_t segment_of (const int64_t *offsets, int64_t n, int64_t q)
{
    int64_t lo = 0, hi = n - 1 ;
    while (lo < hi)
    {
        const int64_t mid = (lo + hi + 1) / 2 ;
        if (offsets [mid] <= q) lo = mid ; else hi = mid - 1 ;
    }
    return lo ;
}

// Merge path: how many of the first d outputs of merging sorted a (na) and b
// (nb) come from a, ties going to a.
__device__ __forceinline__ int64_t merge_path (const uint32_t *a, int64_t na,
    const uint32_t *b, int64_t nb, int64_t d)
{
    int64_t lo = (d > nb) ? d - nb : 0, hi = (d < na) ? d : na ;
    while (lo < hi)
    {
        const int64_t mid = (lo + hi) / 2 ;
        if (a [mid] <= b [d - 1 - mid]) lo = mid + 1 ; else hi = mid ;
    }
    return lo ;
}

// One pass: runs of `width` segments, sorted, are merged in pairs from buffer
// `from` into the other one.  A run without a partner is copied.
template <class SR>
__device__ void merge_pass (const merge_workspace <SR> &w, int from, int64_t n,
    int64_t width, int64_t products)
{
    constexpr int NT = merge_policy::threads, ITEMS = merge_policy::items_per_thread ;
    constexpr uint32_t past_end = 0xFFFFFFFFu ;   // columns are < 2^31 - 1
    const uint32_t *keys_in = w.keys [from] ;
    uint32_t *keys_out = w.keys [from ^ 1] ;
    const typename SR::S *slots_in = w.slots [from] ;
    typename SR::S *slots_out = w.slots [from ^ 1] ;
    for (int64_t chunk = (int64_t) threadIdx.x * ITEMS ; chunk < products ; chunk += (int64_t) NT * ITEMS)
    {
        const int64_t chunk_end = (chunk + ITEMS < products) ? chunk + ITEMS : products ;
        // a chunk may straddle pairs of runs: one search per pair it touches
        for (int64_t out = chunk ; out < chunk_end ; )
        {
            const int64_t s0 = segment_of (w.offsets, n, out) / (2 * width) * (2 * width) ;
            const int64_t s1 = (s0 + width < n) ? s0 + width : n ;
            const int64_t s2 = (s0 + 2 * width < n) ? s0 + 2 * width : n ;
            const int64_t lo = w.offsets [s0], mid = w.offsets [s1], hi = w.offsets [s2] ;
            const int64_t n_left = mid - lo, n_right = hi - mid ;
            const int64_t stop = (chunk_end < hi) ? chunk_end : hi ;
            int64_t ia = merge_path (keys_in + lo, n_left, keys_in + mid, n_right, out - lo) ;
            int64_t ib = (out - lo) - ia ;
            // the next key of each run, or past_end once it is used up
            // (every column is below it; ties go to the left run)
            uint32_t a = (ia < n_left) ? keys_in [lo + ia] : past_end ;
            uint32_t b = (ib < n_right) ? keys_in [mid + ib] : past_end ;
            for ( ; out < stop ; out++)
            {
                int64_t src ;
                if (a <= b)
                {
                    keys_out [out] = a ;
                    src = lo + ia++ ;
                    a = (ia < n_left) ? keys_in [lo + ia] : past_end ;
                }
                else
                {
                    keys_out [out] = b ;
                    src = mid + ib++ ;
                    b = (ib < n_right) ? keys_in [mid + ib] : past_end ;
                }
                if constexpr (has_values <SR>) slots_out [out] = slots_in [src] ;
            }
        }
    }
}

template <class SR, bool FILL>
__global__ void __launch_bounds__ (merge_policy::threads)
merge_rows_kernel (const hash_rows_args args, const launch_shape shape)
{
    const int64_t *rows = shape.rows ;
    const int64_t nrows = shape.nrows ;
    void *tables = shape.tables ;
    const int64_t max_segments = shape.max_segments, max_products = shape.max_products ;
    using T = typename SR::T ;
    using X = typename SR::X ;
    using S = typename SR::S ;
    constexpr int NT = merge_policy::threads, ITEMS = merge_policy::items_per_thread ;
    using offset_scan = cub::BlockScan <int64_t, NT> ;
    using head_scan = cub::BlockScan <int, NT> ;
    using head_sum = cub::BlockReduce <int, NT> ;
    __shared__ union { typename offset_scan::TempStorage offsets ;
                       typename head_scan::TempStorage heads ;
                       typename head_sum::TempStorage sum ; } scratch ;

    const csr_view A = args.A, B = args.B ;
    const merge_workspace <SR> w (tables, max_segments, max_products) ;

    __shared__ unsigned long long claimed ;
    for (int64_t r = first_block_row (shape, claimed) ; r < nrows ;
         r = next_block_row (shape, claimed))
    {
        const int64_t i = rows [r] ;
        const int64_t first = A.p [i], n = A.p [i+1] - first ;

        // the segments' offsets: a block-wide scan of their lengths
        int64_t products = 0 ;
        for (int64_t tile = 0 ; tile < n ; tile += NT)
        {
            const int64_t s = tile + threadIdx.x ;
            int64_t length = 0 ;
            if (s < n)
            {
                const int32_t k = A.j [first + s] ;
                length = B.p [k+1] - B.p [k] ;
            }
            int64_t place, tile_products ;
            offset_scan (scratch.offsets).ExclusiveSum (length, place, tile_products) ;
            if (s < n) w.offsets [s] = products + place ;
            products += tile_products ;
            __syncthreads () ;      // scratch is reused by the next tile
        }
        if (threadIdx.x == 0) w.offsets [n] = products ;
        __syncthreads () ;

        // the segments side by side, multiplied
        for (int64_t s = 0 ; s < n ; s++)
        {
            const int32_t k = A.j [first + s] ;
            X a = X () ;
            if constexpr (SR::mult::reads_a) a = value_at <X> (A.x, A.iso, first + s) ;
            const int64_t start = B.p [k], length = B.p [k+1] - start, at = w.offsets [s] ;
            for (int64_t q = threadIdx.x ; q < length ; q += NT)
            {
                const int32_t j = B.j [start + q] ;
                w.keys [0][at + q] = (uint32_t) j ;
                if constexpr (has_values <SR>)
                {
                    X b = X () ;
                    if constexpr (SR::mult::reads_b) b = value_at <X> (B.x, B.iso, start + q) ;
                    w.slots [0][at + q] = (S) SR::mult::apply (a, b, A.first_row + i, k, j) ;
                }
            }
        }
        __syncthreads () ;

        int from = 0 ;
        for (int64_t width = 1 ; width < n ; width *= 2)
        {
            merge_pass <SR> (w, from, n, width, products) ;
            from ^= 1 ;
            __syncthreads () ;
        }

        // runs of equal columns: each thread looks at ITEMS consecutive
        // products a tile, and the first of a run folds it
        const uint32_t *keys = w.keys [from] ;
        if constexpr (!FILL)
        {
            int heads = 0 ;
            for (int64_t q = threadIdx.x ; q < products ; q += NT)
                heads += (q == 0 || keys [q] != keys [q-1]) ;
            const int total = head_sum (scratch.sum).Sum (heads) ;
            if (threadIdx.x == 0) args.row_count [i] = total ;
        }
        else
        {
            T *Cx = static_cast <T *> (args.Cx) ;
            const S *slots = w.slots [from] ;
            int64_t at = args.Cp [i] ;
            for (int64_t tile = 0 ; tile < products ; tile += (int64_t) NT * ITEMS)
            {
                const int64_t q0 = tile + (int64_t) threadIdx.x * ITEMS ;
                int heads = 0 ;
                for (int e = 0 ; e < ITEMS ; e++)
                {
                    const int64_t q = q0 + e ;
                    heads += (q < products && (q == 0 || keys [q] != keys [q-1])) ;
                }
                int place, tile_heads ;
                head_scan (scratch.heads).ExclusiveSum (heads, place, tile_heads) ;
                for (int e = 0 ; e < ITEMS ; e++)
                {
                    const int64_t q = q0 + e ;
                    if (q >= products || (q > 0 && keys [q] == keys [q-1])) continue ;
                    args.Cj [at + place] = keys [q] ;
                    if constexpr (has_values <SR>)
                    {
                        S value = slots [q] ;
                        for (int64_t run = q + 1 ; run < products && keys [run] == keys [q] ; run++)
                            value = SR::add::combine (value, slots [run]) ;
                        Cx [at + place] = (T) value ;
                    }
                    place++ ;
                }
                at += tile_heads ;
                __syncthreads () ;      // scratch is reused by the next tile
            }
        }
        __syncthreads () ;      // the workspace is reused by the next row
    }
}

#ifndef __CUDACC_RTC__
template <class KERNELS>
cudaError_t launch_merge_bin (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    if (bins.rows [BIN_MERGE] == 0) return cudaSuccess ;
    return beside.run ([&] () -> cudaError_t
    {
        const int64_t max_segments = bins.max_merge_segments ;
        const int64_t max_products = bins.max_merge_products ;
        GBGPU_TRY (args.timer->begin (BIN_MERGE)) ;
        block_tables tables ;
        GBGPU_TRY (tables.allocate (bins.rows [BIN_MERGE],
            merge_block_bytes (kernels.value_slot_bytes (), max_segments, max_products))) ;
        launch_shape shape = bin_shape (bins, BIN_MERGE) ;
        shape.tables = tables.get () ;
        shape.next_row = bins.claimed + BIN_MERGE ;
        shape.max_segments = max_segments ;
        shape.max_products = max_products ;
        GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_MERGE, (unsigned) tables.blocks (),
            merge_policy::threads, 0, args, shape)) ;
        return args.timer->end (BIN_MERGE) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
