// plugin/core/fork.h: what fork.c tells the plugin: whether this process may
// use CUDA, and the locks held across fork.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_FORK_H
#define GBGPU_FORK_H

#include <pthread.h>
#include <stdbool.h>

// At load (a constructor): `lock` is held across fork, after those listed
// before it (lower constructor priorities first).
void gbgpu_hold_across_fork (pthread_mutex_t *lock) ;

// Called just before gbgpu's first CUDA call in this process.
void gbgpu_note_cuda_used (void) ;

// Whether this process has used CUDA.
bool gbgpu_cuda_used (void) ;

// True in a child of fork whose parent had used CUDA: no device, every call
// to the library ("parent used CUDA before fork").
bool gbgpu_cuda_lost_in_fork (void) ;

#endif
