// plugin/cache/device_cache.c: device copies of inputs, kept while their
// content is proved unchanged (device_cache.h).
// SPDX-License-Identifier: Apache-2.0
//
// A copy is op(X) as gbgpu_upload_operand made it, or the result T of a
// product whose T became C exactly (cache/c_written.c), keyed by (X, the
// generation of X's content it was made from, transposed or not, with values
// of which type or the pattern only, device).  It serves a later call only
// while X keeps that generation (cache/generations.c): the proof that X has
// not changed is that no call that may change it was made, which holds for
// every call of this library because exports.c proved that they all pass
// through gbgpu.  Without that proof, or with option GBGPU_DEVICE_CACHE off,
// nothing is kept.
//
// The copies live on the device past the call that made them: their memory
// leaves that thread's accounting (gbgpu_cuda_keep_csr) and any thread frees
// it.  A call holds the copies it uses (users); a copy dropped meanwhile (X
// changed, or evicted) is freed by the last of them.  A call that failed on
// the device waits for its stream before letting go, so no kernel of it
// still reads a copy another thread frees.  Least recently used out first,
// within a share of the device memory; every idle copy goes before a product
// falls back to row blocks or to the CPU for want of memory.  At exit nothing
// is freed (CUDA may be gone; the driver takes the memory back), nor in a
// child of fork (no device there).

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/fork.h"
#include "core/options.h"
#include "core/stats.h"
#include "cache/device_cache.h"
#include "cache/exports.h"
#include "cache/generations.h"

// The cache's share of the device memory it may take: the memory free and
// its own copies together.
#define CACHE_SHARE 0.5

struct gbgpu_cache_entry
{
    const void *object ;
    uint64_t generation ;
    bool transpose, values ;
    GrB_Type type ;             // of the values, when values
    int device ;
    gbgpu_dev_csr csr ;
    size_t device_bytes ;       // its arrays on the device
    uint64_t bus_bytes ;        // what its upload moved
    int users ;
    bool listed ;               // in the list (else dropped, freed by the last user)
    gbgpu_cache_entry *newer, *older ;
} ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static gbgpu_cache_entry *newest = NULL, *oldest = NULL ;
static size_t listed_bytes = 0 ;
static _Atomic bool exiting = false ;

static void at_exit (void)
{
    atomic_store (&exiting, true) ;
}

// Registered at the first copy kept, long after CUDA registered its own exit
// handlers at its start: so it runs before them.
static pthread_once_t at_exit_once = PTHREAD_ONCE_INIT ;

static void register_at_exit (void)
{
    atexit (at_exit) ;
}

// fork: held across it after graphblas/library.c's lock and before
// generations.c's (constructor priorities), the order in which a thread
// holding two of them takes them
__attribute__ ((constructor (102))) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}

static pthread_once_t prove_once = PTHREAD_ONCE_INIT ;
static bool proved = false ;
static char proof_text [600] ;     // the proof's verdict, written once

//------------------------------------------------------------------------------
// on or off
//------------------------------------------------------------------------------

static void prove (void)
{
    int exported = 0 ;      // GrB_/GxB_ functions the library exports
    const char *unproved = gbgpu_exports_unproved (&exported) ;
    proved = (unproved == NULL) ;
    if (proved)
        snprintf (proof_text, sizeof (proof_text), "on: the library's %d GrB_/GxB_ functions are "
            "all classified (by %s), and the %d that may change a matrix pass through gbgpu",
            exported, gbgpu_declarations, gbgpu_modifier_function_count) ;
    else
        snprintf (proof_text, sizeof (proof_text), "off: %s", unproved) ;
    if (!proved) fprintf (stderr, "gbgpu: device cache %s\n", proof_text) ;
}

bool gbgpu_device_cache_on (void)
{
    if (!gbgpu_device_cache_enabled () || gbgpu_library_usable () != GBGPU_LIBRARY_USED)
        return false ;
    pthread_once (&prove_once, prove) ;
    return proved ;
}

