// plugin/cuda/masked_dot/masked_dot_rows.cuh: T<M> = A*X' by one dot product per entry of the mask,
// templated on the semiring policy.
// SPDX-License-Identifier: Apache-2.0
//
// For C<L> = L*U' (triangle counting) or C<S> = S*S' (k-truss) the mask names
// every entry T may have, and each is one dot product of two sorted rows,
// T(i,j) = A(i,:) . X(j,:), so no accumulator, no symbolic pass and no sort is
// needed: the work is the length of the two rows (or less), not the products
// the row-wise method walks.  A group of lanes (a power of two up to a warp,
// chosen from the mask's row lengths) owns one row i of M; its lanes take the
// row's entries in turn, and each lane intersects A(i,:) with X(j,:) alone:
// a merge of the two rows when their lengths are alike, galloping through the
// longer one (doubling steps, then a binary search) for each entry of the
// shorter one when they are very unequal.  A monoid's terminal value (and
// ANY, and any all-ones product) ends a dot at once.
//
// Each mask entry q gets position [q] = 1 if T has an entry there (else 0) and
// its value in values [q]; masked_dot.cu scans and compacts them into T.

#ifndef GBGPU_MASKED_DOT_ROWS_CUH
#define GBGPU_MASKED_DOT_ROWS_CUH

#include <type_traits>
#include "spgemm/spgemm.cuh"
#include "kernels/load_kernel.cuh"
#include "kernels/semiring_ops.cuh"

namespace gbgpu {

struct masked_dot_args
{
    csr_view A, X, M ;          // M.x: the mask's values as bool, or NULL
                                // (structural: every entry of M counts)
    int64_t nrows ;             // of A, M and T
    int group_threads ;         // lanes per mask row: 1, 2, 4, ... 32
    int64_t *position ;         // per mask entry: 1 if T has it, else 0
    void *values ;              // per mask entry: T's value there (unused
                                // for all-ones results)
    unsigned long long *products ;  // multiply-adds done
} ;

using masked_dot_function = cudaError_t (*) (const masked_dot_args &) ;

// The semiring's instantiation (semirings/compiled_semirings.cu), or NULL.
masked_dot_function find_masked_dot (gbgpu_semiring s) ;

// Loads on the current device the masked dot product's kernels that every
// semiring shares: the all-ones one, the compaction (masked_dot.cu).
cudaError_t load_masked_dot_shared () ;

// The policy for results whose entries are all 1 (ANY_PAIR, LOR_PAIR, ...):
// a dot ends at the first common index, and no value is read or written.
struct dot_pattern { } ;

//------------------------------------------------------------------------------
// the monoid, folded in a register
//------------------------------------------------------------------------------

template <class ADD> struct is_any_monoid : std::false_type { } ;
template <class T> struct is_any_monoid <monoid <GBGPU_ADD_ANY, T>> : std::true_type { } ;

// sum (+)= v, on the accumulator slot type S (bool sums in 0/1 words).
// Integer PLUS and TIMES wrap, as the atomics of the row-wise kernels do.
template <gbgpu_add ADD, class S>
__device__ __forceinline__ S fold (S sum, S v)
{
    if constexpr (ADD == GBGPU_ADD_PLUS || ADD == GBGPU_ADD_TIMES)
    {
        if constexpr (std::is_integral <S>::value)
        {
            using U = typename std::make_unsigned <S>::type ;
            return (ADD == GBGPU_ADD_PLUS) ? (S) ((U) sum + (U) v) : (S) ((U) sum * (U) v) ;
        }
        else
        {
            return (ADD == GBGPU_ADD_PLUS) ? sum + v : sum * v ;
        }
    }
    else if constexpr (ADD == GBGPU_ADD_MIN)
    {
        if constexpr (std::is_floating_point <S>::value) return fmin (sum, v) ;
        else return (v < sum) ? v : sum ;
    }
    else if constexpr (ADD == GBGPU_ADD_MAX)
    {
        if constexpr (std::is_floating_point <S>::value) return fmax (sum, v) ;
        else return (v > sum) ? v : sum ;
    }
    else if constexpr (ADD == GBGPU_ADD_LOR)  return sum | v ;
    else if constexpr (ADD == GBGPU_ADD_LAND) return sum & v ;
    else if constexpr (ADD == GBGPU_ADD_LXOR) return sum ^ v ;
    else if constexpr (ADD == GBGPU_ADD_EQ)   return (sum ^ v) ^ 1u ;
    else return sum ;                                   // ANY: the first product
}

template <class M> struct monoid_code ;
template <gbgpu_add ADD, class T> struct monoid_code <monoid <ADD, T>>
{
    static constexpr gbgpu_add value = ADD ;
} ;

//------------------------------------------------------------------------------
// one dot product
//------------------------------------------------------------------------------

// The first position in [lo, hi) whose index is >= key (hi if none).
__device__ __forceinline__ int64_t lower_bound (const int32_t *j, int64_t lo, int64_t hi,
    int32_t key)
{
    while (lo < hi)
    {
        const int64_t mid = lo + (hi - lo) / 2 ;
        if (j [mid] < key) lo = mid + 1 ; else hi = mid ;
    }
    return lo ;
}

// The same, by doubling steps from lo and then a binary search in the last
// step's span: log of the distance covered, not of the whole range.
__device__ __forceinline__ int64_t gallop (const int32_t *j, int64_t lo, int64_t hi,
    int32_t key)
{
    int64_t step = 1 ;
    while (lo + step < hi && j [lo + step] < key)
    {
        lo += step ;
        step <<= 1 ;
    }
    return lower_bound (j, lo, (lo + step < hi) ? lo + step : hi, key) ;
}

__device__ __forceinline__ int log2_ceil (int64_t n)
{
    return 64 - __clzll ((unsigned long long) (n > 1 ? n - 1 : 1)) ;
}

// Gallop when the shorter row times log2 of the longer is less than a merge
// of both (the host's cost estimate, masked_dot_choice.c, counts the same).
__device__ __forceinline__ bool gallops (int64_t shorter, int64_t longer)
{
    return shorter * log2_ceil (longer) < shorter + longer ;
}

// The running result of one dot product.
template <class SR>
struct dot_sum
{
    using T = typename SR::T ;
    using In = typename SR::X ;     // X is B's rows below
    using S = typename SR::S ;
    static constexpr gbgpu_add ADD = monoid_code <typename SR::add>::value ;
    S sum = S () ;
    bool exists = false ;
    int64_t products = 0 ;

