// examples/common/graph_random.h (internal to graph_io): the random numbers of the
// generators.  SplitMix64: tiny, fast, good enough for graph generation, and
// the same stream on every platform so that a seed names one matrix.
// SPDX-License-Identifier: Apache-2.0

#ifndef GRAPH_RANDOM_H
#define GRAPH_RANDOM_H

#include <stdint.h>

typedef struct { uint64_t state ; } graph_random ;

static inline graph_random graph_random_seeded (uint64_t seed)
{
    return ((graph_random) { .state = seed * 0x9E3779B97F4A7C15ULL + 1 }) ;
}

static inline uint64_t graph_random_next (graph_random *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL) ;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL ;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL ;
    return (z ^ (z >> 31)) ;
}

// Uniform in [0,1).
static inline double graph_random_unit (graph_random *r)
{
    return ((double) (graph_random_next (r) >> 11) * 0x1.0p-53) ;
}

// Uniform in (0,1]: an edge weight, never zero.
static inline double graph_random_weight (graph_random *r)
{
    return ((double) ((graph_random_next (r) >> 11) + 1) * 0x1.0p-53) ;
}

// Uniform in [0,n); the modulo bias, below n / 2^64, does not matter here.
static inline uint64_t graph_random_below (graph_random *r, uint64_t n)
{
    return (graph_random_next (r) % n) ;
}

#endif
