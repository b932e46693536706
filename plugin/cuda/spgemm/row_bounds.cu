// plugin/cuda/spgemm/row_bounds.cu: bounds on the entries of each row of T = A*B, for deciding
// before any of the product runs whether T can fit the device whole, and for
// cutting it into blocks of rows when not (row_blocks.c).
// SPDX-License-Identifier: Apache-2.0
//
// A row of T holds at most one entry per product a(i,k)*b(k,j) and one per
// column, and at least every column of each row of B it meets (entries are
// structural: nothing cancels); a mask narrows both (T<M>: at most M's row;
// T<!M>: none of M's columns).  One pass over A's row pointers and column
// indices and B's row pointers, no accumulator; the upper bounds' running sum
// (one scan) lets the host cut the rows into blocks of a given size.

#include <atomic>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include "spgemm/spgemm.cuh"

namespace gbgpu {

__global__ void row_bounds_kernel (const int64_t *Ap, const int32_t *Aj, const int64_t *Bp,
    const int64_t *Mp, bool complement, int64_t nrows, int64_t ncols, int64_t *upper,
    int64_t *lower)
{
    const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    if (i >= nrows) return ;
    int64_t products = 0, longest = 0 ;
    for (int64_t pa = Ap [i] ; pa < Ap [i+1] ; pa++)
    {
        const int32_t k = Aj [pa] ;
        const int64_t b_entries = Bp [k+1] - Bp [k] ;
        products += b_entries ;
        if (b_entries > longest) longest = b_entries ;
    }
    int64_t most = (products < ncols) ? products : ncols ;
    int64_t least = longest ;
    if (Mp != nullptr)
    {
        const int64_t mask_entries = Mp [i+1] - Mp [i] ;
        const int64_t allowed = complement ? ncols - mask_entries : mask_entries ;
        if (allowed < most) most = (allowed > 0) ? allowed : 0 ;
        least = complement ? least - mask_entries : 0 ;
        if (least < 0) least = 0 ;
    }
    upper [i] = most ;
    lower [i] = least ;
}

static cudaError_t row_bounds (int64_t *cumulative, int64_t *upper_total, int64_t *lower_total,
    const gbgpu_dev_csr *M, bool complement, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B)
{
    const int64_t m = A->nrows ;
    device_array <int64_t> upper, sums, lower, lower_sum ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (upper.allocate (m + 1)) ;
    GBGPU_TRY (sums.allocate (m + 1)) ;
    GBGPU_TRY (lower.allocate (m)) ;
    GBGPU_TRY (lower_sum.allocate (1)) ;
    // upper [m] = 0, so that the exclusive sum's last entry is the total
    GBGPU_TRY (cudaMemsetAsync (upper.get () + m, 0, sizeof (int64_t), stream ())) ;
    GBGPU_TRY (cudaMemsetAsync (lower_sum.get (), 0, sizeof (int64_t), stream ())) ;
    if (m > 0)
    {
        const int threads = PASS_THREADS ;
        const unsigned blocks = (unsigned) ((m + threads - 1) / threads) ;
        row_bounds_kernel <<<blocks, threads, 0, stream ()>>> (A->p, A->j, B->p,
            (M != nullptr) ? M->p : nullptr, complement, m, B->ncols, upper.get (), lower.get ()) ;
        GBGPU_TRY (cudaGetLastError ()) ;
    }

    // one scratch area for both: the larger of the two sizes
    size_t scan_bytes = 0, sum_bytes = 0 ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (nullptr, scan_bytes, upper.get (), sums.get (),
        m + 1, stream ())) ;
    if (m > 0) GBGPU_TRY (cub::DeviceReduce::Sum (nullptr, sum_bytes, lower.get (),
        lower_sum.get (), m, stream ())) ;
    size_t scratch_bytes = (scan_bytes > sum_bytes) ? scan_bytes : sum_bytes ;
    GBGPU_TRY (scratch.allocate (scratch_bytes)) ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (scratch.get (), scan_bytes, upper.get (),
        sums.get (), m + 1, stream ())) ;
    if (m > 0) GBGPU_TRY (cub::DeviceReduce::Sum (scratch.get (), sum_bytes, lower.get (),
        lower_sum.get (), m, stream ())) ;

    if (cumulative != nullptr)
    {
        GBGPU_TRY (cudaMemcpyAsync (cumulative, sums.get (), (m + 1) * sizeof (int64_t),
            cudaMemcpyDeviceToHost, stream ())) ;
    }
    GBGPU_TRY (cudaMemcpyAsync (upper_total, sums.get () + m, sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    GBGPU_TRY (cudaMemcpyAsync (lower_total, lower_sum.get (), sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    return cudaStreamSynchronize (stream ()) ;
}

// The bounds of empty matrices, computed once a device to load every kernel
// they may launch (load_kernels.cu).  A product whose T could not fit dense
// runs them: luxembourg's first A*A (1.1e5 columns, H200, 2026-11-28) spent
// 0.9 ms in its kernels, 0.46 ms with every module loaded at the start
// (CUDA_MODULE_LOADING=EAGER), its tenth 0.26.  CUB's kernels are reached
// only through its dispatch, which picks the reduction's by the rows: one
// tile (a few thousand rows at most), or two passes past it; hence 1 row
// and 2^14.  Out of memory, on the device or the host, is no failure: the
// kernels are left to their first launch.
cudaError_t load_row_bounds_kernels ()
{
    static std::atomic <uint64_t> loaded { 0 } ;
    int device = 0 ;
    GBGPU_TRY (cudaGetDevice (&device)) ;
    const uint64_t bit = (device < 64) ? uint64_t (1) << device : 0 ;
    if (bit != 0 && (loaded.load (std::memory_order_acquire) & bit)) return cudaSuccess ;
    const int64_t rows [2] = { 1, int64_t (1) << 14 } ;
    cudaError_t e = cudaSuccess ;
    try
    {
        device_array <int64_t> p ;     // no entries: every row pointer 0
        e = p.allocate (rows [1] + 1) ;
        if (e == cudaSuccess)
            e = cudaMemsetAsync (p.get (), 0, (rows [1] + 1) * sizeof (int64_t), stream ()) ;
        for (int k = 0 ; k < 2 && e == cudaSuccess ; k++)
        {
            gbgpu_dev_csr A = { } ;
            A.nrows = rows [k] ;
            A.ncols = rows [k] ;
            A.p = p.get () ;
            int64_t upper, lower ;
            e = row_bounds (nullptr, &upper, &lower, nullptr, false, &A, &A) ;
        }
    }
    catch (...)
    {
        e = cudaErrorMemoryAllocation ;
    }
    if (e == cudaErrorMemoryAllocation)
    {
        (void) cudaGetLastError () ;
        return cudaSuccess ;
    }
    if (e == cudaSuccess && bit != 0) loaded.fetch_or (bit, std::memory_order_release) ;
    return e ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" gbgpu_cuda_status gbgpu_cuda_row_bounds (int64_t *cumulative, int64_t *upper_total,
    int64_t *lower_total, const gbgpu_dev_csr *M, bool mask_complement, const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B)
{
    *upper_total = 0 ;
    *lower_total = 0 ;
    cudaError_t e ;
    try
    {
        e = row_bounds (cumulative, upper_total, lower_total, M, mask_complement && M != nullptr,
            A, B) ;
    }
    catch (...)     // host bookkeeping out of memory: never into the C caller
    {
        e = cudaErrorMemoryAllocation ;
    }
    return status_of (e) ;
}
