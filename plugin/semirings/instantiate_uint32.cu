// semirings/instantiate_uint32.cu: the instantiated semirings over UINT32 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE UINT32
#include "instantiate_type.cuh"
