// plugin/cuda/kernels/copy_rows.cuh: rows of C whose row of A has a single entry a(i,k): then
// C(i,:) = a(i,k) * B(k,:), which is B's row with each value multiplied, in
// B's (sorted) order.  No accumulator, no sort; power-law graphs have many
// such rows.  Only filling launches a kernel: a copy row's count is nnz(B(k,:)),
// written by analyse_rows.  Templated on the semiring policy like the other
// accumulators; a pattern fill writes the columns alone.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_COPY_ROWS_CUH
#define GBGPU_COPY_ROWS_CUH

#include "hash_rows.cuh"

namespace gbgpu {

// Tuning: a warp per row, copy_policy::warps_per_block rows a block
// (tuning.cuh).

template <class SR, bool FILL>
__global__ void __launch_bounds__ (copy_policy::warps_per_block * 32)
copy_rows_kernel (const hash_rows_args args, const launch_shape shape)
{
    static_assert (FILL, "copy rows are counted by analyse_rows") ;
    const int64_t *rows = shape.rows ;
    const int64_t nrows = shape.nrows ;
    using T = typename SR::T ;
    using X = typename SR::X ;
    using S = typename SR::S ;
    const int64_t r = (int64_t) blockIdx.x * copy_policy::warps_per_block + threadIdx.x / 32 ;
    const int lane = threadIdx.x % 32 ;
    if (r >= nrows) return ;
    const csr_view A = args.A, B = args.B ;
    const int64_t i = rows [r], pa = A.p [i] ;
    const int32_t k = A.j [pa] ;
    X a = X () ;
    if constexpr (SR::mult::reads_a) a = value_at <X> (A.x, A.iso, pa) ;
    const int64_t start = B.p [k], length = B.p [k+1] - start, at = args.Cp [i] ;
    T *Cx = static_cast <T *> (args.Cx) ;
    for (int64_t q = lane ; q < length ; q += 32)
    {
        const int32_t j = B.j [start + q] ;
        args.Cj [at + q] = j ;
        if constexpr (has_values <SR>)
        {
            X b = X () ;
            if constexpr (SR::mult::reads_b) b = value_at <X> (B.x, B.iso, start + q) ;
            // one product: the monoid's sum of it alone, in the slot's type
            Cx [at + q] = (T) (S) SR::mult::apply (a, b, A.first_row + i, k, j) ;
        }
    }
}

#ifndef __CUDACC_RTC__
// Filling only (the registry's `counted` is 0): a copy row's count is
// written by analyse_rows.
template <class KERNELS>
cudaError_t launch_copy_bin (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    if (bins.rows [BIN_COPY] == 0) return cudaSuccess ;
    return beside.run ([&] () -> cudaError_t
    {
        GBGPU_TRY (args.timer->begin (BIN_COPY)) ;
        const int64_t blocks = (bins.rows [BIN_COPY] + copy_policy::warps_per_block - 1)
            / copy_policy::warps_per_block ;
        GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_COPY, (unsigned) blocks,
            copy_policy::warps_per_block * 32, 0, args, bin_shape (bins, BIN_COPY))) ;
        return args.timer->end (BIN_COPY) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
