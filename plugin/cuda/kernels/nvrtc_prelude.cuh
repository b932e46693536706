// plugin/cuda/kernels/nvrtc_prelude.cuh: the standard names the kernel headers use, for NVRTC.
// SPDX-License-Identifier: Apache-2.0
//
// Read only by run-time compiled semirings (jit/compiler/source.c), as the
// first include of their source: NVRTC has no C++ standard library, so the
// few std names the headers use come from the toolkit's libcu++ (whose
// cmath also has INFINITY and NAN).  nvcc builds read the real headers
// instead (semiring_ops.cuh, rows.cuh, tuning.cuh).  Being a header, not
// text of the source, lets a source open with includes only, which a
// precompiled header (jit/compiler/compile.c) then covers whole.

#ifndef GBGPU_NVRTC_PRELUDE_CUH
#define GBGPU_NVRTC_PRELUDE_CUH

#include <cuda/std/cstdint>
#include <cuda/std/cstddef>
#include <cuda/std/type_traits>
#include <cuda/std/limits>
#include <cuda/std/cmath>

namespace std {
using cuda::std::size_t ; using cuda::std::is_same ; using cuda::std::is_integral ;
using cuda::std::is_floating_point ; using cuda::std::is_signed ;
using cuda::std::make_unsigned ; using cuda::std::conditional ;
using cuda::std::numeric_limits ; using cuda::std::false_type ; using cuda::std::true_type ;
}
using cuda::std::size_t ;

#endif
