// plugin/cuda/memory/host_threads.cuh: a small process-wide pool of host
// threads that run the parts of one chunk's host copy (transfer.cu).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_HOST_THREADS_CUH
#define GBGPU_HOST_THREADS_CUH

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include "memory/transfer_knobs.cuh"
#include "memory/tuning.cuh"

namespace gbgpu {

// A job is n parts; the caller takes part in its own job and returns when all
// its parts are done.  Jobs of concurrent callers queue in order.  Workers spin
// a little before sleeping (WORKER_SPIN_MICROSECONDS), as the next chunk
// usually comes within a millisecond.  The pool is never destroyed (its
// threads may outlive static destruction at exit), and it holds no memory but
// itself.
class host_pool
{
public:
    static host_pool &get ()
    {
        static host_pool *pool = new host_pool (config ().threads - 1) ;
        return *pool ;
    }

    void run (int n, void (*fn) (void *, int), void *context)
    {
        if (n <= 0) return ;
        if (n == 1 || workers_ == 0)
        {
            for (int i = 0 ; i < n ; i++) fn (context, i) ;
            return ;
        }
        job j ;
        j.fn = fn ;
        j.context = context ;
        j.n = n ;
        {
            std::lock_guard <std::mutex> lock (mutex_) ;
            if (tail_ == nullptr) head_ = &j ; else tail_->link = &j ;
            tail_ = &j ;
            queued_.fetch_add (1, std::memory_order_relaxed) ;
        }
        for (int k = 0 ; k < std::min (n - 1, workers_) ; k++) wake_.notify_one () ;
        // take part: only in this job (a later one may belong to another caller)
        for (;;)
        {
            int i ;
            {
                std::lock_guard <std::mutex> lock (mutex_) ;
                if (j.next >= n) break ;
                i = j.next++ ;
                if (j.next == n) unlink (&j) ;
            }
            fn (context, i) ;
            std::lock_guard <std::mutex> lock (mutex_) ;
            j.done++ ;
        }
        std::unique_lock <std::mutex> lock (mutex_) ;
        finished_.wait (lock, [&j] { return j.done == j.n ; }) ;
    }

private:
    struct job
    {
        void (*fn) (void *, int) = nullptr ;
        void *context = nullptr ;
        int n = 0, next = 0, done = 0 ;
        job *link = nullptr ;
    } ;

    explicit host_pool (int workers)
    {
        for (int k = 0 ; k < workers ; k++)
        {
            try
            {
                std::thread (&host_pool::work, this).detach () ;
                workers_++ ;
            }
            catch (...)
            {
                break ;     // fewer threads: the callers do the rest
            }
        }
    }

    // With mutex_ held: takes j out of the queue (all its parts are taken).
    void unlink (job *j)
    {
        job *prev = nullptr ;
        for (job *q = head_ ; q != nullptr ; prev = q, q = q->link)
        {
            if (q != j) continue ;
            if (prev == nullptr) head_ = q->link ; else prev->link = q->link ;
            if (tail_ == q) tail_ = prev ;
            queued_.fetch_sub (1, std::memory_order_relaxed) ;
            return ;
        }
    }

    void work ()
    {
        const auto spin = std::chrono::microseconds (WORKER_SPIN_MICROSECONDS) ;
        std::unique_lock <std::mutex> lock (mutex_) ;
        for (;;)
        {
            if (head_ == nullptr)
            {
                lock.unlock () ;
                auto until = std::chrono::steady_clock::now () + spin ;
                while (queued_.load (std::memory_order_relaxed) == 0
                    && std::chrono::steady_clock::now () < until)
                    std::this_thread::yield () ;
                lock.lock () ;
                wake_.wait (lock, [this] { return head_ != nullptr ; }) ;
            }
            job *j = head_ ;
            int i = j->next++ ;
            if (j->next == j->n) unlink (j) ;
            lock.unlock () ;
            j->fn (j->context, i) ;
            lock.lock () ;
            // under the lock: its owner cannot return (and drop j) before this
            if (++j->done == j->n) finished_.notify_all () ;
        }
    }

    std::mutex mutex_ ;
    std::condition_variable wake_, finished_ ;
    job *head_ = nullptr, *tail_ = nullptr ;
    std::atomic <int> queued_ { 0 } ;
    int workers_ = 0 ;
} ;

// Splits [0,n) (elements of `wire` bytes on the bus) in parts of at least
// about PART_BYTES (tuning.cuh) and runs f (begin, end) on each, on the pool.
template <class F>
void for_parts (int64_t n, int wire, F &&f)
{
    const transfer_knobs &c = config () ;
    int64_t part = std::max <int64_t> (std::min <int64_t> (PART_BYTES,
        c.slot_bytes / c.threads), MIN_PART_BYTES) ;
    int parts = (int) std::min <int64_t> (c.threads, std::max <int64_t> (1, n * wire / part)) ;
    if (parts <= 1)
    {
        f (int64_t (0), n) ;
        return ;
    }
    auto bound = [n, parts] (int i) -> int64_t
    {
        if (i >= parts) return n ;
        int64_t b = n * i / parts ;
        return b - b % PART_ALIGN ;
    } ;
    auto body = [&] (int i)
    {
        int64_t b = bound (i), e = bound (i + 1) ;
        if (b < e) f (b, e) ;
    } ;
    host_pool::get ().run (parts,
        [] (void *context, int i) { (*static_cast <decltype (body) *> (context)) (i) ; },
        &body) ;
}

}   // namespace gbgpu

#endif
