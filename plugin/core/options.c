// plugin/core/options.c: gbgpu's options (the environment's at the first
// call, then gbgpu_set's) and the device's state.
// SPDX-License-Identifier: Apache-2.0
//
// Options come from gbgpu_set (api/options.c) or, for programs that only
// LD_PRELOAD the plugin, from the environment (environment.c, read once at
// the first call).  Each is an atomic: any thread may read or set it.

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "core/environment.h"
#include "core/fork.h"
#include "core/options.h"

static pthread_once_t count_once = PTHREAD_ONCE_INIT ;
static int device_count = 0 ;

static _Atomic int64_t policy = GBGPU_POLICY_AUTO ;
// Policy auto's floor (default 10^5 multiply-adds): below it a GPU call's
// fixed costs (about 0.2 ms once the kernels are loaded ahead) exceed what
// the GPU could save, so the cost model (plan/cost_model.c) is not asked.
// docs/policy.md gives the measurements behind the value.
static _Atomic int64_t min_work = 100000 ;
static _Atomic int64_t device_id = 0 ;
static _Atomic uint64_t device_set = 0 ;
// A product is split over GBGPU_DEVICES from this many products on: below,
// the second device's share of the kernels saves less than its thread, its
// inputs' uploads and the split cost (two H200s, 32 transfer threads: A*A of
// grid3d27:100, 7e8 products, 1.13x end to end, of rmat:16, 1.2e9, 1.25x;
// docs/devices.md).
static _Atomic int64_t split_min_products = 500000000 ;
static _Atomic int64_t print_stats = 0 ;
static _Atomic int64_t zero_copy = 1 ;
static _Atomic int64_t device_memory_limit = 0 ;
static _Atomic int64_t jit = 1 ;
static _Atomic int64_t jit_wait = 0 ;
static _Atomic bool accumulator_forced = false ;
static _Atomic int64_t device_cache = 1 ;
static _Atomic bool device_broken = false ;

static _Atomic int masked_dot = GBGPU_MASKED_DOT_AUTO ;
static _Atomic bool huge_pages = true ;
static _Atomic bool model_trace = false ;
static _Atomic bool load_ahead = true ;

void gbgpu_options_from_environment (void)
{
    gbgpu_environment e =
    {
        .policy = (gbgpu_policy) policy, .min_work = min_work, .device = device_id,
        .print_stats = print_stats, .zero_copy = zero_copy,
        .device_memory_limit = device_memory_limit, .jit = jit, .jit_wait = jit_wait,
        .device_cache = device_cache,
        .masked_dot = (gbgpu_masked_dot_choice) masked_dot, .huge_pages = huge_pages,
        .model_trace = model_trace, .load_ahead = load_ahead, .devices = device_set,
        .split_min_products = split_min_products,
        .cuda = gbgpu_cuda_default_knobs (),
    } ;
    gbgpu_environment_read (&e) ;
    policy = e.policy ;
    min_work = e.min_work ;
    device_id = e.device ;
    print_stats = e.print_stats ;
    zero_copy = e.zero_copy ;
    device_memory_limit = e.device_memory_limit ;
    jit = e.jit ;
    jit_wait = e.jit_wait ;
    device_cache = e.device_cache ;
    masked_dot = e.masked_dot ;
    huge_pages = e.huge_pages ;
    model_trace = e.model_trace ;
    load_ahead = e.load_ahead ;
    device_set = e.devices ;
    split_min_products = e.split_min_products ;
    accumulator_forced = e.cuda.accumulator != GBGPU_CUDA_ACCUMULATOR_AUTO
                      && e.cuda.accumulator != GBGPU_CUDA_ACCUMULATOR_HASH ;
    gbgpu_cuda_configure (&e.cuda) ;
    gbgpu_cuda_set_memory_limit ((size_t) device_memory_limit) ;
}

// The first CUDA call of the process, made when a call first needs the
// device (not at the first call of gbgpu: a process that forks before it
// computes, or computes on the CPU only, keeps CUDA for its children; see
// fork.c).
static void count_devices (void)
{
    gbgpu_note_cuda_used () ;
    device_count = gbgpu_cuda_device_count () ;
}

