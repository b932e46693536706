// plugin/cuda/kernels/semiring_ops.cuh: the device side of a semiring, as a policy for the
// accumulator templates: the monoid (what an empty accumulator slot holds,
// normally its identity; an atomic update of a slot; the same fold of two
// values without atomics, for accumulators that own their values (merge); an
// optional terminal) and the multiply operator (which inputs it reads, and its
// value).
// SPDX-License-Identifier: Apache-2.0
//
// Each built-in operator computes exactly what SuiteSparse:GraphBLAS computes:
// integer division by zero and by -1 follow its rules, MIN and MAX of floating
// point values omit NaN (fmin/fmax), booleans use GraphBLAS's renames (done on
// the host).  Booleans and 8- and 16-bit integers accumulate in 32-bit words
// so every monoid has a native atomic: integer sums, products and bitwise
// folds agree with the narrow type's in its bits, which the final cast keeps.
// Complex values (run-time semirings only) divide as SuiteSparse does; their
// sums are two atomic adds, their products a compare-and-swap of the value.

#ifndef GBGPU_SEMIRING_OPS_CUH
#define GBGPU_SEMIRING_OPS_CUH

#ifndef __CUDACC_RTC__     // NVRTC: nvrtc_prelude.cuh stands for them
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#endif
#include "semiring_codes.h"

