// plugin/cuda/memory/transfer.cu: host <-> device copies of CSR matrices (gbgpu_cuda_upload,
// gbgpu_cuda_download), and the touch of fresh host arrays before a download
// (gbgpu_cuda_touch_host).  Host code only; the one kernel it uses (narrowing
// column indices) is in device_memory.cu.
// SPDX-License-Identifier: Apache-2.0
//
// Staged, chunked, double-buffered.  Each copy goes through a pinned "staging
// area" of N_SLOTS slots (3 x 32 MiB by default; the measures are in
// tuning.cuh).  A matrix is a list of
// segments (row pointers, column indices, values), each cut into chunks of at
// most a slot; the chunks go through the slots in turn:
//
//   upload:   host threads fill slot k from the host arrays  |  slots k-1, k-2
//             then cudaMemcpyAsync H2D slot k, event k        |  still on the bus
//   download: wait for event k (slot k arrived),               |  slots k+1, k+2
//             host threads copy slot k into the host arrays,   |  still on the bus
//             then queue chunk k+3 into slot k
//
// so the copy engine and the host copies run at once, and the bus moves at
// pinned speed (DMA straight from/to the slot) instead of pageable speed.
// The host side of each chunk is split in parts run by a small process-wide
// pool of threads (GBGPU_XFER_THREADS, default min(cores, 32)).  A download
// writes the host arrays in one of two ways, which the caller chooses:
//   - fresh arrays (not written since they were allocated): plain stores.  The
//     copy is their first touch, so their page faults happen on many threads
//     at once (run/host_result.c also asks for transparent huge pages there), and each
//     page the kernel has just zeroed is still in the cache when it is
//     overwritten.  Streaming stores were slower there (H100 host, 1.9 GB:
//     113-133 ms against 94-123).
//   - resident arrays (written before: C's old arrays, or fresh arrays touched
//     by gbgpu_cuda_touch_host): streaming stores, which skip the read of each line
//     before it is written and leave the caches to the slots.  36 ms on the
//     same 1.9 GB against 56-59 with plain stores: the bus's pace.
//
// Column indices cross the bus as 32 bits: an upload narrows GraphBLAS's
// uint64 indices on the host while filling the slot (the device gets its int32
// array directly: no 8-byte temporary on the device any more); a download
// narrows the result's int64 indices on the device, a chunk at a time into one
// slot-sized device buffer, and widens them on the host while copying out.
// That is 4 bytes per entry fewer each way (a third of the bytes of a FP64
// upload, a quarter of a FP64 download).  Indices are below 2^32 (inputs have
// fewer than 2^31 columns), so nothing is lost; a result that does not fit
// the narrowing buffer on the device goes across in 64 bits.
//
// Why staging and not cudaHostRegister of the host arrays: the arrays are
// GraphBLAS's (an input lent for the call, a result it takes over and frees),
// so they would have to be registered and unregistered on every call.
// Registering pins page by page in the driver, on one thread; for a fresh
// result array it first has to fault every page in, on that thread, which is
// the very cost we are removing; and unregistering costs again.  The staged
// copy costs one extra pass over host memory, spread over many threads, and it
// overlaps with the DMA, which is the bound.  Pageable cudaMemcpy (what this
// replaced) also stages, through the driver's own small pinned buffers and one
// thread, and into a fresh malloc'd array it pays every page fault on that
// thread: about 1-2 GB/s.
//
// Memory: pinned, at most MAX_AREAS areas of N_SLOTS slots (2 x 96 MiB by
// default), allocated on first use and kept; gbgpu_cuda_trim_pool (and so
// gbgpu_finalize) frees the idle ones.  Device: one slot (32 MiB) while a
// result is downloaded.  A transfer holds one area from start to end; a third
// concurrent transfer waits for one (no transfer waits on anything else while
// it holds an area, so this cannot deadlock).  If pinned memory cannot be had,
// the transfer goes the direct (pageable) way instead.
//
// All copies and the narrowing kernel run on the calling thread's stream, in
// order after the work that produced the result; only the calling thread makes
// CUDA calls (the pool's threads only copy host memory).  An upload returns
// after the last chunk has arrived, and it no longer reads the host arrays
// then (run/host_result.c packs them back).  On a CUDA error the stream is drained
// before the area is released, so no DMA still in flight can write into a slot
// that another transfer owns.  Every CUDA call is checked; status_of maps the
// error.
//
// Knobs (gbgpu_cuda_knobs, from the environment, knobs.cu and
// transfer_knobs.cuh; for measurements and tests): GBGPU_XFER_STAGED=0 the direct, pageable copies (the old path);
// GBGPU_XFER_THREADS=n host threads for the staging copies (1..64);
// GBGPU_XFER_CHUNK=bytes slot size, rounded to a multiple of 4096 (4096 ..
// 1 GiB): a small one makes small tests go through many chunks, parts, slots.

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#if defined (__SSE2__)
#include <emmintrin.h>
#endif
#include "spgemm/spgemm.cuh"
#include "host_threads.cuh"
#include "staging.cuh"
#include "transfer.cuh"