void gbgpu_mark_device_broken (void) { atomic_store (&device_broken, true) ; }
bool gbgpu_printing_stats (void) { return atomic_load (&print_stats) != 0 ; }
gbgpu_masked_dot_choice gbgpu_forced_masked_dot (void) { return (gbgpu_masked_dot_choice) atomic_load (&masked_dot) ; }
bool gbgpu_huge_pages_enabled (void) { return atomic_load (&huge_pages) ; }
bool gbgpu_model_trace_enabled (void) { return atomic_load (&model_trace) ; }
bool gbgpu_load_ahead_enabled (void) { return atomic_load (&load_ahead) ; }
gbgpu_policy gbgpu_current_policy (void) { return (gbgpu_policy) atomic_load (&policy) ; }
int64_t gbgpu_current_min_work (void) { return atomic_load (&min_work) ; }
bool gbgpu_zero_copy_enabled (void) { return atomic_load (&zero_copy) != 0 ; }
bool gbgpu_jit_enabled (void) { return atomic_load (&jit) != 0 ; }
bool gbgpu_jit_waits (void) { return atomic_load (&jit_wait) != 0 ; }
bool gbgpu_accumulator_forced (void) { return atomic_load (&accumulator_forced) ; }
bool gbgpu_device_cache_enabled (void) { return atomic_load (&device_cache) != 0 ; }

int gbgpu_current_device (void) { return (int) atomic_load (&device_id) ; }
bool gbgpu_device_broken (void) { return atomic_load (&device_broken) ; }
int64_t gbgpu_split_min_products (void) { return atomic_load (&split_min_products) ; }

int gbgpu_split_devices (int devices [GBGPU_MAX_SPLIT], int first)
{
    devices [0] = first ;
    int n = 1 ;
    const uint64_t set = atomic_load (&device_set) ;
    if (set == 0 || !gbgpu_device_ready ()) return n ;
    for (int d = 0 ; d < device_count && d < 64 && n < GBGPU_MAX_SPLIT ; d++)
        if (d != first && (set >> d) & 1) devices [n++] = d ;
    return n ;
}

bool gbgpu_device_ready (void)
{
    if (gbgpu_cuda_lost_in_fork () || gbgpu_device_broken ()) return false ;
    pthread_once (&count_once, count_devices) ;
    int64_t d = atomic_load (&device_id) ;
    return d >= 0 && d < device_count ;
}

GrB_Info gbgpu_option_store (gbgpu_option option, int64_t value)
{
    switch (option)
    {
        case GBGPU_POLICY:
            if (value < GBGPU_POLICY_AUTO || value > GBGPU_POLICY_CPU) return GrB_INVALID_VALUE ;
            policy = value ;
            return GrB_SUCCESS ;
        case GBGPU_MIN_WORK:
            if (value < 0) return GrB_INVALID_VALUE ;
            min_work = value ;
            return GrB_SUCCESS ;
        case GBGPU_DEVICE:
            if (value < 0) return GrB_INVALID_VALUE ;
            device_id = value ;
            return GrB_SUCCESS ;
        case GBGPU_PRINT_STATS:
            print_stats = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_ZERO_COPY:
            zero_copy = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_DEVICE_MEMORY_LIMIT:
            if (value < 0) return GrB_INVALID_VALUE ;
            device_memory_limit = value ;
            gbgpu_cuda_set_memory_limit ((size_t) value) ;
            return GrB_SUCCESS ;
        case GBGPU_JIT:
            jit = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_JIT_WAIT:
            jit_wait = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_DEVICE_CACHE:
            device_cache = (value != 0) ;
            return GrB_SUCCESS ;
        default:
            return GrB_INVALID_VALUE ;
    }
}

GrB_Info gbgpu_option_load (gbgpu_option option, int64_t *value)
{
    switch (option)
    {
        case GBGPU_POLICY:      *value = policy ;      return GrB_SUCCESS ;
        case GBGPU_MIN_WORK:    *value = min_work ;    return GrB_SUCCESS ;
        case GBGPU_DEVICE:      *value = device_id ;   return GrB_SUCCESS ;
        case GBGPU_PRINT_STATS: *value = print_stats ; return GrB_SUCCESS ;
        case GBGPU_ZERO_COPY:   *value = zero_copy ;   return GrB_SUCCESS ;
        case GBGPU_DEVICE_MEMORY_LIMIT: *value = device_memory_limit ; return GrB_SUCCESS ;
        case GBGPU_JIT:         *value = jit ;         return GrB_SUCCESS ;
        case GBGPU_DEVICE_CACHE: *value = device_cache ; return GrB_SUCCESS ;
        case GBGPU_JIT_WAIT:    *value = jit_wait ;    return GrB_SUCCESS ;
        default:                return GrB_INVALID_VALUE ;
    }
}
