// plugin/cuda/kernels/nvrtc_std.cuh: the standard names the hash kernel's headers use, defined for NVRTC.
// SPDX-License-Identifier: Apache-2.0
//
// The first include of a run-time semiring's hash set (jit/compiler/source.c):
// NVRTC has no C++ standard library, and libcu++'s headers (what
// nvrtc_prelude.cuh takes for the whole set, whose CUB needs them) were most
// of a hash set's compile: 2.1 s for the first in a process, 0.37 s with the
// headers parsed, against 0.37 and 0.26-0.32 s with this file (this
// repository's 2-core host, 2026-11-27).  So the few names the hash kernel's
// headers use are defined here: the fixed-width integers and their limits,
// size_t, INFINITY and NAN (NVRTC's math functions need no header), and the
// type traits and numeric_limits those headers ask for; and, for users' C
// definitions, the rest of <stdint.h> and <limits.h> and <float.h>'s limits.
// Constants stay constant expressions (__builtin_bit_cast, as libcu++ does).  A user's C
// definition sees the same names; one that needs more compiles only in the
// whole set, and its calls wait for that.

#ifndef GBGPU_NVRTC_STD_CUH
#define GBGPU_NVRTC_STD_CUH

typedef signed char int8_t ; typedef short int16_t ; typedef int int32_t ; typedef long long int64_t ;
typedef unsigned char uint8_t ; typedef unsigned short uint16_t ; typedef unsigned int uint32_t ;
typedef unsigned long long uint64_t ;
typedef decltype (sizeof (0)) size_t ;
typedef long ptrdiff_t ; typedef long intptr_t ; typedef unsigned long uintptr_t ;
typedef int64_t intmax_t ; typedef uint64_t uintmax_t ;
typedef int8_t int_least8_t ; typedef int16_t int_least16_t ; typedef int32_t int_least32_t ;
typedef int64_t int_least64_t ; typedef uint8_t uint_least8_t ; typedef uint16_t uint_least16_t ;
typedef uint32_t uint_least32_t ; typedef uint64_t uint_least64_t ;
typedef int8_t int_fast8_t ; typedef int16_t int_fast16_t ; typedef int32_t int_fast32_t ;
typedef int64_t int_fast64_t ; typedef uint8_t uint_fast8_t ; typedef uint16_t uint_fast16_t ;
typedef uint32_t uint_fast32_t ; typedef uint64_t uint_fast64_t ;
#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define INT64_C(c) c ## LL
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c ## U
#define UINT64_C(c) c ## ULL
#define INTMAX_C(c) c ## LL
#define UINTMAX_C(c) c ## ULL
#define INT8_MIN (-128)
#define INT8_MAX 127
#define INT16_MIN (-32767-1)
#define INT16_MAX 32767
#define INT32_MIN (-2147483647-1)
#define INT32_MAX 2147483647
#define INT64_MIN (-9223372036854775807LL-1)
#define INT64_MAX 9223372036854775807LL
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define UINT64_MAX 18446744073709551615ULL
#define SIZE_MAX UINT64_MAX
#define PTRDIFF_MIN INT64_MIN
#define PTRDIFF_MAX INT64_MAX
#define INTPTR_MIN INT64_MIN
#define INTPTR_MAX INT64_MAX
#define UINTPTR_MAX UINT64_MAX
#define INTMAX_MIN INT64_MIN
#define INTMAX_MAX INT64_MAX
#define UINTMAX_MAX UINT64_MAX
#define CHAR_BIT 8
#define SCHAR_MIN INT8_MIN
#define SCHAR_MAX INT8_MAX
#define UCHAR_MAX UINT8_MAX
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN INT16_MIN
#define SHRT_MAX INT16_MAX
#define USHRT_MAX UINT16_MAX
#define INT_MIN INT32_MIN
#define INT_MAX INT32_MAX
#define UINT_MAX UINT32_MAX
#define LONG_MAX 9223372036854775807L
#define LONG_MIN (-LONG_MAX - 1L)
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN INT64_MIN
#define LLONG_MAX INT64_MAX
#define ULLONG_MAX UINT64_MAX
#define INFINITY __builtin_bit_cast (float, 0x7f800000U)
#define NAN __builtin_bit_cast (float, 0x7fc00000U)
#define HUGE_VALF INFINITY
#define HUGE_VAL __builtin_bit_cast (double, 0x7ff0000000000000ULL)
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define FLT_EPSILON 1.192092896e-07F
#define DBL_MAX 1.7976931348623158e+308
#define DBL_MIN 2.2250738585072014e-308
#define DBL_EPSILON 2.2204460492503131e-16
#ifndef NULL
#define NULL 0
#endif
namespace std {
using size_t = ::size_t ;
template <class T, T v> struct integral_constant { static constexpr T value = v ; using value_type = T ; using type = integral_constant ; constexpr operator T () const { return v ; } } ;
using true_type = integral_constant <bool, true> ; using false_type = integral_constant <bool, false> ;
template <class A, class B> struct is_same : false_type { } ;
template <class A> struct is_same <A, A> : true_type { } ;
template <class T> struct remove_cv { using type = T ; } ;
template <class T> struct remove_cv <const T> { using type = T ; } ;
template <class T> struct remove_cv <volatile T> { using type = T ; } ;
template <class T> struct remove_cv <const volatile T> { using type = T ; } ;
template <class T> struct is_integral_base : false_type { } ;
template <> struct is_integral_base <bool> : true_type { } ;
template <> struct is_integral_base <char> : true_type { } ;
template <> struct is_integral_base <signed char> : true_type { } ;
template <> struct is_integral_base <unsigned char> : true_type { } ;
template <> struct is_integral_base <short> : true_type { } ;
template <> struct is_integral_base <unsigned short> : true_type { } ;
template <> struct is_integral_base <int> : true_type { } ;
template <> struct is_integral_base <unsigned int> : true_type { } ;
template <> struct is_integral_base <long> : true_type { } ;
template <> struct is_integral_base <unsigned long> : true_type { } ;
template <> struct is_integral_base <long long> : true_type { } ;
template <> struct is_integral_base <unsigned long long> : true_type { } ;
template <> struct is_integral_base <__int128> : true_type { } ;
template <> struct is_integral_base <unsigned __int128> : true_type { } ;
template <class T> struct is_integral : is_integral_base <typename remove_cv <T>::type> { } ;
template <class T> struct is_floating_point_base : false_type { } ;
template <> struct is_floating_point_base <float> : true_type { } ;
template <> struct is_floating_point_base <double> : true_type { } ;
template <> struct is_floating_point_base <long double> : true_type { } ;
template <class T> struct is_floating_point : is_floating_point_base <typename remove_cv <T>::type> { } ;
template <class T, bool = is_integral <T>::value || is_floating_point <T>::value> struct is_signed_base : false_type { } ;
template <class T> struct is_signed_base <T, true> : integral_constant <bool, T (-1) < T (0)> { } ;
template <class T> struct is_signed : is_signed_base <typename remove_cv <T>::type> { } ;
template <bool B, class T, class F> struct conditional { using type = T ; } ;
template <class T, class F> struct conditional <false, T, F> { using type = F ; } ;
template <class T> struct make_unsigned { using type = T ; } ;
template <> struct make_unsigned <char> { using type = unsigned char ; } ;
template <> struct make_unsigned <signed char> { using type = unsigned char ; } ;
template <> struct make_unsigned <short> { using type = unsigned short ; } ;
template <> struct make_unsigned <int> { using type = unsigned int ; } ;
template <> struct make_unsigned <long> { using type = unsigned long ; } ;
template <> struct make_unsigned <long long> { using type = unsigned long long ; } ;
template <> struct make_unsigned <__int128> { using type = unsigned __int128 ; } ;
template <class T> struct numeric_limits ;
#define GBGPU_LIMITS(T, LOW, HIGH) template <> struct numeric_limits <T> { \
    __host__ __device__ static constexpr T lowest () { return LOW ; } \
    __host__ __device__ static constexpr T min () { return LOW ; } \
    __host__ __device__ static constexpr T max () { return HIGH ; } } ;
GBGPU_LIMITS (bool, false, true)
GBGPU_LIMITS (char, (char) -128, (char) 127)
GBGPU_LIMITS (signed char, INT8_MIN, INT8_MAX)
GBGPU_LIMITS (unsigned char, 0, UINT8_MAX)
GBGPU_LIMITS (short, INT16_MIN, INT16_MAX)
GBGPU_LIMITS (unsigned short, 0, UINT16_MAX)
GBGPU_LIMITS (int, INT32_MIN, INT32_MAX)
GBGPU_LIMITS (unsigned int, 0, UINT32_MAX)
GBGPU_LIMITS (long, INT64_MIN, INT64_MAX)
GBGPU_LIMITS (unsigned long, 0, UINT64_MAX)
GBGPU_LIMITS (long long, INT64_MIN, INT64_MAX)
GBGPU_LIMITS (unsigned long long, 0, UINT64_MAX)
#undef GBGPU_LIMITS
}

#endif
