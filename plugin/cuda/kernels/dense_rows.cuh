// plugin/cuda/kernels/dense_rows.cuh: the dense accumulator, for rows of C that fill a good part
// of their width (power-law hubs, C close to dense).
// SPDX-License-Identifier: Apache-2.0
//
// A block owns one row at a time and an accumulator with a 2-bit state and
// a value slot per column of B: a product finds its column's state and slot
// by the column, with no hashing and no probing.  The states (16 columns a
// word, a quarter of a byte a column: 16 KB for 65536 columns) live in shared
// memory when a few blocks' worth fit a multiprocessor, else in global memory
// beside the slots.
//
// A product claims its column with one atomic OR of the word (both bits set
// is PRESENT), so a claim is cheap and the claims of a row count its entries
// exactly.  The block's threads share out the row's products as
// row_walk.cuh says (groups of lanes sized to the row, entries taken as the
// warps come free).  Counting sums the claims and clears the
// words; it compiles the values out (templated on the same semiring policy
// as the hash accumulator).
//
// Filling an unmasked product whose B has sorted rows keeps in shared
// memory only a chunk of columns at a time, its states beside its value
// slots, from the first column the row's products reach to the last: each
// chunk's walk enters every row of B by a binary search for the chunk's
// first column and leaves it at the chunk's end, so a product is read once
// and claimed and folded in the same step (dense_rows_by_ranges).  On an
// H100 this took rmat:16's dense fill from 39 to 25 ms, and rmat:18's (whose
// 262144 columns left no room for value chunks beside the whole width's
// states: a global atomic a product) from 878 to 302 ms.
//
// Otherwise (masked, or B jumbled), filling with the states in shared
// memory accumulates the values there too, a chunk of columns at a time
// (spECK's dense accumulator): with the
// slots in global memory every product was a global atomic, and on an H100
// (rmat:16, ~1e9 products) they took 84 ms against 5.3 ms for the claims of
// the same products on shared states.  The claims come first, over the whole
// width; then for each chunk that has a PRESENT column, the row's products
// are walked again and those in the chunk's columns fold into its slots
// (reading B's column indices once a chunk is cheap beside the atomics they
// replace).  Where a chunk would be too narrow, or the states are in global
// memory, the slots are in global memory, one a column, updated with the
// claims.  Either way a row is read back by a sweep over the state words
// (a chunk's, or all of them), each thread a run of words: one block-wide
// scan of their PRESENT columns gives each thread its place, so the row
// comes out sorted.  The sweep resets the words it swept, and global slots
// it read (no other slot was written), for the block's next row.

#ifndef GBGPU_DENSE_ROWS_CUH
#define GBGPU_DENSE_ROWS_CUH

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include "hash_rows.cuh"
#include "row_walk.cuh"

