// plugin/cuda/kernels/accumulate_rows.cuh: one phase (count or fill) over every bin of rows, each
// bin with its accumulator, in the order of the registry (accumulators.h):
// the dense accumulator, the segmented merge, hash tables in shared memory
// sized per bin and in global memory sized per row, and the copy of single
// rows of B (accumulator_selector.cuh says which row gets which).  This is
// what a semiring instantiates (semirings/instantiate_type.cuh) and what the
// symbolic phase runs with the pattern policy (count_rows.cu).
// SPDX-License-Identifier: Apache-2.0
//
// Each accumulator's launcher (in its template file, included below) sizes
// and configures its bins' launches and takes the kernels from a kernel set:
// compiled_kernels below for the semirings compiled in, module_kernels
// (spgemm/module_launch.cu) for kernels compiled at run time by NVRTC, which
// launch the same templates through the driver API.  A kernel set holds one
// kernel per accumulator, indexed by GBGPU_ACCUMULATOR_<NAME>, and has
// value_slot_bytes (), slot_bytes (), allow_max_shared (accumulator) and
// launch (accumulator, blocks, threads, shared, args, shape).  A new
// accumulator's template file is included here.

#ifndef GBGPU_ACCUMULATE_ROWS_CUH
#define GBGPU_ACCUMULATE_ROWS_CUH

#include "hash_rows.cuh"
#include "dense_rows.cuh"
#include "merge_rows.cuh"
#include "copy_rows.cuh"
#include "shuffle_rows.cuh"

#ifndef __CUDACC_RTC__
#include <atomic>
#include "load_kernel.cuh"

namespace gbgpu {

// An accumulator's kernel, as every one is declared.
using row_kernel = void (*) (const hash_rows_args, const launch_shape) ;

// The kernels of semiring SR, compiled in, launched with <<<>>>.
template <class SR, bool FILL>
struct compiled_kernels
{
    static_assert (FILL || !has_values <SR>, "counting uses the pattern policy") ;
    static constexpr size_t value_slot_bytes () { return gbgpu::value_slot_bytes <SR> () ; }
    static constexpr size_t slot_bytes () { return gbgpu::slot_bytes <SR> () ; }

    // Each accumulator's kernel for this phase; NULL for one the symbolic
    // phase does not run (never instantiated).
    static row_kernel kernel (int accumulator)
    {
        #define GBGPU_COMPILED_KERNEL(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
            [] () -> row_kernel                                                                 \
            {                                                                                   \
                if constexpr (FILL || counted) return &kernel <SR, FILL> ;                      \
                else return nullptr ;                                                           \
            } (),
        static const row_kernel kernels [GBGPU_ACCUMULATOR_COUNT] =
        {
            GBGPU_ACCUMULATORS (GBGPU_COMPILED_KERNEL)
        } ;
        #undef GBGPU_COMPILED_KERNEL
        return kernels [accumulator] ;
    }
    // Loads every kernel of the set on the current device (load_kernel.cuh).
    static cudaError_t load ()
    {
        for (int a = 0 ; a < GBGPU_ACCUMULATOR_COUNT ; a++)
        {
            if (kernel (a) != nullptr) GBGPU_TRY (load_kernel (kernel (a))) ;
        }
        return cudaSuccess ;
    }
    // Lets the kernel take max_dynamic_shared () bytes, once a device: a
    // call into the runtime on every launch was a few of a small product's
    // microseconds, and every launch asks the same (no call can shrink the
    // limit under another's launch).
    static cudaError_t allow_max_shared (int accumulator)
    {
        static std::atomic <uint64_t> allowed [GBGPU_ACCUMULATOR_COUNT] ;
        int device = 0 ;
        GBGPU_TRY (cudaGetDevice (&device)) ;
        const uint64_t bit = (device < 64) ? uint64_t (1) << device : 0 ;
        if (bit != 0 && (allowed [accumulator].load (std::memory_order_acquire) & bit))
            return cudaSuccess ;
        GBGPU_TRY (cudaFuncSetAttribute (kernel (accumulator),
            cudaFuncAttributeMaxDynamicSharedMemorySize, max_dynamic_shared ())) ;
        allowed [accumulator].fetch_or (bit, std::memory_order_release) ;
        return cudaSuccess ;
    }
    static cudaError_t launch (int accumulator, unsigned blocks, int threads, size_t shared,
        const hash_rows_args &args, const launch_shape &shape)
    {
        kernel (accumulator) <<<blocks, threads, shared, stream ()>>> (args, shape) ;
        return cudaGetLastError () ;
    }
} ;

// One phase with the kernel set `kernels`; FILL: the numeric phase (an
// accumulator the registry marks not counted runs only then).  The bins
// write disjoint rows of T: each launch is made beside the others, unless the
// bins are timed (each then alone) or the phase has only one launch (shared
// hash bins may share one, launch_hash_bins): a fork to a side stream and
// the join back cost four calls into the runtime, and a launch alone gains
// nothing by them.
template <bool FILL, class KERNELS>
cudaError_t accumulate_rows_with (const hash_rows_args &args, const KERNELS &kernels)
{
    const bool timed = args.timer->enabled () ;
    int launches = shared_bin_launches (*args.bins, timed, kernels.slot_bytes ()) ;
    #define GBGPU_COUNT_BIN(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
        if constexpr (FILL || counted) launches += (args.bins->rows [BIN_ ## BIN] > 0) ;
    GBGPU_ACCUMULATORS (GBGPU_COUNT_BIN)
    #undef GBGPU_COUNT_BIN
    concurrent_launches beside (!timed && launches > 1) ;
    #define GBGPU_LAUNCH_BINS(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
        if constexpr (FILL || counted) GBGPU_TRY (launcher (args, kernels, beside)) ;
    GBGPU_ACCUMULATORS (GBGPU_LAUNCH_BINS)
    #undef GBGPU_LAUNCH_BINS
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
