// plugin/jit/compiler/sha256.c: SHA-256 as FIPS 180-4 defines it, self-contained.
// SPDX-License-Identifier: Apache-2.0
//
// The disk cache's keys must not collide even when someone tries (a cache
// entry is code that runs on the GPU), which a 64-bit FNV hash does not give;
// the toolkit has no hash the host can call, hence this small one.  Where
// the processor has the SHA extensions (x86-64: most since 2017), whole
// blocks go through them, about ten times as fast: a disk hit checks a
// whole-set cubin of about 450 KB, which took 2.4 ms in plain C.

#include <stdatomic.h>
#include <string.h>
#include "jit/compiler/sha256.h"

#if defined (__x86_64__) && defined (__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define SHA_EXTENSIONS 1
#endif

static const uint32_t round_constants [64] =
{
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
} ;

static uint32_t rotate (uint32_t x, int n) { return (x >> n) | (x << (32 - n)) ; }

static void compress (uint32_t state [8], const unsigned char block [64])
{
    uint32_t w [64] ;
    for (int t = 0 ; t < 16 ; t++)
    {
        w [t] = (uint32_t) block [4*t] << 24 | (uint32_t) block [4*t+1] << 16
              | (uint32_t) block [4*t+2] << 8 | (uint32_t) block [4*t+3] ;
    }
    for (int t = 16 ; t < 64 ; t++)
    {
        uint32_t s0 = rotate (w [t-15], 7) ^ rotate (w [t-15], 18) ^ (w [t-15] >> 3) ;
        uint32_t s1 = rotate (w [t-2], 17) ^ rotate (w [t-2], 19) ^ (w [t-2] >> 10) ;
        w [t] = w [t-16] + s0 + w [t-7] + s1 ;
    }
    uint32_t a = state [0], b = state [1], c = state [2], d = state [3] ;
    uint32_t e = state [4], f = state [5], g = state [6], h = state [7] ;
    for (int t = 0 ; t < 64 ; t++)
    {
        uint32_t t1 = h + (rotate (e, 6) ^ rotate (e, 11) ^ rotate (e, 25))
                    + ((e & f) ^ (~e & g)) + round_constants [t] + w [t] ;
        uint32_t t2 = (rotate (a, 2) ^ rotate (a, 13) ^ rotate (a, 22))
                    + ((a & b) ^ (a & c) ^ (b & c)) ;
        h = g ; g = f ; f = e ; e = d + t1 ;
        d = c ; c = b ; b = a ; a = t1 + t2 ;
    }
    state [0] += a ; state [1] += b ; state [2] += c ; state [3] += d ;
    state [4] += e ; state [5] += f ; state [6] += g ; state [7] += h ;
}

void gbgpu_sha256_start (gbgpu_sha256 *h)
{
    static const uint32_t initial [8] =
    {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    } ;
    memcpy (h->state, initial, sizeof (initial)) ;
    h->length = 0 ;
}

#ifdef SHA_EXTENSIONS

// The same compression with the SHA extensions, for `blocks` whole blocks:
// the state as the instructions keep it (ABEF and CDGH), four rounds a
// step, each step's four message words from the four before (msg1, msg2).
__attribute__ ((target ("sha,sse4.1,ssse3")))
static void compress_with_extensions (uint32_t state [8], const unsigned char *data, size_t blocks)
{
    const __m128i big_endian = _mm_set_epi64x (0x0c0d0e0f08090a0bLL, 0x0405060700010203LL) ;
    __m128i dcba = _mm_loadu_si128 ((const __m128i *) &state [0]) ;
    __m128i hgfe = _mm_loadu_si128 ((const __m128i *) &state [4]) ;
    __m128i cdab = _mm_shuffle_epi32 (dcba, 0xB1) ;
    __m128i efgh = _mm_shuffle_epi32 (hgfe, 0x1B) ;
    __m128i abef = _mm_alignr_epi8 (cdab, efgh, 8) ;
    __m128i cdgh = _mm_blend_epi16 (efgh, cdab, 0xF0) ;
    for ( ; blocks > 0 ; blocks--, data += 64)
    {
        const __m128i abef_before = abef, cdgh_before = cdgh ;
        __m128i w [4] ;
        // unrolled, so that w stays in registers
#pragma GCC unroll 16
        for (int step = 0 ; step < 16 ; step++)
        {
            __m128i words ;
            if (step < 4)
            {
                words = _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (data + 16 * step)),
                    big_endian) ;
            }
            else
            {
                __m128i x = _mm_sha256msg1_epu32 (w [step & 3], w [(step + 1) & 3]) ;
                x = _mm_add_epi32 (x, _mm_alignr_epi8 (w [(step + 3) & 3], w [(step + 2) & 3], 4)) ;
                words = _mm_sha256msg2_epu32 (x, w [(step + 3) & 3]) ;
            }
            w [step & 3] = words ;
            __m128i k = _mm_add_epi32 (words,
                _mm_loadu_si128 ((const __m128i *) &round_constants [4 * step])) ;
            cdgh = _mm_sha256rnds2_epu32 (cdgh, abef, k) ;
            abef = _mm_sha256rnds2_epu32 (abef, cdgh, _mm_shuffle_epi32 (k, 0x0E)) ;
        }
        abef = _mm_add_epi32 (abef, abef_before) ;
        cdgh = _mm_add_epi32 (cdgh, cdgh_before) ;
    }
    __m128i feba = _mm_shuffle_epi32 (abef, 0x1B) ;
    __m128i dchg = _mm_shuffle_epi32 (cdgh, 0xB1) ;
    _mm_storeu_si128 ((__m128i *) &state [0], _mm_blend_epi16 (feba, dchg, 0xF0)) ;
    _mm_storeu_si128 ((__m128i *) &state [4], _mm_alignr_epi8 (dchg, feba, 8)) ;
}

