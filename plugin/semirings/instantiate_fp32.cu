// semirings/instantiate_fp32.cu: the instantiated semirings over FP32 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE FP32
#include "instantiate_type.cuh"
