// plugin/jit/modules.c: run-time compiled semirings, from a description to a module
// loaded on the device, each built once per process.
// SPDX-License-Identifier: Apache-2.0
//
// Entries are kept for the process in a list keyed by the hash of the
// source and the architecture (gbgpu_jit_key), so equal semirings made from
// different objects share one.  Dispatch finds or adds an entry (cheap: the
// source is generated, nothing is compiled); the GPU call then asks for its
// module, which builds the binary the first time (from the disk cache, else
// compiled with NVRTC and stored there) and loads it once per device.  One
// mutex covers it all: threads that ask for a semiring being compiled wait
// for that compile instead of starting their own, and compiles are rare.  A
// compile that failed is remembered with its log, and later calls with that
// semiring go to the library at once.  A binary from the disk cache that the
// driver refuses (one a newer toolkit made, say) is compiled again and
// stored anew: the source is kept for that.

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "jit/jit.h"

_Static_assert (GBGPU_CUDA_MODULE_KERNELS == GBGPU_JIT_NKERNELS, "one lowered name a kernel") ;

// Devices a module can be loaded on (GBGPU_DEVICE above this: no module).
#define MAX_DEVICES 64

typedef enum { UNBUILT, BUILT, FAILED } build_state ;

struct gbgpu_jit_entry
{
    uint64_t key ;
    int arch ;
    char *source ;
    bool from_disk ;            // the binary came from the disk cache
    size_t value_size, value_slot_size ;
    build_state state ;
    gbgpu_jit_binary binary ;   // BUILT: kept to load on another device
    char *log ;                 // FAILED: NVRTC's log (kept for the process)
    gbgpu_cuda_module *modules [MAX_DEVICES] ;
    struct gbgpu_jit_entry *next ;
} ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static gbgpu_jit_entry *entries = NULL ;
static const char *last_log = "" ;      // a FAILED entry's log

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return t.tv_sec + 1e-9 * t.tv_nsec ;
}

gbgpu_jit_entry *gbgpu_jit_entry_for (const gbgpu_jit_semiring *s, int arch)
{
    char *source = gbgpu_jit_source (s) ;
    if (source == NULL) return NULL ;
    uint64_t key = gbgpu_jit_key (source, arch) ;
    pthread_mutex_lock (&lock) ;
    gbgpu_jit_entry *e = entries ;
    while (e != NULL && (e->key != key || e->arch != arch)) e = e->next ;
    if (e == NULL && (e = calloc (1, sizeof (gbgpu_jit_entry))) != NULL)
    {
        e->key = key ;
        e->arch = arch ;
        e->source = source ;
        source = NULL ;
        e->value_size = s->type_size ;
        e->value_slot_size = s->value_slot_size ;
        e->next = entries ;
        entries = e ;
    }
    pthread_mutex_unlock (&lock) ;
    free (source) ;
    return e ;
}

// The entry's binary, from the disk cache (unless use_disk is false) or
// compiled now (lock held).
static void build_locked (gbgpu_jit_entry *e, bool use_disk)
{
    char *folder = gbgpu_jit_cache_folder () ;
    e->from_disk = use_disk && gbgpu_jit_cache_load (&e->binary, folder, e->key) ;
    if (e->from_disk)
    {
        e->state = BUILT ;
        gbgpu_count_jit_hit (true) ;
    }
    else
    {
        double start = seconds_now () ;
        char *log = NULL ;
        bool ok = gbgpu_jit_compile (&e->binary, &log, e->source, e->arch) ;
        gbgpu_count_jit_compile (seconds_now () - start) ;
        if (ok)
        {
            e->state = BUILT ;
            // the cache only saves later processes the compile
            (void) gbgpu_jit_cache_store (&e->binary, folder, e->key) ;
        }
        else
        {
            e->state = FAILED ;
            e->log = (log != NULL) ? log : strdup ("(NVRTC gave no log)") ;
            if (e->log != NULL) last_log = e->log ;
        }
    }
    free (folder) ;
}

// The entry's module on a device, loaded now if it is not yet (lock held).
static gbgpu_cuda_status load_locked (gbgpu_jit_entry *e, int device)
{
    if (e->modules [device] != NULL) return GBGPU_CUDA_OK ;
    const char *names [GBGPU_CUDA_MODULE_KERNELS] ;
    for (int k = 0 ; k < GBGPU_CUDA_MODULE_KERNELS ; k++) names [k] = e->binary.lowered [k] ;
    return gbgpu_cuda_module_load (&e->modules [device], e->binary.cubin, names,
        e->value_size, e->value_slot_size) ;
}

gbgpu_delegate_reason gbgpu_jit_module (const gbgpu_cuda_module **module,
    gbgpu_jit_entry *entry, int device)
{
    *module = NULL ;
    if (device < 0 || device >= MAX_DEVICES) return GBGPU_DELEGATED_NO_DEVICE ;
    gbgpu_delegate_reason reason = GBGPU_NOT_DELEGATED ;
    pthread_mutex_lock (&lock) ;
    if (entry->state == UNBUILT) build_locked (entry, true) ;
    else if (entry->state == BUILT) gbgpu_count_jit_hit (false) ;
    gbgpu_cuda_status status = (entry->state == BUILT) ? load_locked (entry, device) : GBGPU_CUDA_OK ;
    if (status == GBGPU_CUDA_ERROR && entry->from_disk)
    {
        gbgpu_jit_binary_free (&entry->binary) ;
        build_locked (entry, false) ;
        if (entry->state == BUILT) status = load_locked (entry, device) ;
    }
    if (entry->state == FAILED)
    {
        last_log = entry->log ;
        reason = GBGPU_DELEGATED_COMPILE_FAILED ;
    }
    else
    {
        if (status != GBGPU_CUDA_OK)
        {
            gbgpu_count_cuda_status (status) ;
            reason = (status == GBGPU_CUDA_OUT_OF_MEMORY) ? GBGPU_DELEGATED_DEVICE_MEMORY
                                                          : GBGPU_DELEGATED_DEVICE_ERROR ;
        }
    }
    *module = entry->modules [device] ;
    pthread_mutex_unlock (&lock) ;
    return reason ;
}

GBGPU_EXPORT const char *gbgpu_jit_last_log (void)
{
    pthread_mutex_lock (&lock) ;
    const char *log = last_log ;
    pthread_mutex_unlock (&lock) ;
    return log ;
}