namespace gbgpu {

namespace {

// Bytes the calling thread's last upload or download put on the bus.
thread_local uint64_t bus_bytes = 0 ;

//------------------------------------------------------------------------------
// segments and chunks
//------------------------------------------------------------------------------

// One array of a matrix.  Elements are `host` bytes in host memory and `wire`
// bytes in a slot and on the bus (4 < 8: column indices, narrowed); on the
// device they are `wire` bytes for an upload and `host` bytes for a download
// (there the device narrows them, into `narrowed`, before the copy).
struct segment
{
    const unsigned char *from ;     // upload: host array; download: device array
    unsigned char *to ;             // upload: device array; download: host array
    int64_t n ;
    int wire, host ;
    bool stream ;                   // download: streaming stores into resident pages
} ;

struct chunk
{
    const segment *seg ;
    int64_t first, count ;          // elements [first, first+count) of seg
} ;

// The chunks of a list of segments, in order, each at most a slot.
class chunk_cursor
{
public:
    chunk_cursor (const segment *segs, int nsegs) : segs_ (segs), nsegs_ (nsegs) { }
    bool next (chunk &c)
    {
        while (s_ < nsegs_ && (offset_ >= segs_ [s_].n || segs_ [s_].wire == 0))
        {
            s_++ ;
            offset_ = 0 ;
        }
        if (s_ == nsegs_) return false ;
        const segment &g = segs_ [s_] ;
        int64_t per_slot = config ().slot_bytes / g.wire ;
        c.seg = &g ;
        c.first = offset_ ;
        c.count = std::min (per_slot, g.n - offset_) ;
        offset_ += c.count ;
        return true ;
    }
private:
    const segment *segs_ ;
    int nsegs_, s_ = 0 ;
    int64_t offset_ = 0 ;
} ;

// Upload: elements [b,e) of chunk c, from the host array into the slot.
void fill_part (const chunk &c, unsigned char *slot, int64_t b, int64_t e)
{
    const segment &g = *c.seg ;
    const unsigned char *src = g.from + (c.first + b) * g.host ;
    unsigned char *dst = slot + b * g.wire ;
    if (g.wire == g.host)
    {
        memcpy (dst, src, size_t (e - b) * g.wire) ;
    }
    else
    {
        const uint64_t *s = reinterpret_cast <const uint64_t *> (src) ;
        int32_t *d = reinterpret_cast <int32_t *> (dst) ;
        for (int64_t k = 0 ; k < e - b ; k++) d [k] = (int32_t) s [k] ;
    }
}

#if defined (__SSE2__)

// Streaming stores (they bypass the caches and skip the read of each line
// before it is written) need 16-byte aligned destinations: the unaligned head
// and the tail are plain.  The fence orders them before the part is reported
// done (another thread then hands the arrays to GraphBLAS).

void stream_copy (unsigned char *dst, const unsigned char *src, size_t bytes)
{
    size_t head = std::min (bytes, size_t (-reinterpret_cast <uintptr_t> (dst) & 15)) ;
    memcpy (dst, src, head) ;
    size_t k = head ;
    for ( ; k + 64 <= bytes ; k += 64)
    {
        __m128i a = _mm_loadu_si128 (reinterpret_cast <const __m128i *> (src + k)) ;
        __m128i b = _mm_loadu_si128 (reinterpret_cast <const __m128i *> (src + k + 16)) ;
        __m128i c = _mm_loadu_si128 (reinterpret_cast <const __m128i *> (src + k + 32)) ;
        __m128i d = _mm_loadu_si128 (reinterpret_cast <const __m128i *> (src + k + 48)) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k), a) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k + 16), b) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k + 32), c) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k + 48), d) ;
    }
    memcpy (dst + k, src + k, bytes - k) ;
    _mm_sfence () ;
}