namespace gbgpu {

//------------------------------------------------------------------------------
// types
//------------------------------------------------------------------------------

template <gbgpu_type> struct type_of ;
template <> struct type_of <GBGPU_TYPE_BOOL>   { using type = bool ; } ;
template <> struct type_of <GBGPU_TYPE_INT32>  { using type = int32_t ; } ;
template <> struct type_of <GBGPU_TYPE_INT64>  { using type = int64_t ; } ;
template <> struct type_of <GBGPU_TYPE_UINT32> { using type = uint32_t ; } ;
template <> struct type_of <GBGPU_TYPE_UINT64> { using type = uint64_t ; } ;
template <> struct type_of <GBGPU_TYPE_FP32>   { using type = float ; } ;
template <> struct type_of <GBGPU_TYPE_FP64>   { using type = double ; } ;
template <> struct type_of <GBGPU_TYPE_INT8>   { using type = int8_t ; } ;
template <> struct type_of <GBGPU_TYPE_INT16>  { using type = int16_t ; } ;
template <> struct type_of <GBGPU_TYPE_UINT8>  { using type = uint8_t ; } ;
template <> struct type_of <GBGPU_TYPE_UINT16> { using type = uint16_t ; } ;

// GxB_FC32_t and GxB_FC64_t: C99 float and double _Complex, the real part
// first.  Only what the built-in complex operators need.
template <class R> struct complex
{
    R re, im ;
    complex () = default ;
    __host__ __device__ constexpr complex (R r, R i = 0) : re (r), im (i) { }
    __device__ friend complex operator+ (complex x, complex y) { return { x.re + y.re, x.im + y.im } ; }
    __device__ friend complex operator- (complex x, complex y) { return { x.re - y.re, x.im - y.im } ; }
    __device__ friend complex operator* (complex x, complex y)
    {
        return { x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re } ;
    }
    __device__ friend bool operator== (complex x, complex y) { return x.re == y.re && x.im == y.im ; }
    __device__ friend bool operator!= (complex x, complex y) { return !(x == y) ; }
} ;
template <> struct type_of <GBGPU_TYPE_FC32>   { using type = complex <float> ; } ;
template <> struct type_of <GBGPU_TYPE_FC64>   { using type = complex <double> ; } ;

template <class T> struct is_complex : std::false_type { } ;
template <class R> struct is_complex <complex <R>> : std::true_type { } ;

// What an accumulator slot holds while a row is being summed.
template <class T> struct slot_of { using type = T ; } ;
template <> struct slot_of <bool>     { using type = uint32_t ; } ;
template <> struct slot_of <int8_t>   { using type = int32_t ; } ;
template <> struct slot_of <int16_t>  { using type = int32_t ; } ;
template <> struct slot_of <uint8_t>  { using type = uint32_t ; } ;
template <> struct slot_of <uint16_t> { using type = uint32_t ; } ;

template <class T> __host__ __device__ constexpr T largest ()
{
    if constexpr (std::is_floating_point <T>::value) return (T) INFINITY ;
    else return std::numeric_limits <T>::max () ;
}

template <class T> __host__ __device__ constexpr T smallest ()
{
    if constexpr (std::is_floating_point <T>::value) return (T) -INFINITY ;
    else return std::numeric_limits <T>::lowest () ;
}

// The word a compare-and-swap of an S takes: 16 bytes (run-time semirings
// over 16-byte user types) need compute capability 9.0.
template <size_t BYTES> struct cas_word ;
template <> struct cas_word <4> { using type = unsigned int ; } ;
template <> struct cas_word <8> { using type = unsigned long long ; } ;
template <> struct cas_word <16> { using type = unsigned __int128 ; } ;

// An atomic read-modify-write of any 4-, 8- or 16-byte value by compare-and-swap.
template <class S, class F>
__device__ void atomic_apply (S *slot, S v, F combine)
{
    using word = typename cas_word <sizeof (S)>::type ;
    word *w = reinterpret_cast <word *> (slot) ;
    word old = *reinterpret_cast <volatile word *> (w), assumed ;
    // A 16-byte read may tear (two 8-byte loads): only a value that a
    // compare-and-swap returned is known to be one the slot held, so only
    // then may "no change" end the update without one.
    bool exact = sizeof (S) <= 8 ;
    do
    {
        assumed = old ;
        S current, next ;
        memcpy (&current, &assumed, sizeof (S)) ;
        next = combine (current, v) ;
        word next_word ;
        memcpy (&next_word, &next, sizeof (S)) ;
        if (exact && next_word == assumed) return ;
        old = atomicCAS (w, assumed, next_word) ;
        exact = true ;
    }
    while (old != assumed) ;
}

// The native atomics take these word types.
template <class T> struct atomic_word { using type = T ; } ;
template <> struct atomic_word <int32_t>  { using type = int ; } ;
template <> struct atomic_word <uint32_t> { using type = unsigned int ; } ;
template <> struct atomic_word <int64_t>  { using type = long long ; } ;
template <> struct atomic_word <uint64_t> { using type = unsigned long long ; } ;

// The unsigned word of an integer slot (bitwise atomics, wrapping arithmetic).
template <class S> using unsigned_word = typename std::conditional <sizeof (S) == 4,
    unsigned int, unsigned long long>::type ;

// combine functions for atomic_apply; integers wrap, as the library's do
struct times_of
{
    template <class S> __device__ S operator() (S x, S y) const
    {
        if constexpr (std::is_integral <S>::value)
            return (S) ((unsigned_word <S>) x * (unsigned_word <S>) y) ;
        else return x * y ;
    }
} ;
struct fmin_of  { template <class S> __device__ S operator() (S x, S y) const { return fmin (x, y) ; } } ;
struct fmax_of  { template <class S> __device__ S operator() (S x, S y) const { return fmax (x, y) ; } } ;

//------------------------------------------------------------------------------
// monoids: empty_slot (the identity), update (atomically *slot += v), terminal
//------------------------------------------------------------------------------

template <gbgpu_add ADD, class T> struct monoid ;

template <class T> struct monoid <GBGPU_ADD_PLUS, T>
{
    using S = typename slot_of <T>::type ;
    static constexpr bool has_terminal = false ;
    // -0 for floating point: -0 + x is x for every x, where +0 + -0 is +0 and
    // an entry whose products are all -0 would lose its sign (GraphBLAS
    // starts from the first product; 1/x then tells the two apart)
    __device__ static S empty_slot ()
    {
        if constexpr (std::is_floating_point <S>::value) return -S (0) ;
        else return 0 ;
    }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v)
    {
        if constexpr (std::is_integral <S>::value)
            atomicAdd (reinterpret_cast <unsigned_word <S> *> (slot), (unsigned_word <S>) v) ;
        else
            atomicAdd (slot, v) ;   // float, double
    }
    __device__ static S combine (S x, S y)
    {
        // integers wrap, as the atomic add does
        if constexpr (std::is_integral <S>::value)
            return (S) ((typename std::make_unsigned <S>::type) x
                      + (typename std::make_unsigned <S>::type) y) ;
        else return x + y ;
    }
} ;

