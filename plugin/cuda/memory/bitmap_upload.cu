// plugin/cuda/memory/bitmap_upload.cu: a bitmap or full matrix to the device
// as CSR, built there (gbgpu_cuda_upload_bitmap).
// SPDX-License-Identifier: Apache-2.0
//
// The library holds a matrix as a bitmap once it is dense enough: a byte a
// cell saying which entries are present (b [i*ncols + j], row by row), and
// a value a cell.  Made into CSR on the host (a copy by the library) it
// crosses the bus as 4 bytes of column index per entry, after a host pass
// as slow as the bus: a BFS's visited mask of 1024 x 62586 took 80 ms a
// level that way.  Here the bytes cross as they are (one a cell), and the
// device counts each row's entries, scans the counts into row pointers and
// writes the column indices (and the values of present cells): a warp per
// row, in order, so rows come out sorted.  A full matrix has no bytes
// (b NULL): every cell is present.

#include <cub/device/device_scan.cuh>
#include "memory/device_memory.cuh"
#include "memory/transfer.cuh"

namespace gbgpu {

namespace {

constexpr int WARPS_PER_BLOCK = 8 ;

__device__ inline bool present (const int8_t *b, int64_t cell)
{
    return b == nullptr || b [cell] != 0 ;
}

// count [i] = entries of row i (count [nrows] = 0, for the exclusive scan)
__global__ void count_rows (int64_t *count, const int8_t *b, int64_t nrows, int64_t ncols)
{
    const int lane = threadIdx.x % 32 ;
    const int64_t warps = (int64_t) gridDim.x * WARPS_PER_BLOCK ;
    for (int64_t i = (int64_t) blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32 ; i <= nrows ; i += warps)
    {
        int64_t n = 0 ;
        if (i < nrows)
            for (int64_t j = lane ; j < ncols ; j += 32) n += present (b, i * ncols + j) ;
        for (int d = 16 ; d > 0 ; d /= 2) n += __shfl_down_sync (0xffffffffu, n, d) ;
        if (lane == 0) count [i] = n ;
    }
}

// Column indices (and values, unless iso or not wanted) of each row's
// present cells, in column order.
__global__ void fill_rows (int32_t *Dj, unsigned char *Dx, const int64_t *Dp,
    const int8_t *b, const unsigned char *x, size_t value_size, int64_t nrows, int64_t ncols)
{
    const int lane = threadIdx.x % 32 ;
    const int64_t warps = (int64_t) gridDim.x * WARPS_PER_BLOCK ;
    for (int64_t i = (int64_t) blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32 ; i < nrows ; i += warps)
    {
        int64_t next = Dp [i] ;
        for (int64_t j0 = 0 ; j0 < ncols ; j0 += 32)
        {
            const int64_t j = j0 + lane ;
            const bool here = j < ncols && present (b, i * ncols + j) ;
            const unsigned mask = __ballot_sync (0xffffffffu, here) ;
            if (here)
            {
                const int64_t p = next + __popc (mask & ((1u << lane) - 1)) ;
                Dj [p] = (int32_t) j ;
                if (Dx != nullptr)
                    memcpy (Dx + p * value_size, x + (i * ncols + j) * value_size, value_size) ;
            }
            next += __popc (mask) ;
        }
    }
}

int blocks_for (int64_t rows)
{
    int64_t blocks = (rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK ;
    return (int) (blocks < 65536 ? (blocks > 0 ? blocks : 1) : 65536) ;
}

cudaError_t upload_bitmap (gbgpu_dev_csr *D, int64_t nrows, int64_t ncols,
    const int8_t *b, const void *x, size_t value_size, bool iso)
{
    const int64_t cells = nrows * ncols ;
    const int64_t x_cells = (x == nullptr) ? 0 : (iso ? 1 : cells) ;
    device_array <int8_t> db ;
    device_array <unsigned char> dcells ;
    device_array <int64_t> dp ;
    if (b != nullptr)
    {
        GBGPU_TRY (db.allocate (cells)) ;
        GBGPU_TRY (cudaMemcpyAsync (db.get (), b, cells, cudaMemcpyHostToDevice, stream ())) ;
    }
    if (x_cells > 0)
    {
        GBGPU_TRY (dcells.allocate (x_cells * value_size)) ;
        GBGPU_TRY (cudaMemcpyAsync (dcells.get (), x, x_cells * value_size,
            cudaMemcpyHostToDevice, stream ())) ;
    }
    // row pointers: counts, scanned in place
    GBGPU_TRY (dp.allocate (nrows + 1)) ;
    count_rows <<<blocks_for (nrows + 1), WARPS_PER_BLOCK * 32, 0, stream ()>>>
        (dp.get (), db.get (), nrows, ncols) ;
    GBGPU_TRY (cudaGetLastError ()) ;
    size_t scratch_bytes = 0 ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (nullptr, scratch_bytes, dp.get (), dp.get (),
        nrows + 1, stream ())) ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (scratch.allocate (scratch_bytes)) ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (scratch.get (), scratch_bytes, dp.get (), dp.get (),
        nrows + 1, stream ())) ;
    int64_t nvals = 0 ;
    GBGPU_TRY (cudaMemcpyAsync (&nvals, dp.get () + nrows, sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;

    device_array <int32_t> dj ;
    device_array <unsigned char> dx ;
    GBGPU_TRY (dj.allocate (nvals)) ;
    const bool compact = (x_cells > 0 && !iso) ;
    if (compact) GBGPU_TRY (dx.allocate (nvals * value_size)) ;
    fill_rows <<<blocks_for (nrows), WARPS_PER_BLOCK * 32, 0, stream ()>>>
        (dj.get (), compact ? dx.get () : nullptr, dp.get (), db.get (), dcells.get (),
         value_size, nrows, ncols) ;
    GBGPU_TRY (cudaGetLastError ()) ;
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;

    D->nrows = nrows ;
    D->ncols = ncols ;
    D->nvals = nvals ;
    D->p = dp.release () ;
    D->j = dj.release () ;
    // an iso matrix keeps its one value; values not wanted: none
    D->x = (x_cells == 0) ? nullptr : (compact ? dx.release () : dcells.release ()) ;
    D->value_size = value_size ;
    D->iso = iso ;
    D->first_row = 0 ;
    D->rows_sorted = true ;     // made here, column by column
    return cudaSuccess ;
}

}   // namespace

}   // namespace gbgpu

extern "C" gbgpu_cuda_status gbgpu_cuda_upload_bitmap (gbgpu_dev_csr *D, int64_t nrows,
    int64_t ncols, const int8_t *b, const void *x, size_t value_size, bool iso)
{
    gbgpu::transfer_bytes_reset (nrows * ncols * (b != nullptr)
        + ((x == nullptr) ? 0 : (iso ? 1 : nrows * ncols)) * (int64_t) value_size) ;
    return gbgpu::status_of (gbgpu::upload_bitmap (D, nrows, ncols, b, x, value_size, iso)) ;
}