// 32-bit column indices widened to 64 bits, two per streaming store.
void stream_widen (uint64_t *dst, const uint32_t *src, int64_t n)
{
    int64_t k = 0 ;
    for ( ; k < n && (reinterpret_cast <uintptr_t> (dst + k) & 15) != 0 ; k++) dst [k] = src [k] ;
    const __m128i zero = _mm_setzero_si128 () ;
    for ( ; k + 4 <= n ; k += 4)
    {
        __m128i v = _mm_loadu_si128 (reinterpret_cast <const __m128i *> (src + k)) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k), _mm_unpacklo_epi32 (v, zero)) ;
        _mm_stream_si128 (reinterpret_cast <__m128i *> (dst + k + 2), _mm_unpackhi_epi32 (v, zero)) ;
    }
    for ( ; k < n ; k++) dst [k] = src [k] ;
    _mm_sfence () ;
}

#else

void stream_copy (unsigned char *dst, const unsigned char *src, size_t bytes)
{
    memcpy (dst, src, bytes) ;
}

void stream_widen (uint64_t *dst, const uint32_t *src, int64_t n)
{
    for (int64_t k = 0 ; k < n ; k++) dst [k] = src [k] ;
}

#endif

// Download: elements [b,e) of chunk c, from the slot into the host array.
void drain_part (const chunk &c, const unsigned char *slot, int64_t b, int64_t e)
{
    const segment &g = *c.seg ;
    const unsigned char *src = slot + b * g.wire ;
    unsigned char *dst = g.to + (c.first + b) * g.host ;
    if (g.stream)
    {
        if (g.wire == g.host) stream_copy (dst, src, size_t (e - b) * g.wire) ;
        else stream_widen (reinterpret_cast <uint64_t *> (dst),
            reinterpret_cast <const uint32_t *> (src), e - b) ;
    }
    else if (g.wire == g.host)
    {
        memcpy (dst, src, size_t (e - b) * g.wire) ;
    }
    else
    {
        const uint32_t *s = reinterpret_cast <const uint32_t *> (src) ;
        uint64_t *d = reinterpret_cast <uint64_t *> (dst) ;
        for (int64_t k = 0 ; k < e - b ; k++) d [k] = s [k] ;
    }
}

//------------------------------------------------------------------------------
// staged upload and download
//------------------------------------------------------------------------------

void fill_csr (gbgpu_dev_csr *D, int64_t nrows, int64_t ncols, int64_t nvals,
    device_array <int64_t> &dp, device_array <int32_t> &dj,
    device_array <unsigned char> &dx, int64_t nx, size_t value_size, bool iso)
{
    D->nrows = nrows ;
    D->ncols = ncols ;
    D->nvals = nvals ;
    D->p = dp.release () ;
    D->j = dj.release () ;
    D->x = (nx > 0) ? dx.release () : nullptr ;
    D->value_size = value_size ;
    D->iso = iso ;
    D->first_row = 0 ;
    D->rows_sorted = false ;
}

