// plugin/cache/library_target.h: the library's own function behind a generated wrapper.
// SPDX-License-Identifier: Apache-2.0
//
// Included by the generated wrappers (modifiers.c and modifiers_library.c,
// from modifiers.cmake); the second sees the library's own declarations,
// not GraphBLAS.h, so nothing here names a GraphBLAS type.

#ifndef GBGPU_LIBRARY_TARGET_H
#define GBGPU_LIBRARY_TARGET_H

#include <stdatomic.h>
#include <stddef.h>

// The library's function `name` (graphblas/library.c), looked up once and
// kept in *slot, the calling wrapper's own; NULL when the library has none.
// Thread-safe: racing first calls find the same address.  Every call of a
// wrapper asks (a program's setElement loop too): once found, the answer is
// one atomic load in the wrapper, without a call.
void *gbgpu_library_target_find (void *_Atomic *slot, const char *name) ;

static inline void *gbgpu_library_target (void *_Atomic *slot, const char *name)
{
    void *f = atomic_load_explicit (slot, memory_order_acquire) ;
    return (f != NULL) ? f : gbgpu_library_target_find (slot, name) ;
}

#endif
