// semirings/compiled_semirings.cu: from a semiring's codes to its compiled kernels (the
// row-wise fill, the masked dot product, their loader), or NULL when it is not
// instantiated (the host then compiles it at run time or delegates it).
// SPDX-License-Identifier: Apache-2.0

#include "compiled_semirings.cuh"

namespace gbgpu {

// The finder of s's type (GBGPU_COMPILED_TYPES).
static compiled_semiring find_compiled (gbgpu_semiring s)
{
    switch (s.type)
    {
        #define GBGPU_FIND_IN_TYPE(TYPE) \
            case GBGPU_TYPE_ ## TYPE: return find_compiled_ ## TYPE (s.add, s.mult) ;
        GBGPU_COMPILED_TYPES (GBGPU_FIND_IN_TYPE)
        #undef GBGPU_FIND_IN_TYPE
        default: return compiled_semiring { nullptr, nullptr, nullptr } ;
    }
}

fill_rows_function find_fill_rows (gbgpu_semiring s)
{
    return find_compiled (s).fill_rows ;
}

masked_dot_function find_masked_dot (gbgpu_semiring s)
{
    return find_compiled (s).masked_dot ;
}

load_kernels_function find_kernel_loader (gbgpu_semiring s)
{
    return find_compiled (s).load ;
}

}   // namespace gbgpu
