// semirings/instantiate_fp64.cu: the instantiated semirings over FP64 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE FP64
#include "instantiate_type.cuh"
