// plugin/cuda/kernels/tuning.cuh: the device side's tuning, per architecture.
// SPDX-License-Identifier: Apache-2.0
//
// Block sizes, the hash bins, the thresholds of the accumulator choice,
// chunk widths, blocks a multiprocessor.
//
// As CUB keeps its tuning policies apart from its algorithms, the numbers
// chosen for speed are here, and the kernels, their launchers and the
// selector read them by name.  Each says why it has its value: a
// measurement (its GPU and version given) or a guess, marked as one.
// What follows from the hardware or the data layout (32 lanes a warp, 1024
// threads a block, 2 bits a dense column, a type's size) is not tuning and
// stays where it is used.  The host side's tuning (transfers, staging,
// streams) is in memory/tuning.cuh.
//
// This folder is exactly what NVRTC compiles for run-time semirings
// (plugin/jit/compiler/), so the kernels compiled at run time take the same
// values as the compiled-in ones; this header needs no CUDA runtime.  NVRTC
// sees the accumulators' part; the selector's thresholds and the other
// kernels' launches, which only nvcc's files read, are under
// !__CUDACC_RTC__.
//
// One namespace per architecture tuned for, with the same names in each; a
// build uses one (the `using` at the end).  Today there is one, sm_90 (H100,
// H200), where every value below was set.

#ifndef GBGPU_TUNING_CUH
#define GBGPU_TUNING_CUH

#ifndef __CUDACC_RTC__
#include <cstdint>
#endif
#include "accumulators.h"

