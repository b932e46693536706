// plugin/run/mxm_gpu.c: one GrB_mxm on the GPU, from host matrices to host result.
// SPDX-License-Identifier: Apache-2.0
//
// A run-time compiled semiring gets its module first (compiled or read from
// the cache the first time: jit/modules.c).  Inputs go up (each matrix once,
// even when it plays several roles: C<A> = A*A uploads A once), unless the
// device cache holds them from an earlier call, unchanged since
// (cache/device_cache.c; what goes up is kept there for the next calls).
// T = A*B is computed on the device, whole or in blocks of rows when it does
// not fit (row_blocks.c), or split over the devices of GBGPU_DEVICES when it
// is large (devices.c), comes back (into C's old arrays when T replaces
// C's content: arrays_of_C.c), and the final step writes C.  When T is
// C's new content exactly (packed straight into C) and was computed whole,
// its device copy is kept as C's, so a next call reading C uploads nothing
// (not a split T's).
// Until the result is back, nothing the user sees has changed but C's old
// content where T replaces it (which the library would replace as well), so
// any failure up to there (inputs too large for the device, a row of T too
// large, a CUDA error, no host memory for T) is answered by redoing the call
// on the CPU.  Each failure is counted; one that corrupts the device's
// context (a fault) keeps every later call off the device.  A call that
// computed its result marks its kernel set loaded, for policy auto's
// first-use charge.  No background load of kernels starts during the call
// (plan/load_ahead.c).  The calling thread's current CUDA device is the
// same after the call as before.  The parts' times teach policy
// auto's cost model, for calls it decided (plan/auto_policy.c).

#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "run/run.h"
#include "cache/device_cache.h"

// Packs T into C, or into a new R that the final step applies to C.  When
// GraphBLAS's allocator is not known, T's arrays are only lent to R, and
// taken back after the final step has copied T into C.
static GrB_Info write_result (GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    gbgpu_host_result *H, const gbgpu_plan *plan)
{
    const bool owned_by_library = gbgpu_host_allocator_known () ;
    if (plan->direct_to_C && owned_by_library)
    {
        gbgpu_matrix_format settings ;
        GrB_Info info = gbgpu_format_save (&settings, C) ;
        if (info != GrB_SUCCESS)
        {
            gbgpu_host_result_free (H) ;
            return info ;
        }
        info = gbgpu_host_result_pack (C, H) ;
        return (info == GrB_SUCCESS) ? gbgpu_format_restore (C, &settings) : info ;
    }
    GrB_Matrix R = NULL ;
    // T is m by n: B's columns, or its rows when a masked dot product reads
    // B as stored for A*B'
    GrB_Index n = plan->masked_dot ? plan->B.nrows : plan->B.ncols ;
    GrB_Info info = GrB_Matrix_new (&R, plan->ttype, plan->A.nrows, n) ;
    if (info == GrB_SUCCESS) info = gbgpu_host_result_pack (R, H) ;
    else gbgpu_host_result_free (H) ;
    const bool lent = (info == GrB_SUCCESS && !owned_by_library) ;
    if (info == GrB_SUCCESS) info = gbgpu_finish (C, M, accum, R, plan) ;
    if (!lent || gbgpu_host_result_take_back (R)) GrB_Matrix_free (&R) ;
    return info ;
}