template <class T> struct monoid <GBGPU_ADD_TIMES, T>
{
    using S = typename slot_of <T>::type ;
    static constexpr bool has_terminal = std::is_integral <T>::value ;
    __device__ static S empty_slot () { return 1 ; }
    __device__ static bool is_terminal (S s) { return has_terminal && s == 0 ; }
    __device__ static void update (S *slot, S v)
    {
        atomic_apply (slot, v, times_of ()) ;
    }
    __device__ static S combine (S x, S y) { return times_of () (x, y) ; }
} ;

// An empty slot of a floating-point MIN or MAX holds NaN rather than the
// identity: fmin/fmax treat it as absent, so an entry whose products are all
// NaN stays NaN, as GraphBLAS (which starts from the first product) gives.
template <class T> __device__ T empty_slot_or (T identity)
{
    if constexpr (std::is_floating_point <T>::value) return (T) NAN ;
    else return identity ;
}

template <class T> struct monoid <GBGPU_ADD_MIN, T>
{
    using S = typename slot_of <T>::type ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return empty_slot_or <T> (largest <T> ()) ; }
    __device__ static bool is_terminal (S s) { return s == smallest <T> () ; }
    __device__ static void update (S *slot, S v)
    {
        if constexpr (std::is_integral <T>::value)
            atomicMin (reinterpret_cast <typename atomic_word <S>::type *> (slot),
                       (typename atomic_word <S>::type) v) ;
        else
            atomic_apply (slot, v, fmin_of ()) ;
    }
    __device__ static S combine (S x, S y)
    {
        if constexpr (std::is_integral <T>::value) return (x < y) ? x : y ;
        else return fmin_of () (x, y) ;
    }
} ;

template <class T> struct monoid <GBGPU_ADD_MAX, T>
{
    using S = typename slot_of <T>::type ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return empty_slot_or <T> (smallest <T> ()) ; }
    __device__ static bool is_terminal (S s) { return s == largest <T> () ; }
    __device__ static void update (S *slot, S v)
    {
        if constexpr (std::is_integral <T>::value)
            atomicMax (reinterpret_cast <typename atomic_word <S>::type *> (slot),
                       (typename atomic_word <S>::type) v) ;
        else
            atomic_apply (slot, v, fmax_of ()) ;
    }
    __device__ static S combine (S x, S y)
    {
        if constexpr (std::is_integral <T>::value) return (x > y) ? x : y ;
        else return fmax_of () (x, y) ;
    }
} ;

struct second_of { template <class S> __device__ S operator() (S, S y) const { return y ; } } ;

// ANY: whichever product is stored last; every candidate is a valid answer.
// The store is an atomic exchange: a plain one would be as right on the
// hardware (an aligned word), but it is a data race to the language and to
// compute-sanitizer's racecheck, which must stay clean.  16 bytes (double
// complex) have no exchange: a compare-and-swap, so both halves come from one
// product.
template <class T> struct monoid <GBGPU_ADD_ANY, T>
{
    using S = typename slot_of <T>::type ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return 0 ; }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v)
    {
        if constexpr (sizeof (S) == 16)
        {
            atomic_apply (slot, v, second_of ()) ;
        }
        else
        {
            using word = typename cas_word <sizeof (S)>::type ;
            word w ;
            memcpy (&w, &v, sizeof (S)) ;
            atomicExch (reinterpret_cast <word *> (slot), w) ;
        }
    }
    __device__ static S combine (S x, S) { return x ; }
} ;

// Boolean monoids on 0/1 words.
template <> struct monoid <GBGPU_ADD_LOR, bool>
{
    using S = uint32_t ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return 0 ; }
    __device__ static bool is_terminal (S s) { return s != 0 ; }
    __device__ static void update (S *slot, S v) { if (v) atomicOr (slot, 1u) ; }
    __device__ static S combine (S x, S y) { return (x | y) != 0 ; }
} ;

