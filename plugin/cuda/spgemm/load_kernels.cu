// plugin/cuda/spgemm/load_kernels.cu: a compiled-in semiring's kernels loaded on
// the current device ahead of its first product (plan/load_ahead.c).
// SPDX-License-Identifier: Apache-2.0
//
// Its own kernels (every accumulator's fill, its masked dot product) and
// those every semiring shares (both phases' pattern kernels, the all-ones
// masked dot product and its compaction, and the row bounds of a product
// whose T could not fit dense, run once a device); loading a loaded kernel
// again costs a lookup.  The kernels of every product that
// gbgpu_start_device's warm-up product and policy auto's calibration run
// (the analysis, the bins, the scans, the download's narrowing, a bitmap's
// upload: api/start_device.c, plan/calibrate_device.c) are loaded by those
// runs; CUB's segmented sorts (rows filled from global hash tables) are not
// listed: their first use stays lazy.

#include "spgemm/spgemm.cuh"
#include "masked_dot/masked_dot_rows.cuh"

using namespace gbgpu ;

extern "C" gbgpu_cuda_status gbgpu_cuda_load_kernels (gbgpu_semiring s, bool *compiled)
{
    const load_kernels_function load = find_kernel_loader (s) ;
    *compiled = (load != nullptr) ;
    cudaError_t e = load_pattern_kernels () ;
    if (e == cudaSuccess) e = load_masked_dot_shared () ;
    if (e == cudaSuccess) e = load_row_bounds_kernels () ;
    if (e == cudaSuccess && load != nullptr) e = load () ;
    return status_of (e) ;
}
