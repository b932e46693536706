// semirings/compiled_semirings.cuh: what each compiled-in type's unit
// (instantiate_<type>.cu) gives: the kernels of one of its semirings.
// SPDX-License-Identifier: Apache-2.0
//
// One finder per type of GBGPU_COMPILED_TYPES (semiring_list.h), declared
// from that list here and defined by the type's unit (instantiate_type.cuh);
// compiled_semirings.cu picks the finder of a semiring's type.

#ifndef GBGPU_COMPILED_SEMIRINGS_CUH
#define GBGPU_COMPILED_SEMIRINGS_CUH

#include "masked_dot/masked_dot_rows.cuh"
#include "spgemm/spgemm.cuh"
#include "semiring_list.h"

namespace gbgpu {

// A compiled-in semiring's row-wise fill, masked dot product and the loader
// of their kernels (all NULL when it is not instantiated).
struct compiled_semiring
{
    fill_rows_function fill_rows ;
    masked_dot_function masked_dot ;
    load_kernels_function load ;
} ;

#define GBGPU_DECLARE_TYPE_FINDER(TYPE) \
    compiled_semiring find_compiled_ ## TYPE (gbgpu_add add, gbgpu_mult mult) ;
GBGPU_COMPILED_TYPES (GBGPU_DECLARE_TYPE_FINDER)
#undef GBGPU_DECLARE_TYPE_FINDER

}   // namespace gbgpu

#endif
