// count_rows.cu: the symbolic phase, the accumulator with its values compiled
// out.  One instantiation serves every semiring.

#include "accumulate_rows.cuh"

namespace gbgpu {

cudaError_t count_rows (const hash_rows_args &args)
{
    return accumulate_rows <pattern, false> (args) ;
}

}   // namespace gbgpu
