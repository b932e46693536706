// plugin/cuda/memory/counts_mailbox.cuh: a phase's bin counts handed to the host through
// pinned memory the analysis kernel writes, without a copy or a stream wait.
// SPDX-License-Identifier: Apache-2.0
//
// A small product's host waits twice for its bins' counts (spgemm.cu), and
// each wait held up the GPU for a round trip: a copy into pageable memory
// and a stream synchronization (a 64-byte one took 15 us against 10 for a
// launch and a wait alone, H100 host probe, docs/performance.md).  Here the
// analysis's last block writes the counts into the calling thread's
// mailbox, pinned and mapped, and then a sequence number; the host spins on
// that number.  Numbers come from one counter of the process, so a late
// post of a launch its thread gave up on can never be taken for another
// wait's.
#ifndef GBGPU_COUNTS_MAILBOX_CUH
#define GBGPU_COUNTS_MAILBOX_CUH
#include <cuda_runtime.h>
#include "kernels/rows.cuh"

namespace gbgpu {

struct counts_mailbox
{
    bin_counts counts ;
    unsigned long long sequence ;   // the wait's number, written after the counts
} ;

// The calling thread's mailbox and the number its next wait is to see, or
// NULL where none can be had (no unified addressing, no pinned memory): the
// counts then come back by a copy.
counts_mailbox *thread_mailbox (unsigned long long *next_sequence) ;

// Until `sequence` is in the mailbox (*posted true), or the thread's stream
// has ended without it: its error, or cudaSuccess with *posted false (the
// counts are then complete on the device, for a copy).
cudaError_t wait_for_mailbox (const counts_mailbox *box, unsigned long long sequence,
    bool *posted) ;

// The last block of the launch to get here copies *counts into box, sets
// *finished_blocks back to 0 and then writes `sequence`.  Every thread of
// every block calls this, after its own last write to *counts;
// finished_blocks is 0 before the launch.
__device__ __forceinline__ void post_counts (const bin_counts *counts,
    unsigned *finished_blocks, counts_mailbox *box, unsigned long long sequence)
{
    __shared__ bool last ;
    __threadfence () ;                  // this thread's counts before the block's ticket
    __syncthreads () ;
    if (threadIdx.x == 0) last = (atomicAdd (finished_blocks, 1u) == gridDim.x - 1) ;
    __syncthreads () ;
    if (!last) return ;
    __threadfence () ;
    constexpr int words = sizeof (bin_counts) / sizeof (unsigned long long) ;
    const volatile unsigned long long *from = reinterpret_cast <const volatile unsigned long long *> (counts) ;
    volatile unsigned long long *to = reinterpret_cast <volatile unsigned long long *> (&box->counts) ;
    for (int k = threadIdx.x ; k < words ; k += blockDim.x) to [k] = from [k] ;
    __threadfence_system () ;
    __syncthreads () ;
    if (threadIdx.x == 0)
    {
        *finished_blocks = 0 ;
        __threadfence_system () ;
        *reinterpret_cast <volatile unsigned long long *> (&box->sequence) = sequence ;
    }
}

}   // namespace gbgpu

#endif
