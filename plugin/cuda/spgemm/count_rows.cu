// plugin/cuda/spgemm/count_rows.cu: the accumulator with its values compiled out: the symbolic
// phase of every product, and the filling of a pattern-only result.  One
// instantiation of each serves every semiring.
// SPDX-License-Identifier: Apache-2.0

#include "kernels/accumulate_rows.cuh"
#include "spgemm/spgemm.cuh"

namespace gbgpu {

cudaError_t count_rows (const hash_rows_args &args)
{
    return accumulate_rows <pattern, false> (args) ;
}

cudaError_t fill_pattern_rows (const hash_rows_args &args)
{
    return accumulate_rows <pattern, true> (args) ;
}

cudaError_t load_pattern_kernels ()
{
    GBGPU_TRY ((compiled_kernels <pattern, false>::load ())) ;
    return compiled_kernels <pattern, true>::load () ;
}

}   // namespace gbgpu
