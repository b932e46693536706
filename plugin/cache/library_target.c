// plugin/cache/library_target.c: the library's own function behind a generated wrapper, found once.
// SPDX-License-Identifier: Apache-2.0

#include "cache/library_target.h"
#include "graphblas/library.h"

void *gbgpu_library_target (void *_Atomic *slot, const char *name)
{
    void *f = atomic_load_explicit (slot, memory_order_acquire) ;
    if (f == NULL)
    {
        f = gbgpu_library_object (name) ;
        atomic_store_explicit (slot, f, memory_order_release) ;
    }
    return f ;
}
