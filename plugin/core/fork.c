// plugin/core/fork.c: whether this process may use CUDA, across fork.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA does not survive fork: a child may make no CUDA call once its parent
// has initialized CUDA (any call does, counting the devices too).  A child
// whose parent never had is a process like any other and may: LAGraph's test
// harness forks a child per test before any GraphBLAS call, and pre-forking
// servers and Python's multiprocessing (fork start method) fork before they
// compute.  So gbgpu notes, just before its first CUDA call, that this
// process uses CUDA (options.c, counting the devices); a child of a process
// that had noted it goes on without the device, every call to the library
// ("parent used CUDA before fork"), and passes that on to its own children.
//
// Locks across fork: the child has only the thread that called fork, so a
// lock that another thread of the parent held would stay held for ever in
// the child.  Every lock that a child may take while its parent's threads
// could hold it is listed here at load (gbgpu_hold_across_fork) and held
// across fork, taken in the order listed, which is the order a thread that
// holds two takes them in.  None of them is held across a CUDA call.  Locks
// that only the device path takes (the run-time compiler's modules, the
// memory pool, the staging areas) are not listed: a parent can hold them only
// once it uses CUDA, and then its children never take the device path.

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/fork.h"

#define MAX_LOCKS 16

static _Atomic bool cuda_used = false, cuda_lost = false ;
static pthread_mutex_t *locks [MAX_LOCKS] ;
static int lock_count = 0 ;

static void hold_locks (void)
{
    for (int k = 0 ; k < lock_count ; k++) pthread_mutex_lock (locks [k]) ;
}

static void release_locks (void)
{
    for (int k = lock_count - 1 ; k >= 0 ; k--) pthread_mutex_unlock (locks [k]) ;
}

static void in_child (void)
{
    release_locks () ;
    if (atomic_load (&cuda_used)) atomic_store (&cuda_lost, true) ;
}

// At load, before any thread of the program can fork.
__attribute__ ((constructor)) static void watch_fork (void)
{
    (void) pthread_atfork (hold_locks, release_locks, in_child) ;
}

// A lock past the list's room would silently not be held: a build error in
// all but name, so the process stops at load, where every test sees it.
void gbgpu_hold_across_fork (pthread_mutex_t *lock)
{
    if (lock_count == MAX_LOCKS)
    {
        fprintf (stderr, "gbgpu: more than %d locks to hold across fork (core/fork.c)\n", MAX_LOCKS) ;
        abort () ;
    }
    locks [lock_count++] = lock ;
}

void gbgpu_note_cuda_used (void) { atomic_store (&cuda_used, true) ; }
bool gbgpu_cuda_used (void) { return atomic_load (&cuda_used) ; }
bool gbgpu_cuda_lost_in_fork (void) { return atomic_load (&cuda_lost) ; }
