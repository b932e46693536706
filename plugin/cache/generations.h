// plugin/cache/generations.h: the GraphBLAS objects gbgpu has uploaded, each
// with the generation of its content, removed at any call that may change it
// (generations.c; forget.c removes them).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_GENERATIONS_H
#define GBGPU_GENERATIONS_H

#include <stdbool.h>
#include <stdint.h>
#include "gbgpu.h"

// The generation of the object's content: the one it got when gbgpu first
// met it, or a fresh one (from a process-wide counter) if it is unknown.
// Called before its content is read for the device.
uint64_t gbgpu_generation_of (const void *object) ;

// True while the object still has that generation: nothing that may change
// it was called since it got it.
bool gbgpu_generation_is (const void *object, uint64_t generation) ;

// The object becomes unknown; true when it was known.  NULL, or an object
// gbgpu never met, costs one atomic read.  Thread-safe.
bool gbgpu_generation_remove (const void *object) ;

#endif