template <> struct monoid <GBGPU_ADD_LAND, bool>
{
    using S = uint32_t ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return 1 ; }
    __device__ static bool is_terminal (S s) { return s == 0 ; }
    __device__ static void update (S *slot, S v) { if (!v) atomicAnd (slot, 0u) ; }
    __device__ static S combine (S x, S y) { return (x != 0) && (y != 0) ; }
} ;

template <> struct monoid <GBGPU_ADD_LXOR, bool>
{
    using S = uint32_t ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return 0 ; }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v) { if (v) atomicXor (slot, 1u) ; }
    __device__ static S combine (S x, S y) { return (x != 0) != (y != 0) ; }
} ;

// EQ (LXNOR): x == y is x ^ y ^ 1, so folding in v flips the word when v is 0.
template <> struct monoid <GBGPU_ADD_EQ, bool>
{
    using S = uint32_t ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return 1 ; }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v) { if (!v) atomicXor (slot, 1u) ; }
    __device__ static S combine (S x, S y) { return (x != 0) == (y != 0) ; }
} ;

// Bitwise monoids over integers, on the slot's unsigned word.  A slot wider
// than T holds T's value sign- or zero-extended, and the bits above T's are
// never read back: terminals compare the value as a T.
template <class T> __device__ constexpr T all_ones () { return (T) ~(T) 0 ; }

template <class T> struct monoid <GBGPU_ADD_BOR, T>
{
    using S = typename slot_of <T>::type ;
    using W = unsigned_word <S> ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return 0 ; }
    __device__ static bool is_terminal (S s) { return (T) s == all_ones <T> () ; }
    __device__ static void update (S *slot, S v) { atomicOr (reinterpret_cast <W *> (slot), (W) v) ; }
    __device__ static S combine (S x, S y) { return x | y ; }
} ;

template <class T> struct monoid <GBGPU_ADD_BAND, T>
{
    using S = typename slot_of <T>::type ;
    using W = unsigned_word <S> ;
    static constexpr bool has_terminal = true ;
    __device__ static S empty_slot () { return (S) all_ones <T> () ; }
    __device__ static bool is_terminal (S s) { return (T) s == 0 ; }
    __device__ static void update (S *slot, S v) { atomicAnd (reinterpret_cast <W *> (slot), (W) v) ; }
    __device__ static S combine (S x, S y) { return x & y ; }
} ;

template <class T> struct monoid <GBGPU_ADD_BXOR, T>
{
    using S = typename slot_of <T>::type ;
    using W = unsigned_word <S> ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return 0 ; }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v) { atomicXor (reinterpret_cast <W *> (slot), (W) v) ; }
    __device__ static S combine (S x, S y) { return x ^ y ; }
} ;

// BXNOR: ~(x ^ y) is x ^ ~y, so folding in v is an exclusive or with ~v.
template <class T> struct monoid <GBGPU_ADD_BXNOR, T>
{
    using S = typename slot_of <T>::type ;
    using W = unsigned_word <S> ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return (S) all_ones <T> () ; }
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v) { atomicXor (reinterpret_cast <W *> (slot), ~(W) v) ; }
    __device__ static S combine (S x, S y) { return (S) ~(x ^ y) ; }
} ;

// A complex sum adds each part on its own, so two atomic adds make one atomic
// update.  (TIMES and ANY are the templates above: a compare-and-swap of the
// value, 16 bytes for double complex: compute capability 9.0.)
template <class R> struct monoid <GBGPU_ADD_PLUS, complex <R>>
{
    using S = complex <R> ;
    static constexpr bool has_terminal = false ;
    __device__ static S empty_slot () { return S (-R (0), -R (0)) ; }     // -0: as for real sums
    __device__ static bool is_terminal (S) { return false ; }
    __device__ static void update (S *slot, S v)
    {
        atomicAdd (&slot->re, v.re) ;
        atomicAdd (&slot->im, v.im) ;
    }
    __device__ static S combine (S x, S y) { return x + y ; }
} ;

