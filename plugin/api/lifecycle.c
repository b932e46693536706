// plugin/api/lifecycle.c: gbgpu's one-time initialization, and its
// finalization (also in front of the library's GrB_finalize).
// SPDX-License-Identifier: Apache-2.0
//
// The first gbgpu call (or gbgpu_init) finds the library's own GrB_mxm, reads
// the environment and counts the devices, once and thread-safely.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include "api/api.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT ;
static gbgpu_mxm_function library_mxm = NULL ;

static void print_stats_at_exit (void)
{
    if (gbgpu_printing_stats ()) gbgpu_stats_print (stderr) ;
}

static void initialize (void)
{
    // the library's own, whether gbgpu came in by LD_PRELOAD or link order
    library_mxm = (gbgpu_mxm_function) gbgpu_library_symbol ("GrB_mxm") ;
    gbgpu_options_from_environment () ;
    gbgpu_count_devices () ;
    atexit (print_stats_at_exit) ;
}

void gbgpu_ensure_initialized (void)
{
    pthread_once (&init_once, initialize) ;
}

GBGPU_EXPORT GrB_Info gbgpu_init (void)
{
    gbgpu_ensure_initialized () ;
    return (library_mxm == NULL) ? GrB_NOT_IMPLEMENTED : GrB_SUCCESS ;
}

GBGPU_EXPORT GrB_Info gbgpu_finalize (void)
{
    // Every call frees what it allocated; the pool keeps it for the next call.
    // The pool is the device's that gbgpu uses, not the caller's current one.
    if (!gbgpu_device_ready ()) return GrB_SUCCESS ;
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
    typedef GrB_Info (*finalize_function) (void) ;
    finalize_function library = (finalize_function) gbgpu_library_symbol ("GrB_finalize") ;
    return (library == NULL) ? GrB_NOT_IMPLEMENTED : library () ;
}

gbgpu_mxm_function gbgpu_library_mxm (void) { return library_mxm ; }