// Whether this processor has them (with SSSE3 and SSE4.1), asked once:
// 0 not yet known, 1 no, 2 yes.
static bool have_extensions (void)
{
    static _Atomic int known = 0 ;
    int k = atomic_load_explicit (&known, memory_order_relaxed) ;
    if (k == 0)
    {
        unsigned a, b, c, d ;
        bool sha = __get_cpuid_count (7, 0, &a, &b, &c, &d) && (b & (1u << 29)) ;
        bool sse = __get_cpuid (1, &a, &b, &c, &d) && (c & (1u << 9)) && (c & (1u << 19)) ;
        k = (sha && sse) ? 2 : 1 ;
        atomic_store_explicit (&known, k, memory_order_relaxed) ;
    }
    return k == 2 ;
}
#endif

static _Atomic bool extensions_allowed = true ;

void gbgpu_sha256_use_extensions (bool allowed)
{
    atomic_store (&extensions_allowed, allowed) ;
}

static void compress_blocks (uint32_t state [8], const unsigned char *data, size_t blocks)
{
#ifdef SHA_EXTENSIONS
    if (atomic_load (&extensions_allowed) && have_extensions ())
    {
        compress_with_extensions (state, data, blocks) ;
        return ;
    }
#endif
    for ( ; blocks > 0 ; blocks--, data += 64) compress (state, data) ;
}

void gbgpu_sha256_add (gbgpu_sha256 *h, const void *data, size_t size)
{
    const unsigned char *bytes = data ;
    size_t used = h->length % 64 ;
    h->length += size ;
    // a partial block first, then whole blocks straight from the data
    if (used > 0)
    {
        size_t n = (size < 64 - used) ? size : 64 - used ;
        memcpy (h->block + used, bytes, n) ;
        bytes += n ;
        size -= n ;
        if (used + n < 64) return ;
        compress_blocks (h->state, h->block, 1) ;
    }
    compress_blocks (h->state, bytes, size / 64) ;
    memcpy (h->block, bytes + size / 64 * 64, size % 64) ;
}

void gbgpu_sha256_finish (gbgpu_sha256 *h, unsigned char digest [GBGPU_SHA256_SIZE])
{
    // 0x80, zeros up to 56 bytes into a block, then the length in bits
    uint64_t bits = h->length * 8 ;
    static const unsigned char one = 0x80, zero = 0 ;
    gbgpu_sha256_add (h, &one, 1) ;
    while (h->length % 64 != 56) gbgpu_sha256_add (h, &zero, 1) ;
    unsigned char length [8] ;
    for (int k = 0 ; k < 8 ; k++) length [k] = (unsigned char) (bits >> (56 - 8*k)) ;
    gbgpu_sha256_add (h, length, 8) ;
    for (int k = 0 ; k < 8 ; k++)
    {
        digest [4*k]   = (unsigned char) (h->state [k] >> 24) ;
        digest [4*k+1] = (unsigned char) (h->state [k] >> 16) ;
        digest [4*k+2] = (unsigned char) (h->state [k] >> 8) ;
        digest [4*k+3] = (unsigned char) h->state [k] ;
    }
}
