// plugin/jit/modules.c: run-time compiled semirings, from a description to a module
// loaded on the device, each built once per process.
// SPDX-License-Identifier: Apache-2.0
//
// Entries are kept for the process in a list, found by their source and
// architecture (compared whole: equal semirings made from different objects
// share one).  Dispatch finds or adds an entry (cheap: the source is
// generated, nothing is compiled); the GPU call then asks for its module,
// which builds the binary the first time (from the disk cache, else compiled
// with NVRTC and stored there) and loads it once per device.  One mutex
// guards the list and the entries' states, but is not held while a binary is
// built: a compile can take seconds (or, for a definition that includes a
// slow file, much longer), and semirings that are built already, or another
// one being built, must not wait for it.  The first thread to need an entry
// marks it BUILDING and builds it; threads that need the same entry wait for
// that build (a condition variable) instead of starting their own.  A
// compile that failed is remembered with its log, and later calls with that
// semiring go to the library at once.  A binary from the disk cache that the
// driver refuses (one a newer toolkit made, say) is compiled again and
// stored anew: the source is kept for that.
//
// A call need not wait for a compile (GBGPU_JIT_WAIT 0, the default): the
// first call that needs an unbuilt entry hands its compile to a process of
// its own (outside_build.c: gbgpu-jit, into the disk cache) and goes to the
// library ("compiling"), and so does every call that comes while it runs;
// NVRTC takes seconds where the library answers small products in
// microseconds.  A later call finds the process ended and builds the entry
// from the disk cache (a read), or takes its failure and log.  Where no
// such process can be had (no tool, no disk cache), the call builds the
// entry itself, as one that waits.

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "jit/jit.h"
#include "jit/outside_build.h"

// Devices a module can be loaded on (GBGPU_DEVICE above this: no module).
#define MAX_DEVICES 64

// OUTSIDE: compiling in a process of its own (outside_build.c)
typedef enum { UNBUILT, BUILDING, OUTSIDE, BUILT, FAILED } build_state ;

struct gbgpu_jit_entry
{
    int arch ;
    char *source ;              // set once; read without the lock
    bool from_disk ;            // the binary came from the disk cache
    size_t value_size, value_slot_size ;
    build_state state ;
    gbgpu_jit_binary binary ;   // BUILT: kept to load on another device
    char *log ;                 // FAILED: NVRTC's log (kept for the process)
    gbgpu_jit_outside outside ; // OUTSIDE: the process
    bool outside_ended ;        // one ran: its binary is in the disk cache
    gbgpu_cuda_module *modules [MAX_DEVICES] ;
    struct gbgpu_jit_entry *next ;
} ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static pthread_cond_t built = PTHREAD_COND_INITIALIZER ;   // some entry left BUILDING
static gbgpu_jit_entry *entries = NULL ;
// a FAILED entry's log (kept for the process): read without the lock, which
// a child of fork may find held (core/fork.c)
static _Atomic (const char *) last_log = "" ;

