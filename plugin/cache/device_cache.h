// plugin/cache/device_cache.h: device copies of inputs, kept while their
// content is proved unchanged (device_cache.c), and the proof that every way
// of changing a matrix passes through gbgpu (exports.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_DEVICE_CACHE_H
#define GBGPU_DEVICE_CACHE_H

#include "graphblas/operand.h"
#include "cuda/gbgpu_cuda.h"

typedef struct gbgpu_cache_entry gbgpu_cache_entry ;

// The cache may be used in this process: option GBGPU_DEVICE_CACHE on, the
// library one gbgpu uses, and the proof passed (asked once, thread-safe, at
// the first call that needs it: gbgpu_start_device's, or else the first
// GrB_mxm's; a failed proof is said once on stderr).
bool gbgpu_device_cache_on (void) ;

// op(X) on `device` as an earlier call uploaded it (values of X->type when X
// needs values), from the same generation of X; NULL when none.  The entry
// stays the cache's, and is kept for the caller until gbgpu_device_cache_release.
// Counts a hit (with the bytes it saved the bus) or a miss.
gbgpu_cache_entry *gbgpu_device_cache_acquire (const gbgpu_operand *X, int device) ;
const gbgpu_dev_csr *gbgpu_device_cache_csr (const gbgpu_cache_entry *e) ;
void gbgpu_device_cache_release (gbgpu_cache_entry *e) ;

// Would acquire find one?  Counts nothing and leaves the order of use as it
// is (the cost model asks).
bool gbgpu_device_cache_holds (const gbgpu_operand *X, int device) ;

// D, just made on the calling thread on `device` from op(X) as it was at
// `generation` (gbgpu_generation_of before X was read), becomes the cache's:
// the entry is returned acquired and D's arrays are the entry's (D's pointers
// NULL); the least recently used idle copies go first, only as many as D
// needs.  NULL when the cache declines (off, X changed since, or D does not
// fit its share of device memory even with every idle copy given back: then
// none is): D stays the caller's.
// bus_bytes: what the upload moved, saved by each later hit.
gbgpu_cache_entry *gbgpu_device_cache_adopt (gbgpu_dev_csr *D, const gbgpu_operand *X,
    uint64_t generation, uint64_t bus_bytes, int device) ;

// Frees every copy no call is using; true when that gave memory back.  Asked
// before a product falls back to row blocks or to the CPU for lack of device
// memory, by gbgpu_finalize, and when the option is turned off.
bool gbgpu_device_cache_evict_idle (void) ;

// T's device copy, kept by the GPU path when T is C's new content exactly
// (csr.p NULL: none), made on `device` by the calling thread.
typedef struct
{
    gbgpu_dev_csr csr ;
    GrB_Type type ;             // T's (and C's) type
    int device ;
}
gbgpu_result_copy ;

// The one function every write of C by GrB_mxm passes through, once the
// path that wrote C (or may have) is done (c_written.c): C's copies and
// generation are forgotten; `copy` (may be NULL) becomes C's when `written`
// (C holds T), else it is freed.
void gbgpu_cache_C_written (GrB_Matrix C, gbgpu_result_copy *copy, bool written) ;

// Drops the object's copies (from gbgpu_generation_forget): freed now, or by
// the last call using them.
void gbgpu_device_cache_drop (const void *object) ;

#endif
