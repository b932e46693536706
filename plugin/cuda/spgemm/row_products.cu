// plugin/cuda/spgemm/row_products.cu: the products of each row of A*B, summed, for
// splitting a product over devices by its work (run/devices.c).
// SPDX-License-Identifier: Apache-2.0
//
// Row i of A*B takes one multiply-add per entry of each row of B that A's
// row meets: the kernels' work is close to proportional to it, where rows
// (R-MAT's hubs) or entries of T are not.  One pass over A's row pointers
// and column indices and B's row pointers, and one scan.

#include <cub/device/device_scan.cuh>
#include "spgemm/spgemm.cuh"

namespace gbgpu {

__global__ void row_products_kernel (const int64_t *Ap, const int32_t *Aj, const int64_t *Bp,
    int64_t nrows, int64_t *products)
{
    const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    if (i > nrows) return ;
    int64_t sum = 0 ;
    if (i < nrows)
        for (int64_t pa = Ap [i] ; pa < Ap [i+1] ; pa++) sum += Bp [Aj [pa] + 1] - Bp [Aj [pa]] ;
    products [i] = sum ;        // products [nrows] = 0: the scan's last is the total
}

static cudaError_t row_products (int64_t *cumulative, const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B)
{
    const int64_t m = A->nrows ;
    device_array <int64_t> products, sums ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (products.allocate (m + 1)) ;
    GBGPU_TRY (sums.allocate (m + 1)) ;
    const int threads = PASS_THREADS ;
    const unsigned blocks = (unsigned) ((m + 1 + threads - 1) / threads) ;
    row_products_kernel <<<blocks, threads, 0, stream ()>>> (A->p, A->j, B->p, m, products.get ()) ;
    GBGPU_TRY (cudaGetLastError ()) ;
    size_t scan_bytes = 0 ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (nullptr, scan_bytes, products.get (), sums.get (),
        m + 1, stream ())) ;
    GBGPU_TRY (scratch.allocate (scan_bytes)) ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (scratch.get (), scan_bytes, products.get (),
        sums.get (), m + 1, stream ())) ;
    GBGPU_TRY (cudaMemcpyAsync (cumulative, sums.get (), (m + 1) * sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    return cudaStreamSynchronize (stream ()) ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" gbgpu_cuda_status gbgpu_cuda_row_products (int64_t *cumulative,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B)
{
    cudaError_t e ;
    try
    {
        e = row_products (cumulative, A, B) ;
    }
    catch (...)     // host bookkeeping out of memory: never into the C caller
    {
        e = cudaErrorMemoryAllocation ;
    }
    return status_of (e) ;
}
