// plugin/cuda/memory/bitmap_upload.cu: a bitmap or full matrix to the device
// as CSR, built there (gbgpu_cuda_upload_bitmap).
// SPDX-License-Identifier: Apache-2.0
//
// The library holds a matrix as a bitmap once it is dense enough: a byte a
// cell saying which entries are present (b [i*ncols + j], row by row), and
// a value a cell.  Made into CSR on the host (a copy by the library) it
// crosses the bus as 4 bytes of column index per entry, after a host pass
// as slow as the bus: a BFS's visited mask of 1024 x 62586 took 80 ms a
// level that way.  Sent as it is, a byte a cell from the user's pageable
// array, it still took 9.5 ms a level (6.7 GB/s, 64 MB).  So the host packs
// the bytes into bits (bit c%32 of word c/32: cell c present), 8 cells per
// 8-byte read, on the transfer threads, into the pinned staging slots
// (transfer.cu) a chunk at a time while the previous chunks cross: an
// eighth of the bytes, at pinned speed.  The device counts each row's
// entries, scans the counts into row pointers and writes the column indices
// (and the values of present cells): a warp per row, in order, so rows come
// out sorted.  A full matrix has no bytes (b NULL): every cell is present.

#include <cub/device/device_scan.cuh>
#include <cstring>
#include <new>
#include <vector>
#include "kernels/tuning.cuh"
#include "memory/device_memory.cuh"
#include "memory/host_threads.cuh"
#include "memory/staging.cuh"
#include "memory/transfer.cuh"

