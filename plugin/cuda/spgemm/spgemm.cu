// plugin/cuda/spgemm/spgemm.cu: T = A*B (or T<M> = A*B) on the device, phase by phase.
// SPDX-License-Identifier: Apache-2.0
//
//   analyse  each row's statistics (products, entries of A's row) and need:
//            products (symbolic) or entries (numeric), or the mask row's
//            size when masked; the selector picks its accumulator
//            (accumulator_selector.cuh); histogram into bins
//   bin      row ids grouped by bin (one pass, warp- and block-aggregated
//            atomics)
//   count    entries per row (count_rows), then an exclusive scan gives T's
//            row pointers and its size, so T is allocated exactly once
//   fill     values per row with the semiring's instantiation (semirings/)
//            or its run-time compiled module's kernels (spgemm/module_launch.cu);
//            only the pattern when every entry is 1 (ANY_PAIR, LOR_PAIR, ...):
//            then no value is read or written and T is iso
//   sort     rows that came from global-memory hash tables
//
// The host waits twice: for the symbolic bins' histogram, and for the numeric
// bins' with T's size (each wait leaves the GPU idle for a round trip; the
// analysis posts the counts into pinned memory, memory/counts_mailbox.cuh),
// and once at the end.
// With profile->per_bin, device events time the phases and each bin
// (profile.cu).  What the launches ask of the device is in device_query.cu,
// their tuning in kernels/tuning.cuh.

#include <cub/device/device_scan.cuh>
#include "accumulator_selector.cuh"
#include "knobs.cuh"
#include "memory/counts_mailbox.cuh"

