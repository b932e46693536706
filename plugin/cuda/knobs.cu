// plugin/cuda/knobs.cu: the CUDA layer's knobs (gbgpu_cuda_knobs), kept for the launches.
// SPDX-License-Identifier: Apache-2.0
//
// Set once at gbgpu's initialization from the environment, read by the
// launches and the transfers.
//
// GBGPU_ACCUMULATOR, GBGPU_INJECT_FAILURE and GBGPU_XFER_* are read in
// core/environment.c, which hands them here with gbgpu_cuda_configure.  The
// defaults of the transfers' knobs are tuning (memory/tuning.cuh).

#include <algorithm>
#include <mutex>
#include <thread>
#include "gbgpu_cuda.h"
#include "knobs.cuh"
#include "memory/tuning.cuh"

namespace gbgpu {

namespace {

std::mutex lock ;

gbgpu_cuda_knobs &current ()
{
    static gbgpu_cuda_knobs s = gbgpu_cuda_default_knobs () ;
    return s ;
}

}   // namespace

gbgpu_cuda_knobs knobs ()
{
    std::lock_guard <std::mutex> hold (lock) ;
    return current () ;
}

}   // namespace gbgpu

gbgpu_cuda_knobs gbgpu_cuda_default_knobs (void)
{
    gbgpu_cuda_knobs s ;
    s.accumulator = GBGPU_CUDA_ACCUMULATOR_AUTO ;
    s.inject_failure = GBGPU_CUDA_FAILURE_NONE ;
    s.staged_transfers = true ;
    int cores = (int) std::thread::hardware_concurrency () ;
    s.transfer_threads = std::min (std::max (cores, 1), gbgpu::DEFAULT_TRANSFER_THREADS) ;
    s.staging_slot_bytes = gbgpu::DEFAULT_SLOT_BYTES ;
    return s ;
}

gbgpu_cuda_knobs gbgpu_cuda_current_knobs (void) { return gbgpu::knobs () ; }

void gbgpu_cuda_configure (const gbgpu_cuda_knobs *s)
{
    std::lock_guard <std::mutex> hold (gbgpu::lock) ;
    gbgpu::current () = *s ;
}
