// plugin/run/input_lock.c: keeps zero-copy reads safe when threads share inputs.
// SPDX-License-Identifier: Apache-2.0
//
// Reading an input zero-copy lends its arrays out (unpack, copy to the device,
// pack back): for that moment the matrix looks empty to anyone else.  Every
// other use gbgpu makes of a user's matrix (the library's GrB_mxm for a
// delegated call, a copy, the final step) holds this lock shared; the lending
// holds it exclusively.  So concurrent GrB_mxm calls on shared read-only
// inputs see them whole, as they do without gbgpu.  (Other GraphBLAS calls a
// program makes on the same matrix at the same moment are outside gbgpu's
// reach; GBGPU_ZERO_COPY=0 turns lending off for such programs.)

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include "run/run.h"

static pthread_rwlock_t inputs = PTHREAD_RWLOCK_INITIALIZER ;

void gbgpu_inputs_use (void) { pthread_rwlock_rdlock (&inputs) ; }
void gbgpu_inputs_lend (void) { pthread_rwlock_wrlock (&inputs) ; }
void gbgpu_inputs_release (void) { pthread_rwlock_unlock (&inputs) ; }