namespace gbgpu {

namespace {

__device__ inline bool present (const uint32_t *bits, int64_t cell)
{
    return bits == nullptr || ((bits [cell >> 5] >> (cell & 31)) & 1u) != 0 ;
}

// count [i] = entries of row i (count [nrows] = 0, for the exclusive scan)
__global__ void count_rows (int64_t *count, const uint32_t *b, int64_t nrows, int64_t ncols)
{
    const int lane = threadIdx.x % 32 ;
    const int64_t warps = (int64_t) gridDim.x * BITMAP_WARPS_PER_BLOCK ;
    for (int64_t i = (int64_t) blockIdx.x * BITMAP_WARPS_PER_BLOCK + threadIdx.x / 32 ; i <= nrows ; i += warps)
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
    const uint32_t *b, const unsigned char *x, size_t value_size, int64_t nrows, int64_t ncols)
{
    const int lane = threadIdx.x % 32 ;
    const int64_t warps = (int64_t) gridDim.x * BITMAP_WARPS_PER_BLOCK ;
    for (int64_t i = (int64_t) blockIdx.x * BITMAP_WARPS_PER_BLOCK + threadIdx.x / 32 ; i < nrows ; i += warps)
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
    int64_t blocks = (rows + BITMAP_WARPS_PER_BLOCK - 1) / BITMAP_WARPS_PER_BLOCK ;
    return (int) (blocks < BITMAP_MAX_BLOCKS ? (blocks > 0 ? blocks : 1) : BITMAP_MAX_BLOCKS) ;
}

// Eight cells' bytes (one 8-byte read, cell c in byte c) as eight bits.
inline uint32_t bits_of_8 (uint64_t v)
{
    // bit 0 of each byte := any bit of that byte (shifts within 8 bits only
    // reach bit 0 from the same byte), then the multiply gathers byte i's
    // bit into bit 56+i with no carries
    v |= v >> 4 ;
    v |= v >> 2 ;
    v |= v >> 1 ;
    v &= 0x0101010101010101ull ;
    return (uint32_t) ((v * 0x0102040810204080ull) >> 56) ;
}

// Words [w0,w1) of the packed bitmap into out [0 .. w1-w0): bit c%32 of word
// c/32 is cell c.
void pack_words (uint32_t *out, const int8_t *b, int64_t cells, int64_t w0, int64_t w1)
{
    for (int64_t w = w0 ; w < w1 ; w++)
    {
        const int64_t first = w * 32 ;
        uint32_t word = 0 ;
        if (first + 32 <= cells)
        {
            for (int q = 0 ; q < 4 ; q++)
            {
                uint64_t v ;
                memcpy (&v, b + first + 8 * q, sizeof (v)) ;
                word |= bits_of_8 (v) << (8 * q) ;
            }
        }
        else
        {
            for (int64_t c = first ; c < cells ; c++)
                word |= (uint32_t) (b [c] != 0) << (c - first) ;
        }
        out [w - w0] = word ;
    }
}

// The bitmap's cells, packed into bits, to `bits` on the device: through the
// pinned slots, a chunk packed while the ones before cross; without pinned
// memory, packed into one pageable buffer and copied.
cudaError_t upload_bits (uint32_t *bits, const int8_t *b, int64_t cells, int64_t words)
{
    area_lease lease ;
    if (!config ().staged || !lease)
    {
        std::vector <uint32_t> packed (words) ;
        for_parts (words, sizeof (uint32_t), [&] (int64_t w0, int64_t w1)
            { pack_words (packed.data () + w0, b, cells, w0, w1) ; }) ;
        GBGPU_TRY (cudaMemcpyAsync (bits, packed.data (), words * sizeof (uint32_t),
            cudaMemcpyHostToDevice, stream ())) ;
        return cudaStreamSynchronize (stream ()) ;
    }
    slot_events done ;
    GBGPU_TRY (done.create ()) ;
    const int64_t per_slot = config ().slot_bytes / (int64_t) sizeof (uint32_t) ;
    for (int64_t first = 0, k = 0 ; first < words ; first += per_slot, k++)
    {
        const int s = (int) (k % N_SLOTS) ;
        uint32_t *slot = reinterpret_cast <uint32_t *> (lease.slot (s)) ;
        const int64_t count = std::min (per_slot, words - first) ;
        // the slot's previous chunk is on the device
        if (k >= N_SLOTS) GBGPU_TRY (cudaEventSynchronize (done.e [s])) ;
        for_parts (count, sizeof (uint32_t), [&] (int64_t w0, int64_t w1)
            { pack_words (slot + w0, b, cells, first + w0, first + w1) ; }) ;
        lease.in_flight = true ;
        GBGPU_TRY (cudaMemcpyAsync (bits + first, slot, count * sizeof (uint32_t),
            cudaMemcpyHostToDevice, stream ())) ;
        GBGPU_TRY (cudaEventRecord (done.e [s], stream ())) ;
    }
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;
    lease.in_flight = false ;
    return cudaSuccess ;
}

cudaError_t upload_bitmap (gbgpu_dev_csr *D, int64_t nrows, int64_t ncols,
    const int8_t *b, const void *x, size_t value_size, bool iso)
{
    const int64_t cells = nrows * ncols ;
    const int64_t x_cells = (x == nullptr) ? 0 : (iso ? 1 : cells) ;
    device_array <uint32_t> dbits ;
    device_array <unsigned char> dcells ;
    device_array <int64_t> dp ;
    if (b != nullptr)
    {
        GBGPU_TRY (dbits.allocate (gbgpu_bitmap_words (cells))) ;
        GBGPU_TRY (upload_bits (dbits.get (), b, cells, gbgpu_bitmap_words (cells))) ;
    }
    if (x_cells > 0)
    {
        GBGPU_TRY (dcells.allocate (x_cells * value_size)) ;
        GBGPU_TRY (cudaMemcpyAsync (dcells.get (), x, x_cells * value_size,
            cudaMemcpyHostToDevice, stream ())) ;
    }
    // row pointers: counts, scanned in place
    GBGPU_TRY (dp.allocate (nrows + 1)) ;
    count_rows <<<blocks_for (nrows + 1), BITMAP_WARPS_PER_BLOCK * 32, 0, stream ()>>>
        (dp.get (), dbits.get (), nrows, ncols) ;
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
    fill_rows <<<blocks_for (nrows), BITMAP_WARPS_PER_BLOCK * 32, 0, stream ()>>>
        (dj.get (), compact ? dx.get () : nullptr, dp.get (), dbits.get (), dcells.get (),
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
    gbgpu::transfer_bytes_reset ((b != nullptr) * gbgpu_bitmap_words (nrows * ncols) * 4
        + ((x == nullptr) ? 0 : (iso ? 1 : nrows * ncols)) * (int64_t) value_size) ;
    cudaError_t e ;
    try
    {
        e = gbgpu::upload_bitmap (D, nrows, ncols, b, x, value_size, iso) ;
    }
    catch (const std::bad_alloc &)
    {
        e = cudaErrorMemoryAllocation ;     // the pageable buffer of the bits
    }
    return gbgpu::status_of (e) ;
}
