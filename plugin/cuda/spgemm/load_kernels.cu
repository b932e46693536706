// plugin/cuda/spgemm/load_kernels.cu: a compiled-in semiring's kernels loaded on
// the current device ahead of its first product (plan/load_ahead.c).
// SPDX-License-Identifier: Apache-2.0
//
// Its own kernels (every accumulator's fill, its masked dot product) and
// those every semiring shares (both phases' pattern kernels, the all-ones
// masked dot product and its compaction); loading a loaded kernel again
// costs a lookup.  The kernels that policy auto's calibration runs (the
// analysis, the bins, the scans: plan/calibrate_device.c) and CUB's sorts
// are not listed: their first use stays lazy.

#include "spgemm/spgemm.cuh"
#include "masked_dot/masked_dot_rows.cuh"

using namespace gbgpu ;

extern "C" gbgpu_cuda_status gbgpu_cuda_load_kernels (gbgpu_semiring s, bool *compiled)
{
    const load_kernels_function load = find_kernel_loader (s) ;
    *compiled = (load != nullptr) ;
    cudaError_t e = load_pattern_kernels () ;
    if (e == cudaSuccess) e = load_masked_dot_shared () ;
    if (e == cudaSuccess && load != nullptr) e = load () ;
    return status_of (e) ;
}
