// accumulate_rows.cuh: one phase (count or fill) over every bin of rows, each
// bin with its accumulator: hash tables in shared memory sized per bin, hash
// tables in global memory sized per row, or the dense accumulator.  This is
// what a semiring instantiates (semirings/instantiate_type.cuh) and what the
// symbolic phase runs with the pattern policy (count_rows.cu).

#ifndef GBGPU_ACCUMULATE_ROWS_CUH
#define GBGPU_ACCUMULATE_ROWS_CUH

#include "hash_rows.cuh"
#include "dense_rows.cuh"

namespace gbgpu {

template <class SR, bool FILL>
cudaError_t accumulate_rows (const hash_rows_args &args)
{
    cudaError_t e = launch_hash_bins <SR, FILL> (args) ;
    if (e != cudaSuccess) return e ;
    return launch_dense_bin <SR, FILL> (args) ;
}

}   // namespace gbgpu

#endif