cudaError_t upload_staged (area_lease &lease, gbgpu_dev_csr *D, int64_t nrows,
    int64_t ncols, const uint64_t *p, const uint64_t *j, const void *x,
    size_t value_size, bool iso)
{
    int64_t nvals = (int64_t) p [nrows] ;
    int64_t nx = (x == nullptr) ? 0 : (iso ? 1 : nvals) ;
    device_array <int64_t> dp ;
    device_array <int32_t> dj ;
    device_array <unsigned char> dx ;
    GBGPU_TRY (dp.allocate (nrows + 1)) ;
    GBGPU_TRY (dj.allocate (nvals)) ;
    GBGPU_TRY (dx.allocate (nx * value_size)) ;
    slot_events done ;
    GBGPU_TRY (done.create ()) ;

    const segment segs [3] =
    {
        { reinterpret_cast <const unsigned char *> (p),
          reinterpret_cast <unsigned char *> (dp.get ()), nrows + 1, 8, 8, false },
        { reinterpret_cast <const unsigned char *> (j),
          reinterpret_cast <unsigned char *> (dj.get ()), nvals, 4, 8, false },
        { static_cast <const unsigned char *> (x), dx.get (), nx,
          (int) value_size, (int) value_size, false },
    } ;
    chunk_cursor cursor (segs, 3) ;
    chunk c ;
    for (int64_t k = 0 ; cursor.next (c) ; k++)
    {
        int s = (int) (k % N_SLOTS) ;
        unsigned char *slot = lease.slot (s) ;
        // the slot's previous chunk is on the device
        if (k >= N_SLOTS) GBGPU_TRY (cudaEventSynchronize (done.e [s])) ;
        for_parts (c.count, c.seg->wire,
            [&c, slot] (int64_t b, int64_t e) { fill_part (c, slot, b, e) ; }) ;
        size_t bytes = size_t (c.count) * c.seg->wire ;
        lease.in_flight = true ;
        GBGPU_TRY (cudaMemcpyAsync (c.seg->to + c.first * c.seg->wire, slot, bytes,
            cudaMemcpyHostToDevice, stream ())) ;
        GBGPU_TRY (cudaEventRecord (done.e [s], stream ())) ;
        bus_bytes += bytes ;
    }
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;
    lease.in_flight = false ;
    fill_csr (D, nrows, ncols, nvals, dp, dj, dx, nx, value_size, iso) ;
    return cudaSuccess ;
}

