// plugin/cuda/knobs.cuh: the CUDA layer's knobs from the environment, as its files read them.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_KNOBS_CUH
#define GBGPU_KNOBS_CUH

#include "gbgpu_cuda.h"

namespace gbgpu {

gbgpu_cuda_knobs knobs () ;      // a copy of the current ones

}   // namespace gbgpu

#endif
