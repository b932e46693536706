// plugin/api/interpose.c: gbgpu's GrB_mxm, in front of the library's.
// SPDX-License-Identifier: Apache-2.0
//
// libgbgpu exports GrB_mxm with the library's exact signature, so a program
// linked with -lgbgpu before -lgraphblas, or run with LD_PRELOAD=libgbgpu.so,
// calls this one.  It runs the product on the GPU when dispatch says so and
// otherwise calls the library's own GrB_mxm (found once: api/library.c),
// which also reports every error in bad input exactly as it would have
// without gbgpu.  A library gbgpu cannot use gets every call unchanged.  A
// call that policy auto's cost model keeps on the CPU is timed there, for the
// model to learn the CPU's rate (plan/auto_policy.c).
//
// C changes: its device copies and generation are forgotten once it has
// changed (cache/generations.h): after the library's GrB_mxm, and on the GPU
// after writing it (mxm_gpu.c, which may keep T's device copy as C's new
// one).  Not before the call, as the wrappers of other functions do: C may
// be an input of its own product (BFS's q = q*A), and its device copy is
// still its content until the product writes it.  No other call may use C
// meanwhile (GraphBLAS forbids it), and every path that changes C forgets it.

#include "run/run.h"
#include "cache/generations.h"

// The library's own GrB_mxm, which changes C.
static GrB_Info library_mxm
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    GrB_Info info = gbgpu_library ()->GrB_mxm (C, M, accum, semiring, A, B, desc) ;
    gbgpu_generation_forget (C) ;
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
    switch (gbgpu_library_usable ())
    {
        case GBGPU_LIBRARY_ABSENT: return GrB_NOT_IMPLEMENTED ;  // no GraphBLAS in the process
        case GBGPU_LIBRARY_STEP_ASIDE: return library_mxm (C, M, accum, semiring, A, B, desc) ;
        default: break ;
    }
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
        reason = gbgpu_mxm_on_gpu (&info, C, M, accum, &plan) ;
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
