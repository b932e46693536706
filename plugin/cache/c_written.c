// plugin/cache/c_written.c: the one function every write of C by GrB_mxm
// passes through: C's device copies forgotten, T's kept copy adopted.
// SPDX-License-Identifier: Apache-2.0
//
// A GrB_mxm may change C whichever path it takes: the library's GrB_mxm, the
// GPU's pack or final step, or an unpack of C's arrays for the result.  So
// api/interpose.c calls this once, after the path that ran, and no path
// forgets C by other means (run/arrays_of_C.c also calls it, with no copy,
// as soon as it has taken C's arrays: C's old copies then free their
// device memory before the inputs go up).  Not before the call, as the generated wrappers of
// other functions do: C may be an input of its own product (BFS's q = q*A),
// and its device copy is still its content until the product writes it.  No
// other call may use C meanwhile (GraphBLAS forbids it).
//
// When the GPU wrote T into C exactly and kept T's device copy, that copy
// becomes C's under a fresh generation: a next call reading C uploads
// nothing.  It was made on the calling thread on copy->device, which is
// entered again to adopt or free it (the thread's stream is that device's).

#include "core/stats.h"
#include "cache/device_cache.h"
#include "cache/forget.h"
#include "cache/generations.h"

void gbgpu_cache_C_written (GrB_Matrix C, gbgpu_result_copy *copy, bool written)
{
    gbgpu_generation_forget (C) ;
    if (copy == NULL || copy->csr.p == NULL) return ;
    int previous ;
    gbgpu_cuda_status status = gbgpu_cuda_enter_device (copy->device, &previous) ;
    if (status == GBGPU_CUDA_OK)
    {
        gbgpu_cache_entry *e = NULL ;
        if (written)
        {
            // C read later as A or B: op(C) = C, its values in T's type (C's)
            gbgpu_operand X = { .matrix = C, .transpose = false, .values_needed = true,
                .type = copy->type, .nrows = (GrB_Index) copy->csr.nrows,
                .ncols = (GrB_Index) copy->csr.ncols } ;
            // what an upload of C would have moved
            uint64_t bus_bytes = (uint64_t) gbgpu_csr_bus_bytes ((double) copy->csr.nrows,
                (double) copy->csr.nvals, (double) copy->csr.value_size, copy->csr.iso) ;
            e = gbgpu_device_cache_adopt (&copy->csr, &X, gbgpu_generation_of (C), bus_bytes,
                copy->device) ;
        }
        gbgpu_device_cache_release (e) ;
    }
    gbgpu_count_cuda_status (status) ;
    // not adopted: freed (its pointers are NULL when the cache took it)
    gbgpu_cuda_free_csr (&copy->csr) ;
    gbgpu_cuda_restore_device (previous) ;
}
