// fill_rows_fp32.cu: the instantiated semirings over FP32 (see semiring_list.h).
#define GBGPU_SEMIRING_TYPE FP32
#include "instantiate_type.cuh"
