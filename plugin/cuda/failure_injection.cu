// plugin/cuda/failure_injection.cu: CUDA failures on demand, for the tests of issue #7.
// SPDX-License-Identifier: Apache-2.0
//
// A CUDA error in the middle of a product must never reach the user as a
// wrong answer: the call is redone on the CPU, the error is counted, and
// later calls use the device again when the error left it working, or never
// again when the error took the device's context with it.  Real failures
// cannot be had on demand, so the test knob GBGPU_INJECT_FAILURE gives the
// first product of the process one, between its symbolic and numeric phases
// (after most of its allocations, so their release on the way out is
// exercised too):
//
//   launch   a launch with more threads a block than any device has: an
//            error that leaves the context working (cudaErrorInvalidValue
//            on an H100)
//   fault    a kernel that writes to an invalid address: an error after
//            which the context is lost (cudaErrorIllegalAddress)
//
// Unset or "none" injects nothing (environment.c refuses any other value).

#include <atomic>
#include <cstdint>
#include "spgemm/spgemm.cuh"
#include "knobs.cuh"

namespace gbgpu {

__global__ void do_nothing () { }

__global__ void write_to (int *address) { *address = 1 ; }

cudaError_t inject_failure_if_asked ()
{
    const gbgpu_cuda_failure kind = knobs ().inject_failure ;
    static std::atomic <bool> injected { false } ;
    if (kind == GBGPU_CUDA_FAILURE_NONE || injected.exchange (true)) return cudaSuccess ;
    if (kind == GBGPU_CUDA_FAILURE_LAUNCH)
    {
        do_nothing <<<1, 4096, 0, stream ()>>> () ;    // over 1024 threads a block
        return cudaGetLastError () ;
    }
    if (kind == GBGPU_CUDA_FAILURE_FAULT)
    {
        // an address in the first page, which nothing maps
        write_to <<<1, 1, 0, stream ()>>> (reinterpret_cast <int *> (uintptr_t { 64 })) ;
        GBGPU_TRY (cudaGetLastError ()) ;
        return cudaStreamSynchronize (stream ()) ;
    }
    return cudaSuccess ;
}

}   // namespace gbgpu