cudaError_t download_staged (area_lease &lease, const gbgpu_dev_result *T,
    uint64_t *p, uint64_t *j, void *x, bool resident)
{
    int64_t nvals = T->nvals ;
    // Narrowing needs indices below 2^32 and one slot of device memory.
    bool narrow = nvals > 0 && T->ncols >= 0 && T->ncols <= (int64_t (1) << 32) ;
    device_array <int32_t> narrowed ;
    if (narrow && narrowed.allocate (std::min <int64_t> (nvals,
        config ().slot_bytes / (int64_t) sizeof (int32_t))) != cudaSuccess)
    {
        (void) cudaGetLastError () ;    // no room: 8-byte indices on the bus
        narrow = false ;
    }
    slot_events arrived ;
    GBGPU_TRY (arrived.create ()) ;

    const segment segs [3] =
    {
        { reinterpret_cast <const unsigned char *> (T->p),
          reinterpret_cast <unsigned char *> (p), T->nrows + 1, 8, 8, resident },
        { reinterpret_cast <const unsigned char *> (T->j),
          reinterpret_cast <unsigned char *> (j), nvals, narrow ? 4 : 8, 8, resident },
        { static_cast <const unsigned char *> (T->x), static_cast <unsigned char *> (x),
          gbgpu_result_values (T), (int) T->value_size, (int) T->value_size, resident },
    } ;

    // Queues chunk c into slot s.  One narrowing buffer is enough: the stream
    // runs each narrowing after the copy of the chunk before.
    auto queue = [&] (const chunk &c, int s) -> cudaError_t
    {
        const segment &g = *c.seg ;
        const void *from = g.from + c.first * g.host ;
        if (g.wire != g.host)
        {
            GBGPU_TRY (narrow_indices_async (narrowed.get (),
                static_cast <const int64_t *> (from), c.count)) ;
            from = narrowed.get () ;
        }
        size_t bytes = size_t (c.count) * g.wire ;
        lease.in_flight = true ;
        GBGPU_TRY (cudaMemcpyAsync (lease.slot (s), from, bytes,
            cudaMemcpyDeviceToHost, stream ())) ;
        GBGPU_TRY (cudaEventRecord (arrived.e [s], stream ())) ;
        bus_bytes += bytes ;
        return cudaSuccess ;
    } ;

    chunk_cursor cursor (segs, 3) ;
    chunk in_slot [N_SLOTS] ;
    int64_t queued = 0 ;
    while (queued < N_SLOTS && cursor.next (in_slot [queued]))
    {
        GBGPU_TRY (queue (in_slot [queued], (int) queued)) ;
        queued++ ;
    }
    for (int64_t k = 0 ; k < queued ; k++)
    {
        int s = (int) (k % N_SLOTS) ;
        const unsigned char *slot = lease.slot (s) ;
        GBGPU_TRY (cudaEventSynchronize (arrived.e [s])) ;
        const chunk &c = in_slot [s] ;
        for_parts (c.count, c.seg->wire,
            [&c, slot] (int64_t b, int64_t e) { drain_part (c, slot, b, e) ; }) ;
        if (cursor.next (in_slot [s]))
        {
            GBGPU_TRY (queue (in_slot [s], s)) ;
            queued++ ;
        }
    }
    lease.in_flight = false ;       // every event waited for: the stream is idle
    return cudaSuccess ;
}

//------------------------------------------------------------------------------
// direct (pageable) upload and download: no pinned memory, or GBGPU_XFER_STAGED=0
//------------------------------------------------------------------------------

cudaError_t upload_direct (gbgpu_dev_csr *D, int64_t nrows, int64_t ncols,
    const uint64_t *p, const uint64_t *j, const void *x, size_t value_size, bool iso)
{
    int64_t nvals = (int64_t) p [nrows] ;
    int64_t nx = (x == nullptr) ? 0 : (iso ? 1 : nvals) ;
    device_array <int64_t> dp ;
    device_array <int32_t> dj ;
    device_array <int64_t> wide ;
    device_array <unsigned char> dx ;
    GBGPU_TRY (dp.allocate (nrows + 1)) ;
    GBGPU_TRY (dj.allocate (nvals)) ;
    GBGPU_TRY (wide.allocate (nvals)) ;
    GBGPU_TRY (dx.allocate (nx * value_size)) ;
    GBGPU_TRY (cudaMemcpyAsync (dp.get (), p, (nrows + 1) * sizeof (int64_t),
        cudaMemcpyHostToDevice, stream ())) ;
    bus_bytes += (nrows + 1) * sizeof (int64_t) ;
    if (nvals > 0)
    {
        GBGPU_TRY (cudaMemcpyAsync (wide.get (), j, nvals * sizeof (int64_t),
            cudaMemcpyHostToDevice, stream ())) ;
        GBGPU_TRY (narrow_indices_async (dj.get (), wide.get (), nvals)) ;
        bus_bytes += nvals * sizeof (int64_t) ;
    }
    if (nx > 0 && value_size > 0)
    {
        GBGPU_TRY (cudaMemcpyAsync (dx.get (), x, nx * value_size,
            cudaMemcpyHostToDevice, stream ())) ;
        bus_bytes += nx * value_size ;
    }
    // The caller hands the host arrays back to GraphBLAS once this returns.
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;
    fill_csr (D, nrows, ncols, nvals, dp, dj, dx, nx, value_size, iso) ;
    return cudaSuccess ;
}

