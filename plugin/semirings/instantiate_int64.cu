// semirings/instantiate_int64.cu: the instantiated semirings over INT64 (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE INT64
#include "instantiate_type.cuh"
