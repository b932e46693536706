// plugin/cache/library_target.c: the library's own function behind a generated wrapper, found the first time.
// SPDX-License-Identifier: Apache-2.0

#include "cache/library_target.h"
#include "graphblas/library.h"

void *gbgpu_library_target_find (void *_Atomic *slot, const char *name)
{
    void *f = gbgpu_library_object (name) ;
    atomic_store_explicit (slot, f, memory_order_release) ;
    return f ;
}