namespace gbgpu {

// Tuning (tuning.cuh): DENSE_THREADS a block, DENSE_BLOCKS_PER_SM blocks a
// multiprocessor.  The states go to shared memory when at least
// DENSE_MIN_SHARED_BLOCKS blocks' states fit a multiprocessor.  A chunk of
// value slots is sized for DENSE_CHUNK_BLOCKS blocks a multiprocessor, and
// used when the width takes at most DENSE_MAX_CHUNKS of them.

// A column's state, 2 bits.  During products a column only goes from the
// row's `from` state (EMPTY, or MASKED_OUT for T<M>) to PRESENT, which has
// both bits set: an atomic OR of PRESENT claims it from either, and the old
// bits say whether this OR was the claim.  EXCLUDED (T<!M>) and EMPTY under
// T<M> never change during products, so a product that reads them skips the
// column without an atomic.
constexpr uint32_t COLUMN_EMPTY = 0 ;        // not in the row (nor in the mask)
constexpr uint32_t COLUMN_MASKED_OUT = 1 ;   // T<M>: in the mask, no product yet
constexpr uint32_t COLUMN_EXCLUDED = 2 ;     // T<!M>: in the mask, left out
constexpr uint32_t COLUMN_PRESENT = 3 ;      // in the row
constexpr int COLUMNS_PER_WORD = 16 ;

__host__ __device__ constexpr int64_t dense_state_words (int64_t ncols)
{
    return (ncols + COLUMNS_PER_WORD - 1) / COLUMNS_PER_WORD ;
}

__host__ __device__ constexpr size_t round_to_16 (size_t bytes) { return (bytes + 15) & ~size_t (15) ; }

// A block's state words: its dynamic shared memory, or its part of the
// global tables.
__host__ __device__ constexpr size_t dense_state_bytes (int64_t ncols)
{
    return round_to_16 ((size_t) dense_state_words (ncols) * sizeof (uint32_t)) ;
}

// A block's part of the global tables: its value slots (value_bytes: none
// for counting), then its state words unless they are in shared memory.
// Both are multiples of 16 bytes, so every block's slots stay aligned to
// their size (16 bytes for run-time semirings over user types).
__host__ __device__ constexpr size_t dense_block_bytes (int64_t ncols, size_t value_bytes,
    bool shared_states)
{
    return round_to_16 ((size_t) ncols * value_bytes) + (shared_states ? 0 : dense_state_bytes (ncols)) ;
}

#ifndef __CUDACC_RTC__
// The columns of a chunk of value slots in shared memory, beside the states
// (a whole number of state words, at most the width's), for a semiring's
// value slots of value_bytes; 0 (the slots in global memory) for counting,
// when the states are not in shared memory, or when the chunks would be
// too narrow.
inline int64_t dense_chunk_columns (int64_t ncols, size_t value_bytes, bool shared_states)
{
    if (value_bytes == 0 || !shared_states) return 0 ;
    const size_t room = (size_t) shared_bytes_per_block (DENSE_CHUNK_BLOCKS) ;
    const size_t states = dense_state_bytes (ncols) ;
    if (room <= states) return 0 ;
    const int64_t columns = (int64_t) ((room - states) / value_bytes) / COLUMNS_PER_WORD * COLUMNS_PER_WORD ;
    const int64_t width = dense_state_words (ncols) * COLUMNS_PER_WORD ;
    if (columns >= width) return width ;
    return (columns > 0 && columns * DENSE_MAX_CHUNKS >= ncols) ? columns : 0 ;
}

// The columns of a chunk filled by column ranges: its states and value
// slots (value_bytes each) together in a block's part of shared memory, a
// multiple of 64 columns (the states a multiple of 16 bytes, the slots
// after them aligned); 0 for counting, or when the width would take more
// than DENSE_MAX_RANGES of them.
inline int64_t dense_range_columns (int64_t ncols, size_t value_bytes)
{
    if (value_bytes == 0) return 0 ;
    const size_t room = (size_t) shared_bytes_per_block (DENSE_CHUNK_BLOCKS) ;
    const int64_t columns = (int64_t) (room / (dense_state_bytes (64) + 64 * value_bytes)) * 64 ;
    const int64_t width = (ncols + 63) / 64 * 64 ;
    if (columns >= width) return width ;
    return (columns > 0 && columns * DENSE_MAX_RANGES >= ncols) ? columns : 0 ;
}
#endif

// The columns of a state word that are PRESENT, as the low bit of each
// 2-bit field.
__device__ __forceinline__ uint32_t present_bits (uint32_t word)
{
    return word & (word >> 1) & 0x55555555u ;
}

// A product A(i,k)*B(k,j) of the walk below: b is B's entry pb (of Bx,
// B_iso), row is i as positional multiplies see it.  It is folded into a
// slot (b's value read then) only after the checks that may skip the
// column; never when counting (no values).
template <class SR>
struct dense_product
{
    uint32_t j ;
    int32_t k ;
    typename SR::X a ;
    const void *Bx ;
    bool B_iso ;
    int64_t pb, row ;