namespace gbgpu {

// Sets *unsorted when a row of B is not strictly increasing (jumbled, or with
// a repeated column): copy and merge, which read B's rows as sorted runs,
// are not used then.  A warp per row.
__global__ void check_rows_sorted (const csr_view B, int64_t nrows, int *unsorted)
{
    const int64_t warps = (int64_t) gridDim.x * blockDim.x / 32 ;
    const int lane = threadIdx.x % 32 ;
    bool sorted = true ;
    for (int64_t k = ((int64_t) blockIdx.x * blockDim.x + threadIdx.x) / 32 ; k < nrows ; k += warps)
    {
        for (int64_t p = B.p [k] + 1 + lane ; p < B.p [k+1] ; p += 32)
            sorted &= (B.j [p-1] < B.j [p]) ;
    }
    if (__any_sync (0xFFFFFFFFu, !sorted) && lane == 0) atomicOr (unsorted, 1) ;
}

// Row i's products: the sum of nnz(B(k,:)) over A(i,:).  A thread sums its
// own row, unless the row is longer than ANALYSE_WARP_ROW entries: the warp
// then sums it together, one such row after another.  Power-law graphs have
// hub rows of 10^3 entries, and a lone thread's walk of one held its block
// (see tuning.cuh).  Every lane of the warp calls this; `walk` says whether
// the lane has a row to sum.
__device__ __forceinline__ int64_t row_products (const csr_view &A, const csr_view &B,
    int64_t i, bool walk)
{
    const int64_t start = walk ? A.p [i] : 0, end = walk ? A.p [i+1] : 0 ;
    const bool warp_row = (end - start > ANALYSE_WARP_ROW) ;
    int64_t products = 0 ;
    if (!warp_row)
    {
        #pragma unroll 4
        for (int64_t pa = start ; pa < end ; pa++)
        {
            const int32_t k = A.j [pa] ;
            products += B.p [k+1] - B.p [k] ;
        }
    }
    const int lane = threadIdx.x % 32 ;
    for (unsigned rows = __ballot_sync (0xFFFFFFFFu, warp_row) ; rows != 0 ; rows &= rows - 1)
    {
        const int owner = __ffs (rows) - 1 ;
        const int64_t first = __shfl_sync (0xFFFFFFFFu, start, owner) ;
        const int64_t last = __shfl_sync (0xFFFFFFFFu, end, owner) ;
        int64_t sum = 0 ;
        for (int64_t pa = first + lane ; pa < last ; pa += 32)
        {
            const int32_t k = A.j [pa] ;
            sum += B.p [k+1] - B.p [k] ;
        }
        for (int offset = 16 ; offset > 0 ; offset /= 2)
            sum += __shfl_xor_sync (0xFFFFFFFFu, sum, offset) ;
        if (lane == owner) products = sum ;
    }
    return products ;
}

// Counts each lane that `has` a row into its bin's counter in shared memory
// and returns the lane's place among the block's rows of that bin: one
// atomic per distinct bin of the warp, the lanes' places from their rank
// among its lanes of the same bin.  Every lane of the warp calls this.  Most
// rows of a graph fall into one or two bins, and 32 lanes adding to one
// shared word are 32 atomics one after another: with an atomic a thread
// (64-bit), group_rows_by_bin, which does little else, took 17 us on
// luxembourg's 1.1e5 rows, nearly all in the shuffle bin (ncu, H200,
// 2026-11-28).
__device__ __forceinline__ unsigned count_into_bin (unsigned *bin_rows, int bin, bool has)
{
    const unsigned lanes = __ballot_sync (0xFFFFFFFFu, has) ;
    if (!has) return 0 ;
    const unsigned peers = __match_any_sync (lanes, bin) ;
    const int lane = threadIdx.x % 32, leader = __ffs (peers) - 1 ;
    unsigned first = 0 ;
    if (lane == leader) first = atomicAdd (&bin_rows [bin], (unsigned) __popc (peers)) ;
    first = __shfl_sync (lanes, first, leader) ;
    return first + __popc (peers & ((1u << lane) - 1)) ;
}

// need = entries the row's table must hold.  Counting: its products bounded by
// B's width; filling: its entries.  A mask row is preloaded instead (T<M>: its
// entries are the only candidates) or besides (T<!M>: they stand for the
// columns to leave out).  Counting also writes the count of rows with nothing
// to compute (0) and of copy rows (their products: B's row has no repeated
// column).  Filling reads the counting phase's bin from row_bin before it
// replaces it: copy, shuffle and merge rows keep their accumulator; and it
// brings T's size (Cp [nrows]) back with the counts, in the same wait.
// Launched with whole warps (row_products).
__global__ void analyse_rows (const csr_view A, const csr_view B, const csr_view M,
    bool complement, int64_t nrows, int64_t ncols, int shared, const int64_t *Cp,
    const int *B_unsorted, accumulator_choice choice,
    int64_t *row_count, int64_t *row_need, uint8_t *row_bin, bin_counts *counts,
    unsigned *finished_blocks, counts_mailbox *box, unsigned long long sequence)
{
    __shared__ unsigned block_rows [N_BINS] ;
    __shared__ unsigned long long block_products ;
    if (threadIdx.x < N_BINS) block_rows [threadIdx.x] = 0 ;
    if (threadIdx.x == 0) block_products = 0 ;
    __syncthreads () ;

    const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    const bool counting = (Cp == nullptr) ;
    const bool active = (i < nrows) ;
    const bool B_runs = (B_unsorted != nullptr && *B_unsorted == 0) ;
    const int symbolic_bin = (counting || !active) ? BIN_EMPTY : row_bin [i] ;
    row_statistics row = { 0, active ? A.p [i+1] - A.p [i] : 0 } ;
    row.products = row_products (A, B, i, active && (counting || symbolic_bin == BIN_MERGE)) ;
    int b = BIN_EMPTY ;
    if (active)
    {
        int64_t need ;
        if (counting)
        {
            need = (row.products < ncols ? row.products : ncols) ;
        }
        else
        {
            need = Cp [i+1] - Cp [i] ;
        }
        if (need > 0 && M.p != nullptr)
        {
            const int64_t mask_entries = M.p [i+1] - M.p [i] ;
            need = complement ? need + mask_entries : mask_entries ;
        }
        const bool unmasked = (M.p == nullptr) ;
        const bool sorted_runs = unmasked && B_runs ;
        if (counting)
        {
            b = select_symbolic_bin (row, need, ncols, shared, unmasked, sorted_runs, choice) ;
            if (b == BIN_EMPTY) row_count [i] = 0 ;
            if (b == BIN_COPY) row_count [i] = row.products ;
        }
        else
        {
            b = select_numeric_bin (row, need, ncols, shared, symbolic_bin, sorted_runs, choice) ;
        }
        row_need [i] = need ;
        row_bin [i] = (uint8_t) b ;
        if (b == BIN_GLOBAL) atomicMax (&counts->max_global_need, (unsigned long long) need) ;
        if (b == BIN_MERGE)
        {
            atomicMax (&counts->max_merge_products, (unsigned long long) row.products) ;
            atomicMax (&counts->max_merge_segments, (unsigned long long) row.segments) ;
        }
    }
    (void) count_into_bin (block_rows, b, active) ;
    if (counting)
    {
        // the warp's products, then one atomic a warp
        unsigned long long warp_products = active ? (unsigned long long) row.products : 0 ;
        for (int offset = 16 ; offset > 0 ; offset /= 2)
            warp_products += __shfl_xor_sync (0xFFFFFFFFu, warp_products, offset) ;
        if (threadIdx.x % 32 == 0 && warp_products > 0) atomicAdd (&block_products, warp_products) ;
    }
    __syncthreads () ;
    if (threadIdx.x < N_BINS && block_rows [threadIdx.x] > 0)
        atomicAdd (&counts->rows [threadIdx.x], (unsigned long long) block_rows [threadIdx.x]) ;
    if (threadIdx.x == 0 && block_products > 0)
        atomicAdd (&counts->products, block_products) ;
    if (blockIdx.x == 0 && threadIdx.x == 0)
    {
        counts->B_sorted = B_runs ;
        if (!counting) counts->entries = (unsigned long long) Cp [nrows] ;
    }
    if (box != nullptr) post_counts (counts, finished_blocks, box, sequence) ;
}

struct bin_offsets { int64_t offset [N_BINS] ; } ;

// Row ids grouped by bin; within a bin the order is arbitrary.
__global__ void group_rows_by_bin (int64_t nrows, const uint8_t *row_bin,
    const bin_offsets offsets, bin_counts *counts, int64_t *list)
{
    __shared__ unsigned block_rows [N_BINS] ;
    __shared__ unsigned long long block_start [N_BINS] ;
    if (threadIdx.x < N_BINS) block_rows [threadIdx.x] = 0 ;
    __syncthreads () ;
    const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    const int b = (i < nrows) ? row_bin [i] : BIN_EMPTY ;
    const unsigned at = count_into_bin (block_rows, b, b != BIN_EMPTY) ;
    __syncthreads () ;
    if (threadIdx.x < N_BINS && block_rows [threadIdx.x] > 0)
        block_start [threadIdx.x] = atomicAdd (&counts->cursor [threadIdx.x],
            (unsigned long long) block_rows [threadIdx.x]) ;
    __syncthreads () ;
    if (i < nrows && b != BIN_EMPTY)
        list [offsets.offset [b] + block_start [b] + at] = i ;
}

// What both phases' analysis reads and writes.
struct row_analysis
{
    csr_view A, B, M ;
    bool complement ;
    int64_t nrows, ncols ;
    const int *B_unsorted ;         // 0 from the call's memset, set by check_rows_sorted when
                                    // B is not known sorted; NULL: not read as runs
    accumulator_choice choice ;
    int64_t *row_need ;
    uint8_t *row_bin ;
    int64_t *list ;
} ;

// Fills `bins` (and `list`) for one phase, and *total: the products when
// counting, T's size when filling (Cp given).  counts: the phase's own,
// zeroed on the device.  shared_tables false: no shared hash bins (every
// hashed row in the global bin).
static cudaError_t bin_rows (row_bins *bins, const row_analysis &r, bin_counts *counts,
    unsigned *finished_blocks, size_t slot_bytes, bool shared_tables, const int64_t *Cp,
    int64_t *row_count, int64_t *total)
{
    const int threads = PASS_THREADS ;
    const unsigned blocks = (unsigned) ((r.nrows + threads - 1) / threads) ;
    *bins = row_bins { } ;
    bins->list = r.list ;
    bins->claimed = counts->claimed ;
    *total = 0 ;
    if (r.nrows == 0) return cudaSuccess ;
    // the counts through the thread's mailbox, else by a copy and a wait
    unsigned long long sequence = 0 ;
    counts_mailbox *box = thread_mailbox (&sequence) ;
    analyse_rows <<<blocks, threads, 0, stream ()>>> (r.A, r.B, r.M, r.complement, r.nrows,
        r.ncols, shared_tables ? usable_bins (slot_bytes) : 0, Cp, r.B_unsorted, r.choice, row_count, r.row_need,
        r.row_bin, counts, finished_blocks, box, sequence) ;
    GBGPU_TRY (cudaGetLastError ()) ;
    bool posted = false ;
    if (box != nullptr) GBGPU_TRY (wait_for_mailbox (box, sequence, &posted)) ;
    bin_counts copied ;
    if (!posted)
    {
        GBGPU_TRY (cudaMemcpyAsync (&copied, counts, sizeof (copied), cudaMemcpyDeviceToHost, stream ())) ;
        GBGPU_TRY (cudaStreamSynchronize (stream ())) ;
    }
    const bin_counts &host = posted ? box->counts : copied ;

    bin_offsets offsets ;
    int64_t listed = 0 ;
    for (int b = 0 ; b < N_BINS ; b++)
    {
        bins->rows [b] = (b == BIN_EMPTY) ? 0 : (int64_t) host.rows [b] ;
        bins->offset [b] = offsets.offset [b] = listed ;
        listed += bins->rows [b] ;
    }
    bins->empty_rows = (int64_t) host.rows [BIN_EMPTY] ;
    bins->max_global_need = (int64_t) host.max_global_need ;
    bins->max_merge_products = (int64_t) host.max_merge_products ;
    bins->max_merge_segments = (int64_t) host.max_merge_segments ;
    bins->B_sorted = (host.B_sorted != 0) ;
    *total = (int64_t) (Cp == nullptr ? host.products : host.entries) ;
    group_rows_by_bin <<<blocks, threads, 0, stream ()>>> (r.nrows, r.row_bin, offsets, counts, r.list) ;
    return cudaGetLastError () ;
}

// *unsorted on the device (0 before): 0 when every row of B is strictly
// increasing.
static cudaError_t check_B_sorted (const csr_view &B, int64_t nrows, int *unsorted)
{
    if (nrows == 0) return cudaSuccess ;
    const int threads = CHECK_SORTED_THREADS, rows_per_block = threads / 32 ;
    int64_t blocks = (nrows + rows_per_block - 1) / rows_per_block ;
    const int64_t enough = CHECK_SORTED_BLOCKS_PER_SM * (int64_t) multiprocessor_count () ;
    if (blocks > enough) blocks = enough ;
    check_rows_sorted <<<(unsigned) blocks, threads, 0, stream ()>>> (B, nrows, unsorted) ;
    return cudaGetLastError () ;
}

cudaError_t set_to_one (void *x, gbgpu_type type)
{
    union { bool b ; int8_t i8 ; int16_t i16 ; int32_t i32 ; int64_t i64 ; uint8_t u8 ;
            uint16_t u16 ; uint32_t u32 ; uint64_t u64 ; float f32 ; double f64 ; } one ;
    switch (type)
    {
        case GBGPU_TYPE_BOOL:   one.b = true ; break ;
        case GBGPU_TYPE_INT8:   one.i8 = 1 ;   break ;
        case GBGPU_TYPE_INT16:  one.i16 = 1 ;  break ;
        case GBGPU_TYPE_UINT8:  one.u8 = 1 ;   break ;
        case GBGPU_TYPE_UINT16: one.u16 = 1 ;  break ;
        case GBGPU_TYPE_INT32:  one.i32 = 1 ;  break ;
        case GBGPU_TYPE_INT64:  one.i64 = 1 ;  break ;
        case GBGPU_TYPE_UINT32: one.u32 = 1 ;  break ;
        case GBGPU_TYPE_UINT64: one.u64 = 1 ;  break ;
        case GBGPU_TYPE_FP32:   one.f32 = 1 ;  break ;
        default:                one.f64 = 1 ;  break ;
    }
    // From pageable memory the copy is staged before the call returns, so
    // `one` may go out of scope without waiting for the stream.
    return cudaMemcpyAsync (x, &one, gbgpu_type_size (type), cudaMemcpyHostToDevice, stream ()) ;
}

static csr_view view_of (const gbgpu_dev_csr *X)
{
    if (X == nullptr) return csr_view { nullptr, nullptr, nullptr, false, 0 } ;
    return csr_view { X->p, X->j, X->x, X->iso, X->first_row } ;
}

// How the numeric phase fills T's values for a compiled-in semiring: its
// instantiation, or only the pattern when every entry is 1.
static cudaError_t compiled_fill (value_fill *f, gbgpu_semiring semiring)
{
    *f = value_fill { } ;
    f->compiled = find_fill_rows (semiring) ;
    if (f->compiled == nullptr) return cudaErrorNotSupported ;
    f->iso = all_ones (semiring) ;
    if (f->iso) f->compiled = fill_pattern_rows ;
    f->iso_type = semiring.type ;
    f->value_size = gbgpu_type_size (semiring.type) ;
    // value slots (none for a pattern): booleans accumulate in 32-bit words
    f->value_slot_bytes = f->iso ? 0
        : semiring.type == GBGPU_TYPE_BOOL ? sizeof (uint32_t) : f->value_size ;
    return cudaSuccess ;
}

// Where a call's scratch arrays lie in its one allocation: row_count's last
// entry, both phases' bin counts, B_unsorted and the analyses' finished
// blocks (counts_mailbox.cuh) together, so that one memset
// zeroes them (zeroed_bytes from row_count + m); every array aligned for its
// type, the scan's workspace on 256 bytes (cub's own alignment).
struct call_scratch
{
    size_t row_count_at, counts_at, B_unsorted_at, finished_blocks_at, row_need_at, list_at,
        row_bin_at, scan_at ;
    size_t zeroed_bytes, bytes ;

