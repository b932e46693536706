// plugin/run/inputs.c: a call's inputs on one device: the device cache's copies
// or this call's uploads, each matrix sent once.
// SPDX-License-Identifier: Apache-2.0
//
// C<A> = A*A sends A once: an operand that is the same matrix in the same
// orientation as an earlier one (with values whenever it needs them) shares
// that one's copy.  What a call uploads is offered to the device cache
// (cache/device_cache.c), which keeps it for later calls while the matrix is
// unchanged; out of device memory, the cache's idle copies are given back
// and the upload tried once more.  A product split over several devices
// (devices.c) puts its inputs on each device this way, from each device's
// own thread.

#include "run/run.h"
#include "cache/device_cache.h"
#include "cache/generations.h"

gbgpu_delegate_reason gbgpu_reason_for (gbgpu_cuda_status s)
{
    gbgpu_count_cuda_status (s) ;
    return (s == GBGPU_CUDA_OUT_OF_MEMORY) ? GBGPU_DELEGATED_DEVICE_MEMORY
                                           : GBGPU_DELEGATED_DEVICE_ERROR ;
}

static const gbgpu_dev_csr *copy_of (const gbgpu_uploaded *u)
{
    return (u->cached != NULL) ? gbgpu_device_cache_csr (u->cached) : &u->csr ;
}

// An earlier upload of the same matrix in the same orientation, with values
// whenever X needs them.
static const gbgpu_dev_csr *find_upload (const gbgpu_uploaded *u, int n, const gbgpu_operand *X)
{
    for (int k = 0 ; k < n ; k++)
    {
        const gbgpu_operand *Y = u [k].operand ;
        if (Y != NULL && Y->matrix == X->matrix && Y->transpose == X->transpose
         && (!X->values_needed || (Y->values_needed && Y->type == X->type)))
            return copy_of (&u [k]) ;
    }
    return NULL ;
}

// Puts op(X) on the device into u: the device cache's copy, or an upload
// (kept by the cache when it takes it).
static gbgpu_delegate_reason upload_input (gbgpu_uploaded *u, const gbgpu_operand *X, int device)
{
    u->operand = X ;
    u->cached = gbgpu_device_cache_acquire (X, device) ;
    if (u->cached != NULL) return GBGPU_NOT_DELEGATED ;
    // before X is read: a change meanwhile makes the copy not kept
    uint64_t generation = gbgpu_device_cache_on () ? gbgpu_generation_of (X->matrix) : 0 ;
    gbgpu_cuda_status status ;
    GrB_Info info = gbgpu_upload_operand (&u->csr, X, &status) ;
    if (status == GBGPU_CUDA_OUT_OF_MEMORY && gbgpu_device_cache_evict_idle ())
    {
        gbgpu_count_cuda_status (status) ;
        info = gbgpu_upload_operand (&u->csr, X, &status) ;
    }
    if (info != GrB_SUCCESS)
    {
        u->operand = NULL ;
        // A GraphBLAS failure on the host is the library's to report.
        return (status != GBGPU_CUDA_OK) ? gbgpu_reason_for (status) : GBGPU_DELEGATED_INVALID ;
    }
    u->cached = gbgpu_device_cache_adopt (&u->csr, X, generation, gbgpu_cuda_transfer_bytes (),
        device) ;
    return GBGPU_NOT_DELEGATED ;
}

gbgpu_delegate_reason gbgpu_inputs_upload (gbgpu_inputs *in, const gbgpu_plan *plan, int device)
{
    const gbgpu_inputs none = { 0 } ;
    *in = none ;
    const gbgpu_operand *operands [3] = { &plan->A, &plan->B, &plan->M } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        if (operands [k]->matrix == NULL) continue ;
        in->on_device [k] = find_upload (in->up, k, operands [k]) ;
        if (in->on_device [k] != NULL) continue ;
        gbgpu_delegate_reason reason = upload_input (&in->up [k], operands [k], device) ;
        if (reason != GBGPU_NOT_DELEGATED) return reason ;
        in->on_device [k] = copy_of (&in->up [k]) ;
    }
    return GBGPU_NOT_DELEGATED ;
}

void gbgpu_inputs_release (gbgpu_inputs *in, bool failed)
{
    bool cached = false ;
    for (int k = 0 ; k < 3 ; k++) cached = cached || in->up [k].cached != NULL ;
    if (failed && cached) (void) gbgpu_cuda_synchronize () ;
    for (int k = 0 ; k < 3 ; k++)
    {
        gbgpu_cuda_free_csr (&in->up [k].csr) ;
        gbgpu_device_cache_release (in->up [k].cached) ;
        in->up [k].cached = NULL ;
    }
}
