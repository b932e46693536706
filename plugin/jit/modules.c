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
// The whole set in the disk cache is read at once.  Otherwise the first
// call that needs an unbuilt entry hands its compiles to gbgpu-jit serve,
// beside the program (outside_build.c, into the disk cache).  Two kernel
// sets are compiled side by side: the hash accumulator's kernel alone,
// which takes every row and compiles in a fraction of the time, and every
// accumulator's.  A call need not wait (GBGPU_JIT_WAIT 0, the default): it
// goes to the library ("compiling"), and so does every call that comes
// while the hash set compiles; NVRTC takes a fraction of a second to
// seconds where the library answers small products in microseconds.  With
// GBGPU_JIT_WAIT=1 a call waits for the hash set (for the whole set when
// GBGPU_ACCUMULATOR forces another accumulator).  Calls run on the hash
// set as soon as it is built (all rows hashed, each in a table in global
// memory: hash_rows.cuh), and on the whole set once that is built too.  A later call
// collects a compile's answer and builds its set from the disk cache (a
// read), or takes its failure and log.  Where no compile process can be had
// (no tool, no disk cache), the call builds the whole set itself, waiting.

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

// OUTSIDE: compiling in gbgpu-jit serve, beside the program (outside_build.c)
typedef enum { UNBUILT, BUILDING, OUTSIDE, BUILT, FAILED } build_state ;

// One kernel set of an entry (jit/compiler/compiler.h): its source, its
// build and its module on each device.
typedef struct
{
    char *source ;              // set once; read without the lock
    bool from_disk ;            // the binary came from the disk cache
    build_state state ;
    gbgpu_jit_binary binary ;   // BUILT: kept to load on another device
    char *log ;                 // FAILED: NVRTC's log (kept for the process)
    gbgpu_jit_outside outside ; // OUTSIDE: the compile handed over
    bool outside_ended ;        // one ended: its binary is in the disk cache
    bool outside_compiled ;     // ... compiled there (not a disk hit of ours)
    int disk_misses ;           // ... yet was not there (then it is asked again)
    bool disk_tried ;           // the disk cache was read before any compile
    gbgpu_cuda_module *modules [MAX_DEVICES] ;
}
kernel_set_build ;

struct gbgpu_jit_entry
{
    int arch ;
    size_t value_size, value_slot_size ;
    kernel_set_build sets [GBGPU_JIT_KERNEL_SETS] ;
    struct gbgpu_jit_entry *next ;
} ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static pthread_cond_t built = PTHREAD_COND_INITIALIZER ;   // some entry left BUILDING
static gbgpu_jit_entry *entries = NULL ;
// a FAILED entry's log (kept for the process): read without the lock, which
// a child of fork may find held (core/fork.c)
static _Atomic (const char *) last_log = "" ;

// The entry of a semiring's whole-set source, or NULL (lock held).
static gbgpu_jit_entry *find_locked (const char *whole, int arch)
{
    gbgpu_jit_entry *e = entries ;
    while (e != NULL && (e->arch != arch || strcmp (e->sets [GBGPU_JIT_KERNELS_ALL].source, whole) != 0))
        e = e->next ;
    return e ;
}

gbgpu_jit_entry *gbgpu_jit_entry_for (const gbgpu_jit_semiring *s, int arch)
{
    // the whole set's source says all there is of the semiring: it finds the
    // entry (every call of the semiring makes it); the hash set's is made
    // only for a new entry
    char *whole = gbgpu_jit_source (s, GBGPU_JIT_KERNELS_ALL) ;
    if (whole == NULL) return NULL ;
    pthread_mutex_lock (&lock) ;
    gbgpu_jit_entry *e = find_locked (whole, arch) ;
    pthread_mutex_unlock (&lock) ;
    if (e != NULL)
    {
        free (whole) ;
        return e ;
    }
    char *hash = gbgpu_jit_source (s, GBGPU_JIT_KERNELS_HASH) ;
    bool added = false ;
    pthread_mutex_lock (&lock) ;
    // another thread may have added it meanwhile
    e = find_locked (whole, arch) ;
    if (e == NULL && hash != NULL && (e = calloc (1, sizeof (gbgpu_jit_entry))) != NULL)
    {
        added = true ;
        e->arch = arch ;
        e->sets [GBGPU_JIT_KERNELS_ALL].source = whole ;
        e->sets [GBGPU_JIT_KERNELS_HASH].source = hash ;
        e->value_size = s->type_size ;
        e->value_slot_size = s->value_slot_size ;
        e->next = entries ;
        entries = e ;
    }
    pthread_mutex_unlock (&lock) ;
    if (!added)
    {
        free (whole) ;
        free (hash) ;
        return e ;
    }
    // for compiling ahead (GBGPU_JIT_RECORD); the sources are never changed
    for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++)
        gbgpu_jit_record_source (e->sets [set].source) ;
    return e ;
}

