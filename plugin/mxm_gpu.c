// mxm_gpu.c: one GrB_mxm on the GPU, from host matrices to host result.
//
// Inputs go up (each matrix once, even when it plays several roles: C<A> = A*A
// uploads A once), T = A*B is computed on the device, comes back, and the
// final step writes C.  Until the result is back, nothing the user sees has
// changed, so any device failure up to there is answered by redoing the call
// on the CPU.

#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "gbgpu_internal.h"

typedef struct
{
    gbgpu_dev_csr csr ;
    const gbgpu_operand *operand ;   // NULL: this slot holds nothing
}
uploaded ;

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return t.tv_sec + 1e-9 * t.tv_nsec ;
}

static gbgpu_delegate_reason reason_for (gbgpu_cuda_status s)
{
    return (s == GBGPU_CUDA_OUT_OF_MEMORY) ? GBGPU_DELEGATED_DEVICE_MEMORY
                                           : GBGPU_DELEGATED_DEVICE_ERROR ;
}

// An earlier upload of the same matrix in the same orientation, with values
// whenever X needs them.
static const gbgpu_dev_csr *find_upload (const uploaded *u, int n, const gbgpu_operand *X)
{
    for (int k = 0 ; k < n ; k++)
    {
        const gbgpu_operand *Y = u [k].operand ;
        if (Y != NULL && Y->matrix == X->matrix && Y->transpose == X->transpose
         && (!X->values_needed || (Y->values_needed && Y->type == X->type)))
            return &u [k].csr ;
    }
    return NULL ;
}

gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
)
{
    double start = seconds_now () ;
    const gbgpu_operand *operands [3] = { &plan->A, &plan->B, &plan->M } ;
    const gbgpu_dev_csr *device [3] = { NULL, NULL, NULL } ;
    uploaded up [3] = { 0 } ;
    gbgpu_dev_result T = { 0 } ;
    gbgpu_cuda_profile profile = { 0 } ;
    gbgpu_cuda_status status = GBGPU_CUDA_OK ;
    gbgpu_delegate_reason reason = GBGPU_DELEGATED_NREASONS ;
    *info = GrB_SUCCESS ;

    for (int k = 0 ; k < 3 && reason == GBGPU_DELEGATED_NREASONS ; k++)
    {
        if (operands [k]->matrix == NULL) continue ;
        device [k] = find_upload (up, k, operands [k]) ;
        if (device [k] != NULL) continue ;
        GrB_Info up_info = gbgpu_bridge_upload (&up [k].csr, operands [k], &status) ;
        if (up_info == GrB_PANIC)
        {
            // an input lent zero-copy did not come back: report, never redo
            *info = GrB_PANIC ;
            break ;
        }
        if (up_info != GrB_SUCCESS)
        {
            // A GraphBLAS failure on the host is the library's to report.
            reason = (status != GBGPU_CUDA_OK) ? reason_for (status) : GBGPU_DELEGATED_INVALID ;
            break ;
        }
        up [k].operand = operands [k] ;
        device [k] = &up [k].csr ;
    }

    if (reason == GBGPU_DELEGATED_NREASONS && *info == GrB_SUCCESS)
    {
        status = plan->masked_dot
            ? gbgpu_cuda_masked_dot (&T, plan->semiring, device [2], !plan->mask_structure,
                device [0], device [1], &profile)
            : gbgpu_cuda_spgemm (&T, plan->semiring, device [2],
                plan->mask_complement, device [0], device [1], &profile) ;
        if (status != GBGPU_CUDA_OK) reason = reason_for (status) ;
    }
    for (int k = 0 ; k < 3 ; k++) gbgpu_cuda_free_csr (&up [k].csr) ;

    if (reason == GBGPU_DELEGATED_NREASONS && *info == GrB_SUCCESS)
    {
        if (plan->direct_to_C)
        {
            *info = gbgpu_bridge_download (C, &T, &status) ;
        }
        else
        {
            GrB_Matrix R = NULL ;
            *info = GrB_Matrix_new (&R, plan->ttype, T.nrows, T.ncols) ;
            if (*info == GrB_SUCCESS) *info = gbgpu_bridge_download (R, &T, &status) ;
            if (*info == GrB_SUCCESS)
            {
                gbgpu_inputs_use () ;
                *info = gbgpu_finish (C, M, accum, R, plan) ;
                gbgpu_inputs_release () ;
            }
            GrB_Matrix_free (&R) ;
        }
        if (status != GBGPU_CUDA_OK)
        {
            // the copy back failed before C was touched
            reason = reason_for (status) ;
            *info = GrB_SUCCESS ;
        }
    }
    gbgpu_cuda_free_result (&T) ;
    if (reason == GBGPU_DELEGATED_NREASONS && *info != GrB_PANIC)
    {
        gbgpu_count_gpu (seconds_now () - start, (uint64_t) profile.products) ;
        if (plan->masked_dot) gbgpu_count_masked_dot () ;
    }
    return reason ;
}