GBGPU_EXPORT const char *gbgpu_device_cache_state (void)
{
    if (!gbgpu_device_cache_enabled ()) return "off: option GBGPU_DEVICE_CACHE is 0" ;
    if (gbgpu_library_usable () != GBGPU_LIBRARY_USED)
        return "off: no GraphBLAS library that gbgpu uses (yet: the program's GrB_init comes first)" ;
    (void) gbgpu_device_cache_on () ;
    return proof_text ;
}

//------------------------------------------------------------------------------
// the list, most recently used first (under the lock)
//------------------------------------------------------------------------------

static void unlink_entry (gbgpu_cache_entry *e)
{
    if (e->newer != NULL) e->newer->older = e->older ; else newest = e->older ;
    if (e->older != NULL) e->older->newer = e->newer ; else oldest = e->newer ;
    e->newer = e->older = NULL ;
    e->listed = false ;
    listed_bytes -= e->device_bytes ;
}

static void link_newest (gbgpu_cache_entry *e)
{
    e->older = newest ;
    e->newer = NULL ;
    if (newest != NULL) newest->newer = e ; else oldest = e ;
    newest = e ;
    e->listed = true ;
    listed_bytes += e->device_bytes ;
}

// A copy of op(X) from X's current generation on the device, or NULL.
static gbgpu_cache_entry *find (const gbgpu_operand *X, int device)
{
    for (gbgpu_cache_entry *e = newest ; e != NULL ; e = e->older)
    {
        if (e->object == (const void *) X->matrix && e->device == device
         && e->transpose == X->transpose
         && (!X->values_needed || (e->values && e->type == X->type))
         && gbgpu_generation_is (e->object, e->generation)) return e ;
    }
    return NULL ;
}

//------------------------------------------------------------------------------
// freeing, outside the lock
//------------------------------------------------------------------------------

// Entries unlinked and no longer used, chained through `older`; evicted:
// to make room (counted), not dropped for a change of their object.
static void free_entries (gbgpu_cache_entry *chain, bool evicted_for_room)
{
    uint64_t evicted = 0 ;
    while (chain != NULL)
    {
        gbgpu_cache_entry *e = chain ;
        chain = e->older ;
        if (!atomic_load (&exiting) && !gbgpu_cuda_lost_in_fork ())
        {
            int previous ;
            if (gbgpu_cuda_enter_device (e->device, &previous) == GBGPU_CUDA_OK)
                gbgpu_cuda_free_kept_csr (&e->csr, e->device_bytes) ;
            gbgpu_cuda_restore_device (previous) ;
        }
        free (e) ;
        evicted++ ;
    }
    if (evicted_for_room && evicted > 0) gbgpu_count_device_cache (0, 0, 0, evicted) ;
}

// Unlinks e; onto *chain when no call uses it, else its last user frees it.
static void drop_entry (gbgpu_cache_entry *e, gbgpu_cache_entry **chain)
{
    unlink_entry (e) ;
    if (e->users > 0) return ;
    e->older = *chain ;
    *chain = e ;
}

//------------------------------------------------------------------------------
// the interface
//------------------------------------------------------------------------------

gbgpu_cache_entry *gbgpu_device_cache_acquire (const gbgpu_operand *X, int device)
{
    if (!gbgpu_device_cache_on ()) return NULL ;
    pthread_mutex_lock (&lock) ;
    gbgpu_cache_entry *e = find (X, device) ;
    if (e != NULL)
    {
        e->users++ ;
        unlink_entry (e) ;
        link_newest (e) ;
    }
    pthread_mutex_unlock (&lock) ;
    if (e != NULL) gbgpu_count_device_cache (1, 0, e->bus_bytes, 0) ;
    else gbgpu_count_device_cache (0, 1, 0, 0) ;
    return e ;
}

const gbgpu_dev_csr *gbgpu_device_cache_csr (const gbgpu_cache_entry *e)
{
    return &e->csr ;
}

void gbgpu_device_cache_release (gbgpu_cache_entry *e)
{
    if (e == NULL) return ;
    pthread_mutex_lock (&lock) ;
    bool last = (--e->users == 0 && !e->listed) ;
    pthread_mutex_unlock (&lock) ;
    if (last)
    {
        e->older = NULL ;
        free_entries (e, false) ;
    }
}