    call_scratch (int64_t m, size_t scan_bytes)
    {
        auto aligned = [] (size_t at, size_t alignment) { return (at + alignment - 1) / alignment * alignment ; } ;
        row_count_at = 0 ;
        counts_at = row_count_at + (size_t) (m + 1) * sizeof (int64_t) ;
        B_unsorted_at = counts_at + 2 * sizeof (bin_counts) ;
        finished_blocks_at = B_unsorted_at + sizeof (int) ;
        row_need_at = aligned (finished_blocks_at + 2 * sizeof (unsigned), sizeof (int64_t)) ;
        zeroed_bytes = row_need_at - (counts_at - sizeof (int64_t)) ;
        list_at = row_need_at + (size_t) m * sizeof (int64_t) ;
        row_bin_at = list_at + (size_t) m * sizeof (int64_t) ;
        scan_at = aligned (row_bin_at + (size_t) m, 256) ;
        bytes = scan_at + scan_bytes ;
    }
    template <class T> static T *at (unsigned char *base, size_t offset)
    {
        return reinterpret_cast <T *> (base + offset) ;
    }
    int64_t *row_count (unsigned char *b) const { return at <int64_t> (b, row_count_at) ; }
    bin_counts *counts (unsigned char *b, int phase) const { return at <bin_counts> (b, counts_at) + phase ; }
    int *B_unsorted (unsigned char *b) const { return at <int> (b, B_unsorted_at) ; }
    unsigned *finished_blocks (unsigned char *b, int phase) const { return at <unsigned> (b, finished_blocks_at) + phase ; }
    int64_t *row_need (unsigned char *b) const { return at <int64_t> (b, row_need_at) ; }
    int64_t *list (unsigned char *b) const { return at <int64_t> (b, list_at) ; }
    uint8_t *row_bin (unsigned char *b) const { return at <uint8_t> (b, row_bin_at) ; }
    void *scan (unsigned char *b) const { return b + scan_at ; }
} ;

static cudaError_t spgemm (gbgpu_dev_result *T, const value_fill &values,
    const gbgpu_dev_csr *Md, bool complement, const gbgpu_dev_csr *Ad, const gbgpu_dev_csr *Bd,
    gbgpu_cuda_profile *profile)
{
    const bool iso = values.iso ;
    const int64_t m = Ad->nrows, n = Bd->ncols ;
    const csr_view A = view_of (Ad), B = view_of (Bd), M = view_of (Md) ;

    // the phases' times, only when asked (five event creations a call)
    cudaEvent_t marks [5] = { } ;
    struct events_guard
    {
        cudaEvent_t *e ;
        ~events_guard () { for (int k = 0 ; k < 5 ; k++) if (e [k] != nullptr) cudaEventDestroy (e [k]) ; }
    }
    guard { marks } ;
    const bool timed = profile != nullptr && profile->per_bin ;
    if (timed) for (auto &e : marks) GBGPU_TRY (cudaEventCreate (&e)) ;
    auto mark = [&marks] (int k)
    {
        return (marks [k] == nullptr) ? cudaSuccess : cudaEventRecord (marks [k], stream ()) ;
    } ;
    GBGPU_TRY (mark (0)) ;

    // T's row pointers, and the call's scratch in one allocation, zeroed where
    // it must be by one memset (call_scratch): each allocation, free and
    // memset is a call into the runtime, and a small product's time is
    // mostly such calls (docs/performance.md)
    size_t scan_bytes = 0 ;
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (nullptr, scan_bytes, (int64_t *) nullptr,
        (int64_t *) nullptr, m + 1, stream ())) ;
    const call_scratch layout (m, scan_bytes) ;
    device_array <int64_t> Cp ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (Cp.allocate (m + 1)) ;
    GBGPU_TRY (scratch.allocate (layout.bytes)) ;
    int64_t *row_count = layout.row_count (scratch.get ()) ;
    bin_counts *symbolic_counts = layout.counts (scratch.get (), 0) ;
    bin_counts *numeric_counts = layout.counts (scratch.get (), 1) ;
    int *B_unsorted = layout.B_unsorted (scratch.get ()) ;
    GBGPU_TRY (cudaMemsetAsync (row_count + m, 0, layout.zeroed_bytes, stream ())) ;
    bin_timer symbolic_timer, numeric_timer ;
    if (profile != nullptr && profile->per_bin)
    {
        GBGPU_TRY (symbolic_timer.enable ()) ;
        GBGPU_TRY (numeric_timer.enable ()) ;
    }