//------------------------------------------------------------------------------
// multiply operators: z = f (a(i,k), b(k,j)), with i, k and j for positional
// ops (i in the whole of A: a row block's kernels add its first row)
//------------------------------------------------------------------------------

// SuiteSparse's complex division, as the program's library does it: Smith's
// method, with y's parts classified first (from 8.0, GB_FC64_div: a part of
// y that is zero makes both of z's parts plain quotients, so 0/0 is NaN);
// 7.x's GB_divcomplex also keeps a part of z exactly zero where x's is.  The
// run-time compiler defines GBGPU_COMPLEX_DIVIDE_EXACT_PARTS from the
// GraphBLAS.h gbgpu is built with (jit/compiler/compile.c).  Single precision
// divides in double, as both do.
#ifndef GBGPU_COMPLEX_DIVIDE_EXACT_PARTS
#define GBGPU_COMPLEX_DIVIDE_EXACT_PARTS 0
#endif
__device__ inline complex <double> complex_divide (complex <double> x, complex <double> y)
{
    const double xr = x.re, xi = x.im, yr = y.re, yi = y.im ;
    constexpr bool exact_parts = GBGPU_COMPLEX_DIVIDE_EXACT_PARTS ;
    if (yi == 0)
    {
        if (exact_parts && xi == 0) return { xr / yr, 0 } ;
        if (exact_parts && xr == 0) return { 0, xi / yr } ;
        return { xr / yr, xi / yr } ;
    }
    if (yr == 0)
    {
        if (exact_parts && xr == 0) return { xi / yi, 0 } ;
        if (exact_parts && xi == 0) return { 0, -xr / yi } ;
        return { xi / yi, -xr / yi } ;
    }
    if (isinf (yr) && isinf (yi))
    {
        const double r = (signbit (yr) == signbit (yi)) ? 1 : -1 ;
        const double d = yr + r * yi ;
        return { (xr + xi * r) / d, (xi - xr * r) / d } ;
    }
    if (fabs (yr) >= fabs (yi))
    {
        const double r = yi / yr, d = yr + r * yi ;
        return { (xr + xi * r) / d, (xi - xr * r) / d } ;
    }
    const double r = yr / yi, d = r * yr + yi ;
    return { (xr * r + xi) / d, (xi * r - xr) / d } ;
}

template <class T> __device__ T divide (T x, T y)
{
    if constexpr (is_complex <T>::value)
    {
        const complex <double> z = complex_divide ({ (double) x.re, (double) x.im },
                                                   { (double) y.re, (double) y.im }) ;
        return T ((decltype (x.re)) z.re, (decltype (x.re)) z.im) ;
    }
    else if constexpr (std::is_floating_point <T>::value)
    {
        return x / y ;
    }
    else if constexpr (std::is_signed <T>::value)
    {
        using U = typename std::make_unsigned <T>::type ;
        if (y == -1) return (T) (U (0) - (U) x) ;     // -x, wrapping at the minimum
        if (y == 0) return (x == 0) ? 0 : (x < 0 ? smallest <T> () : largest <T> ()) ;
        return x / y ;
    }
    else
    {
        if (y == 0) return (x == 0) ? 0 : largest <T> () ;
        return x / y ;
    }
}

