// fill_rows_bool.cu: the instantiated semirings over BOOL (see semiring_list.h).
#define GBGPU_SEMIRING_TYPE BOOL
#include "instantiate_type.cuh"
