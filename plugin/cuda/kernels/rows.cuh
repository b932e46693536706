// plugin/cuda/kernels/rows.cuh: what every row kernel takes: the bins rows
// are grouped in by the accumulator they get, and the kernels' arguments.
// SPDX-License-Identifier: Apache-2.0
//
// This folder holds exactly the headers NVRTC compiles for run-time
// semirings (plugin/jit/compiler/): it sees only their device parts, so
// everything that needs the CUDA runtime is under !__CUDACC_RTC__.

#ifndef GBGPU_ROWS_CUH
#define GBGPU_ROWS_CUH

#ifndef __CUDACC_RTC__
#include <cstdint>
#include "memory/device_memory.cuh"
#endif
#include "semiring_codes.h"

namespace gbgpu {

//------------------------------------------------------------------------------
// bins: rows grouped by the accumulator they need
//------------------------------------------------------------------------------

// Bin b's tables live in shared memory and have 2^(6+b) slots, at most 3/4
// full; `group_threads` threads work on one row, `groups_per_block` rows
// share a block.  The largest bins need Hopper's 227 KB of shared memory per
// block for 8-byte values; a device with less leaves them out (usable_bins).
struct bin_policy
{
    int group_threads ;
    int groups_per_block ;
} ;

constexpr int N_SHARED_BINS = 9 ;
constexpr bin_policy shared_bins [N_SHARED_BINS] =
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
constexpr int BIN_GLOBAL = N_SHARED_BINS ;      // a hash table in global memory
constexpr int BIN_DENSE = N_SHARED_BINS + 1 ;   // a dense accumulator, B's width
constexpr int BIN_MERGE = N_SHARED_BINS + 2 ;   // a merge of B's sorted rows
constexpr int BIN_COPY = N_SHARED_BINS + 3 ;    // one entry in A(i,:): B's row scaled
constexpr int BIN_EMPTY = N_SHARED_BINS + 4 ;   // nothing to compute
constexpr int N_BINS = N_SHARED_BINS + 5 ;
constexpr int GLOBAL_GROUP_THREADS = 1024 ;

__host__ __device__ constexpr int bin_table_bits (int bin) { return 6 + bin ; }

__host__ __device__ constexpr int64_t bin_capacity (int table_bits)
{
    return (int64_t (3) << table_bits) / 4 ;
}

// The smallest table (at least a global one) that holds `need` entries.
__host__ __device__ inline int global_table_bits (int64_t need)
{
    int bits = bin_table_bits (BIN_GLOBAL) ;
    while (bin_capacity (bits) < need) bits++ ;
    return bits ;
}

// Filled by analyse_rows, read back to the host to size the launches.
struct bin_counts
{
    unsigned long long rows [N_BINS] ;
    unsigned long long cursor [N_BINS] ;
    unsigned long long max_global_need ;
    unsigned long long max_merge_products ;     // of the merge bin's rows
    unsigned long long max_merge_segments ;
    unsigned long long products ;
} ;

// Dynamic shared memory a block of this device may have (beyond the
// kernels' small static arrays), and how many shared bins fit in it with
// slots of `slot_bytes` (4-byte key plus the value slot, if any).
#ifndef __CUDACC_RTC__
int max_dynamic_shared () ;
int usable_bins (size_t slot_bytes) ;
#endif

struct row_bins
{
    int64_t rows [N_BINS] ;     // how many rows in each bin (none listed as empty)
    int64_t offset [N_BINS] ;   // where each bin's rows start in `list`
    int64_t empty_rows ;        // rows with nothing to compute
    int64_t max_global_need ;
    int64_t max_merge_products, max_merge_segments ;
    const int64_t *list ;       // row ids grouped by bin
} ;

#ifdef __CUDACC_RTC__
class bin_timer ;
#else
// Device events around each bin's kernels, recorded only when a profile asks
// for per-bin times (enable); otherwise begin and end do nothing.
class bin_timer
{
public:
    bin_timer () = default ;
    bin_timer (const bin_timer &) = delete ;
    bin_timer &operator= (const bin_timer &) = delete ;
    ~bin_timer () ;
    cudaError_t enable () ;
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

}   // namespace gbgpu

#endif