    // true: the dot is decided (a terminal value, or ANY's first product)
    __device__ __forceinline__ bool add (const csr_view &A, const csr_view &X,
        int64_t pa, int64_t px, int64_t i, int32_t k, int32_t j)
    {
        In a = In (), b = In () ;
        if constexpr (SR::mult::reads_a) a = static_cast <const In *> (A.x) [A.iso ? 0 : pa] ;
        if constexpr (SR::mult::reads_b) b = static_cast <const In *> (X.x) [X.iso ? 0 : px] ;
        const S v = (S) SR::mult::apply (a, b, A.first_row + i, k, j) ;
        sum = exists ? fold <ADD, S> (sum, v) : v ;
        exists = true ;
        products++ ;
        if constexpr (is_any_monoid <typename SR::add>::value) return true ;
        else return SR::add::has_terminal && SR::add::is_terminal (sum) ;
    }
} ;

template <>
struct dot_sum <dot_pattern>
{
    bool exists = false ;
    int64_t products = 0 ;
    __device__ __forceinline__ bool add (const csr_view &, const csr_view &,
        int64_t, int64_t, int64_t, int32_t, int32_t)
    {
        exists = true ;
        products++ ;
        return true ;
    }
} ;

// A(i,:) . X(j,:) over [a0,a1) and [x0,x1), both sorted by index.
template <class SR>
__device__ void dot_rows (dot_sum <SR> &d, const csr_view &A, const csr_view &X,
    int64_t a0, int64_t a1, int64_t x0, int64_t x1, int64_t i, int32_t j)
{
    if (a0 == a1 || x0 == x1 || A.j [a1-1] < X.j [x0] || X.j [x1-1] < A.j [a0]) return ;
    const int64_t la = a1 - a0, lx = x1 - x0 ;
    if (gallops (la < lx ? la : lx, la < lx ? lx : la))
    {
        // each index of the shorter row, found in the longer one
        const bool a_shorter = (la <= lx) ;
        const int32_t *s = a_shorter ? A.j : X.j, *l = a_shorter ? X.j : A.j ;
        int64_t ps = a_shorter ? a0 : x0, pl = a_shorter ? x0 : a0 ;
        const int64_t s1 = a_shorter ? a1 : x1, l1 = a_shorter ? x1 : a1 ;
        for ( ; ps < s1 ; ps++)
        {
            const int32_t k = s [ps] ;
            pl = gallop (l, pl, l1, k) ;
            if (pl == l1) return ;
            if (l [pl] != k) continue ;
            if (d.add (A, X, a_shorter ? ps : pl, a_shorter ? pl : ps, i, k, j)) return ;
            pl++ ;
        }
    }
    else
    {
        int64_t pa = a0, px = x0 ;
        while (pa < a1 && px < x1)
        {
            const int32_t ka = A.j [pa], kx = X.j [px] ;
            if (ka < kx) { pa++ ; continue ; }
            if (kx < ka) { px++ ; continue ; }
            if (d.add (A, X, pa, px, i, ka, j)) return ;
            pa++ ;
            px++ ;
        }
    }
}

//------------------------------------------------------------------------------
// the kernel: a group of lanes per row of M, a lane per mask entry
//------------------------------------------------------------------------------

template <class SR>
__global__ void masked_dot_kernel (const masked_dot_args args)
{
    const csr_view A = args.A, X = args.X, M = args.M ;
    const int G = args.group_threads ;
    const int64_t thread = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ;
    const int64_t groups = (int64_t) gridDim.x * blockDim.x / G ;
    const bool *mask_values = static_cast <const bool *> (M.x) ;
    unsigned long long products = 0 ;

    for (int64_t i = thread / G ; i < args.nrows ; i += groups)
    {
        const int64_t a0 = A.p [i], a1 = A.p [i+1] ;
        for (int64_t q = M.p [i] + thread % G ; q < M.p [i+1] ; q += G)
        {
            dot_sum <SR> d ;
            if (mask_values == nullptr || mask_values [M.iso ? 0 : q])
            {
                const int32_t j = M.j [q] ;
                dot_rows <SR> (d, A, X, a0, a1, X.p [j], X.p [j+1], i, j) ;
            }
            args.position [q] = d.exists ;
            if constexpr (!std::is_same <SR, dot_pattern>::value)
            {
                if (d.exists) static_cast <typename SR::T *> (args.values) [q] = (typename SR::T) d.sum ;
            }
            products += (unsigned long long) d.products ;
        }
    }

    // every lane of every warp gets here (the grid is whole warps)
    for (int offset = 16 ; offset > 0 ; offset >>= 1)
        products += __shfl_down_sync (0xFFFFFFFFu, products, offset) ;
    if (threadIdx.x % 32 == 0 && products > 0) atomicAdd (args.products, products) ;
}

// MASKED_DOT_BLOCK threads a block, at most MASKED_DOT_BLOCKS_PER_SM blocks
// a multiprocessor (kernels/tuning.cuh).
template <class SR>
cudaError_t masked_dot_rows (const masked_dot_args &args)
{
    if (args.nrows == 0) return cudaSuccess ;
    const int64_t rows_per_block = MASKED_DOT_BLOCK / args.group_threads ;
    // grid-stride beyond this: a few waves of blocks on any device
    const int64_t max_blocks = MASKED_DOT_BLOCKS_PER_SM * (int64_t) multiprocessor_count () ;
    int64_t blocks = (args.nrows + rows_per_block - 1) / rows_per_block ;
    if (blocks > max_blocks) blocks = max_blocks ;
    masked_dot_kernel <SR> <<<(unsigned) blocks, MASKED_DOT_BLOCK, 0, stream ()>>> (args) ;
    return cudaGetLastError () ;
}

// Loads the kernel on the current device (kernels/load_kernel.cuh).
template <class SR>
cudaError_t load_masked_dot ()
{
    return load_kernel (masked_dot_kernel <SR>) ;
}

}   // namespace gbgpu

#endif
