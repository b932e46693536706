// plugin/cuda/kernels/load_kernel.cuh: a compiled-in kernel loaded on the
// calling thread's current device before its first launch.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA loads a kernel at its first launch (lazy loading, the default since
// CUDA 12.2), which costs a semiring's first product milliseconds.  Asking
// for a kernel's attributes loads it as its launch would (CUDA Programming
// Guide, "Lazy Loading"), without running anything: the background loader
// (plan/load_ahead.c) does that between products.

#ifndef GBGPU_LOAD_KERNEL_CUH
#define GBGPU_LOAD_KERNEL_CUH

#ifndef __CUDACC_RTC__
#include <cuda_runtime.h>

namespace gbgpu {

template <class KERNEL>
cudaError_t load_kernel (KERNEL kernel)
{
    cudaFuncAttributes attributes ;
    return cudaFuncGetAttributes (&attributes, kernel) ;
}

}   // namespace gbgpu
#endif

#endif
