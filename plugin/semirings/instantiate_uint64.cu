// semirings/instantiate_uint64.cu: the instantiated semirings over UINT64 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE UINT64
#include "instantiate_type.cuh"
