// plugin/cuda/settings.cuh: the CUDA layer's knobs as its files read them.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_SETTINGS_CUH
#define GBGPU_SETTINGS_CUH

#include "gbgpu_cuda.h"

namespace gbgpu {

gbgpu_cuda_settings settings () ;      // a copy of the current ones

}   // namespace gbgpu

#endif
