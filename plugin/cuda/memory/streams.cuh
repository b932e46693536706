// plugin/cuda/memory/streams.cuh: the stream a thread's device work goes on, and side streams
// for launches that do not depend on each other (the bins of one phase).
// SPDX-License-Identifier: Apache-2.0
//
// A phase launches one kernel per bin of rows, and the bins write disjoint
// rows of T.  On one stream each launch waits for the one before, so a bin of
// a few long rows (a handful of blocks) holds up every bin after it while
// most of the device idles: on power-law inputs most of a phase was such
// bins (bench --breakdown, v0.7).  concurrent_launches runs each launch on a
// side stream of the calling thread, after everything already queued on its
// stream, and join makes that stream wait for all of them.  While a launch
// runs on a side stream, stream () is that stream, so the launch's own
// workspace is allocated and freed in order with its kernel.

#ifndef GBGPU_STREAMS_CUH
#define GBGPU_STREAMS_CUH

#include <cuda_runtime.h>

namespace gbgpu {

// The calling thread's stream: its per-thread default stream, or within
// concurrent_launches::run the side stream of that launch.
cudaStream_t stream () ;

struct side_streams ;   // a thread's set (streams.cu)

class concurrent_launches
{
public:
    // From here on, launches may run beside each other (a fork of stream ());
    // with `beside` false they run one after another on the thread's stream.
    explicit concurrent_launches (bool beside = true) ;
    concurrent_launches (const concurrent_launches &) = delete ;
    concurrent_launches &operator= (const concurrent_launches &) = delete ;
    // Joins if join was not reached (an error on the way out).
    ~concurrent_launches () ;

    // Calls launch () with stream () set to the next side stream; where the
    // thread has no side streams, on its own stream.
    template <class LAUNCH> cudaError_t run (LAUNCH &&launch)
    {
        cudaStream_t side = nullptr ;
        cudaError_t e = next_side_stream (&side) ;
        if (e != cudaSuccess) return e ;
        if (side == nullptr) return launch () ;
        const cudaStream_t previous = enter (side) ;
        e = launch () ;
        enter (previous) ;
        return e ;
    }

    // The forking stream waits for every launch made through run.
    cudaError_t join () ;

private:
    cudaError_t next_side_stream (cudaStream_t *side) ;
    static cudaStream_t enter (cudaStream_t s) ;     // returns the one it replaces
    cudaStream_t origin_ = nullptr ;
    bool beside_ = true ;
    side_streams *set_ = nullptr ;      // the thread's, once forked
    bool forked_ = false ;              // the fork point is recorded
    bool joined_ = false ;
    int launches_ = 0 ;
} ;

}   // namespace gbgpu

#endif
