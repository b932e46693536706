// plugin/jit/compiler/sha256.h: SHA-256 (FIPS 180-4), for the keys and checks of
// the run-time compiler's disk cache.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_JIT_SHA256_H
#define GBGPU_JIT_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GBGPU_SHA256_SIZE 32

typedef struct
{
    uint32_t state [8] ;
    uint64_t length ;               // bytes hashed so far
    unsigned char block [64] ;      // the partial block (length % 64 bytes)
}
gbgpu_sha256 ;

// A context is a plain value: copying one forks the hash (a common prefix
// hashed once, then continued with different suffixes).
void gbgpu_sha256_start (gbgpu_sha256 *h) ;
void gbgpu_sha256_add (gbgpu_sha256 *h, const void *data, size_t size) ;
void gbgpu_sha256_finish (gbgpu_sha256 *h, unsigned char digest [GBGPU_SHA256_SIZE]) ;

// Whether whole blocks may go through the processor's SHA extensions where
// it has them (the default); false: plain C everywhere (tests compare both).
void gbgpu_sha256_use_extensions (bool allowed) ;

#endif
