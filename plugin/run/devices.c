// plugin/run/devices.c: one product split over several devices of the host
// (GBGPU_DEVICES), each computing a part of the rows, all parts brought
// straight into one set of host arrays.
// SPDX-License-Identifier: Apache-2.0
//
// The rows of A (and of M) are cut into one part per device with equal
// products, not equal rows: the kernels' time follows the products (an
// R-MAT's first rows hold most of them).  The products of each row come from
// one pass on the calling thread's device over A's and B's row pointers
// (row_products.cu), while each other device's thread puts the inputs on
// its device (inputs.c: from the device cache when they are there, so a
// BFS's A goes up once per device).  Every part then computes on its device
// at once, whole, or in row blocks on that device when its T does not fit
// (gbgpu_product_to_host), and reports how many entries it has.  With the
// sum known, the host arrays are made once (C's old ones where they are
// large enough) and every part downloads into them at its own offset, on
// its own thread, over its own link: no host copy of a whole part (a part
// computed in blocks is copied once from its own arrays).  Row pointers come
// down into each part's own array, since a part's last is the next part's
// first.
//
// A thread stays on its device from the uploads to the frees: device memory
// is stream-ordered on the thread's own stream.  The threads read the user's
// matrices side by side, which GraphBLAS allows of complete matrices: the
// caller's own upload (or the device cache's proof) has found them so.
// Anything that keeps a part from its device before the product starts (no
// thread, no room for the inputs, no module) leaves the product to the
// calling thread's device alone; a device error in a part sends the call to
// the CPU, as on one device.

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "run/run.h"

// The stages every part passes together; a part waits at the end of each
// for the caller to start the next (or to abandon the split).
typedef enum { UPLOADING, COMPUTING, DOWNLOADING, ABANDONED } stage ;

typedef struct split_state split_state ;

typedef struct
{
    split_state *split ;
    int device ;
    bool threaded ;                 // on a thread of its own (part 0: the caller)
    pthread_t thread ;
    gbgpu_plan plan ;               // with this device's run-time module
    gbgpu_inputs inputs ;           // part 0: the caller's, not released here
    const gbgpu_inputs *on_device ;
    int64_t first, last ;           // rows of A
    gbgpu_delegate_reason reason ;  // of getting its module and inputs there
    gbgpu_cuda_status status ;
    GrB_Info info ;                 // the host's (out of memory)
    bool in_blocks ;                // T in P (row blocks), else on the device
    bool iso ;                      // T holds one value (by its semiring)
    gbgpu_dev_result T ;
    gbgpu_host_result P ;
    int64_t nvals ;
    int64_t products ;
    int64_t first_entry ;           // where its entries go in the result
    GrB_Index *row_pointers ;       // its nrows + 1, before they go into H
    void *iso_value ;
    double download_seconds ;
}
part ;

struct split_state
{
    pthread_mutex_t lock ;
    pthread_cond_t changed ;
    stage now ;
    int done ;                      // threads that finished the stage
    gbgpu_host_result *H ;
} ;

int gbgpu_devices_for (int devices [GBGPU_MAX_SPLIT], const gbgpu_plan *plan, int first)
{
    devices [0] = first ;
    if (plan->masked_dot || plan->products < (double) gbgpu_split_min_products ()) return 1 ;
    int n = gbgpu_split_devices (devices, first) ;
    return (plan->A.nrows >= (GrB_Index) n) ? n : 1 ;
}

//------------------------------------------------------------------------------
// a part's stages
//------------------------------------------------------------------------------

// The end of a stage on a part's thread: counted, then the next one awaited.
static stage next_stage (split_state *s, stage finished)
{
    pthread_mutex_lock (&s->lock) ;
    s->done++ ;
    pthread_cond_broadcast (&s->changed) ;
    while (s->now == finished) pthread_cond_wait (&s->changed, &s->lock) ;
    stage now = s->now ;
    pthread_mutex_unlock (&s->lock) ;
    return now ;
}

