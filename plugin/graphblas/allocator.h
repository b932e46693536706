// plugin/graphblas/allocator.h: host memory that GraphBLAS will own
// (allocator.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_ALLOCATOR_H
#define GBGPU_ALLOCATOR_H

#include <stdbool.h>
#include <stddef.h>

// Whether GraphBLAS was started through gbgpu (GrB_init or GxB_init), so that
// the functions below allocate as GraphBLAS frees; when not, gbgpu must hand
// GraphBLAS no array of its own and free none of GraphBLAS's.
bool gbgpu_host_allocator_known (void) ;
void *gbgpu_host_malloc (size_t size) ;
// NULL on failure, p still allocated then
void *gbgpu_host_realloc (void *p, size_t old_size, size_t size) ;
void gbgpu_host_free (void *p) ;

#endif
