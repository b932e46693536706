// semirings/instantiate_int32.cu: the instantiated semirings over INT32 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE INT32
#include "instantiate_type.cuh"
