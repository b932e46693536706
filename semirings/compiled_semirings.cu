// semirings/compiled_semirings.cu: from a semiring's codes to its compiled fill kernel, or
// NULL when it is not instantiated (the host then delegates it).
// SPDX-License-Identifier: Apache-2.0

#include "spgemm/spgemm.cuh"

namespace gbgpu {

#define GBGPU_DECLARE_FINDER(TYPE) \
    fill_rows_function find_fill_rows_ ## TYPE (gbgpu_add add, gbgpu_mult mult) ;
GBGPU_DECLARE_FINDER (BOOL)
GBGPU_DECLARE_FINDER (INT32)
GBGPU_DECLARE_FINDER (INT64)
GBGPU_DECLARE_FINDER (UINT32)
GBGPU_DECLARE_FINDER (UINT64)
GBGPU_DECLARE_FINDER (FP32)
GBGPU_DECLARE_FINDER (FP64)

fill_rows_function find_fill_rows (gbgpu_semiring s)
{
    switch (s.type)
    {
        case GBGPU_TYPE_BOOL:   return find_fill_rows_BOOL (s.add, s.mult) ;
        case GBGPU_TYPE_INT32:  return find_fill_rows_INT32 (s.add, s.mult) ;
        case GBGPU_TYPE_INT64:  return find_fill_rows_INT64 (s.add, s.mult) ;
        case GBGPU_TYPE_UINT32: return find_fill_rows_UINT32 (s.add, s.mult) ;
        case GBGPU_TYPE_UINT64: return find_fill_rows_UINT64 (s.add, s.mult) ;
        case GBGPU_TYPE_FP32:   return find_fill_rows_FP32 (s.add, s.mult) ;
        case GBGPU_TYPE_FP64:   return find_fill_rows_FP64 (s.add, s.mult) ;
        default:                return nullptr ;
    }
}

}   // namespace gbgpu