// A set's binary, from the disk cache (unless use_disk is false) or
// compiled now (if may_compile).  Called with the lock held and the set
// marked BUILDING by the caller; the lock is released while building, and
// the set is BUILT or FAILED when this returns (lock held again), or
// UNBUILT when it may not compile and the disk cache did not have it.
static void build (kernel_set_build *b, int arch, bool use_disk, bool may_compile)
{
    pthread_mutex_unlock (&lock) ;
    char *folder = gbgpu_jit_cache_folder () ;
    gbgpu_jit_digest key = gbgpu_jit_key (b->source, arch) ;
    gbgpu_jit_binary binary ;
    char *log = NULL ;
    bool from_disk = use_disk && gbgpu_jit_cache_load (&binary, folder, &key, b->source) ;
    bool ok = from_disk ;
    if (from_disk)
    {
        if (!b->outside_compiled) gbgpu_count_jit_hit (true) ;
    }
    else if (!may_compile)
    {
        free (folder) ;
        pthread_mutex_lock (&lock) ;
        b->state = UNBUILT ;
        pthread_cond_broadcast (&built) ;
        return ;
    }
    else
    {
        double start = gbgpu_seconds_now () ;
        ok = gbgpu_jit_compile (&binary, &log, b->source, arch) ;
        gbgpu_count_jit_compile (gbgpu_seconds_now () - start) ;
        // the cache only saves later processes the compile
        if (ok) (void) gbgpu_jit_cache_store (&binary, folder, &key, b->source) ;
        else if (log == NULL) log = strdup ("(NVRTC gave no log)") ;
    }
    free (folder) ;
    pthread_mutex_lock (&lock) ;
    b->from_disk = from_disk ;
    b->binary = binary ;
    b->state = ok ? BUILT : FAILED ;
    if (!ok)
    {
        b->log = log ;
        if (log != NULL) atomic_store (&last_log, log) ;
    }
    pthread_cond_broadcast (&built) ;
}

// An OUTSIDE set whose process has ended becomes UNBUILT (its binary in
// the disk cache, for build to read) or FAILED (lock held).
static void collect_outside (kernel_set_build *b)
{
    if (b->state != OUTSIDE) return ;
    char *log = NULL ;
    double seconds = 0 ;
    int ended = gbgpu_jit_outside_poll (&b->outside, &log, &seconds) ;
    if (ended == 0) return ;
    // a compile that failed took its time too (a failure of the process
    // itself took none); one that found the binary cached already was none
    // (reading it here is a disk hit)
    if (ended == 1 || (ended == -1 && seconds > 0)) gbgpu_count_jit_compile (seconds) ;
    b->outside_ended = true ;
    b->outside_compiled = (ended == 1) ;
    if (ended > 0)
    {
        b->state = UNBUILT ;
        return ;
    }
    // published by the call that fails for it (the whole set may yet build)
    b->state = FAILED ;
    b->log = log ;
}

// Every set of the entry collected (lock held).
static void collect_sets (gbgpu_jit_entry *e)
{
    for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++) collect_outside (&e->sets [set]) ;
}

// A call that waits for compiles outside: a moment without the lock, then
// what has come (lock held).
static void wait_a_moment (gbgpu_jit_entry *e)
{
    pthread_mutex_unlock (&lock) ;
    nanosleep (&(struct timespec) { 0, 5000000 }, NULL) ;
    pthread_mutex_lock (&lock) ;
    collect_sets (e) ;
}

// A set's module on a device, loaded now if it is not yet (lock held).
static gbgpu_cuda_status load_locked (gbgpu_jit_entry *e, kernel_set_build *b, int device)
{
    if (b->modules [device] != NULL) return GBGPU_CUDA_OK ;
    const char *names [GBGPU_CUDA_MODULE_KERNELS] ;
    for (int k = 0 ; k < GBGPU_CUDA_MODULE_KERNELS ; k++) names [k] = b->binary.lowered [k] ;
    return gbgpu_cuda_module_load (&b->modules [device], b->binary.cubin, names,
        e->value_size, e->value_slot_size) ;
}

// The set built now if it is not yet (lock held), and its module loaded on
// the device: the status of the load.  A call that does not wait only reads
// a binary that a compile outside left in the disk cache; if it is not there
// (removed meanwhile; a GBGPU_JIT_TOOL of another build stores it under
// other keys), the set is UNBUILT again, for the next call to hand it out
// once more; after two such misses a call compiles it itself.
static gbgpu_cuda_status build_and_load (gbgpu_jit_entry *e, kernel_set_build *b, int device,
    bool wait, bool read_now)
{
    // a call that waits for a compile running outside
    while (wait && b->state == OUTSIDE) wait_a_moment (e) ;
    while (b->state == BUILDING) pthread_cond_wait (&built, &lock) ;
    if (b->state == UNBUILT)
    {
        const bool may_compile = wait || !b->outside_ended || b->disk_misses >= 2 ;
        b->state = BUILDING ;
        build (b, e->arch, true, may_compile) ;
        if (b->state == UNBUILT)
        {
            b->disk_misses++ ;
            b->outside_ended = false ;
        }
    }
    else if (b->state == BUILT && !read_now) gbgpu_count_jit_hit (false) ;
    gbgpu_cuda_status status = (b->state == BUILT) ? load_locked (e, b, device) : GBGPU_CUDA_OK ;
    if (status == GBGPU_CUDA_ERROR && b->from_disk)
    {
        // the binary is read only under the lock (load_locked), and BUILDING
        // keeps the threads that need it waiting until it is rebuilt
        b->state = BUILDING ;
        gbgpu_jit_binary_free (&b->binary) ;
        build (b, e->arch, false, true) ;
        if (b->state == BUILT) status = load_locked (e, b, device) ;
    }
    return status ;
}

