// semirings/instantiate_bool.cu: the instantiated semirings over BOOL (see semiring_list.h).
// SPDX-License-Identifier: Apache-2.0
#define GBGPU_SEMIRING_TYPE BOOL
#include "instantiate_type.cuh"
