// plugin/run/mxm_gpu.c: one GrB_mxm on the GPU, from host matrices to host result.
// SPDX-License-Identifier: Apache-2.0
//
// A run-time compiled semiring gets its module first (compiled or read from
// the cache the first time: jit/modules.c).  Inputs go up (each matrix once,
// even when it plays several roles: C<A> = A*A uploads A once), T = A*B is computed on the device, whole or in blocks of
// rows when it does not fit (row_blocks.c), comes back, and the final step
// writes C.  Until the result is back, nothing the user sees has changed, so
// any device failure up to there (inputs too large for the device, a row of T
// too large, a CUDA error) is answered by redoing the call on the CPU.  Each
// failure is counted; one that corrupts the device's context (a fault) keeps
// every later call off the device.  A call that computed its result marks
// its kernel set loaded, for policy auto's first-use charge.  The calling thread's current CUDA device
// is the same after the call as before.  The parts' times teach policy
// auto's cost model, for calls it decided (plan/auto_policy.c).

#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "run/run.h"

typedef struct
{
    gbgpu_dev_csr csr ;
    const gbgpu_operand *operand ;   // NULL: this slot holds nothing
}
uploaded ;

// Counts a device failure and names the reason to redo the call on the CPU.
static gbgpu_delegate_reason reason_for (gbgpu_cuda_status s)
{
    gbgpu_count_cuda_status (s) ;
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

// Puts A, B and M on the device (device [k] for operand k; NULL for no M).
static gbgpu_delegate_reason upload_inputs (uploaded up [3],
    const gbgpu_dev_csr *device [3], const gbgpu_plan *plan)
{
    const gbgpu_operand *operands [3] = { &plan->A, &plan->B, &plan->M } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        if (operands [k]->matrix == NULL) continue ;
        device [k] = find_upload (up, k, operands [k]) ;
        if (device [k] != NULL) continue ;
        gbgpu_cuda_status status ;
        GrB_Info up_info = gbgpu_bridge_upload (&up [k].csr, operands [k], &status) ;
        if (up_info != GrB_SUCCESS)
        {
            // A GraphBLAS failure on the host is the library's to report.
            return (status != GBGPU_CUDA_OK) ? reason_for (status) : GBGPU_DELEGATED_INVALID ;
        }
        up [k].operand = operands [k] ;
        device [k] = &up [k].csr ;
    }
    return GBGPU_NOT_DELEGATED ;
}

// Packs T into C, or into a new R that the final step applies to C.
static GrB_Info write_result (GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    gbgpu_host_result *H, const gbgpu_plan *plan)
{
    if (plan->direct_to_C)
    {
        gbgpu_matrix_settings settings ;
        GrB_Info info = gbgpu_settings_save (&settings, C) ;
        if (info != GrB_SUCCESS)
        {
            gbgpu_host_result_free (H) ;
            return info ;
        }
        info = gbgpu_bridge_pack (C, H) ;
        return (info == GrB_SUCCESS) ? gbgpu_settings_restore (C, &settings) : info ;
    }
    GrB_Matrix R = NULL ;
    // T is m by n: B's columns, or its rows when a masked dot product reads
    // B as stored for A*B'
    GrB_Index n = plan->masked_dot ? plan->B.nrows : plan->B.ncols ;
    GrB_Info info = GrB_Matrix_new (&R, plan->ttype, plan->A.nrows, n) ;
    if (info == GrB_SUCCESS) info = gbgpu_bridge_pack (R, H) ;
    else gbgpu_host_result_free (H) ;
    if (info == GrB_SUCCESS) info = gbgpu_finish (C, M, accum, R, plan) ;
    GrB_Matrix_free (&R) ;
    return info ;
}

gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
)
{
    double start = gbgpu_seconds_now () ;
    double part [GBGPU_PARTS] = { 0 } ;     // seconds, counted if the call is done here
    *info = GrB_SUCCESS ;
    const int device_id = gbgpu_current_device () ;
    int caller_device ;
    gbgpu_cuda_status status = gbgpu_cuda_enter_device (device_id, &caller_device) ;
    if (status != GBGPU_CUDA_OK)
    {
        gbgpu_cuda_restore_device (caller_device) ;
        gbgpu_count_cuda_status (status) ;
        return (status == GBGPU_CUDA_FAULT) ? GBGPU_DELEGATED_DEVICE_ERROR
                                            : GBGPU_DELEGATED_NO_DEVICE ;
    }

    // policy auto's model measures the device once: in the first GPU call
    // it sends, unless gbgpu_start_device did (calibrate_device.c)
    if (plan->cost.modelled && !gbgpu_auto_calibrated ())
    {
        status = gbgpu_calibrate_device () ;
        if (status != GBGPU_CUDA_OK)
        {
            gbgpu_cuda_restore_device (caller_device) ;
            return reason_for (status) ;
        }
    }

    // a run-time semiring's module on this device, built and loaded once
    gbgpu_plan with_module = *plan ;
    if (plan->jit != NULL)
    {
        gbgpu_delegate_reason reason = gbgpu_jit_module (&with_module.module, plan->jit, device_id) ;
        if (reason != GBGPU_NOT_DELEGATED)
        {
            gbgpu_cuda_restore_device (caller_device) ;
            return reason ;
        }
        plan = &with_module ;
    }

    const gbgpu_dev_csr *device [3] = { NULL, NULL, NULL } ;
    uploaded up [3] = { 0 } ;
    gbgpu_host_result T ;
    int64_t products = 0 ;
    bool have_result = false ;
    double now = gbgpu_seconds_now () ;
    part [GBGPU_PART_SETUP] = now - start ;
    gbgpu_delegate_reason reason = upload_inputs (up, device, plan) ;
    part [GBGPU_PART_UPLOAD] = gbgpu_seconds_now () - now ;
    if (reason == GBGPU_NOT_DELEGATED && *info == GrB_SUCCESS)
    {
        now = gbgpu_seconds_now () ;
        *info = gbgpu_product_to_host (&T, &status, &products, plan,
            device [0], device [1], device [2], device_id) ;
        if (status != GBGPU_CUDA_OK) reason = reason_for (status) ;
        have_result = (status == GBGPU_CUDA_OK && *info == GrB_SUCCESS) ;
        // its kernels are loaded now: no first use for the next call
        if (have_result)
        {
            gbgpu_kernel_set kernels = gbgpu_kernel_set_of (plan) ;
            gbgpu_kernel_set_mark_loaded (&kernels) ;
        }
        // in row blocks the downloads overlap the next blocks' kernels
        part [GBGPU_PART_DOWNLOAD] = have_result ? T.download_seconds : 0 ;
        part [GBGPU_PART_KERNEL] = gbgpu_seconds_now () - now - part [GBGPU_PART_DOWNLOAD] ;
        if (part [GBGPU_PART_KERNEL] < 0) part [GBGPU_PART_KERNEL] = 0 ;
    }
    for (int k = 0 ; k < 3 ; k++) gbgpu_cuda_free_csr (&up [k].csr) ;
    gbgpu_cuda_restore_device (caller_device) ;

    now = gbgpu_seconds_now () ;
    const double t_entries = have_result ? (double) T.nvals : -1 ;
    if (have_result) *info = write_result (C, M, accum, &T, plan) ;
    part [GBGPU_PART_FINISH] = gbgpu_seconds_now () - now ;
    if (reason == GBGPU_NOT_DELEGATED && *info != GrB_PANIC)
    {
        gbgpu_count_gpu (gbgpu_seconds_now () - start, (uint64_t) products) ;
        for (int p = 0 ; p < GBGPU_PARTS ; p++) gbgpu_count_part ((gbgpu_part) p, part [p]) ;
        if (plan->masked_dot) gbgpu_count_masked_dot () ;
        if (*info == GrB_SUCCESS) gbgpu_auto_learn_gpu (&plan->cost, part, t_entries) ;
    }
    return reason ;
}
