// plugin/cuda/memory/staging.cu: the pinned staging areas, allocated on
// first use and kept until gbgpu_cuda_trim_pool gives the idle ones back.
// SPDX-License-Identifier: Apache-2.0

#include "staging.cuh"
#include "transfer.cuh"

namespace gbgpu {

staging_pool &staging ()
{
    static staging_pool *pool = new staging_pool ;     // never destroyed, as host_pool
    return *pool ;
}

// An idle area, a new one, or (all MAX_AREAS busy) the first one freed;
// nullptr when pinned memory cannot be had.
staging_area *acquire_area ()
{
    staging_pool &sp = staging () ;
    std::unique_lock <std::mutex> lock (sp.mutex) ;
    for (;;)
    {
        for (staging_area &a : sp.areas)
        {
            if (a.state != area_state::idle) continue ;
            a.state = area_state::busy ;
            return &a ;
        }
        for (staging_area &a : sp.areas)
        {
            if (a.state != area_state::absent) continue ;
            a.state = area_state::creating ;
            lock.unlock () ;
            void *p = nullptr ;
            cudaError_t e = cudaHostAlloc (&p, size_t (N_SLOTS) * config ().slot_bytes,
                cudaHostAllocPortable) ;
            if (e != cudaSuccess)
            {
                (void) cudaGetLastError () ;    // not an error of the transfer
                p = nullptr ;
            }
            lock.lock () ;
            if (p == nullptr)
            {
                a.state = area_state::absent ;
                sp.freed.notify_all () ;
                return nullptr ;
            }
            a.base = static_cast <unsigned char *> (p) ;
            a.state = area_state::busy ;
            return &a ;
        }
        sp.freed.wait (lock) ;
    }
}

void release_area (staging_area *a)
{
    staging_pool &sp = staging () ;
    std::lock_guard <std::mutex> lock (sp.mutex) ;
    a->state = area_state::idle ;
    sp.freed.notify_all () ;
}

void release_idle_staging ()
{
    staging_pool &sp = staging () ;
    std::lock_guard <std::mutex> lock (sp.mutex) ;
    for (staging_area &a : sp.areas)
    {
        if (a.state != area_state::idle) continue ;
        (void) cudaFreeHost (a.base) ;
        a.base = nullptr ;
        a.state = area_state::absent ;
    }
    (void) cudaGetLastError () ;
}

}   // namespace gbgpu
