// plugin/cache/generations.c: the GraphBLAS objects gbgpu has uploaded, each
// with the generation of its content (generations.h).
// SPDX-License-Identifier: Apache-2.0
//
// An object becomes known when gbgpu reads its content for the device, with a
// fresh generation; every GraphBLAS function that may change an object
// (modifiers.cmake wraps each one, and GrB_mxm forgets its C) forgets it
// before and after the library's call (forget.c), and so do gbgpu's own
// writes into C.
// An object known with generation g has therefore had the same content since
// g was given: that is what the device cache relies on, never pointers,
// sizes or samples.  Free then new at the same address: the free forgot it.
//
// The table (pointer -> generation, open addressing) is under one lock.  Most
// forgets are of objects gbgpu never met (every setElement of a program):
// they read one counter of a filter, lock-free, and return.  The filter
// counts known objects per hash slot; it is raised before an object enters
// the table and lowered after it leaves, so a known object is never missed.
// A forget of object X races only with calls on other objects (GraphBLAS
// forbids changing X while another call reads it), and the program's own
// ordering of its calls on X orders the filter's updates for X.

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "core/fork.h"
#include "cache/generations.h"

#define FILTER_SLOTS 4096

typedef struct
{
    const void *object ;        // NULL: empty slot
    uint64_t generation ;
}
slot ;

static _Atomic uint32_t filter [FILTER_SLOTS] ;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static slot *slots = NULL ;
static size_t capacity = 0, count = 0 ;     // capacity: 0 or a power of 2
static uint64_t last_generation = 0 ;

// fork: the child's forgets must not find the lock held by a thread that did
// not survive.  Held after device_cache.c's lock (constructor priorities),
// the order in which a thread holding both takes them.
__attribute__ ((constructor (103))) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}

static size_t hash_of (const void *object)
{
    uint64_t h = (uint64_t) (uintptr_t) object ;
    h ^= h >> 33 ;
    h *= 0xff51afd7ed558ccdULL ;
    h ^= h >> 33 ;
    return (size_t) h ;
}

static _Atomic uint32_t *filter_of (const void *object)
{
    return &filter [hash_of (object) % FILTER_SLOTS] ;
}

// The slot of object, or the empty slot where it would go; under the lock,
// with capacity > count.
static size_t find (const void *object)
{
    size_t k = hash_of (object) & (capacity - 1) ;
    while (slots [k].object != NULL && slots [k].object != object) k = (k + 1) & (capacity - 1) ;
    return k ;
}

// Room for one more, the load kept at most one half; under the lock.
static bool reserve_one (void)
{
    if (2 * (count + 1) <= capacity) return true ;
    size_t new_capacity = (capacity == 0) ? 64 : 2 * capacity ;
    slot *fresh = calloc (new_capacity, sizeof (slot)) ;
    if (fresh == NULL) return false ;
    slot *old = slots ;
    size_t old_capacity = capacity ;
    slots = fresh ;
    capacity = new_capacity ;
    for (size_t k = 0 ; k < old_capacity ; k++)
    {
        if (old [k].object != NULL) slots [find (old [k].object)] = old [k] ;
    }
    free (old) ;
    return true ;
}

uint64_t gbgpu_generation_of (const void *object)
{
    pthread_mutex_lock (&lock) ;
    uint64_t generation = 0 ;       // 0: none (no memory for the table)
    size_t k = (capacity > 0) ? find (object) : 0 ;
    if (capacity > 0 && slots [k].object == object)
    {
        generation = slots [k].generation ;
    }
    else if (reserve_one ())
    {
        atomic_fetch_add (filter_of (object), 1) ;
        k = find (object) ;
        slots [k].object = object ;
        slots [k].generation = generation = ++last_generation ;
        count++ ;
    }
    pthread_mutex_unlock (&lock) ;
    return generation ;
}

bool gbgpu_generation_is (const void *object, uint64_t generation)
{
    if (generation == 0) return false ;
    pthread_mutex_lock (&lock) ;
    bool same = false ;
    if (capacity > 0)
    {
        size_t k = find (object) ;
        same = (slots [k].object == object && slots [k].generation == generation) ;
    }
    pthread_mutex_unlock (&lock) ;
    return same ;
}

// Removes slot k, moving back the slots after it that its hole would cut
// off from their place; under the lock.
static void remove_slot (size_t k)
{
    slots [k].object = NULL ;
    count-- ;
    for (size_t next = (k + 1) & (capacity - 1) ; slots [next].object != NULL ;
         next = (next + 1) & (capacity - 1))
    {
        size_t home = hash_of (slots [next].object) & (capacity - 1) ;
        // next stays unless the hole lies between its home and it
        bool reachable = (k <= next) ? (home > k && home <= next) : (home > k || home <= next) ;
        if (reachable) continue ;
        slots [k] = slots [next] ;
        slots [next].object = NULL ;
        k = next ;
    }
}

bool gbgpu_generation_remove (const void *object)
{
    if (object == NULL || atomic_load (filter_of (object)) == 0) return false ;
    pthread_mutex_lock (&lock) ;
    bool known = false ;
    if (capacity > 0)
    {
        size_t k = find (object) ;
        known = (slots [k].object == object) ;
        if (known) remove_slot (k) ;
    }
    pthread_mutex_unlock (&lock) ;
    if (known) atomic_fetch_sub (filter_of (object), 1) ;
    return known ;
}