static gbgpu_delegate_reason mxm_on_gpu
(
    GrB_Info *info,
    gbgpu_result_copy *kept,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
)
{
    const gbgpu_result_copy none = { .device = 0 } ;
    *kept = none ;
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

    // a run-time semiring's module on this device, built and loaded once
    gbgpu_plan with_module = *plan ;
    if (plan->jit != NULL)
    {
        const gbgpu_jit_wait wait = !gbgpu_jit_waits () ? GBGPU_JIT_NO_WAIT
            : gbgpu_accumulator_forced () ? GBGPU_JIT_WAIT_ALL : GBGPU_JIT_WAIT_ANY ;
        gbgpu_delegate_reason reason = gbgpu_jit_module (&with_module.module, plan->jit, device_id, wait) ;
        if (reason != GBGPU_NOT_DELEGATED)
        {
            gbgpu_cuda_restore_device (caller_device) ;
            return reason ;
        }
        plan = &with_module ;
    }

    gbgpu_inputs inputs ;
    gbgpu_host_result T ;
    int64_t products = 0 ;
    bool have_result = false ;
    // C's old arrays for T, when T replaces C's content (their unpack, and
    // the library's wait on any pending work of C, counted as setup)
    gbgpu_host_arrays old_C ;
    gbgpu_take_arrays_of_C (&old_C, C, M, plan) ;
    double now = gbgpu_seconds_now () ;
    part [GBGPU_PART_SETUP] = now - start ;
    gbgpu_delegate_reason reason = gbgpu_inputs_upload (&inputs, plan, device_id) ;
    part [GBGPU_PART_UPLOAD] = gbgpu_seconds_now () - now ;
    if (reason == GBGPU_NOT_DELEGATED && *info == GrB_SUCCESS)
    {
        now = gbgpu_seconds_now () ;
        const gbgpu_dev_csr *const *on = inputs.on_device ;
        // large products over every device of GBGPU_DEVICES (the other
        // devices' uploads then count as kernel time: they overlap it)
        int devices [GBGPU_MAX_SPLIT] ;
        const int ndevices = gbgpu_devices_for (devices, plan, device_id) ;
        bool split = false ;
        if (ndevices > 1)
            *info = gbgpu_product_on_devices (&T, &status, &split, &products, plan, devices,
                ndevices, &inputs, &old_C) ;
        if (!split)
        {
            bool keep = plan->direct_to_C && gbgpu_device_cache_on () ;
            *info = gbgpu_product_to_host (&T, &status, &products, plan, on [0], on [1], on [2],
                device_id, keep ? &kept->csr : NULL, &old_C) ;
        }
        if (status != GBGPU_CUDA_OK)
        {
            reason = gbgpu_reason_for (status) ;
        }
        else if (*info != GrB_SUCCESS)
        {
            // no host memory for T: the library's call needs less, and C may
            // have lost its old content to T already
            reason = GBGPU_DELEGATED_HOST_MEMORY ;
            *info = GrB_SUCCESS ;
        }
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
    gbgpu_inputs_release (&inputs, !have_result) ;

    now = gbgpu_seconds_now () ;
    gbgpu_host_arrays_free (&old_C) ;       // C's arrays that T did not take
    const double t_entries = have_result ? (double) T.nvals : -1 ;
    const bool into_C_arrays = have_result && T.in_old_arrays ;
    const double touch_seconds = have_result ? T.touch_seconds : 0 ;
    if (have_result) *info = write_result (C, M, accum, &T, plan) ;
    part [GBGPU_PART_FINISH] = gbgpu_seconds_now () - now ;
    // T's device copy goes to the device cache as C's once C is written
    // (cache/c_written.c); a call redone on the CPU writes C otherwise
    kept->type = plan->ttype ;
    kept->device = device_id ;
    if (!have_result) gbgpu_cuda_free_csr (&kept->csr) ;
    gbgpu_cuda_restore_device (caller_device) ;
    if (reason == GBGPU_NOT_DELEGATED && *info != GrB_PANIC)
    {
        gbgpu_count_gpu (gbgpu_seconds_now () - start, (uint64_t) products) ;
        for (int p = 0 ; p < GBGPU_PARTS ; p++) gbgpu_count_part ((gbgpu_part) p, part [p]) ;
        if (plan->masked_dot) gbgpu_count_masked_dot () ;
        if (into_C_arrays && *info == GrB_SUCCESS) gbgpu_count_result_in_C_arrays () ;
        gbgpu_count_download_touch (touch_seconds) ;
        // (a run-time semiring's hash set alone teaches nothing: every row in
        // a global table, it is slower than the kernels the kind's other
        // calls run, and serves only until every accumulator's set is built)
        if (*info == GrB_SUCCESS && !gbgpu_cuda_module_hash_only (plan->module))
            gbgpu_auto_learn_gpu (plan, part, t_entries) ;
    }
    return reason ;
}

gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    gbgpu_result_copy *kept,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
)
{
    gbgpu_load_ahead_hold () ;
    gbgpu_delegate_reason reason = mxm_on_gpu (info, kept, C, M, accum, plan) ;
    gbgpu_load_ahead_release () ;
    return reason ;
}
