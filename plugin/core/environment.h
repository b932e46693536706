// plugin/core/environment.h: the settings gbgpu takes from the environment
// (environment.c), and the parsers gbgpu_set's callers share with it.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_ENVIRONMENT_H
#define GBGPU_ENVIRONMENT_H

#include <stdbool.h>
#include <stdint.h>
#include "gbgpu.h"
#include "cuda/gbgpu_cuda.h"

typedef enum
{
    GBGPU_MASKED_DOT_AUTO = 0,  // the cost estimate picks (masked_dot_choice.c)
    GBGPU_MASKED_DOT_DOT,       // always dot products (tests, tuning)
    GBGPU_MASKED_DOT_SAXPY,     // never
}
gbgpu_masked_dot_choice ;

// Every variable, with the default in place when it is unset.
typedef struct
{
    // options (gbgpu_set can change them later)
    gbgpu_policy policy ;           // GBGPU_POLICY=auto|gpu|cpu
    int64_t min_work ;              // GBGPU_MIN_WORK
    int64_t device ;                // GBGPU_DEVICE
    uint64_t devices ;              // GBGPU_DEVICES: bit d for device d; 0:
                                    // GBGPU_DEVICE's alone; all bits: "all"
    bool print_stats ;              // GBGPU_STATS
    bool zero_copy ;                // GBGPU_ZERO_COPY
    int64_t device_memory_limit ;   // GBGPU_DEVICE_MEMORY_LIMIT (bytes, 0: none)
    bool jit ;                      // GBGPU_JIT
    bool jit_wait ;                 // GBGPU_JIT_WAIT
    bool device_cache ;             // GBGPU_DEVICE_CACHE
    // knobs for tests and measurements
    gbgpu_masked_dot_choice masked_dot ;    // GBGPU_MASKED_DOT=auto|dot|saxpy
    bool huge_pages ;               // GBGPU_XFER_HUGEPAGES: THP for results
    bool model_trace ;              // GBGPU_MODEL_TRACE: the cost model's
                                    // decisions and measurements on stderr
    bool load_ahead ;               // GBGPU_LOAD_AHEAD: kernels loaded ahead
    int64_t split_min_products ;    // GBGPU_SPLIT_MIN_PRODUCTS: the least
                                    // products split over GBGPU_DEVICES
    gbgpu_cuda_knobs cuda ;      // GBGPU_ACCUMULATOR, GBGPU_INJECT_FAILURE,
                                    // GBGPU_XFER_STAGED, _THREADS, _CHUNK
}
gbgpu_environment ;

// The run-time compiler's folders, NULL when unset or empty: GBGPU_JIT_CACHE,
// HOME (for the default cache folder), GBGPU_JIT_INCLUDE, GBGPU_JIT_RECORD.
const char *gbgpu_environment_jit_cache (void) ;
const char *gbgpu_environment_home (void) ;
const char *gbgpu_environment_jit_include (void) ;
const char *gbgpu_environment_jit_record (void) ;
const char *gbgpu_environment_jit_tool (void) ;     // GBGPU_JIT_TOOL

// Overwrites the fields of e whose variables are set and understood; warns
// once on stderr for each one that is not (e keeps its default there).
void gbgpu_environment_read (gbgpu_environment *e) ;

// A whole number: 1000000, 1e6, 64K, 8G (binary suffixes, an optional B).
bool gbgpu_parse_count (const char *s, int64_t *value) ;
// yes|no|on|off|true|false|1|0, any case.
bool gbgpu_parse_switch (const char *s, bool *value) ;
// "all" (every bit), or device numbers from 0 to 63 separated by commas
// (their bits).
bool gbgpu_parse_devices (const char *s, uint64_t *devices) ;

#endif
