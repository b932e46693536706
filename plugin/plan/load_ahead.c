// plugin/plan/load_ahead.c: compiled-in semirings' kernels loaded on the device before
// the first product that needs them: at the device's start, and by a
// thread of gbgpu's between products.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA loads a module (one semiring type's unit: about 13 MB of sm_90 code
// once decompressed) at the first launch of any of its kernels: 10-35 ms
// on an H200 host, in whichever product first runs one of its
// semirings (PLUS_PAIR_INT64's first product of CA-HepTh took 29.7 ms, its
// tenth 0.97 ms), and policy auto charges that first use to the GPU's
// prediction (kernel_sets.c), which keeps such calls on the CPU.  So:
//   - gbgpu_start_device loads the semirings graph programs use most
//     (likely_semirings below: the examples', the bench's, shortest paths')
//     before it returns (gbgpu_load_likely_kernels: the loads took 46-69
//     ms);
//   - a compiled-in semiring whose call policy auto kept on the CPU while
//     its kernels were not loaded is loaded by a thread of gbgpu's
//     (gbgpu_load_ahead_request): the program is not using the device for
//     it, and its next calls are no longer charged.
// Both load on gbgpu's device and the others of GBGPU_DEVICES, and mark
// every path of the semiring's kernel sets loaded for the cost model.
//
// The likely set is not loaded in the background: a module load holds the
// device's context for its whole 10-35 ms, and a product that starts
// meanwhile waits for it.  Loaded behind gbgpu_start_device, it made a
// multi-source BFS on CA-HepTh that starts right after spend 0.082 s in
// GrB_mxm instead of 0.036 (level 2: 10.0 ms, not 0.7).  The thread, for the
// same reason, never starts a load while a product runs on the device
// (gbgpu_load_ahead_hold / _release around the GPU part of a call); one
// that starts right after the thread began a load waits for that load.
// The thread stops, joined, at gbgpu_finalize and at exit, and starts no
// more once the process exits: an atexit handler registered when it first
// starts, after CUDA counted the devices, which is when CUDA's runtime
// registers its own (seen with glibc and CUDA 13, shared and static
// runtime; not a documented order), so it runs before the runtime's
// teardown.  Its lock is held across fork.  A child of a process that used
// CUDA never reaches the device path: it requests nothing, and has no
// thread to join or wait for, whatever its parent's state.

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "plan/plan.h"
#include "core/fork.h"

#define LIST_CAPACITY 128

static const gbgpu_semiring likely_semirings [ ] =
{
    { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 },  // numeric A*B, MCL
    { GBGPU_ADD_PLUS, GBGPU_MULT_PAIR, GBGPU_TYPE_INT64 },  // triangle counting
    { GBGPU_ADD_ANY, GBGPU_MULT_PAIR, GBGPU_TYPE_BOOL },    // BFS
    { GBGPU_ADD_ANY, GBGPU_MULT_SECONDI, GBGPU_TYPE_INT64 },// BFS with parents
    { GBGPU_ADD_MIN, GBGPU_MULT_PLUS, GBGPU_TYPE_FP64 },    // shortest paths
    { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP32 },
    { GBGPU_ADD_LOR, GBGPU_MULT_LAND, GBGPU_TYPE_BOOL },
} ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
__attribute__ ((constructor)) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}
// Waited on by the thread (work, products, a stop) and by a second stop:
// every change is broadcast.
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER ;

// Under the lock: every semiring loaded, being loaded or waiting for the
// thread, in order; one is listed once.  A failed load takes its semiring
// and those waiting off the list, so a later start or request may try again.
typedef struct
{
    gbgpu_semiring semiring ;
    bool waiting ;
}
entry ;
static entry listed [LIST_CAPACITY] ;
static int count = 0, waiting = 0 ;
static int products_running = 0 ;
// running: from the thread's start until its stop has joined it; shut_down:
// the process is exiting, no thread starts again
static bool running = false, stopping = false, loading = false, shut_down = false ;
static bool exit_handler_set = false ;
static pthread_t thread ;

static bool same (gbgpu_semiring a, gbgpu_semiring b)
{
    return a.add == b.add && a.mult == b.mult && a.type == b.type ;
}

// Under the lock: s listed (true), unless it was already or the list is full.
static bool list (gbgpu_semiring s, bool wait)
{
    for (int k = 0 ; k < count ; k++)
    {
        if (same (listed [k].semiring, s)) return false ;
    }
    if (count == LIST_CAPACITY) return false ;
    listed [count++] = (entry) { s, wait } ;
    waiting += wait ;
    return true ;
}

// Under the lock: s and every waiting semiring off the list.
static void unlist_after_failure (gbgpu_semiring s)
{
    int kept = 0 ;
    for (int k = 0 ; k < count ; k++)
    {
        if (!listed [k].waiting && !same (listed [k].semiring, s)) listed [kept++] = listed [k] ;
    }
    count = kept ;
    waiting = 0 ;
}

// Under the lock: the first waiting semiring, no longer waiting.
static gbgpu_semiring take_waiting (void)
{
    int k = 0 ;
    while (!listed [k].waiting) k++ ;
    listed [k].waiting = false ;
    waiting-- ;
    return listed [k].semiring ;
}