    // copy, merge and the dense fill's column ranges read B's rows as
    // sorted runs, unmasked: only when they are (a pass over B on the
    // device when the caller does not know)
    // (a run-time semiring's module of the hash kernel alone hashes every row)
    const accumulator_choice choice = values.hash_only ? GBGPU_CUDA_ACCUMULATOR_HASH
                                                       : knobs ().accumulator ;
    const bool runs_wanted = (M.p == nullptr) && (choice == GBGPU_CUDA_ACCUMULATOR_AUTO
        || choice == GBGPU_CUDA_ACCUMULATOR_MERGE || choice == GBGPU_CUDA_ACCUMULATOR_DENSE) ;
    if (runs_wanted && !Bd->rows_sorted) GBGPU_TRY (check_B_sorted (B, Bd->nrows, B_unsorted)) ;
    const row_analysis analysis = { A, B, M, complement, m, n, runs_wanted ? B_unsorted : nullptr,
        choice, layout.row_need (scratch.get ()), layout.row_bin (scratch.get ()),
        layout.list (scratch.get ()) } ;

    // symbolic
    row_bins symbolic_bins ;
    int64_t products = 0 ;
    GBGPU_TRY (bin_rows (&symbolic_bins, analysis, symbolic_counts,
        layout.finished_blocks (scratch.get (), 0), sizeof (uint32_t), true, nullptr, row_count, &products)) ;
    GBGPU_TRY (mark (1)) ;
    hash_rows_args args = { A, B, M, complement, n, analysis.row_need, row_count, nullptr, nullptr,
        nullptr, &symbolic_bins, &symbolic_timer } ;
    GBGPU_TRY (count_rows (args)) ;

