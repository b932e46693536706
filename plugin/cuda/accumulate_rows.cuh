// accumulate_rows.cuh: one phase (count or fill) over every bin of rows, each
// bin with its accumulator: hash tables in shared memory sized per bin, hash
// tables in global memory sized per row, the dense accumulator, the segmented
// merge and the copy of single rows of B (accumulator_selector.cuh says which
// row gets which).  This is what a semiring instantiates
// (semirings/instantiate_type.cuh) and what the symbolic phase runs with the
// pattern policy (count_rows.cu).  The largest rows' bins are launched first.

#ifndef GBGPU_ACCUMULATE_ROWS_CUH
#define GBGPU_ACCUMULATE_ROWS_CUH

#include "hash_rows.cuh"
#include "dense_rows.cuh"
#include "merge_rows.cuh"
#include "copy_rows.cuh"

namespace gbgpu {

template <class SR, bool FILL>
cudaError_t accumulate_rows (const hash_rows_args &args)
{
    GBGPU_TRY ((launch_dense_bin <SR, FILL> (args))) ;
    GBGPU_TRY ((launch_merge_bin <SR, FILL> (args))) ;
    GBGPU_TRY ((launch_hash_bins <SR, FILL> (args))) ;
    if constexpr (FILL) return launch_copy_bin <SR> (args) ;
    else return cudaSuccess ;       // copy rows are counted by analyse_rows
}

}   // namespace gbgpu

#endif