    // slots [at] = slots [at] + a*b, by the monoid
    __device__ __forceinline__ void fold_into (typename SR::S *slots, uint32_t at) const
    {
        using X = typename SR::X ;
        X b = X () ;
        if constexpr (SR::mult::reads_b) b = value_at <X> (Bx, B_iso, pb) ;
        SR::add::update (slots + at, (typename SR::S) SR::mult::apply (a, b, row, k, (int32_t) j)) ;
    }
} ;

// The first of a sorted row's n columns Bj [0..n) at or past c0 (n: none).
__device__ __forceinline__ int32_t first_column_from (const int32_t *Bj, int32_t n, uint32_t c0)
{
    if (n == 0 || (uint32_t) Bj [0] >= c0) return 0 ;
    if ((uint32_t) Bj [n-1] < c0) return n ;
    int32_t lo = 1, hi = n - 1 ;        // Bj [lo-1] < c0 <= Bj [hi]
    while (lo < hi)
    {
        const int32_t mid = lo + (hi - lo) / 2 ;
        if ((uint32_t) Bj [mid] < c0) lo = mid + 1 ; else hi = mid ;
    }
    return lo ;
}

// Walks the products of row i (A(i,:): a_length entries from a_start) by
// the lanes (row_walk.cuh), calling per_product (dense_product) on each: the
// claims and each chunk of values walk them alike.  IN_COLUMNS: only the
// products in columns [c0, c1), B's rows sorted: each lane of a group finds
// where the group's row of B enters them (the same search: its loads are
// the same addresses) and stops where it leaves.  a is read only if
// READ_A (the multiply reads it and this walk takes values).  per_product
// is taken by reference: a copy changed the counting kernels' machine code.
// A(i,:) and B(k,:) by 32-bit offsets (a row has fewer than 2^31 entries):
// 64-bit loop arithmetic costs registers, and four blocks a multiprocessor
// leave 32 a thread.
template <class SR, bool READ_A, bool IN_COLUMNS = false, class PER_PRODUCT>
__device__ __forceinline__ void for_each_product (const csr_view &A, const csr_view &B, int64_t i,
    int64_t a_start, int32_t a_length, const row_lanes &lanes, int *next_entry,
    const PER_PRODUCT &per_product, uint32_t c0 = 0, uint32_t c1 = 0)
{
    using X = typename SR::X ;
    const int32_t *Aj = A.j + a_start ;
    for_each_entry (a_length, lanes, next_entry, [&] (int32_t s)
    {
        const int32_t k = Aj [s] ;
        const int64_t b_start = B.p [k] ;
        const int32_t b_length = (int32_t) (B.p [k+1] - b_start) ;
        const int32_t *Bj = B.j + b_start ;
        int32_t first = 0 ;
        if constexpr (IN_COLUMNS)
        {
            first = first_column_from (Bj, b_length, c0) ;
            if (first == b_length || (uint32_t) Bj [first] >= c1) return ;
        }
        X a = X () ;
        if constexpr (READ_A) a = value_at <X> (A.x, A.iso, a_start + s) ;
        for (int32_t t = first + lanes.lane_in_group ; t < b_length ; t += lanes.G)
        {
            const uint32_t j = (uint32_t) Bj [t] ;
            if constexpr (IN_COLUMNS) if (j >= c1) break ;
            per_product (dense_product <SR> { j, k, a, B.x, B.iso, b_start + t, A.first_row + i }) ;
        }
    }) ;
}

// A row's products and the columns they reach (first > last: none).
struct row_span
{
    int64_t products ;
    uint32_t first, last ;
} ;

struct row_span_union
{
    __device__ __forceinline__ row_span operator() (const row_span &x, const row_span &y) const
    {
        return row_span { x.products + y.products, x.first < y.first ? x.first : y.first,
                          x.last > y.last ? x.last : y.last } ;
    }
} ;

// The kernel's static shared memory: the block-wide scans and sums (used
// one after another, with barriers between), and the row's products (and,
// filling by column ranges, the columns they reach).
struct dense_scratch
{
    using count_scan = cub::BlockScan <int, DENSE_THREADS, cub::BLOCK_SCAN_WARP_SCANS> ;
    using count_sum = cub::BlockReduce <int, DENSE_THREADS> ;
    using products_sum = cub::BlockReduce <int64_t, DENSE_THREADS> ;
    using span_union = cub::BlockReduce <row_span, DENSE_THREADS> ;
    union
    {
        typename count_scan::TempStorage scan ;
        typename count_sum::TempStorage count ;
        typename products_sum::TempStorage products ;
        typename span_union::TempStorage span ;
    } ;
    int64_t row_products ;
    uint32_t first_column, last_column ;        // column ranges: the row's span
    int next_entry ;            // for_each_product's next entry of A(i,:)
    unsigned long long claimed_row ;    // rows.cuh, first_block_row
} ;

// Writes the PRESENT columns of state words [begin, end) (word w at
// states [w - word_base]) to C from place `at` on, in column order, with
// their values (column j's in slots [j - first_column]), and clears the
// words; slots in global memory are reset too (a chunk's are set afresh for
// the next).  Each thread sweeps a
// run of words: their PRESENT columns go at the place the scan of the runs'
// counts gives.  Returns, on every thread, how many columns it wrote.
template <class SR, table_memory SLOTS>
__device__ __forceinline__ int write_present (const hash_rows_args &args, uint32_t *states,
    int64_t word_base, int64_t begin, int64_t end, typename SR::S *slots, int64_t first_column,
    int64_t at, dense_scratch &scratch)
{
    using T = typename SR::T ;
    const int64_t run = (end - begin + DENSE_THREADS - 1) / DENSE_THREADS ;
    const int64_t first = begin + threadIdx.x * run ;
    const int64_t last = (first + run < end) ? first + run : end ;
    int present = 0 ;
    for (int64_t w = first ; w < last ; w++) present += __popc (present_bits (states [w - word_base])) ;
    int place, written ;
    dense_scratch::count_scan (scratch.scan).ExclusiveSum (present, place, written) ;
    T *Cx = static_cast <T *> (args.Cx) ;
    at += place ;
    for (int64_t w = first ; w < last ; w++)
    {
        const uint32_t word = states [w - word_base] ;
        if (word == 0) continue ;
        states [w - word_base] = 0 ;
        for (uint32_t bits = present_bits (word) ; bits != 0 ; bits &= bits - 1)
        {
            const int64_t j = w * COLUMNS_PER_WORD + (__ffs ((int) bits) - 1) / 2 ;
            args.Cj [at] = j ;
            if constexpr (has_values <SR>)
            {
                Cx [at] = (T) slots [j - first_column] ;
                if constexpr (SLOTS == table_memory::global) slots [j] = SR::add::empty_slot () ;
            }
            at++ ;
        }
    }
    return written ;
}

// The kernel body, instantiated per memory of the states and of the value
// slots (as hash_rows per table memory: shared ones then take shared-memory
// instructions).  The slots are in shared memory (SLOTS) only when filling
// with values and the states are there too: shape.chunk_columns of them,
// after the states.
template <class SR, bool FILL, table_memory STATES, table_memory SLOTS>
__device__ __forceinline__ void dense_rows (const hash_rows_args &args, const launch_shape &shape,
    unsigned char *shared, dense_scratch &scratch)
{
    using S = typename SR::S ;
    constexpr bool chunked = (SLOTS == table_memory::shared) ;
    static_assert (!chunked || (FILL && has_values <SR> && STATES == table_memory::shared),
        "value chunks are for filling, beside states in shared memory") ;
    // with global slots, a product's value is folded in when it claims
    constexpr bool update_with_claims = has_values <SR> && !chunked ;

    const int64_t ncols = args.ncols ;
    const int64_t nwords = dense_state_words (ncols) ;
    const csr_view A = args.A, B = args.B, M = args.M ;
    const bool masked = (M.p != nullptr) ;
    // the state a product may claim: T<M>, only mask columns; else (T<!M>
    // too) only columns in no state yet
    const uint32_t from = (masked && !args.complement) ? COLUMN_MASKED_OUT : COLUMN_EMPTY ;

    unsigned char *block_part = static_cast <unsigned char *> (shape.tables)
        + (size_t) blockIdx.x * dense_block_bytes (ncols, value_slot_bytes <SR> (),
                                                   STATES == table_memory::shared) ;
    uint32_t *states ;
    if constexpr (STATES == table_memory::shared)
        states = reinterpret_cast <uint32_t *> (shared) ;
    else
        states = reinterpret_cast <uint32_t *> (block_part
            + round_to_16 ((size_t) ncols * value_slot_bytes <SR> ())) ;
    S *slots ;      // a chunk's, or one a column
    if constexpr (chunked)
        slots = reinterpret_cast <S *> (shared + dense_state_bytes (ncols)) ;
    else
        slots = reinterpret_cast <S *> (block_part) ;

    for (int64_t w = threadIdx.x ; w < nwords ; w += DENSE_THREADS) states [w] = 0 ;
    if constexpr (update_with_claims)
    {
        for (int64_t j = threadIdx.x ; j < ncols ; j += DENSE_THREADS)
            slots [j] = SR::add::empty_slot () ;
    }
    __syncthreads () ;

    for (int64_t r = first_block_row (shape, scratch.claimed_row) ; r < shape.nrows ;
         r = next_block_row (shape, scratch.claimed_row))
    {
        const int64_t i = shape.rows [r] ;
        const int64_t a_start = A.p [i], a_end = A.p [i+1] ;

        // the row's products, for its lanes per entry of A, and the mask row
        // preloaded (into words that are all EMPTY: set by OR)
        int64_t products_here = 0 ;
        for (int64_t pa = a_start + threadIdx.x ; pa < a_end ; pa += DENSE_THREADS)
        {
            const int32_t k = A.j [pa] ;
            products_here += B.p [k+1] - B.p [k] ;
        }
        if (masked)
        {
            const uint32_t preloaded = args.complement ? COLUMN_EXCLUDED : COLUMN_MASKED_OUT ;
            for (int64_t q = M.p [i] + threadIdx.x ; q < M.p [i+1] ; q += DENSE_THREADS)
            {
                const uint32_t j = (uint32_t) M.j [q] ;
                atomicOr (states + j / COLUMNS_PER_WORD, preloaded << (2 * (j % COLUMNS_PER_WORD))) ;
            }
        }
        const int64_t products = dense_scratch::products_sum (scratch.products).Sum (products_here) ;
        if (threadIdx.x == 0)
        {
            scratch.row_products = products ;     // the sum is thread 0's
            scratch.next_entry = 0 ;
        }
        __syncthreads () ;

        const row_lanes lanes (row_lane_bits (scratch.row_products, a_end - a_start, DENSE_THREADS),
            DENSE_THREADS, threadIdx.x) ;
        int added = 0 ;
        const int32_t a_length = (int32_t) (a_end - a_start) ;
        for_each_product <SR, update_with_claims && SR::mult::reads_a> (A, B, i, a_start, a_length, lanes,
            &scratch.next_entry, [&] (const dense_product <SR> &product)
        {
            const uint32_t j = product.j ;
            uint32_t *word = states + j / COLUMNS_PER_WORD ;
            const int shift = 2 * (j % COLUMNS_PER_WORD) ;
            const uint32_t state = (*reinterpret_cast <volatile uint32_t *> (word) >> shift) & 3u ;
            if (state != COLUMN_PRESENT)
            {
                if (state != from) return ;
                const uint32_t old = atomicOr (word, COLUMN_PRESENT << shift) ;
                if constexpr (!FILL) added += (((old >> shift) & 3u) == from) ;
            }
            if constexpr (update_with_claims)
            {
                if (SR::add::has_terminal && SR::add::is_terminal (slots [j])) return ;
                product.fold_into (slots, j) ;
            }
        }) ;
        __syncthreads () ;

        if constexpr (!FILL)
        {
            const int total = dense_scratch::count_sum (scratch.count).Sum (added) ;
            if (threadIdx.x == 0) args.row_count [i] = total ;
            for (int64_t w = threadIdx.x ; w < nwords ; w += DENSE_THREADS) states [w] = 0 ;
        }
        else if constexpr (chunked)
        {
            // The chunks in column order, the same for every thread (so all
            // reach the barriers): the row's products walked again (the
            // entries shared out afresh), those in the chunk folded into its
            // slots, then the chunk's columns written after the previous
            // chunks'.
            const uint32_t chunk_columns = (uint32_t) shape.chunk_columns ;
            const int64_t chunk_words = shape.chunk_columns / COLUMNS_PER_WORD ;
            int64_t at = args.Cp [i] ;
            for (int64_t w0 = 0 ; w0 < nwords ; w0 += chunk_words)
            {
                const int64_t w_end = (w0 + chunk_words < nwords) ? w0 + chunk_words : nwords ;
                const uint32_t c0 = (uint32_t) (w0 * COLUMNS_PER_WORD) ;
                // a chunk with no column of the row is skipped, its words
                // (mask states) cleared; the barrier also ends the previous
                // chunk's read of the slots and use of the scan's storage
                bool any_present = false ;
                for (int64_t w = w0 + threadIdx.x ; w < w_end ; w += DENSE_THREADS)
                    any_present |= (present_bits (states [w]) != 0) ;
                if (!__syncthreads_or (any_present))
                {
                    for (int64_t w = w0 + threadIdx.x ; w < w_end ; w += DENSE_THREADS) states [w] = 0 ;
                    continue ;
                }
                for (uint32_t c = threadIdx.x ; c < chunk_columns ; c += DENSE_THREADS)
                    slots [c] = SR::add::empty_slot () ;
                if (threadIdx.x == 0) scratch.next_entry = 0 ;
                __syncthreads () ;

                for_each_product <SR, SR::mult::reads_a> (A, B, i, a_start, a_length, lanes,
                    &scratch.next_entry, [&] (const dense_product <SR> &product)
                {
                    const uint32_t j = product.j ;
                    const uint32_t column = j - c0 ;       // a column below c0 wraps past the chunk
                    if (column >= chunk_columns) return ;
                    // unmasked, the claims made every product's column
                    // PRESENT; under a mask, only the columns it allows
                    if (masked && ((states [j / COLUMNS_PER_WORD] >> (2 * (j % COLUMNS_PER_WORD))) & 3u)
                        != COLUMN_PRESENT) return ;
                    if (SR::add::has_terminal && SR::add::is_terminal (slots [column])) return ;
                    product.fold_into (slots, column) ;
                }) ;
                __syncthreads () ;
                at += write_present <SR, SLOTS> (args, states, 0, w0, w_end, slots, c0, at, scratch) ;
            }
        }
        else
        {
            write_present <SR, SLOTS> (args, states, 0, 0, nwords, slots, 0, args.Cp [i], scratch) ;
        }
        __syncthreads () ;      // the states and scratch are reused by the next row
    }
}

// Filling, unmasked, B's rows sorted (shape.column_ranges): the row's
// columns a chunk at a time, from the first its products reach to the last.
// A chunk's states and value slots are in shared memory, and nothing of the
// whole width: a chunk's walk claims and folds only the products in its
// columns (each row of B entered by a search, left at the chunk's end), so
// a product is read once, not once a chunk, and the chunks are wider.
template <class SR>
__device__ __forceinline__ void dense_rows_by_ranges (const hash_rows_args &args,
    const launch_shape &shape, unsigned char *shared, dense_scratch &scratch)
{
    using S = typename SR::S ;
    const csr_view A = args.A, B = args.B ;
    const uint32_t chunk_columns = (uint32_t) shape.chunk_columns ;
    uint32_t *states = reinterpret_cast <uint32_t *> (shared) ;
    S *slots = reinterpret_cast <S *> (shared + dense_state_bytes (chunk_columns)) ;
    // write_present leaves the words it sweeps clear for the next chunk
    for (uint32_t w = threadIdx.x ; w < chunk_columns / COLUMNS_PER_WORD ; w += DENSE_THREADS)
        states [w] = 0 ;

    for (int64_t r = first_block_row (shape, scratch.claimed_row) ; r < shape.nrows ;
         r = next_block_row (shape, scratch.claimed_row))
    {
        const int64_t i = shape.rows [r] ;
        const int64_t a_start = A.p [i], a_end = A.p [i+1] ;
        row_span here = { 0, 0xFFFFFFFFu, 0 } ;
        for (int64_t pa = a_start + threadIdx.x ; pa < a_end ; pa += DENSE_THREADS)
        {
            const int32_t k = A.j [pa] ;
            const int64_t b_start = B.p [k], b_end = B.p [k+1] ;
            if (b_end == b_start) continue ;
            here = row_span_union () (here, row_span { b_end - b_start, (uint32_t) B.j [b_start],
                                                       (uint32_t) B.j [b_end - 1] }) ;
        }
        const row_span span = dense_scratch::span_union (scratch.span).Reduce (here, row_span_union ()) ;
        if (threadIdx.x == 0)
        {
            scratch.row_products = span.products ;
            scratch.first_column = span.first ;
            scratch.last_column = span.last ;
        }
        __syncthreads () ;

        const row_lanes lanes (row_lane_bits (scratch.row_products, a_end - a_start, DENSE_THREADS),
            DENSE_THREADS, threadIdx.x) ;
        const int32_t a_length = (int32_t) (a_end - a_start) ;
        const int64_t last = scratch.last_column ;      // ends the loop at once when first > last
        const int64_t nwords = dense_state_words (args.ncols) ;
        int64_t at = args.Cp [i] ;
        for (int64_t c0 = scratch.first_column / COLUMNS_PER_WORD * COLUMNS_PER_WORD ; c0 <= last ;
             c0 += chunk_columns)
        {
            // the previous chunk's slots read, the span read by every thread
            __syncthreads () ;
            const int64_t w0 = c0 / COLUMNS_PER_WORD ;
            const int64_t w_end = (w0 + chunk_columns / COLUMNS_PER_WORD < nwords)
                ? w0 + chunk_columns / COLUMNS_PER_WORD : nwords ;
            for (uint32_t c = threadIdx.x ; c < chunk_columns ; c += DENSE_THREADS)
                slots [c] = SR::add::empty_slot () ;
            if (threadIdx.x == 0) scratch.next_entry = 0 ;
            __syncthreads () ;
            const uint32_t first = (uint32_t) c0 ;
            for_each_product <SR, SR::mult::reads_a, true> (A, B, i, a_start, a_length, lanes,
                &scratch.next_entry, [&] (const dense_product <SR> &product)
            {
                // below the chunk's end by the walk; past it only if a row of B
                // were not sorted after all (then skipped, not written past it)
                const uint32_t column = product.j - first ;
                if (column >= chunk_columns) return ;
                uint32_t *word = states + column / COLUMNS_PER_WORD ;
                const int shift = 2 * (column % COLUMNS_PER_WORD) ;
                if (((*reinterpret_cast <volatile uint32_t *> (word) >> shift) & 3u) != COLUMN_PRESENT)
                    atomicOr (word, COLUMN_PRESENT << shift) ;
                if (SR::add::has_terminal && SR::add::is_terminal (slots [column])) return ;
                product.fold_into (slots, column) ;
            }, first, (uint32_t) (w_end * COLUMNS_PER_WORD)) ;
            __syncthreads () ;
            at += write_present <SR, table_memory::shared> (args, states, w0, w0, w_end, slots, c0, at,
                scratch) ;
        }
        __syncthreads () ;      // the states, slots and scratch are reused by the next row
    }
}

template <class SR, bool FILL>
__global__ void __launch_bounds__ (DENSE_THREADS, DENSE_BLOCKS_PER_SM)
dense_rows_kernel (const hash_rows_args args, const launch_shape shape)
{
    extern __shared__ __align__ (16) unsigned char shared [ ] ;
    __shared__ dense_scratch scratch ;
    if constexpr (FILL && has_values <SR>)
    {
        if (shape.column_ranges)
        {
            dense_rows_by_ranges <SR> (args, shape, shared, scratch) ;
            return ;
        }
    }
    if (!shape.shared_states)
    {
        dense_rows <SR, FILL, table_memory::global, table_memory::global> (args, shape, shared, scratch) ;
        return ;
    }
    if constexpr (FILL && has_values <SR>)
    {
        if (shape.chunk_columns > 0)
        {
            dense_rows <SR, FILL, table_memory::shared, table_memory::shared> (args, shape, shared, scratch) ;
            return ;
        }
    }
    dense_rows <SR, FILL, table_memory::shared, table_memory::global> (args, shape, shared, scratch) ;
}

#ifndef __CUDACC_RTC__
template <class KERNELS>
cudaError_t launch_dense_bin (const hash_rows_args &args, const KERNELS &kernels,
    concurrent_launches &beside)
{
    const row_bins &bins = *args.bins ;
    if (bins.rows [BIN_DENSE] == 0) return cudaSuccess ;
    return beside.run ([&] () -> cudaError_t
    {
        GBGPU_TRY (args.timer->begin (BIN_DENSE)) ;
        const size_t value_bytes = kernels.value_slot_bytes () ;
        launch_shape shape = bin_shape (bins, BIN_DENSE) ;
        // filling unmasked with B's rows sorted: chunks of column ranges,
        // nothing of the whole width
        const int64_t range_columns = (bins.B_sorted && args.M.p == nullptr)
            ? dense_range_columns (args.ncols, value_bytes) : 0 ;
        const size_t state_bytes = dense_state_bytes (range_columns > 0 ? range_columns : args.ncols) ;
        const bool shared_states = (range_columns > 0)
            || (shared_blocks_per_multiprocessor (state_bytes) >= DENSE_MIN_SHARED_BLOCKS) ;
        // else filling: the value slots a chunk at a time beside the states,
        // if the chunks are wide enough (a whole number of words: no rounding)
        const int64_t chunk_columns = (range_columns > 0) ? range_columns
            : dense_chunk_columns (args.ncols, value_bytes, shared_states) ;
        const size_t shared_bytes = shared_states ? state_bytes + (size_t) chunk_columns * value_bytes : 0 ;
        const int fitting = shared_states ? shared_blocks_per_multiprocessor (shared_bytes) : DENSE_BLOCKS_PER_SM ;
        const int per_multiprocessor = (fitting < DENSE_BLOCKS_PER_SM) ? fitting : DENSE_BLOCKS_PER_SM ;
        block_tables tables ;
        GBGPU_TRY (tables.allocate (bins.rows [BIN_DENSE], (range_columns > 0) ? 0
            : dense_block_bytes (args.ncols, (chunk_columns > 0) ? 0 : value_bytes, shared_states),
            per_multiprocessor)) ;
        shape.tables = tables.get () ;
        shape.next_row = bins.claimed + BIN_DENSE ;
        shape.shared_states = shared_states ;
        shape.chunk_columns = chunk_columns ;
        shape.column_ranges = (range_columns > 0) ;
        if (shared_states) GBGPU_TRY (kernels.allow_max_shared (GBGPU_ACCUMULATOR_DENSE)) ;
        GBGPU_TRY (kernels.launch (GBGPU_ACCUMULATOR_DENSE, (unsigned) tables.blocks (),
            DENSE_THREADS, shared_bytes, args, shape)) ;
        return args.timer->end (BIN_DENSE) ;
    }) ;
}
#endif

}   // namespace gbgpu

#endif