    // T's row pointers and size (row_count [m] is 0)
    GBGPU_TRY (cub::DeviceScan::ExclusiveSum (layout.scan (scratch.get ()), scan_bytes, row_count,
        Cp.get (), m + 1, stream ())) ;
    GBGPU_TRY (mark (2)) ;
    GBGPU_TRY (inject_failure_if_asked ()) ;

    // numeric: T's size comes back with the numeric bins' counts, in the
    // one wait of bin_rows.  A copy of its own into this stack's (pageable)
    // memory was a wait of its own: the host idled the GPU for a round trip.
    // A module of the hash kernel alone fills from global tables only
    // (hash_rows.cuh); counting ran on the compiled-in kernels, shared ones too.
    const size_t fill_slot_bytes = sizeof (uint32_t) + values.value_slot_bytes ;
    row_bins numeric_bins ;
    int64_t nvals = 0 ;
    GBGPU_TRY (bin_rows (&numeric_bins, analysis, numeric_counts,
        layout.finished_blocks (scratch.get (), 1), fill_slot_bytes, !values.hash_only,
        Cp.get (), nullptr, &nvals)) ;
    const size_t value_size = values.value_size ;
    device_array <int64_t> Cj ;
    device_array <unsigned char> Cx ;
    GBGPU_TRY (Cj.allocate (nvals)) ;
    GBGPU_TRY (Cx.allocate ((iso ? 1 : nvals) * value_size)) ;
    if (iso) GBGPU_TRY (set_to_one (Cx.get (), values.iso_type)) ;
    args = { A, B, M, complement, n, analysis.row_need, nullptr, Cp.get (), Cj.get (), Cx.get (),
        &numeric_bins, &numeric_timer } ;
    GBGPU_TRY (values.module != nullptr ? fill_rows_with_module (args, values.module)
                                        : values.compiled (args)) ;
    GBGPU_TRY (mark (3)) ;

