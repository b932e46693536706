// semirings/instantiate_type.cuh: the kernels of every semiring of one type.
// SPDX-License-Identifier: Apache-2.0
//
// Included by semirings/instantiate_<type>.cu after defining GBGPU_SEMIRING_TYPE
// (BOOL, INT32, ...): expands that type's rows of semiring_list.h into kernel
// instantiations and the type's finder (compiled_semirings.cuh) from (add,
// mult) to the instantiations: the row-wise fill (accumulate_rows.cuh), the
// masked dot product (masked_dot_rows.cuh), and the loader of both's
// kernels.  One translation unit per type keeps the build parallel and each
// unit small.

#include "kernels/accumulate_rows.cuh"
#include "compiled_semirings.cuh"

#define GBGPU_PASTE_(a, b) a ## b
#define GBGPU_PASTE(a, b) GBGPU_PASTE_ (a, b)

namespace gbgpu {

// Local to this unit: each type's unit has its own table.
namespace {

// KERNEL::of <SR> () for the semiring (add, mult) of this type, or NULL.
template <class KERNEL>
typename KERNEL::function find_in_type (gbgpu_add add, gbgpu_mult mult)
{
    #define GBGPU_SEMIRING(ADD, MULT, TYPE)                                   \
        if (add == GBGPU_ADD_ ## ADD && mult == GBGPU_MULT_ ## MULT)           \
            return KERNEL::template of <semiring <GBGPU_ADD_ ## ADD,          \
                GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE>> () ;
    GBGPU_PASTE (GBGPU_SEMIRINGS_, GBGPU_SEMIRING_TYPE)
    #undef GBGPU_SEMIRING
    return nullptr ;
}

struct fill_rows_instance
{
    using function = fill_rows_function ;
    template <class SR> static function of () { return &accumulate_rows <SR, true> ; }
} ;

struct masked_dot_instance
{
    using function = masked_dot_function ;
    template <class SR> static function of () { return &masked_dot_rows <SR> ; }
} ;

template <class SR>
cudaError_t load_semiring_kernels ()
{
    GBGPU_TRY ((compiled_kernels <SR, true>::load ())) ;
    return load_masked_dot <SR> () ;
}

struct load_instance
{
    using function = load_kernels_function ;
    template <class SR> static function of () { return &load_semiring_kernels <SR> ; }
} ;

}   // namespace

compiled_semiring GBGPU_PASTE (find_compiled_, GBGPU_SEMIRING_TYPE) (gbgpu_add add, gbgpu_mult mult)
{
    return compiled_semiring { find_in_type <fill_rows_instance> (add, mult),
                               find_in_type <masked_dot_instance> (add, mult),
                               find_in_type <load_instance> (add, mult) } ;
}

}   // namespace gbgpu
