// plugin/cuda/memory/streams.cu: the thread's current stream and its side streams (streams.cuh).
// SPDX-License-Identifier: Apache-2.0
//
// Each host thread that runs products takes a set of SIDE_STREAMS (tuning.cuh)
// non-blocking streams and their events on first use, for the device that
// is current then; on another device, or when none can be made, its
// launches stay on its own stream, as before.  A thread that ends gives its
// set back to a pool for the next thread, with no CUDA call: at the
// process's end the runtime may be gone before a thread's destructors run
// (destroying the streams there crashed every GPU test's exit, v0.7), and
// the driver frees what the process held.

#include <mutex>
#include <new>
#include <vector>
#include "memory/tuning.cuh"
#include "streams.cuh"

namespace gbgpu {

static thread_local cudaStream_t current = cudaStreamPerThread ;

cudaStream_t stream () { return current ; }

cudaStream_t concurrent_launches::enter (cudaStream_t s)
{
    const cudaStream_t previous = current ;
    current = s ;
    return previous ;
}

struct side_streams
{
    int device ;
    cudaStream_t streams [SIDE_STREAMS] ;
    cudaEvent_t fork ;
    cudaEvent_t done [SIDE_STREAMS] ;
} ;

namespace {

// Sets that ended threads gave back; never freed (see above).
std::mutex pool_lock ;
std::vector <side_streams *> *pool = nullptr ;

// A set for `device`: from the pool, else new; NULL when none can be made.
side_streams *take_set (int device)
{
    {
        std::lock_guard <std::mutex> hold (pool_lock) ;
        if (pool != nullptr)
        {
            for (size_t k = 0 ; k < pool->size () ; k++)
            {
                side_streams *set = (*pool) [k] ;
                if (set->device != device) continue ;
                (*pool) [k] = pool->back () ;
                pool->pop_back () ;
                return set ;
            }
        }
    }
    side_streams *set = new (std::nothrow) side_streams { } ;
    if (set == nullptr) return nullptr ;
    set->device = device ;
    bool ok = cudaEventCreateWithFlags (&set->fork, cudaEventDisableTiming) == cudaSuccess ;
    for (int k = 0 ; ok && k < SIDE_STREAMS ; k++)
    {
        ok = cudaStreamCreateWithFlags (&set->streams [k], cudaStreamNonBlocking) == cudaSuccess
          && cudaEventCreateWithFlags (&set->done [k], cudaEventDisableTiming) == cudaSuccess ;
    }
    if (ok) return set ;
    for (int k = 0 ; k < SIDE_STREAMS ; k++)
    {
        if (set->streams [k] != nullptr) (void) cudaStreamDestroy (set->streams [k]) ;
        if (set->done [k] != nullptr) (void) cudaEventDestroy (set->done [k]) ;
    }
    if (set->fork != nullptr) (void) cudaEventDestroy (set->fork) ;
    (void) cudaGetLastError () ;
    delete set ;
    return nullptr ;
}

// The calling thread's set, given back to the pool when the thread ends.
struct thread_set
{
    side_streams *set = nullptr ;
    bool failed = false ;       // none could be made: not tried again
    ~thread_set ()
    {
        if (set == nullptr) return ;
        std::lock_guard <std::mutex> hold (pool_lock) ;
        if (pool == nullptr) pool = new (std::nothrow) std::vector <side_streams *> ;
        if (pool == nullptr) return ;
        try { pool->push_back (set) ; } catch (...) { }
    }
    // The set for the current device, or NULL (the thread's own stream then).
    side_streams *ready ()
    {
        int device = -1 ;
        if (cudaGetDevice (&device) != cudaSuccess) { (void) cudaGetLastError () ; return nullptr ; }
        if (set != nullptr) return (set->device == device) ? set : nullptr ;
        if (failed) return nullptr ;
        set = take_set (device) ;
        failed = (set == nullptr) ;
        return set ;
    }
} ;

thread_local thread_set sides ;

}   // namespace

concurrent_launches::concurrent_launches (bool beside) : origin_ (current), beside_ (beside) { }

concurrent_launches::~concurrent_launches ()
{
    if (!joined_) (void) join () ;
}

cudaError_t concurrent_launches::next_side_stream (cudaStream_t *side)
{
    *side = nullptr ;
    if (!beside_) return cudaSuccess ;
    if (!forked_)
    {
        set_ = sides.ready () ;
        if (set_ == nullptr) return cudaSuccess ;
        cudaError_t e = cudaEventRecord (set_->fork, origin_) ;
        if (e != cudaSuccess) return e ;
        forked_ = true ;
    }
    const int k = launches_ % SIDE_STREAMS ;
    if (launches_ < SIDE_STREAMS)
    {
        cudaError_t e = cudaStreamWaitEvent (set_->streams [k], set_->fork, 0) ;
        if (e != cudaSuccess) return e ;
    }
    launches_++ ;
    *side = set_->streams [k] ;
    return cudaSuccess ;
}

cudaError_t concurrent_launches::join ()
{
    joined_ = true ;
    cudaError_t first = cudaSuccess ;
    const int used = launches_ < SIDE_STREAMS ? launches_ : SIDE_STREAMS ;
    for (int k = 0 ; k < used ; k++)
    {
        cudaError_t e = cudaEventRecord (set_->done [k], set_->streams [k]) ;
        if (e == cudaSuccess) e = cudaStreamWaitEvent (origin_, set_->done [k], 0) ;
        if (e != cudaSuccess && first == cudaSuccess) first = e ;
    }
    return first ;
}

}   // namespace gbgpu