// s's kernels on gbgpu's device and the others a split product uses,
// counted and marked loaded.  A fault (the context lost, whoever caused it)
// takes the device from every later call, as a product's would.
static gbgpu_cuda_status load (gbgpu_semiring s)
{
    const double start = gbgpu_seconds_now () ;
    int devices [GBGPU_MAX_SPLIT] ;
    const int n = gbgpu_split_devices (devices, gbgpu_current_device ()) ;
    gbgpu_cuda_status status = GBGPU_CUDA_OK ;
    bool compiled = false ;
    for (int d = 0 ; d < n && status == GBGPU_CUDA_OK ; d++)
    {
        int previous ;
        status = gbgpu_cuda_enter_device (devices [d], &previous) ;
        if (status == GBGPU_CUDA_OK) status = gbgpu_cuda_load_kernels (s, &compiled) ;
        gbgpu_cuda_restore_device (previous) ;
    }
    const double seconds = gbgpu_seconds_now () - start ;
    if (status == GBGPU_CUDA_OK && compiled)
    {
        gbgpu_kernel_sets_mark_compiled_loaded (s) ;
        gbgpu_count_load_ahead (seconds) ;
    }
    if (status == GBGPU_CUDA_FAULT) gbgpu_mark_device_broken () ;
    if (gbgpu_model_trace_enabled ())
        fprintf (stderr, "gbgpu load ahead: semiring (%d, %d, %d) %s in %.3g ms\n",
            (int) s.add, (int) s.mult, (int) s.type,
            status != GBGPU_CUDA_OK ? "failed" : compiled ? "loaded" : "not compiled in",
            1e3 * seconds) ;
    if (status != GBGPU_CUDA_OK)
    {
        pthread_mutex_lock (&lock) ;
        unlist_after_failure (s) ;
        pthread_mutex_unlock (&lock) ;
    }
    return status ;
}

// The thread's failures (no memory for the code) count as no call's: the
// semirings are left to their first products.
static void *load_requested (void *unused)
{
    (void) unused ;
    pthread_mutex_lock (&lock) ;
    for (;;)
    {
        while (!stopping && (waiting == 0 || products_running > 0))
            pthread_cond_wait (&changed, &lock) ;
        if (stopping) break ;
        const gbgpu_semiring s = take_waiting () ;
        loading = true ;
        pthread_mutex_unlock (&lock) ;
        if (gbgpu_device_ready ()) (void) load (s) ;
        pthread_mutex_lock (&lock) ;
        loading = false ;
    }
    pthread_mutex_unlock (&lock) ;
    return NULL ;
}

static void stop_at_exit (void)
{
    pthread_mutex_lock (&lock) ;
    shut_down = true ;
    pthread_mutex_unlock (&lock) ;
    gbgpu_load_ahead_stop () ;
}

// Under the lock: the thread running, once CUDA is in use in this process
// (not while a stop joins it, nor once the process exits).
static void ensure_running (void)
{
    if (running || shut_down || !gbgpu_cuda_used () || gbgpu_cuda_lost_in_fork ()) return ;
    if (!exit_handler_set) exit_handler_set = (atexit (stop_at_exit) == 0) ;
    if (!exit_handler_set) return ;
    running = (pthread_create (&thread, NULL, load_requested, NULL) == 0) ;
}

static bool enabled (void)
{
    return gbgpu_load_ahead_enabled () && gbgpu_current_policy () != GBGPU_POLICY_CPU ;
}

gbgpu_cuda_status gbgpu_load_likely_kernels (void)
{
    if (!enabled ()) return GBGPU_CUDA_OK ;
    for (size_t k = 0 ; k < sizeof (likely_semirings) / sizeof (likely_semirings [0]) ; k++)
    {
        pthread_mutex_lock (&lock) ;
        // listed once: not again by a later start, nor by a request
        const bool mine = list (likely_semirings [k], false) ;
        pthread_mutex_unlock (&lock) ;
        if (!mine) continue ;
        const gbgpu_cuda_status status = load (likely_semirings [k]) ;
        if (status != GBGPU_CUDA_OK) return status ;
    }
    return GBGPU_CUDA_OK ;
}

void gbgpu_load_ahead_request (gbgpu_semiring s)
{
    if (!enabled () || !gbgpu_cuda_semiring_supported (s)) return ;
    pthread_mutex_lock (&lock) ;
    if (list (s, true))
    {
        ensure_running () ;
        pthread_cond_broadcast (&changed) ;
    }
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_load_ahead_hold (void)
{
    pthread_mutex_lock (&lock) ;
    products_running++ ;
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_load_ahead_release (void)
{
    pthread_mutex_lock (&lock) ;
    if (--products_running == 0) pthread_cond_broadcast (&changed) ;
    pthread_mutex_unlock (&lock) ;
}

uint64_t gbgpu_load_ahead_pending (void)
{
    pthread_mutex_lock (&lock) ;
    // a child of fork has no thread, whatever its parent's had left
    const bool loader = running && !gbgpu_cuda_lost_in_fork () ;
    const uint64_t pending = loader ? (uint64_t) (waiting + loading) : 0 ;
    pthread_mutex_unlock (&lock) ;
    return pending ;
}

void gbgpu_load_ahead_stop (void)
{
    pthread_mutex_lock (&lock) ;
    if (running && gbgpu_cuda_lost_in_fork ())
    {
        // the parent's thread is not in this child: nothing to join
        running = false ;
        stopping = false ;
        waiting = 0 ;
        loading = false ;
    }
    if (running && !stopping)
    {
        stopping = true ;
        pthread_cond_broadcast (&changed) ;
        pthread_mutex_unlock (&lock) ;
        pthread_join (thread, NULL) ;
        pthread_mutex_lock (&lock) ;
        running = false ;
        stopping = false ;
        pthread_cond_broadcast (&changed) ;
    }
    // another stop joins it: return once it has
    while (running && stopping) pthread_cond_wait (&changed, &lock) ;
    pthread_mutex_unlock (&lock) ;
}