// The caller: waits until the `threads` parts' threads have ended the
// stage (their results are safe to read from then on).
static void await_parts (split_state *s, int threads)
{
    pthread_mutex_lock (&s->lock) ;
    while (s->done < threads) pthread_cond_wait (&s->changed, &s->lock) ;
    s->done = 0 ;
    pthread_mutex_unlock (&s->lock) ;
}

static void start_stage (split_state *s, stage next)
{
    pthread_mutex_lock (&s->lock) ;
    s->now = next ;
    pthread_cond_broadcast (&s->changed) ;
    pthread_mutex_unlock (&s->lock) ;
}

static bool part_ok (const part *p)
{
    return p->reason == GBGPU_NOT_DELEGATED && p->status == GBGPU_CUDA_OK
        && p->info == GrB_SUCCESS ;
}

// Its rows of T: whole on the device, or in row blocks into P when they do
// not fit even there.
static void compute (part *p)
{
    if (p->first == p->last) return ;      // no rows (another row holds its products)
    const gbgpu_dev_csr *A = p->on_device->on_device [0], *B = p->on_device->on_device [1],
        *M = p->on_device->on_device [2] ;
    p->status = gbgpu_product_rows (&p->T, &p->products, &p->plan, A, B, M, p->first, p->last) ;
    if (p->status == GBGPU_CUDA_OK)
    {
        p->nvals = p->T.nvals ;
        p->iso = p->T.iso ;
        return ;
    }
    if (p->status != GBGPU_CUDA_OUT_OF_MEMORY) return ;
    gbgpu_count_cuda_status (p->status) ;
    gbgpu_dev_csr A_rows = gbgpu_rows_of (A, p->first, p->last), M_rows ;
    if (M != NULL) M_rows = gbgpu_rows_of (M, p->first, p->last) ;
    p->info = gbgpu_product_to_host (&p->P, &p->status, &p->products, &p->plan, &A_rows, B,
        (M != NULL) ? &M_rows : NULL, p->device, NULL, NULL) ;
    p->in_blocks = part_ok (p) ;
    if (p->in_blocks)
    {
        p->nvals = p->P.nvals ;
        p->iso = p->P.iso ;
    }
}

// Its rows into H, at its offset.
static void download (part *p, gbgpu_host_result *H)
{
    const int64_t nrows = p->last - p->first ;
    if (nrows == 0) return ;
    if (p->in_blocks)
    {
        const double start = gbgpu_seconds_now () ;
        gbgpu_host_result_copy_at (H, p->first, p->first_entry, &p->P) ;
        p->iso_value = p->P.x ;
        p->download_seconds = gbgpu_seconds_now () - start ;
        return ;
    }
    p->row_pointers = malloc ((size_t) (nrows + 1) * sizeof (GrB_Index)) ;
    p->iso_value = H->iso ? malloc (H->value_size) : NULL ;
    if (p->row_pointers == NULL || (H->iso && p->iso_value == NULL))
    {
        p->info = GrB_OUT_OF_MEMORY ;
        return ;
    }
    p->status = gbgpu_host_result_download_at (H, p->first, p->first_entry, &p->T,
        p->row_pointers, p->iso_value, &p->download_seconds) ;
    if (p->status == GBGPU_CUDA_OK)
        memcpy (H->p + p->first, p->row_pointers, (size_t) nrows * sizeof (GrB_Index)) ;
}

// What the part holds on its device, given back by its own thread (its
// stream ordered the allocations).
static void release_device (part *p, bool failed)
{
    gbgpu_cuda_free_result (&p->T) ;
    if (p->threaded) gbgpu_inputs_release (&p->inputs, failed) ;
}

// ... and on the host, once the caller has read it.
static void release_host (part *p)
{
    if (p->in_blocks) gbgpu_host_result_free (&p->P) ;
    else free (p->iso_value) ;
    free (p->row_pointers) ;
    p->iso_value = NULL ;
    p->row_pointers = NULL ;
}