    T->nrows = m ;
    T->ncols = n ;
    T->nvals = nvals ;
    T->value_size = value_size ;
    T->iso = iso ;
    T->p = Cp.release () ;
    T->j = Cj.release () ;
    T->x = Cx.release () ;
    if (numeric_bins.rows [BIN_GLOBAL] > 0) GBGPU_TRY (sort_rows (T)) ;
    GBGPU_TRY (mark (4)) ;
    // T complete before it is handed on: a row block's is downloaded by
    // another thread, on another stream
    GBGPU_TRY (cudaStreamSynchronize (stream ())) ;

    if (profile != nullptr)
    {
        if (timed) GBGPU_TRY (cudaEventElapsedTime (&profile->analyse_ms, marks [0], marks [1])) ;
        if (timed) GBGPU_TRY (cudaEventElapsedTime (&profile->symbolic_ms, marks [1], marks [2])) ;
        if (timed) GBGPU_TRY (cudaEventElapsedTime (&profile->numeric_ms, marks [2], marks [3])) ;
        if (timed) GBGPU_TRY (cudaEventElapsedTime (&profile->sort_ms, marks [3], marks [4])) ;
        profile->products = products ;
        GBGPU_TRY (bin_profile (profile->symbolic, symbolic_bins, symbolic_timer)) ;
        GBGPU_TRY (bin_profile (profile->numeric, numeric_bins, numeric_timer)) ;
    }
    return cudaSuccess ;
}

}   // namespace gbgpu

