// plugin/cuda/masked_dot/masked_dot.cu: T<M> = A*X' on the device by one dot product per entry of
// the mask (masked_dot_rows.cuh), phase by phase:
// SPDX-License-Identifier: Apache-2.0
//
//   dot      per mask entry q: does T have an entry there (position [q] = 1
//            or 0), and its value; arrays aligned with M's entries
//   scan     an exclusive sum of those flags, in place: each kept entry's
//            place in T, and T's row pointers are the places of M's row starts
//   compact  the kept entries (M's column, their value) into T
//
// T's rows are M's rows with entries left out, so they come out sorted, and
// T is sized from M: there is no symbolic pass over products.  The host reads
// back only T's size and the number of products.  The launches' tuning is in
// kernels/tuning.cuh.

#include <cub/device/device_scan.cuh>
#include "masked_dot_rows.cuh"

namespace gbgpu {

// One instantiation serves every all-ones semiring: no values at all.
static cudaError_t masked_dot_pattern (const masked_dot_args &args)
{
    return masked_dot_rows <dot_pattern> (args) ;
}

// Lanes per mask row: the mask's average row length, to a power of two up
// to a warp, so that short rows do not leave most of a warp idle.
static int group_threads_for (int64_t mask_entries, int64_t nrows)
{
    const int64_t per_row = (nrows == 0) ? 1 : (mask_entries + nrows - 1) / nrows ;
    int g = 1 ;
    while (g < 32 && g < per_row) g <<= 1 ;
    return g ;
}

__global__ void row_pointers_from_mask (const int64_t *Mp, const int64_t *position,
    int64_t nrows, int64_t *Tp)
{
    const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    if (i <= nrows) Tp [i] = position [Mp [i]] ;
}

// The kept mask entries (position [q+1] > position [q]) to T; values move as
// words of their size (NULL: an all-ones T, no values).
template <class W>
__global__ void compact_entries (const int32_t *Mj, const int64_t *position,
    int64_t mask_entries, const W *values, int64_t *Tj, W *Tx)
{
    for (int64_t q = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ; q < mask_entries ;
         q += (int64_t) gridDim.x * blockDim.x)
    {
        const int64_t at = position [q] ;
        if (position [q+1] == at) continue ;
        Tj [at] = Mj [q] ;
        if (values != nullptr) Tx [at] = values [q] ;
    }
}

template <class W>
static cudaError_t launch_compact (const int32_t *Mj, const int64_t *position,
    int64_t mask_entries, const void *values, int64_t *Tj, void *Tx)
{
    const int threads = PASS_THREADS ;
    int64_t blocks = (mask_entries + threads - 1) / threads ;
    const int64_t max_blocks = COMPACT_BLOCKS_PER_SM * (int64_t) multiprocessor_count () ;
    if (blocks > max_blocks) blocks = max_blocks ;
    compact_entries <W> <<<(unsigned) blocks, threads, 0, stream ()>>> (Mj, position,
        mask_entries, static_cast <const W *> (values), Tj, static_cast <W *> (Tx)) ;
    return cudaGetLastError () ;
}

static cudaError_t compact (const int32_t *Mj, const int64_t *position,
    int64_t mask_entries, const void *values, size_t value_size, int64_t *Tj, void *Tx)
{
    if (mask_entries == 0) return cudaSuccess ;
    if (values == nullptr || value_size == 1)
        return launch_compact <uint8_t> (Mj, position, mask_entries, values, Tj, Tx) ;
    if (value_size == 4)
        return launch_compact <uint32_t> (Mj, position, mask_entries, values, Tj, Tx) ;
    if (value_size == 8)
        return launch_compact <uint64_t> (Mj, position, mask_entries, values, Tj, Tx) ;
    return cudaErrorInvalidValue ;
}

cudaError_t load_masked_dot_shared ()
{
    GBGPU_TRY (load_masked_dot <dot_pattern> ()) ;
    GBGPU_TRY (load_kernel (row_pointers_from_mask)) ;
    GBGPU_TRY (load_kernel (compact_entries <uint8_t>)) ;
    GBGPU_TRY (load_kernel (compact_entries <uint32_t>)) ;
    return load_kernel (compact_entries <uint64_t>) ;
}

static cudaError_t masked_dot (gbgpu_dev_result *T, gbgpu_semiring semiring,
    const gbgpu_dev_csr *Md, bool mask_valued, const gbgpu_dev_csr *Ad,
    const gbgpu_dev_csr *Xd, gbgpu_cuda_profile *profile)
{
    masked_dot_function dot = find_masked_dot (semiring) ;
    if (dot == nullptr) return cudaErrorNotSupported ;
    const int64_t m = Md->nrows, mask_entries = Md->nvals ;
    // an empty mask may come up without values
    mask_valued = mask_valued && mask_entries > 0 ;
    if (mask_valued && Md->x == nullptr) return cudaErrorInvalidValue ;
    const bool iso = all_ones (semiring) ;
    if (iso) dot = masked_dot_pattern ;
    const size_t value_size = gbgpu_type_size (semiring.type) ;

    cudaEvent_t marks [3] = { } ;
    struct events_guard
    {
        cudaEvent_t *e ;
        ~events_guard () { for (int k = 0 ; k < 3 ; k++) if (e [k] != nullptr) cudaEventDestroy (e [k]) ; }
    }
    guard { marks } ;
    for (auto &e : marks) GBGPU_TRY (cudaEventCreate (&e)) ;
    GBGPU_TRY (cudaEventRecord (marks [0], stream ())) ;

    // dot: flags and values aligned with M's entries; one more flag (0)
    // makes the scan's last place T's size
    device_array <int64_t> position ;
    device_array <unsigned char> values ;
    device_array <unsigned long long> products ;
    GBGPU_TRY (position.allocate (mask_entries + 1)) ;
    if (!iso) GBGPU_TRY (values.allocate (mask_entries * value_size)) ;
    GBGPU_TRY (products.allocate (1)) ;
    GBGPU_TRY (cudaMemsetAsync (products.get (), 0, sizeof (unsigned long long), stream ())) ;
    GBGPU_TRY (cudaMemsetAsync (position.get () + mask_entries, 0, sizeof (int64_t), stream ())) ;
    const masked_dot_args args =
    {
        csr_view { Ad->p, Ad->j, Ad->x, Ad->iso, Ad->first_row },
        csr_view { Xd->p, Xd->j, Xd->x, Xd->iso, Xd->first_row },
        csr_view { Md->p, Md->j, mask_valued ? Md->x : nullptr, Md->iso, Md->first_row },
        m, group_threads_for (mask_entries, m), position.get (),
        iso ? nullptr : values.get (), products.get ()
    } ;
    GBGPU_TRY (dot (args)) ;
    GBGPU_TRY (cudaEventRecord (marks [1], stream ())) ;

    // scan: places in T
    size_t scan_bytes = 0 ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (nullptr, scan_bytes, position.get (),
        position.get (), mask_entries + 1, stream ())) ;
    device_array <unsigned char> scan_scratch ;
    GBGPU_TRY (scan_scratch.allocate (scan_bytes)) ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (scan_scratch.get (), scan_bytes, position.get (),
        position.get (), mask_entries + 1, stream ())) ;
    scan_scratch.reset () ;
    int64_t nvals = 0 ;
    unsigned long long host_products = 0 ;
    GBGPU_TRY (cudaMemcpyAsync (&nvals, position.get () + mask_entries, sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    GBGPU_TRY (cudaMemcpyAsync (&host_products, products.get (), sizeof (host_products),
        cudaMemcpyDeviceToHost, stream ())) ;
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;

    // compact: T's row pointers, columns and values
    device_array <int64_t> Tp, Tj ;
    device_array <unsigned char> Tx ;
    GBGPU_TRY (Tp.allocate (m + 1)) ;
    GBGPU_TRY (Tj.allocate (nvals)) ;
    GBGPU_TRY (Tx.allocate ((iso ? 1 : nvals) * value_size)) ;
    if (iso) GBGPU_TRY (set_to_one (Tx.get (), semiring.type)) ;
    const int threads = PASS_THREADS ;
    row_pointers_from_mask <<<(unsigned) ((m + threads) / threads), threads, 0, stream ()>>>
        (Md->p, position.get (), m, Tp.get ()) ;
    GBGPU_TRY (cudaGetLastError ()) ;
    GBGPU_TRY (compact (Md->j, position.get (), mask_entries, iso ? nullptr : values.get (),
        value_size, Tj.get (), Tx.get ())) ;
    GBGPU_TRY (cudaEventRecord (marks [2], stream ())) ;
    GBGPU_TRY (cudaEventSynchronize (marks [2])) ;

    T->nrows = m ;
    T->ncols = Md->ncols ;
    T->nvals = nvals ;
    T->value_size = value_size ;
    T->iso = iso ;
    T->p = Tp.release () ;
    T->j = Tj.release () ;
    T->x = Tx.release () ;

    if (profile != nullptr)
    {
        // the dot products are the numeric phase; scan and compaction stand
        // where the row-wise product sorts
        *profile = gbgpu_cuda_profile { } ;
        GBGPU_TRY (cudaEventElapsedTime (&profile->numeric_ms, marks [0], marks [1])) ;
        GBGPU_TRY (cudaEventElapsedTime (&profile->sort_ms, marks [1], marks [2])) ;
        profile->products = (int64_t) host_products ;
    }
    return cudaSuccess ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" gbgpu_cuda_status gbgpu_cuda_masked_dot (gbgpu_dev_result *T,
    gbgpu_semiring semiring, const gbgpu_dev_csr *M, bool mask_valued,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *X, gbgpu_cuda_profile *profile)
{
    *T = gbgpu_dev_result { } ;
    cudaError_t e ;
    try
    {
        e = masked_dot (T, semiring, M, mask_valued, A, X, profile) ;
    }
    catch (...)     // host bookkeeping out of memory: never into the C caller
    {
        e = cudaErrorMemoryAllocation ;
    }
    if (e != cudaSuccess) gbgpu_cuda_free_result (T) ;
    return status_of (e) ;
}
