// plugin/cuda/kernels/rows.cuh: what every row kernel takes: the bins rows
// are grouped in by the accumulator they get, and the kernels' arguments.
// SPDX-License-Identifier: Apache-2.0
//
// This folder holds exactly the headers NVRTC compiles for run-time
// semirings (plugin/jit/compiler/): it sees only their device parts, so
// everything that needs the CUDA runtime is under !__CUDACC_RTC__.  The
// bins follow from the registry of accumulators (accumulators.h); the
// shared hash bins' tuning is in tuning.cuh.

#ifndef GBGPU_ROWS_CUH
#define GBGPU_ROWS_CUH

#ifndef __CUDACC_RTC__
#include <cstdint>
#include "memory/device_memory.cuh"
#endif
#include "accumulators.h"
#include "semiring_codes.h"
#include "tuning.cuh"

namespace gbgpu {

//------------------------------------------------------------------------------
// bins: rows grouped by the accumulator they need
//------------------------------------------------------------------------------

// Bin b < N_SHARED_BINS holds hash tables in shared memory of
// 2^bin_table_bits (b) slots, filled up to bin_capacity; shared_bins [b]
// (tuning.cuh) says how many threads work on one row (`group_threads`) and
// how many rows share a block (`groups_per_block`).  The largest bins need
// Hopper's 227 KB of shared memory per block for 8-byte values; a device
// with less leaves them out (usable_bins).
constexpr int N_SHARED_BINS = GBGPU_SHARED_HASH_BINS ;

// Each accumulator's own bin, BIN_<BIN> (accumulators.h), and empty rows.
#define GBGPU_BIN_CONSTANT(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
    constexpr int BIN_ ## BIN = GBGPU_BIN_ ## BIN ;
GBGPU_ACCUMULATORS (GBGPU_BIN_CONSTANT)
#undef GBGPU_BIN_CONSTANT
constexpr int BIN_EMPTY = GBGPU_BIN_EMPTY ;
constexpr int N_BINS = GBGPU_BIN_COUNT ;

__host__ __device__ constexpr int bin_table_bits (int bin) { return HASH_SMALLEST_TABLE_BITS + bin ; }

__host__ __device__ constexpr int64_t bin_capacity (int table_bits)
{
    return (int64_t (HASH_FILL_NUMERATOR) << table_bits) / HASH_FILL_DENOMINATOR ;
}

// The smallest global table that holds `need` entries.  The global bin's
// rows need more than every shared table holds; a run-time hash set puts
// every row there (hash_rows.cuh), and a small row's table is small: from
// the smallest shared table's size, not the largest's (a row of one entry
// cleared and scanned 2^15 slots).
__host__ __device__ inline int global_table_bits (int64_t need)
{
    int bits = bin_table_bits (0) ;
    while (bin_capacity (bits) < need) bits++ ;
    return bits ;
}

// Filled by analyse_rows, read back to the host to size the launches; the
// claim words by the dense and merge kernels (zeroed with the rest at the
// call's start: spgemm.cu, call_scratch).
struct bin_counts
{
    unsigned long long rows [N_BINS] ;
    unsigned long long cursor [N_BINS] ;
    unsigned long long max_global_need ;
    unsigned long long max_merge_products ;     // of the merge bin's rows
    unsigned long long max_merge_segments ;
    unsigned long long products ;
    unsigned long long entries ;                // filling: T's size, Cp [nrows]
    unsigned long long B_sorted ;               // 1: B's rows strictly increasing
                                                // (0: not, or not checked)
    unsigned long long claimed [N_BINS] ;       // rows taken by the blocks of a
                                                // bin's launch that claim them
                                                // (dense, merge: first_block_row)
} ;

// Dynamic shared memory a block of this device may have (beyond the
// kernels' small static arrays), and how many shared bins fit in it with
// slots of `slot_bytes` (4-byte key plus the value slot, if any).  How many
// blocks of `dynamic_bytes` each fit a multiprocessor's shared memory at
// once, and the most dynamic shared memory each of `blocks` blocks may have
// for them all to fit (both 0 when the device does not say).
#ifndef __CUDACC_RTC__
int max_dynamic_shared () ;
int usable_bins (size_t slot_bytes) ;
int shared_blocks_per_multiprocessor (size_t dynamic_bytes) ;
int shared_bytes_per_block (int blocks) ;
// How many blocks of `threads` threads and `dynamic_bytes` each a
// multiprocessor holds at once, as far as threads and shared memory say (0
// when the device does not say).
int resident_blocks (int threads, size_t dynamic_bytes) ;

// A shared bin's blocks: their threads, and their tables' dynamic shared
// memory with slots of `slot_bytes`.
inline int shared_bin_threads (int bin)
{
    return shared_bins [bin].group_threads * shared_bins [bin].groups_per_block ;
}

inline size_t shared_bin_bytes (int bin, size_t slot_bytes)
{
    return (size_t) shared_bins [bin].groups_per_block * slot_bytes << bin_table_bits (bin) ;
}
#endif

struct row_bins
{
    int64_t rows [N_BINS] ;     // how many rows in each bin (none listed as empty)
    int64_t offset [N_BINS] ;   // where each bin's rows start in `list`
    int64_t empty_rows ;        // rows with nothing to compute
    int64_t max_global_need ;
    int64_t max_merge_products, max_merge_segments ;
    bool B_sorted ;             // B's rows strictly increasing (checked only
                                // when unmasked and an accumulator can use
                                // it; else false)
    const int64_t *list ;       // row ids grouped by bin
    unsigned long long *claimed ;   // on the device: the phase's bin_counts'
                                // claim words, zero until the bin's launch
} ;

#ifdef __CUDACC_RTC__
class bin_timer ;
#else
// Device events around each bin's kernels, recorded only when a profile asks
// for per-bin times (enable); otherwise begin and end do nothing.  A timed
// phase runs its bins one after another (accumulate_rows.cuh), so that each
// bin's time is its own, not the others' beside it.
class bin_timer
{
public:
    bin_timer () = default ;
    bin_timer (const bin_timer &) = delete ;
    bin_timer &operator= (const bin_timer &) = delete ;
    ~bin_timer () ;
    cudaError_t enable () ;
    bool enabled () const { return enabled_ ; }
    cudaError_t begin (int bin) ;
    cudaError_t end (int bin) ;
    // Milliseconds of bin's kernels (0 when it ran none), once they are done.
    cudaError_t elapsed (int bin, float *ms) const ;
private:
    bool enabled_ = false ;
    bool timed_ [N_BINS] = { } ;
    cudaEvent_t start_ [N_BINS] = { }, stop_ [N_BINS] = { } ;
} ;
#endif

//------------------------------------------------------------------------------
// the accumulator kernels' arguments
//------------------------------------------------------------------------------

struct csr_view
{
    const int64_t *p ;
    const int32_t *j ;
    const void *x ;
    bool iso ;
    int64_t first_row ;         // gbgpu_dev_csr's
} ;

struct hash_rows_args
{
    csr_view A, B, M ;          // M.p is NULL when unmasked
    bool complement ;           // T<!M>: entries outside M's pattern
    int64_t ncols ;             // of B and C
    const int64_t *need ;       // entries each row's accumulator must hold
    int64_t *row_count ;        // counting: entries of each row of C
    const int64_t *Cp ;         // filling: C's row pointers
    int64_t *Cj ;
    void *Cx ;
    const row_bins *bins ;
    bin_timer *timer ;
} ;

// One shared hash bin's part of a launch (or the global bin's, the only
// part of its launch): its rows, its blocks [first_block, first_block +
// blocks) of the grid, and its tables.  Consecutive shared bins whose blocks
// have as many threads may share a launch (for_each_shared_launch says
// when): a launch and its fork and join cost a small product more than the
// kernel of a bin of a few rows.
struct hash_bin_part
{
    const int64_t *rows ;
    int64_t nrows ;
    int64_t first_block ;
    int64_t blocks ;            // rows further on go round again (grid-stride)
    int table_bits ;            // 2^table_bits slots (global: at most)
    int group_threads ;         // threads on one row
    int groups_per_block ;      // rows of one block
} ;

// One launch of an accumulator's kernel over its bins: the rows, and what
// the accumulator is sized by (each kernel reads its own; the rest are 0).
// Every kernel takes (hash_rows_args, launch_shape), so that a kernel set is
// one kernel per accumulator (accumulate_rows.cuh).
struct launch_shape
{
    const int64_t *rows ;       // this bin's rows (every accumulator but hash)
    int64_t nrows ;
    void *tables ;              // the blocks' accumulators in global memory
                                // (hash: NULL for tables in shared memory)
    int hash_parts ;            // hash: the bins of this launch, in grid order
    hash_bin_part hash_part [N_SHARED_BINS] ;
    int64_t max_segments ;      // merge: the bin's largest row's segments
    int64_t max_products ;      // ... and products
    bool shared_states ;        // dense: the column states in shared memory
                                // (else in tables, after the value slots)
    int64_t chunk_columns ;     // dense, filling: the value slots in shared
                                // memory after the states, this many columns
                                // at a time (0: in tables, one a column)
    bool column_ranges ;        // dense, filling: each chunk walks only the
                                // products in its columns, its own states
                                // beside its slots
    unsigned long long *next_row ;  // dense, merge: the count of rows claimed
                                // (row_bins::claimed; first_block_row below)
} ;

// The rows of a launch whose blocks each hold a table of their own (dense,
// merge: as many blocks as run at once, each taking row after row).  A block
// claims its next row from shape.next_row as it comes free, so that a block
// that drew long rows takes fewer: with rows taken in turn, block b taking
// rows b, b + gridDim.x, ..., the block that drew most of R-MAT's hub rows
// set the kernel's time (1.6x an even share of rmat:16's dense rows,
// simulated from its products; claimed, 1.2x).  Claimed most products
// first they would end within 1% of an even share, but sorting the rows
// cost more than it gained on every input that has such rows (A/B,
// bench/RESULTS.md), so rows are claimed in the bin's order.  The argument
// `claimed` is the block's shared copy of its claim; every thread of the
// block calls both, as the loop's condition is the block's.
//     for (int64_t r = first_block_row (shape, claimed) ; r < shape.nrows ;
//          r = next_block_row (shape, claimed)) ...
__device__ __forceinline__ int64_t first_block_row (const launch_shape &shape,
    unsigned long long &claimed)
{
    if (threadIdx.x == 0) claimed = atomicAdd (shape.next_row, 1ull) ;
    __syncthreads () ;
    return (int64_t) claimed ;
}
__device__ __forceinline__ int64_t next_block_row (const launch_shape &shape,
    unsigned long long &claimed)
{
    __syncthreads () ;      // every thread has read the last claim
    return first_block_row (shape, claimed) ;
}

#ifndef __CUDACC_RTC__
// The shape of a launch over bin b's rows.
inline launch_shape bin_shape (const row_bins &bins, int b)
{
    launch_shape shape = { } ;
    shape.rows = bins.list + bins.offset [b] ;
    shape.nrows = bins.rows [b] ;
    return shape ;
}
#endif

}   // namespace gbgpu

#endif