using namespace gbgpu ;

// The product with either kind of fill, for the C callers.
static gbgpu_cuda_status spgemm_status (gbgpu_dev_result *T, const value_fill &values,
    cudaError_t prepared, const gbgpu_dev_csr *M, bool mask_complement, const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B, gbgpu_cuda_profile *profile)
{
    *T = gbgpu_dev_result { } ;
    cudaError_t e = prepared ;
    try
    {
        if (e == cudaSuccess) e = spgemm (T, values, M, mask_complement && M != nullptr, A, B, profile) ;
    }
    catch (...)     // host bookkeeping out of memory: never into the C caller
    {
        e = cudaErrorMemoryAllocation ;
    }
    if (e != cudaSuccess) gbgpu_cuda_free_result (T) ;
    return status_of (e) ;
}

extern "C" gbgpu_cuda_status gbgpu_cuda_spgemm (gbgpu_dev_result *T,
    gbgpu_semiring semiring, const gbgpu_dev_csr *M, bool mask_complement, const gbgpu_dev_csr *A,
    const gbgpu_dev_csr *B, gbgpu_cuda_profile *profile)
{
    value_fill values ;
    cudaError_t prepared = compiled_fill (&values, semiring) ;
    return spgemm_status (T, values, prepared, M, mask_complement, A, B, profile) ;
}

extern "C" gbgpu_cuda_status gbgpu_cuda_spgemm_module (gbgpu_dev_result *T,
    const gbgpu_cuda_module *module, const gbgpu_dev_csr *M, bool mask_complement,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B, gbgpu_cuda_profile *profile)
{
    value_fill values ;
    cudaError_t prepared = module_fill (&values, module) ;
    return spgemm_status (T, values, prepared, M, mask_complement, A, B, profile) ;
}

extern "C" bool gbgpu_cuda_semiring_supported (gbgpu_semiring s)
{
    return find_fill_rows (s) != nullptr ;
}
