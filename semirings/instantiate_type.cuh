// instantiate_type.cuh: the fill kernels of every semiring of one type.
//
// Included by semirings/fill_rows_<type>.cu after defining GBGPU_SEMIRING_TYPE
// (BOOL, INT32, ...): expands that type's rows of semiring_list.h into kernel
// instantiations and a lookup from (add, mult) to the instantiation.  One
// translation unit per type keeps the build parallel and each unit small.

#include "accumulate_rows.cuh"
#include "semiring_list.h"

#define GBGPU_PASTE_(a, b) a ## b
#define GBGPU_PASTE(a, b) GBGPU_PASTE_ (a, b)

namespace gbgpu {

fill_rows_function GBGPU_PASTE (find_fill_rows_, GBGPU_SEMIRING_TYPE) (gbgpu_add add, gbgpu_mult mult)
{
    #define GBGPU_SEMIRING(ADD, MULT, TYPE)                                   \
        if (add == GBGPU_ADD_ ## ADD && mult == GBGPU_MULT_ ## MULT)           \
            return &accumulate_rows <semiring <GBGPU_ADD_ ## ADD,             \
                GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE>, true> ;
    GBGPU_PASTE (GBGPU_SEMIRINGS_, GBGPU_SEMIRING_TYPE)
    #undef GBGPU_SEMIRING
    return nullptr ;
}

}   // namespace gbgpu