// X: the inputs' type; Z: the value's (X, or bool for a comparison).
template <gbgpu_mult MULT, class X> struct multiply
{
    static constexpr bool reads_a = GBGPU_MULT_READS_A (MULT) ;
    static constexpr bool reads_b = GBGPU_MULT_READS_B (MULT) ;
    using Z = typename std::conditional <GBGPU_MULT_IS_COMPARISON (MULT), bool, X>::type ;

    __device__ static Z apply (X a, X b, int64_t i, int32_t k, int32_t j)
    {
        if constexpr (MULT == GBGPU_MULT_FIRST)    return a ;
        if constexpr (MULT == GBGPU_MULT_SECOND)   return b ;
        if constexpr (MULT == GBGPU_MULT_PAIR)     return (X) 1 ;
        if constexpr (MULT == GBGPU_MULT_PLUS)     return (X) (a + b) ;
        if constexpr (MULT == GBGPU_MULT_MINUS)    return (X) (a - b) ;
        if constexpr (MULT == GBGPU_MULT_RMINUS)   return (X) (b - a) ;
        if constexpr (MULT == GBGPU_MULT_TIMES)    return times_of () (a, b) ;
        if constexpr (MULT == GBGPU_MULT_DIV)      return divide (a, b) ;
        if constexpr (MULT == GBGPU_MULT_RDIV)     return divide (b, a) ;
        if constexpr (MULT == GBGPU_MULT_MIN)
        {
            if constexpr (std::is_floating_point <X>::value) return fmin (a, b) ;
            else return (a < b) ? a : b ;
        }
        if constexpr (MULT == GBGPU_MULT_MAX)
        {
            if constexpr (std::is_floating_point <X>::value) return fmax (a, b) ;
            else return (a > b) ? a : b ;
        }
        if constexpr (MULT == GBGPU_MULT_LOR)      return (X) ((a != 0) || (b != 0)) ;
        if constexpr (MULT == GBGPU_MULT_LAND)     return (X) ((a != 0) && (b != 0)) ;
        if constexpr (MULT == GBGPU_MULT_LXOR)     return (X) ((a != 0) != (b != 0)) ;
        if constexpr (MULT == GBGPU_MULT_SECONDI)  return (X) k ;
        if constexpr (MULT == GBGPU_MULT_SECONDJ)  return (X) j ;
        if constexpr (MULT == GBGPU_MULT_SECONDI1) return (X) (k + 1) ;
        if constexpr (MULT == GBGPU_MULT_SECONDJ1) return (X) (j + 1) ;
        if constexpr (MULT == GBGPU_MULT_FIRSTI)   return (X) i ;
        if constexpr (MULT == GBGPU_MULT_FIRSTI1)  return (X) (i + 1) ;
        if constexpr (MULT == GBGPU_MULT_ISEQ)     return (X) (a == b) ;
        if constexpr (MULT == GBGPU_MULT_ISNE)     return (X) (a != b) ;
        if constexpr (MULT == GBGPU_MULT_ISGT)     return (X) (a > b) ;
        if constexpr (MULT == GBGPU_MULT_ISLT)     return (X) (a < b) ;
        if constexpr (MULT == GBGPU_MULT_ISGE)     return (X) (a >= b) ;
        if constexpr (MULT == GBGPU_MULT_ISLE)     return (X) (a <= b) ;
        if constexpr (MULT == GBGPU_MULT_EQ)       return a == b ;
        if constexpr (MULT == GBGPU_MULT_NE)       return a != b ;
        if constexpr (MULT == GBGPU_MULT_GT)       return a > b ;
        if constexpr (MULT == GBGPU_MULT_LT)       return a < b ;
        if constexpr (MULT == GBGPU_MULT_GE)       return a >= b ;
        if constexpr (MULT == GBGPU_MULT_LE)       return a <= b ;
        if constexpr (std::is_integral <X>::value && !std::is_same <X, bool>::value)
        {
            if constexpr (MULT == GBGPU_MULT_BOR)  return (X) (a | b) ;
            if constexpr (MULT == GBGPU_MULT_BAND) return (X) (a & b) ;
            if constexpr (MULT == GBGPU_MULT_BXOR) return (X) (a ^ b) ;
            if constexpr (MULT == GBGPU_MULT_BXNOR) return (X) ~(a ^ b) ;
        }
    }
} ;

//------------------------------------------------------------------------------
// a semiring: the policy the numeric accumulators are templated on
//------------------------------------------------------------------------------

// X: A's and B's values, the multiply op's inputs; T: its value and the
// monoid's type (bool for a comparison, else X).
template <gbgpu_add ADD, gbgpu_mult MULT, gbgpu_type TYPE>
struct semiring
{
    using X = typename type_of <TYPE>::type ;
    using mult = multiply <MULT, X> ;
    using T = typename mult::Z ;
    using add = monoid <ADD, T> ;
    using S = typename add::S ;
} ;

}   // namespace gbgpu

#endif
