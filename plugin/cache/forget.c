// plugin/cache/forget.c: an object may change: its generation is removed and
// its device copies dropped.
// SPDX-License-Identifier: Apache-2.0
//
// Called by every generated wrapper of a function that may change a matrix
// (modifiers.c) and for C by cache/c_written.c.  Kept apart from
// generations.c, which the device cache reads, so that the two do not call
// each other.

#include "cache/forget.h"
#include "cache/generations.h"
#include "cache/device_cache.h"

void gbgpu_generation_forget (const void *object)
{
    if (gbgpu_generation_remove (object)) gbgpu_device_cache_drop (object) ;
}
