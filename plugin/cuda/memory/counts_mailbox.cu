// plugin/cuda/memory/counts_mailbox.cu: each host thread's pinned mailbox for bin counts (counts_mailbox.cuh).
// SPDX-License-Identifier: Apache-2.0
//
// A mailbox is pinned and mapped (portable: one serves every device, whose
// kernels write it through the same unified address), taken on a thread's
// first product and given back to a pool when the thread ends, never freed:
// at the process's end the runtime may be gone before a thread's
// destructors run (streams.cu).

#include <atomic>
#include <mutex>
#include <new>
#include <vector>
#include "counts_mailbox.cuh"
#include "streams.cuh"

namespace gbgpu {

namespace {

std::mutex pool_lock ;
std::vector <counts_mailbox *> *pool = nullptr ;

counts_mailbox *take_mailbox ()
{
    {
        std::lock_guard <std::mutex> hold (pool_lock) ;
        if (pool != nullptr && !pool->empty ())
        {
            counts_mailbox *box = pool->back () ;
            pool->pop_back () ;
            return box ;
        }
    }
    int device = 0, unified = 0 ;
    if (cudaGetDevice (&device) != cudaSuccess
     || cudaDeviceGetAttribute (&unified, cudaDevAttrUnifiedAddressing, device) != cudaSuccess
     || !unified)
    {
        (void) cudaGetLastError () ;
        return nullptr ;
    }
    void *p = nullptr ;
    if (cudaHostAlloc (&p, sizeof (counts_mailbox), cudaHostAllocMapped | cudaHostAllocPortable)
        != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        return nullptr ;
    }
    return new (p) counts_mailbox { } ;
}

// The process's wait numbers: every one is new to every mailbox.
std::atomic <unsigned long long> last_sequence { 0 } ;

struct thread_mailbox_holder
{
    counts_mailbox *box = nullptr ;
    bool failed = false ;
    ~thread_mailbox_holder ()
    {
        if (box == nullptr) return ;
        std::lock_guard <std::mutex> hold (pool_lock) ;
        if (pool == nullptr) pool = new (std::nothrow) std::vector <counts_mailbox *> ;
        if (pool == nullptr) return ;
        try { pool->push_back (box) ; } catch (...) { }
    }
} ;

thread_local thread_mailbox_holder mine ;

}   // namespace

counts_mailbox *thread_mailbox (unsigned long long *next_sequence)
{
    if (mine.box == nullptr && !mine.failed)
    {
        mine.box = take_mailbox () ;
        mine.failed = (mine.box == nullptr) ;
    }
    if (mine.box != nullptr) *next_sequence = ++last_sequence ;
    return mine.box ;
}

static inline void relax ()
{
#if defined (__x86_64__) || defined (__i386__)
    __builtin_ia32_pause () ;
#endif
}

cudaError_t wait_for_mailbox (const counts_mailbox *box, unsigned long long sequence,
    bool *posted)
{
    const unsigned long long *number = &box->sequence ;
    // a query of the stream now and then (some microseconds apart): a
    // launch that failed posts nothing
    for (unsigned spins = 1 ; ; spins++)
    {
        *posted = (__atomic_load_n (number, __ATOMIC_ACQUIRE) == sequence) ;
        if (*posted) return cudaSuccess ;
        relax () ;
        if (spins % 256 != 0) continue ;
        const cudaError_t e = cudaStreamQuery (stream ()) ;
        if (e == cudaErrorNotReady) continue ;
        if (e != cudaSuccess) return e ;
        *posted = (__atomic_load_n (number, __ATOMIC_ACQUIRE) == sequence) ;
        return cudaSuccess ;
    }
}

}   // namespace gbgpu
