// plugin/cuda/spgemm/spgemm.cuh: what the row-wise product's files share
// (C++ only, host side): the phases' entry points and the fill of values.
// SPDX-License-Identifier: Apache-2.0
//
// The product runs in phases: analyse rows -> bin them by the accumulator
// they get (accumulator_selector.cuh) -> count (symbolic) -> scan -> fill
// (numeric) -> sort the rows the kernels left unsorted.  Counting and filling
// are the same accumulator templates (kernels/hash_rows.cuh, dense_rows.cuh,
// merge_rows.cuh, copy_rows.cuh); the semiring is their policy, and counting
// is the policy with values compiled out.

#ifndef GBGPU_SPGEMM_CUH
#define GBGPU_SPGEMM_CUH

#include "gbgpu_cuda.h"
#include "kernels/rows.cuh"
#include "memory/device_memory.cuh"

namespace gbgpu {

// Counting (values compiled out): writes row_count for rows of nonzero need.
cudaError_t count_rows (const hash_rows_args &args) ;

// Filling the pattern alone, for results whose entries all have one value.
cudaError_t fill_pattern_rows (const hash_rows_args &args) ;

// Loads both phases' pattern kernels on the current device (count_rows.cu).
cudaError_t load_pattern_kernels () ;

// Loads every kernel the row bounds may launch on the current device, once
// a device (row_bounds.cu).
cudaError_t load_row_bounds_kernels () ;

// Does every entry of A*B have the value 1 over this semiring?  (The
// multiply op is PAIR, and the monoid folds 1 with 1 into 1.)
inline bool all_ones (gbgpu_semiring s)
{
    if (s.mult != GBGPU_MULT_PAIR) return false ;
    switch (s.add)
    {
        case GBGPU_ADD_ANY: case GBGPU_ADD_MIN: case GBGPU_ADD_MAX:
        case GBGPU_ADD_TIMES: case GBGPU_ADD_LOR: case GBGPU_ADD_LAND:
        case GBGPU_ADD_EQ:
            return true ;
        default:
            return false ;
    }
}

// x [0] = 1 in the semiring's type: the value of every entry of an all-ones
// T (spgemm.cu; the masked dot product's all-ones results too).
cudaError_t set_to_one (void *x, gbgpu_type type) ;

// Filling, one function per instantiated semiring (semirings/*.cu, found
// by semirings/compiled_semirings.cu).
using fill_rows_function = cudaError_t (*) (const hash_rows_args &) ;
fill_rows_function find_fill_rows (gbgpu_semiring s) ;

// Loads an instantiated semiring's kernels on the current device, its fill
// and its masked dot product (NULL when it is not instantiated).
using load_kernels_function = cudaError_t (*) () ;
load_kernels_function find_kernel_loader (gbgpu_semiring s) ;

// How the numeric phase fills T's values: a compiled-in semiring's
// function, or the kernels of a run-time compiled module (spgemm/module_launch.cu).
struct value_fill
{
    fill_rows_function compiled ;       // NULL for a module
    const gbgpu_cuda_module *module ;
    size_t value_size ;                 // bytes of one of T's values
    size_t value_slot_bytes ;           // of an accumulator's value slot (0: none)
    bool hash_only ;                    // a module of the hash kernel alone
    bool iso ;                          // only the pattern: every value is 1
    gbgpu_type iso_type ;               // the type of that 1
} ;

// The fill of a loaded module (never iso), and the fill itself.
cudaError_t module_fill (value_fill *f, const gbgpu_cuda_module *module) ;
cudaError_t fill_rows_with_module (const hash_rows_args &args, const gbgpu_cuda_module *module) ;

// Sorts C's rows by column (for rows filled from global-memory hash tables,
// the only ones that come out unsorted).
cudaError_t sort_rows (gbgpu_dev_result *C) ;

// A phase's profile per bin: each bin's rows, and its time when the timer
// was enabled (profile.cu).
cudaError_t bin_profile (gbgpu_cuda_bin_profile *out, const row_bins &bins,
    const bin_timer &timer) ;

// A CUDA failure when the test knob GBGPU_INJECT_FAILURE asks for one, else
// cudaSuccess (failure_injection.cu).
cudaError_t inject_failure_if_asked () ;

}   // namespace gbgpu

#endif