static void *run_part (void *arg)
{
    part *p = arg ;
    split_state *s = p->split ;
    p->status = gbgpu_cuda_set_device (p->device) ;
    if (p->status == GBGPU_CUDA_OK && p->plan.jit != NULL)
    {
        // a set is built already (the caller's device has it loaded)
        p->reason = gbgpu_jit_module (&p->plan.module, p->plan.jit, p->device, GBGPU_JIT_NO_WAIT) ;
        if (p->reason == GBGPU_NOT_DELEGATED && p->plan.module == NULL)
            p->reason = GBGPU_DELEGATED_COMPILING ;
    }
    if (part_ok (p)) p->reason = gbgpu_inputs_upload (&p->inputs, &p->plan, p->device) ;
    stage now = next_stage (s, UPLOADING) ;
    if (now == COMPUTING && part_ok (p)) compute (p) ;
    if (now == COMPUTING) now = next_stage (s, COMPUTING) ;
    if (now == DOWNLOADING && part_ok (p)) download (p, s->H) ;
    release_device (p, !part_ok (p) || now != DOWNLOADING) ;
    return NULL ;
}

//------------------------------------------------------------------------------
// cutting the rows
//------------------------------------------------------------------------------

// Part k's rows start where the products before them first reach k/n of all.
static void cut_rows (part *parts, int n, const int64_t *cumulative, int64_t m)
{
    const double total = (double) cumulative [m] ;
    int64_t row = 0 ;
    for (int k = 0 ; k < n ; k++)
    {
        parts [k].first = row ;
        const double goal = total * (double) (k + 1) / (double) n ;
        int64_t lo = row, hi = m ;
        if (k == n - 1) lo = m ;
        while (lo < hi)
        {
            int64_t mid = lo + (hi - lo) / 2 ;
            if ((double) cumulative [mid] < goal) lo = mid + 1 ;
            else hi = mid ;
        }
        row = lo ;
        parts [k].last = row ;
    }
}

//------------------------------------------------------------------------------
// the product over the devices
//------------------------------------------------------------------------------

// The parts' threads end (each releasing what it holds) once the stage is
// ABANDONED or DOWNLOADING is done.
static void join_parts (part *parts, int n)
{
    for (int k = 1 ; k < n ; k++) if (parts [k].threaded) (void) pthread_join (parts [k].thread, NULL) ;
}

// The parts' worst device failure for the caller, who counts it (a fault
// first: it keeps the device from later calls), every other one counted
// here; and the first host failure.
static void failure_of (const part *parts, int n, gbgpu_cuda_status *status, GrB_Info *info)
{
    int worst = -1 ;
    for (int k = 0 ; k < n ; k++)
    {
        if (parts [k].status != GBGPU_CUDA_OK && (worst < 0 || parts [k].status > parts [worst].status))
            worst = k ;
        if (parts [k].info != GrB_SUCCESS && *info == GrB_SUCCESS) *info = parts [k].info ;
    }
    for (int k = 0 ; k < n ; k++)
        if (k != worst && parts [k].status != GBGPU_CUDA_OK) gbgpu_count_cuda_status (parts [k].status) ;
    if (worst >= 0) *status = parts [worst].status ;
}

