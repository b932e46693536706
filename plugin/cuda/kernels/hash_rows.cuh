// plugin/cuda/kernels/hash_rows.cuh: Gustavson's row-by-row product with a hash accumulator per
// row, templated on the semiring policy.
// SPDX-License-Identifier: Apache-2.0
//
// One group of threads owns one row i of C: it clears a table, preloads the
// mask row M(i,:) when there is a mask, then shares out the row's products
// as row_walk.cuh says (a warp on each entry a(i,k)), inserting column j (or
// finding it among the mask's columns) and folding a(i,k)*b(k,j) into the
// slot with the monoid's atomic update.  Tables live in shared memory, sized
// per bin; rows too large for that use a table in global memory (one per
// block).
//
// Counting (symbolic) and filling (numeric) are the same template: counting
// uses the `pattern` policy, which compiles the values out, and writes the
// row's number of entries; filling writes the row's entries, sorted by column
// for shared-memory rows (rank_by_runs in small tables, a bitonic sort of
// the table in place in large ones) and unsorted for global-memory
// rows (sorted afterwards by sort_rows).  The bins' sizes, threads and the
// sort's cutoff are in tuning.cuh.

#ifndef GBGPU_HASH_ROWS_CUH
#define GBGPU_HASH_ROWS_CUH

#include "rows.cuh"
#include "row_walk.cuh"
#include "semiring_ops.cuh"