// The set a call can run on now, with the compiles of the sets not built
// yet handed outside (the hash set first, the quicker) as far as processes
// can be had: the whole set once it is ready, else the hash set (unless the
// call needs every accumulator), NULL while neither is.  A set whose
// compile ended is ready: it is read from the disk.  A hash set that
// failed fails the call once the whole set has failed too.  False when no
// process could be had for a set that needs one: the call builds the
// whole set itself.
static bool hand_outside (gbgpu_jit_entry *e, gbgpu_jit_wait wait, kernel_set_build **ready)
{
    *ready = NULL ;
    for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++)
    {
        kernel_set_build *b = &e->sets [set] ;
        if (b->state == UNBUILT && !b->outside_ended)
        {
            if (!gbgpu_jit_outside_start (&b->outside, b->source, e->arch)) return false ;
            b->state = OUTSIDE ;
        }
    }
    kernel_set_build *hash = &e->sets [GBGPU_JIT_KERNELS_HASH], *all = &e->sets [GBGPU_JIT_KERNELS_ALL] ;
    if (all->state == BUILT || all->state == UNBUILT) *ready = all ;
    else if (wait == GBGPU_JIT_WAIT_ALL) *ready = (all->state == FAILED) ? all : NULL ;
    else if (hash->state == BUILT || hash->state == UNBUILT) *ready = hash ;
    else if (hash->state == FAILED && all->state == FAILED) *ready = hash ;
    return true ;
}

gbgpu_delegate_reason gbgpu_jit_module (const gbgpu_cuda_module **module,
    gbgpu_jit_entry *entry, int device, gbgpu_jit_wait wait)
{
    *module = NULL ;
    if (device < 0 || device >= MAX_DEVICES) return GBGPU_DELEGATED_NO_DEVICE ;
    const double start = gbgpu_seconds_now () ;
    pthread_mutex_lock (&lock) ;
    collect_sets (entry) ;
    kernel_set_build *all = &entry->sets [GBGPU_JIT_KERNELS_ALL], *b = all ;
    // the whole set from the disk cache, when it is there (compiled ahead,
    // or by an earlier run): no compile to hand over or wait for
    bool read_now = false ;     // from the disk by this call: no memory hit
    if (all->state == UNBUILT && !all->disk_tried)
    {
        all->disk_tried = true ;
        all->state = BUILDING ;
        build (all, entry->arch, true, false) ;
        read_now = (all->state == BUILT) ;
    }
    if (all->state != BUILT)
    {
        bool outside = hand_outside (entry, wait, &b) ;
        while (outside && b == NULL && wait != GBGPU_JIT_NO_WAIT)
        {
            wait_a_moment (entry) ;
            outside = hand_outside (entry, wait, &b) ;
        }
        bool compiling = false ;
        for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++)
            compiling = compiling || entry->sets [set].state == OUTSIDE ;
        // a call that does not wait never waits for a compile outside: it
        // builds the whole set itself only where no compile runs outside
        if (!outside && !(wait == GBGPU_JIT_NO_WAIT && compiling)) b = all ;
        else if (!outside || b == NULL)
        {
            pthread_mutex_unlock (&lock) ;
            gbgpu_count_jit_wait (gbgpu_seconds_now () - start) ;
            return GBGPU_DELEGATED_COMPILING ;
        }
    }
    gbgpu_cuda_status status = build_and_load (entry, b, device, wait != GBGPU_JIT_NO_WAIT, read_now) ;
    gbgpu_delegate_reason reason = GBGPU_NOT_DELEGATED ;
    if (b->state == UNBUILT) reason = GBGPU_DELEGATED_COMPILING ;
    else if (b->state == FAILED)
    {
        atomic_store (&last_log, b->log) ;
        reason = GBGPU_DELEGATED_COMPILE_FAILED ;
    }
    else if (status != GBGPU_CUDA_OK)
    {
        gbgpu_count_cuda_status (status) ;
        reason = (status == GBGPU_CUDA_OUT_OF_MEMORY) ? GBGPU_DELEGATED_DEVICE_MEMORY
                                                      : GBGPU_DELEGATED_DEVICE_ERROR ;
    }
    *module = b->modules [device] ;
    pthread_mutex_unlock (&lock) ;
    gbgpu_count_jit_wait (gbgpu_seconds_now () - start) ;
    return reason ;
}

GBGPU_EXPORT const char *gbgpu_jit_last_log (void)
{
    return atomic_load (&last_log) ;
}
