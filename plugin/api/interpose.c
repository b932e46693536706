// plugin/api/interpose.c: gbgpu's GrB_mxm, in front of the library's.
// SPDX-License-Identifier: Apache-2.0
//
// libgbgpu exports GrB_mxm with the library's exact signature, so a program
// linked with -lgbgpu before -lgraphblas, or run with LD_PRELOAD=libgbgpu.so,
// calls this one.  It runs the product on the GPU when dispatch says so and
// otherwise calls the library's own GrB_mxm (found once: graphblas/library.c),
// which also reports every error in bad input exactly as it would have
// without gbgpu.  A library gbgpu cannot use gets every call unchanged.  A
// call that policy auto's cost model keeps on the CPU is timed there, for the
// model to learn the CPU's rate (plan/auto_policy.c).
//
// Whichever path ran, C has changed (or may have): the one exit of mxm hands
// it to gbgpu_cache_C_written (cache/c_written.c), which forgets C's device
// copies and adopts T's, when the GPU kept it, as C's new one.

#include "api/api.h"
#include "run/run.h"
#include "cache/device_cache.h"

// The library's own GrB_mxm.
static GrB_Info library_mxm
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    return gbgpu_library ()->GrB_mxm (C, M, accum, semiring, A, B, desc) ;
}

// The product on the GPU or by the library; *kept: T's device copy when the
// GPU wrote T into C exactly.
static GrB_Info product
(
    gbgpu_result_copy *kept,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    gbgpu_count_call () ;

    gbgpu_delegate_reason reason ;
    gbgpu_plan plan ;
    if (gbgpu_current_policy () == GBGPU_POLICY_CPU)
    {
        reason = GBGPU_DELEGATED_POLICY ;
    }
    else if (gbgpu_device_broken ())
    {
        reason = GBGPU_DELEGATED_DEVICE_ERROR ;     // a fault took the device's context
    }
    else if (gbgpu_cuda_lost_in_fork ())
    {
        reason = GBGPU_DELEGATED_FORKED ;           // CUDA does not survive fork
    }
    else if (!gbgpu_device_ready ())
    {
        reason = GBGPU_DELEGATED_NO_DEVICE ;
    }
    else if (gbgpu_dispatch (&plan, &reason, C, M, accum, semiring, A, B, desc))
    {
        GrB_Info info ;
        reason = gbgpu_mxm_on_gpu (&info, kept, C, M, accum, &plan) ;
        if (reason == GBGPU_NOT_DELEGATED) return info ;
    }
    gbgpu_count_delegated (reason) ;
    if (reason != GBGPU_DELEGATED_COST_MODEL)
        return library_mxm (C, M, accum, semiring, A, B, desc) ;
    // the cost model kept it here: what it takes teaches the model the CPU,
    // and C's entries T's when C is T (no mask, no accumulator)
    double start = gbgpu_seconds_now () ;
    GrB_Info info = library_mxm (C, M, accum, semiring, A, B, desc) ;
    if (info != GrB_SUCCESS) return info ;
    const double seconds = gbgpu_seconds_now () - start ;
    GrB_Index entries ;
    const bool c_is_t = M == NULL && accum == NULL
        && GrB_Matrix_nvals (&entries, C) == GrB_SUCCESS ;
    gbgpu_auto_learn_cpu (&plan, seconds, c_is_t ? (double) entries : -1) ;
    return info ;
}

static GrB_Info mxm
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    gbgpu_ensure_initialized () ;
    gbgpu_library_state usable = gbgpu_library_usable () ;
    if (usable == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;  // no GraphBLAS in the process
    gbgpu_result_copy kept = { .csr = { .p = NULL } } ;
    GrB_Info info = (usable == GBGPU_LIBRARY_STEP_ASIDE)
        ? library_mxm (C, M, accum, semiring, A, B, desc)
        : product (&kept, C, M, accum, semiring, A, B, desc) ;
    gbgpu_cache_C_written (C, &kept, info == GrB_SUCCESS) ;
    return info ;
}

GBGPU_EXPORT GrB_Info GrB_mxm
(
    GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    return mxm (C, Mask, accum, semiring, A, B, desc) ;
}

GBGPU_EXPORT GrB_Info gbgpu_mxm
(
    GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    return mxm (C, Mask, accum, semiring, A, B, desc) ;
}
