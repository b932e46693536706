// plugin/cuda/memory/transfer_knobs.cuh: the transfers' knobs (GBGPU_XFER_*), as they read them.
// SPDX-License-Identifier: Apache-2.0
//
// The knobs of the host <-> device copies (transfer.cu), the staging areas
// (staging.cu) and the host threads that fill and drain them
// (host_threads.cuh).

#ifndef GBGPU_TRANSFER_KNOBS_CUH
#define GBGPU_TRANSFER_KNOBS_CUH

#include <algorithm>
#include <cstdint>
#include "knobs.cuh"
#include "memory/tuning.cuh"

namespace gbgpu {

// The knobs' limits, as core/environment.c accepts them.
constexpr int64_t MIN_SLOT_BYTES = 4096 ;
constexpr int64_t MAX_SLOT_BYTES = int64_t (1) << 30 ;
constexpr int MAX_THREADS = 64 ;

struct transfer_knobs
{
    bool staged ;
    int threads ;               // host threads for one chunk, the caller included
    int64_t slot_bytes ;
} ;

// The knobs (knobs.cu), read at the first transfer and kept: the pool's
// threads and the staging areas are made to their measure.
inline const transfer_knobs &config ()
{
    static const transfer_knobs s = []
    {
        gbgpu_cuda_knobs k = gbgpu::knobs () ;
        transfer_knobs c ;
        c.staged = k.staged_transfers ;
        c.threads = std::min (std::max (k.transfer_threads, 1), MAX_THREADS) ;
        int64_t slot = std::min (std::max (k.staging_slot_bytes, MIN_SLOT_BYTES), MAX_SLOT_BYTES) ;
        c.slot_bytes = slot - slot % MIN_SLOT_BYTES ;
        return c ;
    } () ;
    return s ;
}

}   // namespace gbgpu

#endif