GrB_Info gbgpu_product_on_devices
(
    gbgpu_host_result *H,
    gbgpu_cuda_status *status,
    bool *split,
    int64_t *products,
    const gbgpu_plan *plan,
    const int devices [GBGPU_MAX_SPLIT], int ndevices,
    const gbgpu_inputs *first,
    gbgpu_host_arrays *old
)
{
    *status = GBGPU_CUDA_OK ;
    *split = false ;
    *products = 0 ;
    const int64_t m = plan->A.nrows ;
    part *parts = calloc ((size_t) ndevices, sizeof (part)) ;
    int64_t *cumulative = malloc ((size_t) (m + 1) * sizeof (int64_t)) ;
    if (parts == NULL || cumulative == NULL)
    {
        free (parts) ;
        free (cumulative) ;
        return GrB_SUCCESS ;    // not split: the caller's device alone
    }
    split_state s = { .now = UPLOADING, .H = H } ;
    pthread_mutex_init (&s.lock, NULL) ;
    pthread_cond_init (&s.changed, NULL) ;
    int threads = 0 ;
    bool all_started = true ;
    for (int k = 0 ; k < ndevices ; k++)
    {
        part *p = &parts [k] ;
        p->split = &s ;
        p->reason = GBGPU_NOT_DELEGATED ;
        p->device = devices [k] ;
        p->plan = *plan ;
        p->on_device = (k == 0) ? first : &p->inputs ;
        if (k == 0 || !all_started) continue ;
        p->threaded = (pthread_create (&p->thread, NULL, run_part, p) == 0) ;
        threads += p->threaded ;
        all_started = p->threaded ;
    }

    // the products of each row, on this device, while the others upload
    gbgpu_cuda_status counted = gbgpu_cuda_row_products (cumulative, first->on_device [0],
        first->on_device [1]) ;
    await_parts (&s, threads) ;
    bool go = all_started && counted == GBGPU_CUDA_OK ;
    for (int k = 1 ; k < ndevices ; k++) go = go && part_ok (&parts [k]) ;
    if (counted != GBGPU_CUDA_OK) gbgpu_count_cuda_status (counted) ;
    if (go) cut_rows (parts, ndevices, cumulative, m) ;
    free (cumulative) ;
    GrB_Info info = GrB_SUCCESS ;
    if (!go)
    {
        // a device that could not take its part: the caller's device alone
        start_stage (&s, ABANDONED) ;
        join_parts (parts, ndevices) ;
        for (int k = 1 ; k < ndevices ; k++)
            if (parts [k].status != GBGPU_CUDA_OK) gbgpu_count_cuda_status (parts [k].status) ;
    }
    else
    {
        *split = true ;
        start_stage (&s, COMPUTING) ;
        compute (&parts [0]) ;
        await_parts (&s, threads) ;             // every part has its T
        int64_t total = 0 ;
        bool ok = true, iso = false, iso_known = false ;
        for (int k = 0 ; k < ndevices ; k++)
        {
            const part *p = &parts [k] ;
            ok = ok && part_ok (p) ;
            // T is iso or not by its semiring: every part with rows alike,
            // also when none has entries
            if (p->first < p->last && iso_known) ok = ok && p->iso == iso ;
            else if (p->first < p->last) { iso = p->iso ; iso_known = true ; }
            parts [k].first_entry = total ;
            total += p->nvals ;
            *products += p->products ;
        }
        if (ok) info = gbgpu_host_result_init (H, m, total, plan->value_size, iso, old) ;
        ok = ok && info == GrB_SUCCESS ;
        start_stage (&s, ok ? DOWNLOADING : ABANDONED) ;
        if (ok) download (&parts [0], H) ;
        join_parts (parts, ndevices) ;
        failure_of (parts, ndevices, status, &info) ;
        // parts that disagree (never seen): the call goes to the CPU
        if (!ok && *status == GBGPU_CUDA_OK && info == GrB_SUCCESS) *status = GBGPU_CUDA_ERROR ;
        if (ok && *status == GBGPU_CUDA_OK && info == GrB_SUCCESS)
        {
            H->p [m] = (GrB_Index) total ;
            H->nvals = total ;
            // the downloads ran side by side: the longest is the call's
            double longest = 0 ;
            for (int k = 0 ; k < ndevices ; k++)
            {
                if (parts [k].download_seconds > longest) longest = parts [k].download_seconds ;
                if (iso && parts [k].nvals > 0) memcpy (H->x, parts [k].iso_value, H->value_size) ;
            }
            H->download_seconds += longest ;
            gbgpu_count_split ((uint64_t) ndevices) ;
        }
        else if (ok)
        {
            gbgpu_host_result_free (H) ;
        }
        release_device (&parts [0], !ok || *status != GBGPU_CUDA_OK) ;
        for (int k = 0 ; k < ndevices ; k++) release_host (&parts [k]) ;
    }
    pthread_mutex_destroy (&s.lock) ;
    pthread_cond_destroy (&s.changed) ;
    free (parts) ;
    return info ;
}
