// plugin/cuda/settings.cu: the CUDA layer's knobs (gbgpu_cuda_settings), set
// once at gbgpu's initialization from the environment, read by the launches.
// SPDX-License-Identifier: Apache-2.0

#include <algorithm>
#include <mutex>
#include <thread>
#include "gbgpu_cuda.h"
#include "settings.cuh"

namespace gbgpu {

namespace {

// Copies go through 3 slots of 32 MiB; a small slot makes small tests go
// through many chunks, parts and slots.
constexpr int64_t DEFAULT_SLOT_BYTES = int64_t (32) << 20 ;
constexpr int DEFAULT_THREADS = 16 ;

std::mutex lock ;

gbgpu_cuda_settings &current ()
{
    static gbgpu_cuda_settings s = gbgpu_cuda_default_settings () ;
    return s ;
}

}   // namespace

gbgpu_cuda_settings settings ()
{
    std::lock_guard <std::mutex> hold (lock) ;
    return current () ;
}

}   // namespace gbgpu

gbgpu_cuda_settings gbgpu_cuda_default_settings (void)
{
    gbgpu_cuda_settings s ;
    s.accumulator = GBGPU_CUDA_ACCUMULATOR_AUTO ;
    s.inject_failure = GBGPU_CUDA_FAILURE_NONE ;
    s.staged_transfers = true ;
    int cores = (int) std::thread::hardware_concurrency () ;
    s.transfer_threads = std::min (std::max (cores, 1), gbgpu::DEFAULT_THREADS) ;
    s.staging_slot_bytes = gbgpu::DEFAULT_SLOT_BYTES ;
    return s ;
}

gbgpu_cuda_settings gbgpu_cuda_current_settings (void) { return gbgpu::settings () ; }

void gbgpu_cuda_configure (const gbgpu_cuda_settings *s)
{
    std::lock_guard <std::mutex> hold (gbgpu::lock) ;
    gbgpu::current () = *s ;
}