bool gbgpu_device_cache_holds (const gbgpu_operand *X, int device)
{
    if (!gbgpu_device_cache_on ()) return false ;
    pthread_mutex_lock (&lock) ;
    bool held = (find (X, device) != NULL) ;
    pthread_mutex_unlock (&lock) ;
    return held ;
}

gbgpu_cache_entry *gbgpu_device_cache_adopt (gbgpu_dev_csr *D, const gbgpu_operand *X,
    uint64_t generation, uint64_t bus_bytes, int device)
{
    if (!gbgpu_device_cache_on () || generation == 0) return NULL ;
    // complete before another thread's stream reads it
    if (gbgpu_cuda_synchronize () != GBGPU_CUDA_OK) return NULL ;
    pthread_once (&at_exit_once, register_at_exit) ;
    gbgpu_cache_entry *e = calloc (1, sizeof (gbgpu_cache_entry)) ;
    if (e == NULL) return NULL ;
    const size_t bytes = gbgpu_cuda_csr_bytes (D) ;
    const double available = (double) gbgpu_cuda_memory_available () ;
    gbgpu_cache_entry *evicted = NULL ;

    pthread_mutex_lock (&lock) ;
    // X changed since it was read, or a copy was made meanwhile: not kept
    bool keep = gbgpu_generation_is (X->matrix, generation) && find (X, device) == NULL ;
    const double budget = CACHE_SHARE * (available + (double) listed_bytes) ;
    // The copies calls are using stay: whether D fits beside them is decided
    // before any idle copy goes, so that one too large to keep empties nothing.
    size_t in_use = 0 ;
    for (const gbgpu_cache_entry *old = newest ; keep && old != NULL ; old = old->older)
    {
        if (old->users > 0) in_use += old->device_bytes ;
    }
    keep = keep && (double) (in_use + bytes) <= budget ;
    // least recently used idle copies out, only until D fits
    for (gbgpu_cache_entry *old = oldest ; keep && old != NULL
         && (double) (listed_bytes + bytes) > budget ; )
    {
        gbgpu_cache_entry *newer = old->newer ;
        if (old->users == 0) drop_entry (old, &evicted) ;
        old = newer ;
    }
    if (keep)
    {
        e->object = X->matrix ;
        e->generation = generation ;
        e->transpose = X->transpose ;
        e->values = X->values_needed ;
        e->type = X->values_needed ? X->type : NULL ;
        e->device = device ;
        e->csr = *D ;
        e->device_bytes = bytes ;
        e->bus_bytes = bus_bytes ;
        e->users = 1 ;
        gbgpu_cuda_keep_csr (D) ;
        link_newest (e) ;
        D->p = NULL ; D->j = NULL ; D->x = NULL ;
    }
    pthread_mutex_unlock (&lock) ;
    free_entries (evicted, true) ;
    if (keep) return e ;
    free (e) ;
    return NULL ;
}

bool gbgpu_device_cache_evict_idle (void)
{
    gbgpu_cache_entry *evicted = NULL ;
    pthread_mutex_lock (&lock) ;
    for (gbgpu_cache_entry *e = oldest ; e != NULL ; )
    {
        gbgpu_cache_entry *newer = e->newer ;
        if (e->users == 0) drop_entry (e, &evicted) ;
        e = newer ;
    }
    pthread_mutex_unlock (&lock) ;
    bool any = (evicted != NULL) ;
    free_entries (evicted, true) ;
    return any ;
}

void gbgpu_device_cache_drop (const void *object)
{
    gbgpu_cache_entry *dropped = NULL ;
    pthread_mutex_lock (&lock) ;
    for (gbgpu_cache_entry *e = newest ; e != NULL ; )
    {
        gbgpu_cache_entry *older = e->older ;
        if (e->object == object) drop_entry (e, &dropped) ;
        e = older ;
    }
    pthread_mutex_unlock (&lock) ;
    free_entries (dropped, false) ;
}
