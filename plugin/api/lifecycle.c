// plugin/api/lifecycle.c: gbgpu's one-time initialization, and its
// finalization (also in front of the library's GrB_finalize).
// SPDX-License-Identifier: Apache-2.0
//
// The first gbgpu call (or gbgpu_init) reads the environment, once and
// thread-safely; the devices are counted when a call first needs one
// (core/options.c), the library is found by graphblas/library.c.
// gbgpu_finalize gives the device's memory back; at exit nothing is freed
// (the device cache stops freeing: CUDA may be gone before the program's
// last GrB_free).

#include <pthread.h>
#include <stdlib.h>
#include "api/api.h"
#include "plan/plan.h"
#include "cache/device_cache.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT ;

static void print_stats_at_exit (void)
{
    if (gbgpu_printing_stats ()) gbgpu_stats_print (stderr) ;
}

// The stats at exit ask CUDA nothing: they may print after CUDA's own exit
// handlers.
static void initialize (void)
{
    gbgpu_options_from_environment () ;
    atexit (print_stats_at_exit) ;
}

void gbgpu_ensure_initialized (void)
{
    pthread_once (&init_once, initialize) ;
}

GBGPU_EXPORT GrB_Info gbgpu_init (void)
{
    gbgpu_ensure_initialized () ;
    return (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) ? GrB_NOT_IMPLEMENTED : GrB_SUCCESS ;
}

GBGPU_EXPORT GrB_Info gbgpu_finalize (void)
{
    // Every call frees what it allocated; the pool keeps it for the next call,
    // and the device cache its copies of inputs, given back first.  The pool
    // is the device's that gbgpu uses, not the caller's current one.  A
    // process that never used CUDA holds nothing (and starts no CUDA here).
    // The kernel loader stops first: it calls CUDA.
    gbgpu_load_ahead_stop () ;
    if (!gbgpu_cuda_used () || !gbgpu_device_ready ()) return GrB_SUCCESS ;
    (void) gbgpu_device_cache_evict_idle () ;
    int previous ;
    if (gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) == GBGPU_CUDA_OK)
        gbgpu_cuda_trim_pool () ;
    gbgpu_cuda_restore_device (previous) ;
    return GrB_SUCCESS ;
}

// GrB_finalize, in front of the library's: a program that ends GraphBLAS
// gives back gbgpu's buffers too (memory checkers report them otherwise).
GBGPU_EXPORT GrB_Info GrB_finalize (void)
{
    (void) gbgpu_finalize () ;
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    return gbgpu_library ()->GrB_finalize () ;
}