namespace gbgpu {

// The semiring policy for counting: no values at all.
struct pattern
{
    using T = bool ;
    using X = bool ;
    using S = uint32_t ;
    struct add { static constexpr bool has_terminal = false ; } ;
    struct mult { static constexpr bool reads_a = false, reads_b = false ; } ;
} ;

template <class SR> constexpr bool has_values = !std::is_same <SR, pattern>::value ;

//------------------------------------------------------------------------------
// the hash table: open addressing, linear probing, power-of-two size
//------------------------------------------------------------------------------

constexpr uint32_t EMPTY_KEY = 0xFFFFFFFFu ;
// Marks a preloaded mask entry: for T<M>, one no product has reached yet; for
// T<!M>, a column to leave out.  Columns are < 2^31 - 1.
constexpr uint32_t UNREACHED = 0x80000000u ;
constexpr uint32_t NOT_IN_MASK = 0xFFFFFFFFu ;

// Fibonacci hashing: the top bits of j * 2^32/phi spread both runs of
// consecutive columns and strided ones.
__device__ __forceinline__ uint32_t first_slot (uint32_t j, int table_bits)
{
    return (j * 2654435761u) >> (32 - table_bits) ;
}

__device__ __forceinline__ uint32_t read_key (const uint32_t *keys, uint32_t h)
{
    return *reinterpret_cast <const volatile uint32_t *> (keys + h) ;
}

// The slot of column j, claiming an empty one if j is new; `added` says so.
// NOT_IN_MASK if j is preloaded as a column to leave out (T<!M>).
__device__ __forceinline__ uint32_t insert (uint32_t *keys, int table_bits,
    uint32_t j, bool &added)
{
    const uint32_t last = (1u << table_bits) - 1 ;
    for (uint32_t h = first_slot (j, table_bits) ; ; h = (h + 1) & last)
    {
        uint32_t key = read_key (keys, h) ;
        if (key == EMPTY_KEY)
        {
            key = atomicCAS (keys + h, EMPTY_KEY, j) ;
            if (key == EMPTY_KEY) { added = true ; return h ; }
        }
        if (key == j) { added = false ; return h ; }
        if (key == (j | UNREACHED)) return NOT_IN_MASK ;
    }
}

__device__ __forceinline__ void preload_mask_entry (uint32_t *keys, int table_bits, uint32_t j)
{
    const uint32_t last = (1u << table_bits) - 1 ;
    for (uint32_t h = first_slot (j, table_bits) ; ; h = (h + 1) & last)
    {
        if (atomicCAS (keys + h, EMPTY_KEY, j | UNREACHED) == EMPTY_KEY) return ;
    }
}

// The slot of column j if the mask has it, else NOT_IN_MASK; `added` says
// whether this call was the first to reach it.
__device__ __forceinline__ uint32_t find_in_mask (uint32_t *keys, int table_bits,
    uint32_t j, bool &added)
{
    const uint32_t last = (1u << table_bits) - 1 ;
    for (uint32_t h = first_slot (j, table_bits) ; ; h = (h + 1) & last)
    {
        uint32_t key = read_key (keys, h) ;
        if (key == EMPTY_KEY) return NOT_IN_MASK ;
        if ((key & ~UNREACHED) == j)
        {
            added = (key & UNREACHED) && (atomicAnd (keys + h, ~UNREACHED) & UNREACHED) ;
            return h ;
        }
    }
}

//------------------------------------------------------------------------------
// reading a row out of its table
//------------------------------------------------------------------------------

// The table's entries (not mask entries no product reached), in slot order,
// to Cj and Cx; *row_size counts them.
template <class SR>
__device__ void gather_row (const uint32_t *keys, const typename SR::S *slots,
    int table_size, int lane_in_group, int G, int *row_size, int64_t *Cj,
    typename SR::T *Cx)
{
    for (int s = lane_in_group ; s < table_size ; s += G)
    {
        const uint32_t key = keys [s] ;
        if (key == EMPTY_KEY || (key & UNREACHED)) continue ;
        const int at = atomicAdd (row_size, 1) ;
        Cj [at] = key ;
        if constexpr (has_values <SR>) Cx [at] = (typename SR::T) slots [s] ;
    }
}

//------------------------------------------------------------------------------
// sorting a small row: runs of a warp, then ranks by binary search
//------------------------------------------------------------------------------

// Sorts the keys of each N lanes of a warp (N a power of two up to 32; the
// lane's place among its N is `lane`), ascending, by a bitonic network of
// shuffles; `from` travels with its key.  Equal keys (the padding) keep
// their own `from`.  Every lane of the warp calls it.
template <int N>
__device__ __forceinline__ void sort_lanes (uint32_t &key, int &from, int lane)
{
    for (int run = 2 ; run <= N ; run <<= 1)
    {
        for (int stride = run >> 1 ; stride > 0 ; stride >>= 1)
        {
            const uint32_t other_key = __shfl_xor_sync (0xFFFFFFFFu, key, stride) ;
            const int other_from = __shfl_xor_sync (0xFFFFFFFFu, from, stride) ;
            // the lower lane of a pair keeps the smaller key in an ascending
            // run, the larger in a descending one
            const bool keeps_smaller = ((lane & stride) == 0) == ((lane & run) == 0) ;
            if (keeps_smaller ? (other_key < key) : (other_key > key))
            {
                key = other_key ;
                from = other_from ;
            }
        }
    }
}

// How many of a sorted run's 32 keys are below key.
__device__ __forceinline__ int keys_below (const uint32_t *run, uint32_t key)
{
    int below = 0 ;
    for (int step = 16 ; step > 0 ; step >>= 1)
        if (run [below + step - 1] < key) below += step ;
    return below + (run [below] < key) ;
}

// Puts a row of n entries (distinct keys), gathered unsorted into Cj and Cx,
// in column order, with the table's keys and value slots as scratch (at
// least n rounded up to 32 of each).  Each warp of the group sorts runs of
// 32 entries in registers, then an entry's place is its place in its run
// plus, for every other run, a binary search's count of the keys below it:
// n/32 searches of 6 reads, where counting the smaller keys of the whole row
// read all n (H100: bcsstk33's 300-entry rows in hash512, 0.54 to 0.40 ms
// with the shared order of row_walk.cuh).  A row of one run is put in order
// by counting, its keys passed by shuffles: sorting a run of a few entries
// cost more (luxembourg's hash64 rows of 3, 0.084 to 0.117 ms).  Every
// thread of the block calls this (one barrier).
template <class SR>
__device__ void rank_by_runs (uint32_t *keys, typename SR::T *values, int n, int64_t *Cj,
    typename SR::T *Cx, int warp_in_group, int warps_in_group, int lane)
{
    using T = typename SR::T ;
    const int runs = (n + 31) / 32 ;
    if (runs == 1 && warp_in_group == 0)
    {
        // every lane reads before any lane writes (the warp's barrier: a
        // shuffle orders the keys, not the values)
        const uint32_t key = (lane < n) ? (uint32_t) Cj [lane] : EMPTY_KEY ;
        T value = T () ;
        if constexpr (has_values <SR>) if (lane < n) value = Cx [lane] ;
        __syncwarp () ;
        int place = 0 ;
        for (int q = 0 ; q < n ; q++) place += (__shfl_sync (0xFFFFFFFFu, key, q) < key) ;
        if (lane < n)
        {
            Cj [place] = key ;
            if constexpr (has_values <SR>) Cx [place] = value ;
        }
    }
    for (int r = warp_in_group ; runs > 1 && r < runs ; r += warps_in_group)
    {
        const int e = r * 32 + lane ;
        uint32_t key = (e < n) ? (uint32_t) Cj [e] : EMPTY_KEY ;    // padding sorts last
        int from = e ;
        sort_lanes <32> (key, from, lane) ;
        keys [e] = key ;
        if constexpr (has_values <SR>) if (key != EMPTY_KEY) values [e] = Cx [from] ;
    }
    __syncthreads () ;
    for (int r = warp_in_group ; runs > 1 && r < runs ; r += warps_in_group)
    {
        const int e = r * 32 + lane ;
        const uint32_t key = keys [e] ;
        if (key == EMPTY_KEY) continue ;
        int place = lane ;
        for (int q = 0 ; q < runs ; q++)
            if (q != r) place += keys_below (keys + q * 32, key) ;
        Cj [place] = key ;
        if constexpr (has_values <SR>) Cx [place] = values [e] ;
    }
}

//------------------------------------------------------------------------------
// sorting a table: bitonic, in shared memory, by the G threads of its group
//------------------------------------------------------------------------------

// Up to RANK_SORT_MAX_TABLE slots (tuning.cuh) a row is put in order by
// rank_by_runs (above); beyond, by sorting its table.

// Every group of the block sorts a table of the same size, so all reach the
// same barriers.  table_size * log2(table_size)^2 / 4 compare-exchanges.
template <class SR>
__device__ void bitonic_sort_table (uint32_t *keys, typename SR::S *slots,
    int table_size, int lane_in_group, int G)
{
    for (int run = 2 ; run <= table_size ; run <<= 1)
    {
        for (int stride = run >> 1 ; stride > 0 ; stride >>= 1)
        {
            for (int t = lane_in_group ; t < table_size / 2 ; t += G)
            {
                const int lo = 2 * stride * (t / stride) + (t % stride), hi = lo + stride ;
                const bool ascending = ((lo & run) == 0) ;
                const uint32_t a = keys [lo], b = keys [hi] ;
                if ((a > b) == ascending)
                {
                    keys [lo] = b ;
                    keys [hi] = a ;
                    if constexpr (has_values <SR>)
                    {
                        const typename SR::S x = slots [lo] ;
                        slots [lo] = slots [hi] ;
                        slots [hi] = x ;
                    }
                }
            }
            __syncthreads () ;
        }
    }
}

//------------------------------------------------------------------------------
// the kernel
//------------------------------------------------------------------------------

// A value slot's bytes (none for counting); a table slot's: the key's too.
template <class SR> constexpr size_t value_slot_bytes ()
{
    if constexpr (has_values <SR>) return sizeof (typename SR::S) ;
    else return 0 ;
}

template <class SR> constexpr size_t slot_bytes ()
{
    return sizeof (uint32_t) + value_slot_bytes <SR> () ;
}

template <class T> __device__ __forceinline__ T value_at (const void *x, bool iso, int64_t p)
{
    return static_cast <const T *> (x) [iso ? 0 : p] ;
}

// Where the groups' tables live.  The kernel body is instantiated once for
// each, so that a table's address space is known where it is used: shared
// tables then take shared-memory instructions (LDS, ATOMS).  A pointer that
// may be either is generic, and ncu showed what that costs in the fill of
// bcsstk33 and grid3d27 (v0.7): every key read a system-scope generic load,
// and every value update a global atomic tried first, then a test of the
// address space, then the shared compare-and-swap loop.
enum class table_memory { shared, global } ;

// The part of the launch (its bin) this block works on: the last whose
// first block is at or before it.
__device__ __forceinline__ int block_part (const launch_shape &shape)
{
    int part = 0 ;
    while (part + 1 < shape.hash_parts && (int64_t) blockIdx.x >= shape.hash_part [part + 1].first_block)
        part++ ;
    return part ;
}

template <class SR, bool FILL, table_memory MEMORY>
__device__ __forceinline__ void hash_rows (const hash_rows_args &args, const hash_bin_part &part,
    void *global_tables, unsigned char *shared_tables, int *row_size, int *next_entry)
{
    using T = typename SR::T ;
    using X = typename SR::X ;
    using S = typename SR::S ;

    const int G = part.group_threads ;
    const int group = threadIdx.x / G, lane_in_group = threadIdx.x % G ;
    const int lane = threadIdx.x % 32 ;

    const csr_view A = args.A, B = args.B, M = args.M ;
    const bool masked = (M.p != nullptr) ;

    // Every thread of the block runs the same number of iterations, so the
    // block-wide barriers below are reached by all.
    const int64_t block_in_part = (int64_t) blockIdx.x - part.first_block ;
    for (int64_t first = block_in_part * part.groups_per_block ;
         first < part.nrows ;
         first += part.blocks * part.groups_per_block)
    {
        const int64_t r = first + group ;
        const bool active = (r < part.nrows) ;
        const int64_t i = active ? part.rows [r] : 0 ;

        // Shared tables: keys of all groups first, then the value slots
        // (8-byte aligned).  A global table (one row per block) is sized for
        // its row, within the block's allocation.
        int table_bits = part.table_bits ;
        uint32_t *keys ;
        S *slots ;
        if constexpr (MEMORY == table_memory::global)
        {
            table_bits = global_table_bits (args.need [i]) ;
            unsigned char *base = static_cast <unsigned char *> (global_tables)
                + ((size_t) block_in_part * slot_bytes <SR> () << part.table_bits) ;
            keys = reinterpret_cast <uint32_t *> (base) ;
            slots = reinterpret_cast <S *> (base + (sizeof (uint32_t) << table_bits)) ;
        }
        else
        {
            keys = reinterpret_cast <uint32_t *> (shared_tables) + (group << table_bits) ;
            slots = reinterpret_cast <S *> (shared_tables
                + ((size_t) part.groups_per_block * sizeof (uint32_t) << table_bits))
                + (group << table_bits) ;
        }
        const int table_size = 1 << table_bits ;

        for (int s = lane_in_group ; s < table_size ; s += G)
        {
            keys [s] = EMPTY_KEY ;
            if constexpr (has_values <SR>) slots [s] = SR::add::empty_slot () ;
        }
        if (lane_in_group == 0)
        {
            row_size [group] = 0 ;
            next_entry [group] = 0 ;
        }
        __syncthreads () ;
        const int64_t a_start = active ? A.p [i] : 0 ;
        const int32_t a_length = active ? (int32_t) (A.p [i+1] - a_start) : 0 ;
        if (active && masked)
        {
            for (int64_t q = M.p [i] + lane_in_group ; q < M.p [i+1] ; q += G)
                preload_mask_entry (keys, table_bits, (uint32_t) M.j [q]) ;
        }
        __syncthreads () ;

        int added_here = 0 ;
        // a warp on each entry of A(i,:): lanes sized to the row (as the
        // dense accumulator's) took twice the registers, and half the
        // occupancy, in the fill (H100, bcsstk33)
        const row_lanes lanes (5, G, lane_in_group) ;
        int *shared_order = (a_length > HASH_MIN_SHARED_ENTRIES * lanes.warps) ? next_entry + group : nullptr ;
        if (active) for_each_entry (a_length, lanes, shared_order, [&] (int32_t s)
        {
            const int64_t pa = a_start + s ;
            const int32_t k = A.j [pa] ;
            X a = X () ;
            if constexpr (SR::mult::reads_a) a = value_at <X> (A.x, A.iso, pa) ;
            // B(k,:) by 32-bit offsets: a row has fewer than 2^31 entries,
            // and 64-bit loop arithmetic costs instructions on every product
            const int64_t b_start = B.p [k] ;
            const int32_t b_length = (int32_t) (B.p [k+1] - b_start) ;
            const int32_t *Bj = B.j + b_start ;
            for (int32_t t = lanes.lane_in_group ; t < b_length ; t += lanes.G)
            {
                const int64_t pb = b_start + t ;
                const uint32_t j = (uint32_t) Bj [t] ;
                bool added = false ;
                uint32_t h ;
                h = (masked && !args.complement)
                    ? find_in_mask (keys, table_bits, j, added)
                    : insert (keys, table_bits, j, added) ;
                if (h == NOT_IN_MASK) continue ;
                added_here += added ;
                if constexpr (has_values <SR>)
                {
                    if (SR::add::has_terminal && SR::add::is_terminal (slots [h])) continue ;
                    X b = X () ;
                    if constexpr (SR::mult::reads_b) b = value_at <X> (B.x, B.iso, pb) ;
                    SR::add::update (slots + h, (S) SR::mult::apply (a, b, A.first_row + i, k, (int32_t) j)) ;
                }
            }
        }) ;

        if constexpr (!FILL)
        {
            if (added_here > 0) atomicAdd (&row_size [group], added_here) ;
            __syncthreads () ;
            if (active && lane_in_group == 0) args.row_count [i] = row_size [group] ;
            __syncthreads () ;
        }
        else if constexpr (MEMORY == table_memory::shared)
        {
            // the row, in column order (the branch is the same for every
            // group of the block: all tables have one size)
            __syncthreads () ;
            T *Cx = static_cast <T *> (args.Cx) ;
            const int64_t start = active ? args.Cp [i] : 0 ;
            if (table_size <= RANK_SORT_MAX_TABLE)
            {
                // small tables: gather the row (unsorted) into C, then sort
                // it from there (rank_by_runs)
                if (active) gather_row <SR> (keys, slots, table_size, lane_in_group, G,
                    &row_size [group], args.Cj + start, Cx + start) ;
                __syncthreads () ;
                const int n = active ? row_size [group] : 0 ;
                rank_by_runs <SR> (keys, reinterpret_cast <T *> (slots), n, args.Cj + start, Cx + start,
                    lane_in_group / 32, G / 32, lane) ;
            }
            else
            {
                // large tables: sort the table in place, the row is its front
                // (mask entries no product reached become empty slots, whose
                // key is above every column)
                for (int s = lane_in_group ; s < table_size ; s += G)
                    if (keys [s] & UNREACHED) keys [s] = EMPTY_KEY ;
                __syncthreads () ;
                bitonic_sort_table <SR> (keys, slots, table_size, lane_in_group, G) ;
                const int64_t n = active ? args.Cp [i+1] - start : 0 ;
                for (int e = lane_in_group ; e < n ; e += G)
                {
                    args.Cj [start + e] = keys [e] ;
                    if constexpr (has_values <SR>) Cx [start + e] = (T) slots [e] ;
                }
            }
            __syncthreads () ;
        }
        else
        {
            // a global table: gather the row unsorted (sort_rows sorts it)
            __syncthreads () ;
            T *Cx = static_cast <T *> (args.Cx) ;
            const int64_t start = args.Cp [i] ;
            gather_row <SR> (keys, slots, table_size, lane_in_group, G,
                &row_size [group], args.Cj + start, Cx + start) ;
            __syncthreads () ;
        }
    }
}

// The launch's shape is a __grid_constant__: the kernel reads its part at an
// index known only at run time, and so from the kernel's parameters where
// they are, not from a copy in local memory (64-72 bytes of stack in FP64's
// kernels, a local load or store for most of the fill's reads of it).
//
// GBGPU_HASH_GLOBAL_TABLES_ONLY (a run-time semiring's hash set, defined by
// its compile): the global tables' code alone, one copy of hash_rows where
// there were two, without the shared tables' sorts.  Its compile took 37%
// less time (0.19 -> 0.12 s, 2-core host) and its cubin 123 KB, not 223;
// the numeric phase bins every row of such a module in the global bin
// (spgemm.cu), and module_launch.cu refuses a launch with shared tables.
// The set runs only until every accumulator's set is built, or for good
// where that set fails to compile (jit.md).
template <class SR, bool FILL>
__global__ void __launch_bounds__ (1024)
hash_rows_kernel (const hash_rows_args args, const __grid_constant__ launch_shape shape)
{
    extern __shared__ __align__ (16) unsigned char shared_tables [ ] ;
    // per row of the block: its entries so far, the next entry of A(i,:) to walk
    __shared__ int row_size [32], next_entry [32] ;
    const hash_bin_part &part = shape.hash_part [block_part (shape)] ;
#ifdef GBGPU_HASH_GLOBAL_TABLES_ONLY
    hash_rows <SR, FILL, table_memory::global> (args, part, shape.tables, shared_tables, row_size, next_entry) ;
#else
    if (shape.tables != nullptr)
        hash_rows <SR, FILL, table_memory::global> (args, part, shape.tables, shared_tables, row_size, next_entry) ;
    else
        hash_rows <SR, FILL, table_memory::shared> (args, part, shape.tables, shared_tables, row_size, next_entry) ;
#endif
}

#ifndef __CUDACC_RTC__
//------------------------------------------------------------------------------
// launching the hash bins
//------------------------------------------------------------------------------

// Calls launch (first, last) for each launch of the shared bins with rows,
// the largest tables first (their rows take longest): bins first down to
// last, the empty ones among them left out.  Consecutive bins whose blocks
// have as many threads share a launch, unless the joined launch's shared
// memory (its largest part's) would leave fewer blocks of one of them
// resident on a multiprocessor than alone, as far as shared memory says, or
// the device does not say.  FP64 on an H100: hash4096 and hash8192 share
// one; hash16384's tables leave room for one block a multiprocessor where
// theirs leave two, so it has its own.  Timed bins (bin_timer) each have
// their own.
template <class LAUNCH>
cudaError_t for_each_shared_launch (const row_bins &bins, bool timed, size_t slot_bytes,
    LAUNCH &&launch)
{
    for (int b = N_SHARED_BINS - 1 ; b >= 0 ; b--)
    {
        if (bins.rows [b] == 0) continue ;
        const int threads = shared_bin_threads (b) ;
        size_t largest = shared_bin_bytes (b, slot_bytes), smallest = largest ;
        int last = b ;
        for (int c = b - 1 ; !timed && c >= 0 ; c--)
        {
            if (bins.rows [c] == 0) continue ;
            if (shared_bin_threads (c) != threads) break ;
            const size_t bytes = shared_bin_bytes (c, slot_bytes) ;
            const size_t joined_largest = (bytes > largest) ? bytes : largest ;
            const size_t joined_smallest = (bytes < smallest) ? bytes : smallest ;
            const int joined = resident_blocks (threads, joined_largest) ;
            if (joined == 0 || joined < resident_blocks (threads, joined_smallest)) break ;
            largest = joined_largest ;
            smallest = joined_smallest ;
            last = c ;
        }
        GBGPU_TRY (launch (b, last)) ;
        b = last ;
    }
    return cudaSuccess ;
}

// How many launches the shared bins take (for_each_shared_launch).
inline int shared_bin_launches (const row_bins &bins, bool timed, size_t slot_bytes)
{
    int launches = 0 ;
    (void) for_each_shared_launch (bins, timed, slot_bytes,
        [&] (int, int) -> cudaError_t { launches++ ; return cudaSuccess ; }) ;
    return launches ;
}

// KERNELS: the kernel set of one semiring and phase (accumulate_rows.cuh:
// compiled in, or loaded from a run-time compiled module); each launch runs
// beside the others (`beside`), the global bin's first.
template <class KERNELS>
cudaError_t launch_hash_bins (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    const size_t per_slot = kernels.slot_bytes () ;
    if (bins.rows [BIN_GLOBAL] > 0)
    {
        GBGPU_TRY (beside.run ([&] () -> cudaError_t
        {
            // one table per block, large enough for the bin's largest row
            const int bits = global_table_bits (bins.max_global_need) ;
            GBGPU_TRY (args.timer->begin (BIN_GLOBAL)) ;
            block_tables tables ;
            GBGPU_TRY (tables.allocate (bins.rows [BIN_GLOBAL], per_slot << bits)) ;
            launch_shape shape = { } ;
            shape.tables = tables.get () ;
            shape.hash_parts = 1 ;
            shape.hash_part [0] = { bins.list + bins.offset [BIN_GLOBAL], bins.rows [BIN_GLOBAL],
                0, tables.blocks (), bits, GLOBAL_GROUP_THREADS, 1 } ;
            GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_HASH, (unsigned) tables.blocks (),
                GLOBAL_GROUP_THREADS, 0, args, shape)) ;
            return args.timer->end (BIN_GLOBAL) ;
        })) ;
    }
    return for_each_shared_launch (bins, args.timer->enabled (), per_slot, [&] (int first, int last)
    {
        return beside.run ([&] () -> cudaError_t
        {
            launch_shape shape = { } ;
            size_t shared = 0 ;
            int64_t blocks = 0 ;
            for (int b = first ; b >= last ; b--)
            {
                if (bins.rows [b] == 0) continue ;
                const bin_policy &policy = shared_bins [b] ;
                const int64_t bin_blocks = (bins.rows [b] + policy.groups_per_block - 1) / policy.groups_per_block ;
                shape.hash_part [shape.hash_parts++] = { bins.list + bins.offset [b], bins.rows [b],
                    blocks, bin_blocks, bin_table_bits (b), policy.group_threads, policy.groups_per_block } ;
                blocks += bin_blocks ;
                const size_t bytes = shared_bin_bytes (b, per_slot) ;
                if (bytes > shared) shared = bytes ;
            }
            // a timed launch is one bin's (for_each_shared_launch)
            GBGPU_TRY (args.timer->begin (first)) ;
            GBGPU_TRY (kernels.allow_max_shared (GBGPU_ACCUMULATOR_HASH)) ;
            GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_HASH, (unsigned) blocks,
                shared_bin_threads (first), shared, args, shape)) ;
            return args.timer->end (first) ;
        }) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
