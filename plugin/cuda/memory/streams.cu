// plugin/cuda/memory/streams.cu: the thread's current stream and its side streams (streams.cuh).
// SPDX-License-Identifier: Apache-2.0
//
// Each host thread that runs products gets SIDE_STREAMS non-blocking streams
// and their events on first use, for the device that is current then; on
// another device, or when they cannot be made, its launches stay on its own
// stream, as before.  They live as long as the thread.

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

namespace {

struct side_streams
{
    int device = -1 ;           // -1: not made (yet, or it failed)
    bool failed = false ;
    cudaStream_t streams [SIDE_STREAMS] = { } ;
    cudaEvent_t fork = nullptr ;
    cudaEvent_t done [SIDE_STREAMS] = { } ;

    ~side_streams () { release () ; }

    void release ()
    {
        // at the thread's (or process's) end: errors have no one to go to
        for (int k = 0 ; k < SIDE_STREAMS ; k++)
        {
            if (streams [k] != nullptr) (void) cudaStreamDestroy (streams [k]) ;
            if (done [k] != nullptr) (void) cudaEventDestroy (done [k]) ;
        }
        if (fork != nullptr) (void) cudaEventDestroy (fork) ;
        *this = side_streams { } ;
        (void) cudaGetLastError () ;
    }

    // Ready for the current device?  Made once a thread; never retried after
    // a failure (the thread then keeps to its own stream).
    bool ready ()
    {
        int now = -1 ;
        if (cudaGetDevice (&now) != cudaSuccess) { (void) cudaGetLastError () ; return false ; }
        if (device == now) return true ;
        if (failed || device != -1) return false ;
        bool ok = cudaEventCreateWithFlags (&fork, cudaEventDisableTiming) == cudaSuccess ;
        for (int k = 0 ; ok && k < SIDE_STREAMS ; k++)
        {
            ok = cudaStreamCreateWithFlags (&streams [k], cudaStreamNonBlocking) == cudaSuccess
              && cudaEventCreateWithFlags (&done [k], cudaEventDisableTiming) == cudaSuccess ;
        }
        if (!ok) { release () ; failed = true ; return false ; }
        device = now ;
        return true ;
    }
} ;

thread_local side_streams sides ;

}   // namespace

concurrent_launches::concurrent_launches () : origin_ (current) { }

concurrent_launches::~concurrent_launches ()
{
    if (!joined_) (void) join () ;
}

cudaError_t concurrent_launches::next_side_stream (cudaStream_t *side)
{
    *side = nullptr ;
    if (!forked_)
    {
        if (!sides.ready ()) return cudaSuccess ;
        cudaError_t e = cudaEventRecord (sides.fork, origin_) ;
        if (e != cudaSuccess) return e ;
        forked_ = true ;
    }
    const int k = launches_ % SIDE_STREAMS ;
    if (launches_ < SIDE_STREAMS)
    {
        cudaError_t e = cudaStreamWaitEvent (sides.streams [k], sides.fork, 0) ;
        if (e != cudaSuccess) return e ;
    }
    launches_++ ;
    *side = sides.streams [k] ;
    return cudaSuccess ;
}

cudaError_t concurrent_launches::join ()
{
    joined_ = true ;
    cudaError_t first = cudaSuccess ;
    const int used = launches_ < SIDE_STREAMS ? launches_ : SIDE_STREAMS ;
    for (int k = 0 ; k < used ; k++)
    {
        cudaError_t e = cudaEventRecord (sides.done [k], sides.streams [k]) ;
        if (e == cudaSuccess) e = cudaStreamWaitEvent (origin_, sides.done [k], 0) ;
        if (e != cudaSuccess && first == cudaSuccess) first = e ;
    }
    return first ;
}

}   // namespace gbgpu
