// plugin/cuda/kernels/accumulate_rows.cuh: one phase (count or fill) over every bin of rows, each
// bin with its accumulator: hash tables in shared memory sized per bin, hash
// tables in global memory sized per row, the dense accumulator, the segmented
// merge and the copy of single rows of B (accumulator_selector.cuh says which
// row gets which).  This is what a semiring instantiates
// (semirings/instantiate_type.cuh) and what the symbolic phase runs with the
// pattern policy (count_rows.cu).  The largest rows' bins are launched first.
// SPDX-License-Identifier: Apache-2.0
//
// The launchers size and configure each bin's launch and take the kernels
// from a kernel set: compiled_kernels below for the semirings compiled in,
// jit_kernels (spgemm/module_launch.cu) for kernels compiled at run time by NVRTC,
// which launch the same templates through the driver API.  A kernel set has
// value_slot_bytes (), slot_bytes (), allow_hash_shared (bytes) and one
// launch function per kernel: hash, dense, merge, copy.

#ifndef GBGPU_ACCUMULATE_ROWS_CUH
#define GBGPU_ACCUMULATE_ROWS_CUH

#include "hash_rows.cuh"
#include "dense_rows.cuh"
#include "merge_rows.cuh"
#include "copy_rows.cuh"

#ifndef __CUDACC_RTC__
namespace gbgpu {

// The kernels of semiring SR, compiled in, launched with <<<>>>.
template <class SR, bool FILL>
struct compiled_kernels
{
    static_assert (FILL || !has_values <SR>, "counting uses the pattern policy") ;
    static constexpr size_t value_slot_bytes () { return gbgpu::value_slot_bytes <SR> () ; }
    static constexpr size_t slot_bytes () { return gbgpu::slot_bytes <SR> () ; }
    static cudaError_t allow_hash_shared (int bytes)
    {
        return cudaFuncSetAttribute (hash_rows_kernel <SR, FILL>,
            cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) ;
    }
    static cudaError_t hash (unsigned blocks, int threads, size_t shared,
        const hash_rows_args &args, const table_shape &shape)
    {
        hash_rows_kernel <SR, FILL> <<<blocks, threads, shared, stream ()>>> (args, shape) ;
        return cudaGetLastError () ;
    }
    static cudaError_t dense (unsigned blocks, int threads, const hash_rows_args &args,
        const int64_t *rows, int64_t nrows, void *tables)
    {
        dense_rows_kernel <SR, FILL> <<<blocks, threads, 0, stream ()>>> (args, rows, nrows, tables) ;
        return cudaGetLastError () ;
    }
    static cudaError_t merge (unsigned blocks, int threads, const hash_rows_args &args,
        const int64_t *rows, int64_t nrows, void *tables, int64_t max_segments,
        int64_t max_products)
    {
        merge_rows_kernel <SR, FILL> <<<blocks, threads, 0, stream ()>>>
            (args, rows, nrows, tables, max_segments, max_products) ;
        return cudaGetLastError () ;
    }
    static cudaError_t copy (unsigned blocks, int threads, const hash_rows_args &args,
        const int64_t *rows, int64_t nrows)
    {
        copy_rows_kernel <SR> <<<blocks, threads, 0, stream ()>>> (args, rows, nrows) ;
        return cudaGetLastError () ;
    }
} ;

// One phase with the kernel set `kernels`; FILL: the numeric phase (copy
// rows are counted by analyse_rows, so only filling launches them).  The
// bins write disjoint rows: each is launched beside the others.
template <bool FILL, class KERNELS>
cudaError_t accumulate_rows_with (const hash_rows_args &args, const KERNELS &kernels)
{
    const row_bins &bins = *args.bins ;
    concurrent_launches beside ;
    if (bins.rows [BIN_DENSE] > 0)
        GBGPU_TRY (beside.run ([&] { return launch_dense_bin (args, kernels) ; })) ;
    if (bins.rows [BIN_MERGE] > 0)
        GBGPU_TRY (beside.run ([&] { return launch_merge_bin (args, kernels) ; })) ;
    GBGPU_TRY (launch_hash_bins (args, kernels, beside)) ;
    if (FILL && bins.rows [BIN_COPY] > 0)
        GBGPU_TRY (beside.run ([&] { return launch_copy_bin (args, kernels) ; })) ;
    return beside.join () ;
}

template <class SR, bool FILL>
cudaError_t accumulate_rows (const hash_rows_args &args)
{
    return accumulate_rows_with <FILL> (args, compiled_kernels <SR, FILL> ()) ;
}

}   // namespace gbgpu
#endif

#endif
