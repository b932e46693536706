// plugin/cuda/memory/staging.cuh: pinned staging areas, shared by all
// threads, one transfer each (staging.cu), and a transfer's hold on one.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_STAGING_CUH
#define GBGPU_STAGING_CUH

#include <condition_variable>
#include <mutex>
#include "memory/device_memory.cuh"
#include "memory/transfer_knobs.cuh"
#include "memory/tuning.cuh"

namespace gbgpu {

enum class area_state { absent, creating, idle, busy } ;

struct staging_area
{
    area_state state = area_state::absent ;
    unsigned char *base = nullptr ;     // N_SLOTS slots of config ().slot_bytes
} ;

struct staging_pool
{
    std::mutex mutex ;
    std::condition_variable freed ;
    staging_area areas [MAX_AREAS] ;
} ;

staging_pool &staging () ;
// An idle area, a new one, or (all MAX_AREAS busy) the first one freed;
// nullptr when pinned memory cannot be had.
staging_area *acquire_area () ;
void release_area (staging_area *a) ;

// One transfer's hold on an area.  While `in_flight`, DMAs may still read or
// write its slots: the stream is drained before the area goes back.
class area_lease
{
public:
    area_lease () : area_ (acquire_area ()) { }
    area_lease (const area_lease &) = delete ;
    area_lease &operator= (const area_lease &) = delete ;
    ~area_lease ()
    {
        if (area_ == nullptr) return ;
        if (in_flight) (void) cudaStreamSynchronize (stream ()) ;
        release_area (area_) ;
    }
    explicit operator bool () const { return area_ != nullptr ; }
    unsigned char *slot (int s) const { return area_->base + s * config ().slot_bytes ; }
    bool in_flight = false ;
private:
    staging_area *area_ ;
} ;

// One event per slot: the DMA of the chunk in it is done.
struct slot_events
{
    cudaEvent_t e [N_SLOTS] = { } ;
    cudaError_t create ()
    {
        for (cudaEvent_t &x : e) GBGPU_TRY (cudaEventCreateWithFlags (&x, cudaEventDisableTiming)) ;
        return cudaSuccess ;
    }
    ~slot_events ()
    {
        for (cudaEvent_t x : e) if (x != nullptr) (void) cudaEventDestroy (x) ;
    }
} ;

}   // namespace gbgpu

#endif
