// plugin/cuda/memory/transfer_settings.cuh: the measures of the host <->
// device copies (transfer.cu), the staging areas (staging.cu) and the host
// threads that fill and drain them (host_threads.cuh).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_TRANSFER_SETTINGS_CUH
#define GBGPU_TRANSFER_SETTINGS_CUH

#include <algorithm>
#include <cstdint>
#include "settings.cuh"

namespace gbgpu {

constexpr int N_SLOTS = 3 ;                                 // slots of an area
constexpr int MAX_AREAS = 2 ;                               // areas at most
constexpr int64_t MIN_SLOT_BYTES = 4096 ;
constexpr int64_t MAX_SLOT_BYTES = int64_t (1) << 30 ;
constexpr int64_t PART_BYTES = int64_t (1) << 20 ;          // least bus bytes of a host part
constexpr int64_t PART_ALIGN = 16 ;                         // elements
constexpr int MAX_THREADS = 64 ;

struct transfer_settings
{
    bool staged ;
    int threads ;               // host threads for one chunk, the caller included
    int64_t slot_bytes ;
} ;

// The knobs (settings.cu), read at the first transfer and kept: the pool's
// threads and the staging areas are made to their measure.
inline const transfer_settings &config ()
{
    static const transfer_settings s = []
    {
        gbgpu_cuda_settings knobs = gbgpu::settings () ;
        transfer_settings c ;
        c.staged = knobs.staged_transfers ;
        c.threads = std::min (std::max (knobs.transfer_threads, 1), MAX_THREADS) ;
        int64_t slot = std::min (std::max (knobs.staging_slot_bytes, MIN_SLOT_BYTES), MAX_SLOT_BYTES) ;
        c.slot_bytes = slot - slot % MIN_SLOT_BYTES ;
        return c ;
    } () ;
    return s ;
}

}   // namespace gbgpu

#endif
