// plugin/cache/forget.h: an object may change: gbgpu forgets it (forget.c).
// SPDX-License-Identifier: Apache-2.0
//
// Included by the generated wrappers (modifiers.c, from modifiers.cmake),
// which see GraphBLAS's own names: nothing here redirects them.

#ifndef GBGPU_FORGET_H
#define GBGPU_FORGET_H

// The object may change (or be freed, or replaced): it becomes unknown
// (generations.c), and its device copies are dropped (device_cache.c).
// NULL, or an object gbgpu never met, costs one atomic read.  Thread-safe.
void gbgpu_generation_forget (const void *object) ;

#endif
