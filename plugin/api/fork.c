// plugin/api/fork.c: a child of fork goes on without the device.
// SPDX-License-Identifier: Apache-2.0
//
// Neither a CUDA context nor another thread's hold on a lock survives fork:
// the child has only the thread that called fork.  So the child never uses
// the device (every call goes to the library: "no device"), and never takes
// a lock that only the device path takes (the run-time compiler's, the
// memory pool's, the staging areas').  The locks it may still take (the
// registry of user definitions, jit/registry.c) are held across fork by
// their own handlers.

#include <pthread.h>
#include <stdatomic.h>
#include "api/api.h"

static _Atomic bool forked = false ;

static void in_child (void) { atomic_store (&forked, true) ; }

// At load, before any thread of the program can fork.
__attribute__ ((constructor)) static void watch_fork (void)
{
    (void) pthread_atfork (NULL, NULL, in_child) ;
}

bool gbgpu_in_forked_child (void) { return atomic_load (&forked) ; }