gbgpu_jit_entry *gbgpu_jit_entry_for (const gbgpu_jit_semiring *s, int arch)
{
    char *source = gbgpu_jit_source (s) ;
    if (source == NULL) return NULL ;
    pthread_mutex_lock (&lock) ;
    gbgpu_jit_entry *e = entries ;
    while (e != NULL && (e->arch != arch || strcmp (e->source, source) != 0)) e = e->next ;
    bool added = false ;
    if (e == NULL && (e = calloc (1, sizeof (gbgpu_jit_entry))) != NULL)
    {
        added = true ;
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
    // for compiling ahead (GBGPU_JIT_RECORD); e->source is never changed
    if (added) gbgpu_jit_record_source (e->source) ;
    return e ;
}

// The entry's binary, from the disk cache (unless use_disk is false) or
// compiled now.  Called with the lock held and the entry marked BUILDING by
// the caller; the lock is released while building, and the entry is BUILT
// or FAILED when this returns (lock held again).
static void build (gbgpu_jit_entry *e, bool use_disk)
{
    pthread_mutex_unlock (&lock) ;
    char *folder = gbgpu_jit_cache_folder () ;
    gbgpu_jit_digest key = gbgpu_jit_key (e->source, e->arch) ;
    gbgpu_jit_binary binary ;
    char *log = NULL ;
    bool from_disk = use_disk && gbgpu_jit_cache_load (&binary, folder, &key, e->source) ;
    bool ok = from_disk ;
    if (from_disk)
    {
        gbgpu_count_jit_hit (true) ;
    }
    else
    {
        double start = gbgpu_seconds_now () ;
        ok = gbgpu_jit_compile (&binary, &log, e->source, e->arch) ;
        gbgpu_count_jit_compile (gbgpu_seconds_now () - start) ;
        // the cache only saves later processes the compile
        if (ok) (void) gbgpu_jit_cache_store (&binary, folder, &key, e->source) ;
        else if (log == NULL) log = strdup ("(NVRTC gave no log)") ;
    }
    free (folder) ;
    pthread_mutex_lock (&lock) ;
    e->from_disk = from_disk ;
    e->binary = binary ;
    e->state = ok ? BUILT : FAILED ;
    if (!ok)
    {
        e->log = log ;
        if (log != NULL) atomic_store (&last_log, log) ;
    }
    pthread_cond_broadcast (&built) ;
}

// An OUTSIDE entry whose process has ended becomes UNBUILT (its binary in
// the disk cache, for build to read) or FAILED (lock held).
static void collect_outside (gbgpu_jit_entry *e)
{
    char *log = NULL ;
    double seconds = 0 ;
    int ended = gbgpu_jit_outside_poll (&e->outside, &log, &seconds) ;
    if (ended == 0) return ;
    gbgpu_count_jit_compile (seconds) ;
    e->outside_ended = true ;
    if (ended > 0)
    {
        e->state = UNBUILT ;
        return ;
    }
    e->state = FAILED ;
    e->log = log ;
    atomic_store (&last_log, log) ;
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
    gbgpu_jit_entry *entry, int device, bool wait)
{
    *module = NULL ;
    if (device < 0 || device >= MAX_DEVICES) return GBGPU_DELEGATED_NO_DEVICE ;
    gbgpu_delegate_reason reason = GBGPU_NOT_DELEGATED ;
    pthread_mutex_lock (&lock) ;
    if (entry->state == OUTSIDE) collect_outside (entry) ;
    if (!wait && entry->state == UNBUILT && !entry->outside_ended
        && gbgpu_jit_outside_start (&entry->outside, entry->source, entry->arch))
        entry->state = OUTSIDE ;
    if (!wait && (entry->state == BUILDING || entry->state == OUTSIDE))
    {
        pthread_mutex_unlock (&lock) ;
        return GBGPU_DELEGATED_COMPILING ;
    }
    // a call that waits for a compile running outside
    while (entry->state == OUTSIDE)
    {
        pthread_mutex_unlock (&lock) ;
        nanosleep (&(struct timespec) { 0, 20000000 }, NULL) ;
        pthread_mutex_lock (&lock) ;
        if (entry->state == OUTSIDE) collect_outside (entry) ;
    }
    while (entry->state == BUILDING) pthread_cond_wait (&built, &lock) ;
    if (entry->state == UNBUILT)
    {
        entry->state = BUILDING ;
        build (entry, true) ;
    }
    else if (entry->state == BUILT) gbgpu_count_jit_hit (false) ;
    gbgpu_cuda_status status = (entry->state == BUILT) ? load_locked (entry, device) : GBGPU_CUDA_OK ;
    if (status == GBGPU_CUDA_ERROR && entry->from_disk)
    {
        // the binary is read only under the lock (load_locked), and BUILDING
        // keeps the threads that need it waiting until it is rebuilt
        entry->state = BUILDING ;
        gbgpu_jit_binary_free (&entry->binary) ;
        build (entry, false) ;
        if (entry->state == BUILT) status = load_locked (entry, device) ;
    }
    if (entry->state == FAILED)
    {
        atomic_store (&last_log, entry->log) ;
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
    return atomic_load (&last_log) ;
}
