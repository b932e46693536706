// spgemm_internal.cuh: what the CUDA files of gbgpu share (C++ only).
//
// The product runs in phases: analyse rows -> bin them by the accumulator
// they get (accumulator_selector.cuh) -> count (symbolic) -> scan -> fill
// (numeric) -> sort the rows the kernels left unsorted.  Counting and filling
// are the same accumulator templates (hash_rows.cuh, dense_rows.cuh,
// merge_rows.cuh, copy_rows.cuh); the semiring is their policy, and counting
// is the policy with values compiled out.
//
// NVRTC (jit_source.c) compiles the accumulator headers for run-time
// semirings: it sees only their device parts, so everything that needs the
// CUDA runtime is under !__CUDACC_RTC__.

#ifndef GBGPU_SPGEMM_INTERNAL_CUH
#define GBGPU_SPGEMM_INTERNAL_CUH

#ifndef __CUDACC_RTC__
#include <cuda_runtime.h>
#include <cstdint>
#endif
#include "gbgpu_cuda.h"

namespace gbgpu {

// Returns the CUDA error of `call` from the enclosing function.
#define GBGPU_TRY(call)                                                     \
    do { cudaError_t try_status_ = (call) ; if (try_status_ != cudaSuccess) \
         return try_status_ ; } while (0)

#ifndef __CUDACC_RTC__
//------------------------------------------------------------------------------
// device memory (device_memory.cu): tracked, stream-ordered on the thread's stream
//------------------------------------------------------------------------------

inline cudaStream_t stream () { return cudaStreamPerThread ; }
cudaError_t device_alloc (void **p, size_t bytes) ;
void device_free (void *p) ;
gbgpu_cuda_status status_of (cudaError_t e) ;   // and records its message

// A device allocation freed when it goes out of scope.
template <class T>
class device_array
{
public:
    device_array () = default ;
    device_array (const device_array &) = delete ;
    device_array &operator= (const device_array &) = delete ;
    ~device_array () { reset () ; }
    cudaError_t allocate (size_t n)
    {
        reset () ;
        return device_alloc (reinterpret_cast <void **> (&ptr_), (n > 0 ? n : 1) * sizeof (T)) ;
    }
    void reset () { device_free (ptr_) ; ptr_ = nullptr ; }
    T *release () { T *p = ptr_ ; ptr_ = nullptr ; return p ; }
    T *get () const { return ptr_ ; }
private:
    T *ptr_ = nullptr ;
} ;

int multiprocessor_count () ;

// Accumulators in global memory, one per block: as many blocks as keep the
// device busy (two per multiprocessor), fewer when memory is short.
class block_tables
{
public:
    cudaError_t allocate (int64_t rows, size_t bytes_per_block)
    {
        blocks_ = 2 * (int64_t) multiprocessor_count () ;
        if (blocks_ > rows) blocks_ = rows ;
        cudaError_t e ;
        while ((e = tables_.allocate (blocks_ * bytes_per_block)) == cudaErrorMemoryAllocation
               && blocks_ > 1)
        {
            (void) cudaGetLastError () ;
            blocks_ /= 2 ;
        }
        return e ;
    }
    void *get () const { return tables_.get () ; }
    int64_t blocks () const { return blocks_ ; }
private:
    device_array <unsigned char> tables_ ;
    int64_t blocks_ = 0 ;
} ;
#endif

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
static_assert (N_BINS == GBGPU_CUDA_BINS, "the profile has a slot per bin") ;
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

#ifndef __CUDACC_RTC__
// Counting (values compiled out): writes row_count for rows of nonzero need.
cudaError_t count_rows (const hash_rows_args &args) ;

// Filling the pattern alone, for results whose entries all have one value.
cudaError_t fill_pattern_rows (const hash_rows_args &args) ;

// Does every entry of A*B have the value 1 over this semiring?  (The
// multiply op is PAIR, and the monoid folds 1 with 1 into 1.)
inline bool all_ones (gbgpu_semiring s)
{
    if (s.mult != GBGPU_MULT_PAIR) return false ;
    switch (s.add)
    {
        case GBGPU_ADD_ANY: case GBGPU_ADD_MIN: case GBGPU_ADD_MAX:
        case GBGPU_ADD_TIMES: case GBGPU_ADD_LOR: case GBGPU_ADD_LAND:
        case GBGPU_ADD_EQ:
            return true ;
        default:
            return false ;
    }
}

// x [0] = 1 in the semiring's type: the value of every entry of an all-ones
// T (spgemm.cu; the masked dot product's all-ones results too).
cudaError_t set_to_one (void *x, gbgpu_type type) ;

// Filling, one function per instantiated semiring (semirings/*.cu).
using fill_rows_function = cudaError_t (*) (const hash_rows_args &) ;
fill_rows_function find_fill_rows (gbgpu_semiring s) ;

// How the numeric phase fills T's values: a compiled-in semiring's
// function, or the kernels of a run-time compiled module (jit_launch.cu).
struct value_fill
{
    fill_rows_function compiled ;       // NULL for a module
    const gbgpu_cuda_module *module ;
    size_t value_size ;                 // bytes of one of T's values
    size_t value_slot_bytes ;           // of an accumulator's value slot (0: none)
    bool iso ;                          // only the pattern: every value is 1
    gbgpu_type iso_type ;               // the type of that 1
} ;

// The fill of a loaded module (never iso), and the fill itself.
cudaError_t module_fill (value_fill *f, const gbgpu_cuda_module *module) ;
cudaError_t fill_rows_with_module (const hash_rows_args &args, const gbgpu_cuda_module *module) ;

// Sorts C's rows by column (for rows filled from global-memory hash tables,
// the only ones that come out unsorted).
cudaError_t sort_rows (gbgpu_dev_result *C) ;
#endif

// A CUDA failure when the test knob GBGPU_INJECT_FAILURE asks for one, else
// cudaSuccess (failure_injection.cu).
cudaError_t inject_failure_if_asked () ;

}   // namespace gbgpu

#endif
