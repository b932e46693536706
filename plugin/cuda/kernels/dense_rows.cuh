// plugin/cuda/kernels/dense_rows.cuh: the dense accumulator, for rows of C that fill a good part
// of their width (power-law hubs, C close to dense).
// SPDX-License-Identifier: Apache-2.0
//
// A block owns one row at a time and an accumulator with one state word and
// one value slot per column of B, in global memory: a product finds its slot
// by its column, with no hashing and no probing.  The row is read back by
// sweeping the columns in order, so it comes out sorted, and the sweep also
// clears the accumulator for the block's next row.  Templated on the same
// semiring policy as the hash accumulator; counting compiles the values out.

#ifndef GBGPU_DENSE_ROWS_CUH
#define GBGPU_DENSE_ROWS_CUH

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include "hash_rows.cuh"

namespace gbgpu {

constexpr int DENSE_THREADS = 1024 ;

// column states
constexpr uint32_t COLUMN_EMPTY = 0 ;        // not in the row (nor in the mask)
constexpr uint32_t COLUMN_PRESENT = 1 ;      // in the row
constexpr uint32_t COLUMN_MASKED_OUT = 2 ;   // T<M>: in the mask, no product yet
constexpr uint32_t COLUMN_EXCLUDED = 3 ;     // T<!M>: in the mask, left out

// Columns of a block's accumulator, rounded up so that its value slots are
// aligned to their size: to even for slots of up to 8 bytes, to a multiple
// of 4 for 16-byte ones (run-time semirings over user types).
__host__ __device__ constexpr int64_t dense_columns (int64_t ncols, size_t value_bytes)
{
    return (value_bytes > 8) ? (ncols + 3) & ~int64_t (3) : (ncols + 1) & ~int64_t (1) ;
}

// A block's state words and value slots (value_bytes: none for counting).
__host__ __device__ constexpr size_t dense_block_bytes (int64_t ncols, size_t value_bytes)
{
    return (size_t) dense_columns (ncols, value_bytes) * (sizeof (uint32_t) + value_bytes) ;
}

// Offsets of one block's state words and value slots.
template <class SR> struct dense_accumulator
{
    uint32_t *state ;
    typename SR::S *slots ;
    __device__ dense_accumulator (void *tables, int64_t ncols)
    {
        constexpr size_t value_bytes = value_slot_bytes <SR> () ;
        unsigned char *base = static_cast <unsigned char *> (tables)
            + (size_t) blockIdx.x * dense_block_bytes (ncols, value_bytes) ;
        state = reinterpret_cast <uint32_t *> (base) ;
        slots = reinterpret_cast <typename SR::S *> (base
            + dense_columns (ncols, value_bytes) * sizeof (uint32_t)) ;
    }
} ;

template <class SR, bool FILL>
__global__ void __launch_bounds__ (DENSE_THREADS)
dense_rows_kernel (const hash_rows_args args, const launch_shape shape)
{
    const int64_t *rows = shape.rows ;
    const int64_t nrows = shape.nrows ;
    void *tables = shape.tables ;
    using T = typename SR::T ;
    using X = typename SR::X ;
    using S = typename SR::S ;
    using block_scan = cub::BlockScan <int, DENSE_THREADS> ;
    using block_sum = cub::BlockReduce <int, DENSE_THREADS> ;
    __shared__ union { typename block_scan::TempStorage scan ;
                       typename block_sum::TempStorage sum ; } scratch ;

    const int64_t ncols = args.ncols ;
    const csr_view A = args.A, B = args.B, M = args.M ;
    const bool masked = (M.p != nullptr) ;
    dense_accumulator <SR> acc (tables, ncols) ;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32 ;
    constexpr int warps = DENSE_THREADS / 32 ;

    for (int64_t j = threadIdx.x ; j < ncols ; j += DENSE_THREADS)
    {
        acc.state [j] = COLUMN_EMPTY ;
        if constexpr (has_values <SR>) acc.slots [j] = SR::add::empty_slot () ;
    }
    __syncthreads () ;

    for (int64_t r = blockIdx.x ; r < nrows ; r += gridDim.x)
    {
        const int64_t i = rows [r] ;
        if (masked)
        {
            const uint32_t preloaded = args.complement ? COLUMN_EXCLUDED : COLUMN_MASKED_OUT ;
            for (int64_t q = M.p [i] + threadIdx.x ; q < M.p [i+1] ; q += DENSE_THREADS)
                acc.state [M.j [q]] = preloaded ;
            __syncthreads () ;
        }

        int added = 0 ;
        for (int64_t pa = A.p [i] + warp ; pa < A.p [i+1] ; pa += warps)
        {
            const int32_t k = A.j [pa] ;
            X a = X () ;
            if constexpr (SR::mult::reads_a) a = value_at <X> (A.x, A.iso, pa) ;
            for (int64_t pb = B.p [k] + lane ; pb < B.p [k+1] ; pb += 32)
            {
                const int32_t j = B.j [pb] ;
                const uint32_t s = *reinterpret_cast <volatile uint32_t *> (acc.state + j) ;
                if (s != COLUMN_PRESENT)
                {
                    // T<M>: only mask columns; T<!M>: only columns outside it
                    const uint32_t from = (masked && !args.complement)
                        ? COLUMN_MASKED_OUT : COLUMN_EMPTY ;
                    if (s != from) continue ;
                    added += (atomicCAS (acc.state + j, from, COLUMN_PRESENT) == from) ;
                }
                if constexpr (has_values <SR>)
                {
                    if (SR::add::has_terminal && SR::add::is_terminal (acc.slots [j])) continue ;
                    X b = X () ;
                    if constexpr (SR::mult::reads_b) b = value_at <X> (B.x, B.iso, pb) ;
                    SR::add::update (acc.slots + j, (S) SR::mult::apply (a, b, A.first_row + i, k, j)) ;
                }
            }
        }
        __syncthreads () ;

        if constexpr (!FILL)
        {
            const int total = block_sum (scratch.sum).Sum (added) ;
            if (threadIdx.x == 0) args.row_count [i] = total ;
            for (int64_t j = threadIdx.x ; j < ncols ; j += DENSE_THREADS)
                acc.state [j] = COLUMN_EMPTY ;
        }
        else
        {
            // sweep the columns in order, tile by tile: a block-wide scan of
            // "present" gives each entry its place in the row
            T *Cx = static_cast <T *> (args.Cx) ;
            int64_t at = args.Cp [i] ;
            for (int64_t tile = 0 ; tile < ncols ; tile += DENSE_THREADS)
            {
                const int64_t j = tile + threadIdx.x ;
                const bool present = (j < ncols) && acc.state [j] == COLUMN_PRESENT ;
                int place, tile_entries ;
                block_scan (scratch.scan).ExclusiveSum ((int) present, place, tile_entries) ;
                if (present)
                {
                    args.Cj [at + place] = j ;
                    if constexpr (has_values <SR>) Cx [at + place] = (T) acc.slots [j] ;
                }
                if (j < ncols)
                {
                    acc.state [j] = COLUMN_EMPTY ;
                    if constexpr (has_values <SR>) acc.slots [j] = SR::add::empty_slot () ;
                }
                at += tile_entries ;
                __syncthreads () ;     // scratch is reused by the next tile
            }
        }
        __syncthreads () ;
    }
}

#ifndef __CUDACC_RTC__
template <class KERNELS>
cudaError_t launch_dense_bin (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    if (bins.rows [BIN_DENSE] == 0) return cudaSuccess ;
    return beside.run ([&] () -> cudaError_t
    {
        GBGPU_TRY (args.timer->begin (BIN_DENSE)) ;
        block_tables tables ;
        GBGPU_TRY (tables.allocate (bins.rows [BIN_DENSE],
            dense_block_bytes (args.ncols, kernels.value_slot_bytes ()))) ;
        launch_shape shape = bin_shape (bins, BIN_DENSE) ;
        shape.tables = tables.get () ;
        GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_DENSE, (unsigned) tables.blocks (),
            DENSE_THREADS, 0, args, shape)) ;
        return args.timer->end (BIN_DENSE) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
