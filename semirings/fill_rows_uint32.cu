// fill_rows_uint32.cu: the instantiated semirings over UINT32 (see semiring_list.h).
#define GBGPU_SEMIRING_TYPE UINT32
#include "instantiate_type.cuh"