namespace gbgpu {

// A shared hash bin's launch: threads on one row, rows a block.
struct bin_policy
{
    int group_threads ;
    int groups_per_block ;
} ;

namespace sm_90 {

//------------------------------------------------------------------------------
// hash accumulator (hash_rows.cuh): bins of tables in shared memory, then
// tables in global memory
//------------------------------------------------------------------------------

// Shared bin b's tables have 2^(HASH_SMALLEST_TABLE_BITS + b) slots, so the
// GBGPU_SHARED_HASH_BINS bins hold 2^6 .. 2^14 slots, doubling: a row's
// table is at most twice what it needs.  The bins' names (hash64 ...) and
// gbgpu_cuda.h's account of them follow this value.
constexpr int HASH_SMALLEST_TABLE_BITS = 6 ;    // 64 slots: two a lane of one warp (a guess)

// A table takes entries up to 3/4 of its slots: linear probing's runs grow
// fast past that fill (the usual bound, not measured here).
constexpr int HASH_FILL_NUMERATOR = 3 ;
constexpr int HASH_FILL_DENOMINATOR = 4 ;

// Per shared bin: small tables take a warp each and share a block, larger
// ones more threads, up to a block on one row.  The largest bins need
// Hopper's 227 KB of shared memory a block for 8-byte values; a device with
// less leaves them out (usable_bins).  Shared bins up to 12288 entries, with
// the dense cutoff below, took rmat:16 from 211 to 161-168 ms and its global
// tables' sort away (H200, v0.2).
constexpr bin_policy shared_bins [ ] =
{
    {   32, 8 },     // <=    48 entries: a warp per row, 8 rows a block
    {   32, 8 },     // <=    96
    {   64, 4 },     // <=   192
    {  128, 2 },     // <=   384
    {  256, 1 },     // <=   768
    {  512, 1 },     // <=  1536
    { 1024, 1 },     // <=  3072
    { 1024, 1 },     // <=  6144
    { 1024, 1 },     // <= 12288: 192 KB of 4-byte keys + 8-byte values
} ;
static_assert (sizeof (shared_bins) / sizeof (shared_bins [0]) == GBGPU_SHARED_HASH_BINS,
    "a policy per shared hash bin") ;

// A row too large for every shared table: a whole block of 1024 threads on
// it, its table in global memory (one a block).
constexpr int GLOBAL_GROUP_THREADS = 1024 ;

// The warps on a hash row take its entries as they come free (row_walk.cuh)
// only past this many entries a warp; below, in a fixed order.  H100,
// v0.13: grid3d27:50's count (27 entries a row, 8 warps) took 24% longer
// with the shared counter; bcsstk33's fill (68 entries, 4 warps) was faster
// with it and the new sort together.  The value between is a guess.
constexpr int HASH_MIN_SHARED_ENTRIES = 8 ;

// Up to this size a row is put in order by rank_by_runs (hash_rows.cuh),
// above it by a bitonic sort of its table.  For n entries the ranks read
// about n * (n/32) * 5 keys; the sort takes table_size/2 pairs in each of
// log2(table_size) * (log2(table_size) + 1) / 2 stages, with a block barrier
// a stage.  At 2048 slots (at most 1536 entries) the two meet; below, the
// ranks read fewer.  ncu on pushpull's hash2048 fill (H100, 7671c6a,
// 0.45 ms, rows of ~500 entries): L1/shared-bound (86%), 46% of 79 M shared
// wavefronts excess; counting the sort's accesses puts most of them there.
constexpr int RANK_SORT_MAX_TABLE = 2048 ;

//------------------------------------------------------------------------------
// dense accumulator (dense_rows.cuh)
//------------------------------------------------------------------------------

// Initial guesses, to be measured on the device: 512 threads a block and
// four blocks a multiprocessor fill its 2048 threads with four rows at a
// time (the states of 65536 columns take 16 KB a block).  That leaves 32
// registers a thread (__launch_bounds__); ptxas spills (sm_90, CUDA 13: up
// to 320 bytes, the FP64 DIV fill) outside the product loops, not in them.
constexpr int DENSE_THREADS = 512 ;             // a row's block: 16 warps
constexpr int DENSE_BLOCKS_PER_SM = 4 ;         // 4 x 512 = a multiprocessor's 2048 threads

// The column states go to shared memory when at least this many blocks'
// states fit a multiprocessor: shared atomics at half occupancy are taken
// to beat global ones at full (a guess).
constexpr int DENSE_MIN_SHARED_BLOCKS = 2 ;

// Filling: a chunk of value slots in shared memory is sized for this many
// blocks a multiprocessor (H100, 8-byte values, 65536 columns: 112 KB a
// block, 16 KB of states and 12288 columns of slots: six chunks).  With the
// slots in global memory instead, rmat:16's numeric dense bin took 84 ms,
// with these chunks 73 ms (H100, v0.9).  The chunks of column ranges are
// sized the same way (14016 columns of states and 8-byte slots): for 2, 3
// and 4 blocks rmat:16's dense fill took 24.8, 24.4 and 24.1 ms (H100,
// 472e737), within the runs' spread; two keep the fewest chunks, so the
// fewest searches of B's rows.
constexpr int DENSE_CHUNK_BLOCKS = 2 ;

// ... and used when the width takes at most this many chunks: each chunk
// reads every product's column index again (a guess).
constexpr int DENSE_MAX_CHUNKS = 16 ;

// Filling by column ranges (B's rows sorted, unmasked), a chunk costs a
// search of each row of B it walks, not a read of every product: used when
// the width takes at most this many chunks (a guess).
constexpr int DENSE_MAX_RANGES = 128 ;

//------------------------------------------------------------------------------
// segmented merge (merge_rows.cuh) and copy (copy_rows.cuh)
//------------------------------------------------------------------------------

// Threads of a block, outputs a thread merges after each search.  Initial
// guesses (to be tuned on the device).
struct merge_policy
{
    static constexpr int threads = 256 ;            // keeps several blocks a multiprocessor
    static constexpr int items_per_thread = 8 ;     // amortize the search's log2(row) reads
} ;

// A warp per row, this many rows a block.  Initial guess: rows of B reached
// from single-entry rows are short on average, so a warp is enough.
struct copy_policy
{
    static constexpr int warps_per_block = 8 ;      // 256 threads keep the multiprocessors full
} ;

// A row of at most `lanes` products takes `lanes` lanes, one product each,
// and no table (shuffle_rows.cuh).  16: all of luxembourg's rows of A*A
// (98% have at most 8), and 12-19% of the social and p2p graphs' rows
// (the value is a guess between the two).
struct shuffle_policy
{
    static constexpr int threads = 256 ;            // 16 rows a block
    static constexpr int lanes = 16 ;
} ;

#ifndef __CUDACC_RTC__
//------------------------------------------------------------------------------
// the accumulator choice (spgemm/accumulator_selector.cuh)
//------------------------------------------------------------------------------

// The numeric phase gives a row the table of HASH_NUMERIC_SLACK times its
// entries (filled to at most 3/8) when that table's bin puts more threads on
// it (up to hash4096's whole block): fewer probes, and fewer products a
// thread.  OpSparse gives its rows of 257-512 entries 1023 slots and 256
// threads.  H200, A/B of one build by a temporary switch (four rounds of
// `gbgpu-bench --runs 5`/`--runs 7`, gbgpu_ms): bcsstk33 0.905-0.946 ->
// 0.776-0.812 ms, grid3d27:50 1.94-1.98 -> 1.76-1.86, pushpull and
// Wiki-Vote within their runs' spread; 3 instead of 2 gained no more.  The
// switch gave every shared bin's rows a size up; past hash4096 a table a
// size up brings no more threads, only less occupancy, so it stops there.
constexpr int HASH_NUMERIC_SLACK = 2 ;

// The symbolic phase counts a row densely (2 bits a column of C, no table
// to clear, probe or size by products) when its shared table would take a
// whole block (hash4096-hash16384) and its products reach
// 1/DENSE_COUNT_MIN_FILL of C's width: tables sized by products are 16
// times a high-compression row's entries.  H200, same A/B: bcsstk33 (its
// rows of ~4800 products in hash8192 and hash16384) 0.776-0.812 ->
// 0.736-0.746 ms with the slack above; 8 instead of 16 was within the
// runs' spread.
constexpr int64_t DENSE_COUNT_MIN_FILL = 16 ;

// A row too large for shared memory accumulates densely (one slot per column
// of B, no hashing, no sort: the slots are read back in column order) when it
// fills at least 1/DENSE_MIN_FILL of them; clearing the rest costs less then
// than probing and sorting.  Measured (H200, v0.2): rmat:16 with the cutoff at
// 1/64 left no row between 3072 and 12288 entries in global tables.
constexpr int64_t DENSE_MIN_FILL = 64 ;

// With B's rows sorted and no mask, the dense accumulator fills a block's
// chunk of columns at a time from each row's sorted runs (column ranges, no
// state of the whole width), which costs less than a shared hash table and its
// sort once the row fills 1/DENSE_RANGES_MIN_FILL of C's width.  Measured
// (H100, bench --breakdown, sweep of 4/8/16/32 at eb525b3): rmat:16's kernels
// 68.7 -> 51.9 ms (its 4483 rows of the 16384-slot table go dense), pushpull
// 0.69 -> 0.62 ms, oregon1 2.95 -> 2.01 ms; 32 takes more rows and gains no more.
constexpr int64_t DENSE_RANGES_MIN_FILL = 16 ;

// Merge a row when all of these hold (INITIAL GUESSES, to be tuned on the
// device with bench --breakdown and GBGPU_ACCUMULATOR):
//
// - at least MERGE_MIN_PRODUCTS products: below, the row fits a hash table of
//   at most 2048 slots, several blocks per multiprocessor and a cheap sort
//   (rank_by_runs, RANK_SORT_MAX_TABLE above); above, the tables are
//   4096..16384 slots, one block per multiprocessor and a bitonic sort of
//   100+ barriers (v0.2).
constexpr int64_t MERGE_MIN_PRODUCTS = 1536 ;
// - at most MERGE_MAX_PRODUCTS products: bounds the merge's buffers (two of
//   keys and values per block, 24 bytes a product for FP64: 1.5 MB a block,
//   ~400 MB for the 264 blocks of an H200); longer rows fill enough of their
//   width for the dense accumulator, which sweeps the width once instead of
//   passing over the products several times.
constexpr int64_t MERGE_MAX_PRODUCTS = 1 << 16 ;
// - at most MERGE_MAX_SEGMENTS entries in A(i,:): the merge makes
//   ceil(log2 (segments)) passes over the row's products; four passes is
//   taken as the cost of one hash insertion plus the table's sort.
constexpr int64_t MERGE_MAX_SEGMENTS = 16 ;
// - at least MERGE_MIN_MEAN_SEGMENT products per entry of A(i,:) on average:
//   each thread merges merge_policy::items_per_thread outputs after one
//   binary search; short runs make most of those searches straddle runs.
constexpr int64_t MERGE_MIN_MEAN_SEGMENT = 128 ;
// - numeric phase: at most MERGE_MAX_COMPRESSION products per entry of C(i,:)
//   (Ji et al. merge the low-compression rows): every duplicate goes through
//   every pass of the merge, while a hash table holds it once.
constexpr int64_t MERGE_MAX_COMPRESSION = 2 ;

//------------------------------------------------------------------------------
// the other kernels' launches
//------------------------------------------------------------------------------

// A thread an item (a row, an entry, an index) in the one-pass kernels:
// analyse_rows and group_rows_by_bin (spgemm/spgemm.cu), row_bounds_kernel,
// row_pointers_from_mask and compact_entries (masked_dot/masked_dot.cu),
// narrow_indices (memory/device_memory.cu).  A common size, not tuned.
constexpr int PASS_THREADS = 256 ;

// analyse_rows sums a row of A's products with a thread, and a row longer
// than this many entries with its whole warp.  A thread's walk of a hub row
// held its block: the analysis took 0.29 ms on Wiki-Vote (rows up to 893
// entries) and 0.37 ms on oregon1 (2312), against 0.13 ms on luxembourg
// (6), H100, a2ffbcb, `--breakdown`.  Rows between a thread's and a warp's
// share (bcsstk33: 141 entries; pushpull: 124) stay a thread's: a warp's sum
// of each row in turn would cost more there (the value is a guess).
constexpr int ANALYSE_WARP_ROW = 256 ;

// check_rows_sorted (spgemm/spgemm.cu): a warp a row of B, 8 warps a block,
// and at most this many blocks a multiprocessor (grid-stride beyond): enough
// to fill it for one pass over B (a guess).
constexpr int CHECK_SORTED_THREADS = 256 ;
constexpr int CHECK_SORTED_BLOCKS_PER_SM = 32 ;

// The masked dot products (masked_dot/masked_dot_rows.cuh): threads a block
// (a block takes MASKED_DOT_BLOCK / lanes-a-mask-row rows), and at most
// MASKED_DOT_BLOCKS_PER_SM blocks a multiprocessor, grid-stride beyond: a
// few waves of blocks on any device (a guess).
constexpr int MASKED_DOT_BLOCK = 256 ;
constexpr int MASKED_DOT_BLOCKS_PER_SM = 64 ;

// compact_entries (masked_dot/masked_dot.cu): blocks a multiprocessor at
// most, grid-stride beyond (as for the dot products).
constexpr int COMPACT_BLOCKS_PER_SM = 64 ;

// narrow_indices (memory/device_memory.cu): blocks at most, grid-stride
// beyond: 2^20 threads cover any device's several waves (a guess).
constexpr int NARROW_MAX_BLOCKS = 4096 ;

// A bitmap upload's kernels (memory/bitmap_upload.cu): a warp a row, this
// many a block, and at most BITMAP_MAX_BLOCKS blocks, grid-stride beyond.
constexpr int BITMAP_WARPS_PER_BLOCK = 8 ;      // as copy_policy: 256 threads
constexpr int BITMAP_MAX_BLOCKS = 65536 ;       // far past a device's waves (a guess)

// Accumulators in global memory, one a block (memory/device_memory.cuh,
// block_tables): blocks a multiprocessor unless a launcher says: two keep
// it busy while one waits on memory (a guess).
constexpr int BLOCK_TABLES_PER_SM = 2 ;
#endif

}   // namespace sm_90

// The architecture this build is tuned for.
using namespace sm_90 ;

}   // namespace gbgpu

#endif