cudaError_t download_direct (const gbgpu_dev_result *T, uint64_t *p, uint64_t *j, void *x)
{
    GBGPU_TRY (cudaMemcpyAsync (p, T->p, (T->nrows + 1) * sizeof (int64_t),
        cudaMemcpyDeviceToHost, stream ())) ;
    bus_bytes += (T->nrows + 1) * sizeof (int64_t) ;
    if (T->nvals > 0)
    {
        const int64_t nx = gbgpu_result_values (T) ;
        GBGPU_TRY (cudaMemcpyAsync (j, T->j, T->nvals * sizeof (int64_t),
            cudaMemcpyDeviceToHost, stream ())) ;
        GBGPU_TRY (cudaMemcpyAsync (x, T->x, nx * T->value_size,
            cudaMemcpyDeviceToHost, stream ())) ;
        bus_bytes += T->nvals * sizeof (int64_t) + nx * T->value_size ;
    }
    return cudaStreamSynchronize (stream ()) ;
}

}   // namespace (anonymous)

void transfer_bytes_reset (uint64_t bytes) { bus_bytes = bytes ; }

// One transfer: staged through a pinned area when one can be had, direct
// otherwise; host exceptions become CUDA errors, and errors a status.
template <class Staged, class Direct>
static gbgpu_cuda_status transfer (Staged staged, Direct direct)
{
    bus_bytes = 0 ;
    cudaError_t e = cudaErrorUnknown ;
    try
    {
        bool done = false ;
        if (config ().staged)
        {
            area_lease lease ;
            if (lease)
            {
                e = staged (lease) ;
                done = true ;
            }
        }
        if (!done) e = direct () ;
    }
    catch (const std::bad_alloc &)
    {
        e = cudaErrorMemoryAllocation ;
    }
    catch (...)
    {
        e = cudaErrorUnknown ;
    }
    return status_of (e) ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" {

gbgpu_cuda_status gbgpu_cuda_upload (gbgpu_dev_csr *D, int64_t nrows, int64_t ncols,
    const uint64_t *p, const uint64_t *j, const void *x, size_t value_size, bool iso)
{
    return transfer (
        [&] (area_lease &lease) { return upload_staged (lease, D, nrows, ncols, p, j, x, value_size, iso) ; },
        [&] () { return upload_direct (D, nrows, ncols, p, j, x, value_size, iso) ; }) ;
}

gbgpu_cuda_status gbgpu_cuda_download (const gbgpu_dev_result *T, uint64_t *p,
    uint64_t *j, void *x, bool resident)
{
    return transfer (
        [&] (area_lease &lease) { return download_staged (lease, T, p, j, x, resident) ; },
        [&] () { return download_direct (T, p, j, x) ; }) ;
}

void gbgpu_cuda_touch_host (void *p, size_t bytes)
{
    unsigned char *base = static_cast <unsigned char *> (p) ;
    const int64_t page = 4096 ;
    if (base == nullptr || bytes == 0) return ;
    try
    {
        // a byte of every page that [b,e) meets: b's, then each page's first
        for_parts (int64_t (bytes), 1, [base, page] (int64_t b, int64_t e)
        {
            base [b] = 0 ;
            const uintptr_t next_page = (reinterpret_cast <uintptr_t> (base + b) | (page - 1)) + 1 ;
            for (int64_t k = int64_t (next_page - reinterpret_cast <uintptr_t> (base)) ; k < e ;
                k += page) base [k] = 0 ;
        }) ;
    }
    catch (...)
    {
        // the pool could not run: the download touches them as it writes
    }
}

uint64_t gbgpu_cuda_transfer_bytes (void) { return bus_bytes ; }

}   // extern "C"
