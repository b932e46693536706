// plugin/api/start_device.c: gbgpu_start_device, the device's one-time start on demand.
// SPDX-License-Identifier: Apache-2.0
//
// The first product on the GPU pays for what every later one reuses: the
// CUDA context, the memory pool, the pinned staging area and helper threads
// of transfer.cu, and the first load of each kernel (CUDA loads kernels
// lazily).  That is about 0.2 s on an H100 (2026-11-22; docs/call-path.md), far more
// than a small product takes, and it lands in whichever GrB_mxm comes first.
// A program that times its products, or wants its first call as quick as the
// later ones, calls gbgpu_start_device first: it runs one tiny product
// (2 x 2, PLUS_TIMES_FP64) through the steps of a GrB_mxm on the device
// (upload, product, download), which needs no GraphBLAS object, so it may
// come before GrB_init.  The first start also calibrates policy auto's cost
// model on the device (calibrate_device.c: about 25 ms more), looks up
// the library's built-in operators that dispatch recognises, and, once the
// library is usable (after the program's GrB_init), runs the device cache's
// proof (cache/exports.c), which else lands in the first GrB_mxm, and loads
// the kernels of the semirings graph programs use most, which CUDA would
// load in their first products (plan/load_ahead.c: the loads took 46-69
// ms on an H200 host).  The caller's current device is left as it was.

#include "api/api.h"
#include "plan/plan.h"
#include "cache/device_cache.h"

GBGPU_EXPORT GrB_Info gbgpu_start_device (void)
{
    gbgpu_ensure_initialized () ;
    if (gbgpu_current_policy () == GBGPU_POLICY_CPU || !gbgpu_device_ready ())
        return GrB_NO_VALUE ;
    gbgpu_builtin_ops_find () ;
    (void) gbgpu_device_cache_on () ;   // its proof, done once for the process

    // A = [1 1 ; 0 1]
    const uint64_t p [3] = { 0, 2, 3 }, j [3] = { 0, 1, 1 } ;
    const double x [3] = { 1, 1, 1 } ;
    const gbgpu_semiring plus_times = { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    uint64_t Tp [3], Tj [4] ;
    double Tx [4] ;

    int previous ;
    gbgpu_dev_csr A = { 0 } ;
    gbgpu_dev_result T = { 0 } ;
    gbgpu_cuda_status status = gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) ;
    if (status == GBGPU_CUDA_OK) status = gbgpu_cuda_upload (&A, 2, 2, p, j, x, sizeof (double), false) ;
    if (status == GBGPU_CUDA_OK) status = gbgpu_cuda_spgemm (&T, plus_times, NULL, false, &A, &A, NULL) ;
    if (status == GBGPU_CUDA_OK) status = gbgpu_cuda_download (&T, Tp, Tj, Tx, false) ;
    gbgpu_cuda_free_result (&T) ;
    gbgpu_cuda_free_csr (&A) ;
    if (status == GBGPU_CUDA_OK && !gbgpu_auto_calibrated ()) status = gbgpu_calibrate_device () ;
    // a load that fails leaves the kernels to their first launch, unless it
    // faulted: the device is then lost, as after a product's fault
    if (status == GBGPU_CUDA_OK && gbgpu_load_likely_kernels () == GBGPU_CUDA_FAULT)
        status = GBGPU_CUDA_FAULT ;
    gbgpu_cuda_restore_device (previous) ;
    if (status == GBGPU_CUDA_OK) return GrB_SUCCESS ;
    gbgpu_count_cuda_status (status) ;  // a fault keeps later calls off the device
    return (status == GBGPU_CUDA_OUT_OF_MEMORY) ? GrB_NO_VALUE : GrB_PANIC ;
}
