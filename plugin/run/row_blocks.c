// plugin/run/row_blocks.c: T = A*B from the inputs on the device into host arrays, whole
// when it fits the device's memory, else in blocks of rows of A.
// SPDX-License-Identifier: Apache-2.0
//
// Whole or blocks: when T cannot fit even at its least size (row_bounds'
// lower bound over the free memory) it goes to blocks at once; otherwise the
// whole product is tried, and comes back with one download, and blocks are
// the answer to its running out of memory.  Either way the device cache's
// idle copies of inputs (cache/device_cache.c) are given back first, and the
// whole product considered once more.
//
// A block is rows [first, last) of A and of M: a row slice of a device CSR is
// its row pointers from `first` on (gbgpu_cuda.h), so blocks cost no copy.
// Blocks are cut from upper bounds on each row's entries so that a block's
// estimated need (T, the sort's second copy, the kernels' per-row arrays)
// takes a set share of the memory free when blocks start; once a block has
// run, how far its entries fell below its bound (compression) tightens the
// estimate for the next.  A block that runs out of memory anyway is cut again
// to half its estimated need at the safe estimate; a single row that does not
// fit leaves the call to the CPU.  Blocks' bounds stay under 2^31 entries.
//
// While block k+1 computes on this thread, block k is downloaded by a helper
// thread on its own stream (the staged, pinned pipeline of transfer.cu) into
// the host arrays, which grow as blocks arrive (GraphBLAS's realloc, only
// while no download runs).  So the device holds at most two blocks' T, and the
// bus and the kernels overlap.  The helper frees nothing: a block's device
// arrays are freed by the thread that allocated them, after the download.

#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "run/run.h"
#include "cache/device_cache.h"

// Device bytes a block needs per row of A: the kernels' per-row arrays
// (counts, row pointers, bin list, need: 8 bytes each; bin: 1) and T's row
// pointer, rounded up.
#define BYTES_PER_ROW 48.0

// A block's share of the memory free when blocks start: its T waits on the
// device for its download while the next block computes beside it, with the
// download's buffer of narrowed indices.
#define BLOCK_SHARE (3.0 / 8.0)

// The next block's estimated entries over its bound: the last block's, with
// this margin, and never below the floor (an empty block says little).
#define COMPRESSION_MARGIN 2.0
#define COMPRESSION_FLOOR (1.0 / 64.0)

// CUB's segmented sort before CCCL 3 counts items in int.
#define MAX_BLOCK_ENTRIES ((int64_t) INT32_MAX)

// Device bytes per entry of T: column index and value, as much again for the
// sort of rows from global hash tables, and a 32-bit index while downloading.
static double bytes_per_entry (size_t value_size)
{
    return 2.0 * (double) (sizeof (int64_t) + value_size) + (double) sizeof (int32_t) ;
}

// T = A*B (T<M>, T<!M>) row by row, with the compiled-in kernels or the
// run-time compiled module of the plan's semiring.
static gbgpu_cuda_status row_wise_product (gbgpu_dev_result *T, const gbgpu_plan *plan,
    const gbgpu_dev_csr *M, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B,
    gbgpu_cuda_profile *profile)
{
    return (plan->module != NULL)
        ? gbgpu_cuda_spgemm_module (T, plan->module, M, plan->mask_complement, A, B, profile)
        : gbgpu_cuda_spgemm (T, plan->semiring, M, plan->mask_complement, A, B, profile) ;
}

// T = A*B on the device, whole, by the plan's method: one dot product per
// mask entry (T<M> = A*B' with B as stored), or row by row.  Only the
// row-by-row product runs in blocks: the dot products size their work from
// all of M, not from a row slice of it.
static gbgpu_cuda_status product_on_device (gbgpu_dev_result *T, const gbgpu_plan *plan,
    const gbgpu_dev_csr *M, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B,
    gbgpu_cuda_profile *profile)
{
    return plan->masked_dot
        ? gbgpu_cuda_masked_dot (T, plan->semiring, M, !plan->mask_structure, A, B, profile)
        : row_wise_product (T, plan, M, A, B, profile) ;
}

gbgpu_dev_csr gbgpu_rows_of (const gbgpu_dev_csr *X, int64_t first, int64_t last)
{
    gbgpu_dev_csr S = *X ;
    S.p = X->p + first ;
    S.nrows = last - first ;
    S.first_row = X->first_row + first ;
    return S ;
}

gbgpu_cuda_status gbgpu_product_rows (gbgpu_dev_result *T, int64_t *products,
    const gbgpu_plan *plan, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B,
    const gbgpu_dev_csr *M, int64_t first, int64_t last)
{
    gbgpu_dev_csr A_rows = gbgpu_rows_of (A, first, last), M_rows ;
    if (M != NULL) M_rows = gbgpu_rows_of (M, first, last) ;
    gbgpu_cuda_profile profile = { 0 } ;
    gbgpu_cuda_status s = row_wise_product (T, plan, (M != NULL) ? &M_rows : NULL, &A_rows, B,
        &profile) ;
    *products = profile.products ;
    return s ;
}

//------------------------------------------------------------------------------
// a block's download, on a helper thread
//------------------------------------------------------------------------------

typedef struct
{
    gbgpu_host_result *H ;
    gbgpu_dev_result T ;        // the block on the device
    int64_t first_row ;
    int device ;
    gbgpu_cuda_status status ;
    pthread_t thread ;
    bool active ;               // a download was started and not yet finished
    bool threaded ;             // on the helper thread (else it ran inline)
}
block_download ;

static void *download_block (void *arg)
{
    block_download *d = arg ;
    d->status = gbgpu_cuda_set_device (d->device) ;
    if (d->status == GBGPU_CUDA_OK)
        d->status = gbgpu_host_result_download (d->H, d->first_row, &d->T) ;
    return NULL ;
}

static void start_download (block_download *d, const gbgpu_dev_result *T, int64_t first_row)
{
    d->T = *T ;
    d->first_row = first_row ;
    d->active = true ;
    d->threaded = (pthread_create (&d->thread, NULL, download_block, d) == 0) ;
    if (!d->threaded) (void) download_block (d) ;  // no overlap, same result
}

// Waits for the download and frees its block on the device.
static gbgpu_cuda_status finish_download (block_download *d)
{
    if (!d->active) return GBGPU_CUDA_OK ;
    if (d->threaded) (void) pthread_join (d->thread, NULL) ;
    gbgpu_cuda_free_result (&d->T) ;
    d->active = false ;
    return d->status ;
}

//------------------------------------------------------------------------------
// cutting blocks
//------------------------------------------------------------------------------

typedef struct
{
    const int64_t *bound ;      // running sums of the rows' upper bounds
    int64_t nrows ;
    double entry_bytes ;
}
block_plan ;

static double block_need (const block_plan *P, int64_t first, int64_t last, double compression)
{
    return (double) (last - first) * BYTES_PER_ROW
         + (double) (P->bound [last] - P->bound [first]) * compression * P->entry_bytes ;
}

// The most rows from `first` on whose estimated need fits the budget; at
// least one.
static int64_t block_end (const block_plan *P, int64_t first, double budget, double compression)
{
    int64_t lo = first + 1, hi = P->nrows ;
    while (lo < hi)
    {
        int64_t mid = lo + (hi - lo + 1) / 2 ;
        if (block_need (P, first, mid, compression) <= budget
         && P->bound [mid] - P->bound [first] <= MAX_BLOCK_ENTRIES) lo = mid ;
        else hi = mid - 1 ;
    }
    return lo ;
}

// Room for a block's entries, and for the rest's as estimated from the
// bounds of the rows done so far (the arrays grow rarely, never past the
// total bound).
static GrB_Info reserve_for_block (gbgpu_host_result *H, const block_plan *P, int64_t last,
    int64_t block_entries)
{
    int64_t needed = H->nvals + block_entries ;
    int64_t total = P->bound [P->nrows], done = P->bound [last] ;
    int64_t want = needed ;
    if (done > 0)
    {
        double estimate = (double) needed * ((double) total / (double) done) * 1.0625 ;
        want = (estimate < (double) total) ? (int64_t) estimate : total ;
        if (want < needed) want = needed ;
    }
    if (needed <= gbgpu_host_result_capacity (H)) return GrB_SUCCESS ;
    return gbgpu_host_result_reserve (H, want) ;
}

//------------------------------------------------------------------------------
// the product in row blocks
//------------------------------------------------------------------------------

static GrB_Info product_in_blocks
(
    gbgpu_host_result *H, gbgpu_cuda_status *status, int64_t *products,
    const gbgpu_plan *plan, const gbgpu_dev_csr *A, const gbgpu_dev_csr *B,
    const gbgpu_dev_csr *M, int device, gbgpu_host_arrays *old
)
{
    const int64_t m = A->nrows ;
    int64_t *bound = malloc ((size_t) (m + 1) * sizeof (int64_t)) ;
    if (bound == NULL) return GrB_OUT_OF_MEMORY ;
    int64_t upper, lower ;
    *status = gbgpu_cuda_row_bounds (bound, &upper, &lower, M, plan->mask_complement, A, B) ;
    if (*status != GBGPU_CUDA_OK)
    {
        free (bound) ;
        return GrB_SUCCESS ;
    }
    block_plan P = { bound, m, bytes_per_entry (plan->value_size) } ;
    double budget = BLOCK_SHARE * (double) gbgpu_cuda_memory_available () ;
    double compression = 1 ;
    block_download pending = { .H = H, .device = device } ;
    bool started = false ;      // H holds arrays
    uint64_t blocks = 0, retries = 0 ;
    GrB_Info info = GrB_SUCCESS ;

    for (int64_t first = 0 ; first < m && info == GrB_SUCCESS && *status == GBGPU_CUDA_OK ; )
    {
        int64_t last = block_end (&P, first, budget, compression) ;
        gbgpu_dev_result T ;
        int64_t block_products = 0 ;
        gbgpu_cuda_status s = gbgpu_product_rows (&T, &block_products, plan, A, B, M, first,
            last) ;
        if (s == GBGPU_CUDA_OUT_OF_MEMORY && last - first > 1)
        {
            // again from `first`, at most half the need at the safe estimate
            gbgpu_count_cuda_status (s) ;
            retries++ ;
            double need = block_need (&P, first, last, 1) ;
            budget = ((need < budget) ? need : budget) / 2 ;
            compression = 1 ;
            continue ;
        }
        if (s != GBGPU_CUDA_OK)
        {
            *status = s ;
            break ;
        }
        blocks++ ;
        *products += block_products ;
        int64_t block_bound = bound [last] - bound [first] ;
        if (block_bound > 0)
        {
            compression = COMPRESSION_MARGIN * (double) T.nvals / (double) block_bound ;
            if (compression > 1) compression = 1 ;
            if (compression < COMPRESSION_FLOOR) compression = COMPRESSION_FLOOR ;
        }

        // the block before is in the host arrays: they may grow now
        *status = finish_download (&pending) ;
        if (*status == GBGPU_CUDA_OK && !started)
        {
            info = gbgpu_host_result_init (H, m, 0, T.value_size, T.iso, old) ;
            started = (info == GrB_SUCCESS) ;
        }
        if (*status == GBGPU_CUDA_OK && info == GrB_SUCCESS)
            info = reserve_for_block (H, &P, last, T.nvals) ;
        // T complete before the helper's stream reads it
        if (*status == GBGPU_CUDA_OK && info == GrB_SUCCESS) *status = gbgpu_cuda_synchronize () ;
        if (*status != GBGPU_CUDA_OK || info != GrB_SUCCESS)
        {
            gbgpu_cuda_free_result (&T) ;
            break ;
        }
        start_download (&pending, &T, first) ;
        first = last ;
    }
    gbgpu_cuda_status last_download = finish_download (&pending) ;
    if (*status == GBGPU_CUDA_OK) *status = last_download ;
    free (bound) ;

    if (m == 0 && info == GrB_SUCCESS && *status == GBGPU_CUDA_OK)
    {
        // no rows, no block: an empty T
        info = gbgpu_host_result_init (H, 0, 0, plan->value_size, false, old) ;
        started = (info == GrB_SUCCESS) ;
    }
    if (*status != GBGPU_CUDA_OK || info != GrB_SUCCESS)
    {
        if (started) gbgpu_host_result_free (H) ;
        return info ;
    }
    gbgpu_count_row_blocks (blocks, retries) ;
    return GrB_SUCCESS ;
}

//------------------------------------------------------------------------------
// whole or in blocks
//------------------------------------------------------------------------------

// True when T cannot fit in the free device memory even at its least size.
// The bounds are computed only when a dense T would not fit.
static bool predicted_too_large (gbgpu_cuda_status *status, const gbgpu_plan *plan,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B, const gbgpu_dev_csr *M)
{
    *status = GBGPU_CUDA_OK ;
    const double entry_bytes = (double) (sizeof (int64_t) + plan->value_size) ;
    const double row_bytes = (double) sizeof (int64_t) ;
    const double available = (double) gbgpu_cuda_memory_available () ;
    const double m = (double) A->nrows ;
    if (m * (double) B->ncols * entry_bytes + m * row_bytes <= available) return false ;
    int64_t upper, lower ;
    *status = gbgpu_cuda_row_bounds (NULL, &upper, &lower, M, plan->mask_complement, A, B) ;
    return *status == GBGPU_CUDA_OK && (double) lower * entry_bytes + m * row_bytes > available ;
}

GrB_Info gbgpu_product_to_host
(
    gbgpu_host_result *H,
    gbgpu_cuda_status *status,
    int64_t *products,
    const gbgpu_plan *plan,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B, const gbgpu_dev_csr *M,
    int device,
    gbgpu_dev_csr *keep,
    gbgpu_host_arrays *old
)
{
    *products = 0 ;
    if (keep != NULL) keep->p = NULL ;
    for (bool evicted = false ; ; evicted = true)
    {
        *status = GBGPU_CUDA_OK ;
        // A masked dot product's T is bounded by M, which is on the device
        // already; its B is not transposed, so row bounds (from rows of B) do
        // not apply: out of memory there goes to the CPU.
        bool too_large = !plan->masked_dot && predicted_too_large (status, plan, A, B, M) ;
        if (*status == GBGPU_CUDA_OUT_OF_MEMORY)
        {
            // not even room for the bounds: perhaps for a block's
            gbgpu_count_cuda_status (*status) ;
            too_large = true ;
        }
        else if (*status != GBGPU_CUDA_OK)
        {
            return GrB_SUCCESS ;
        }
        if (!too_large)
        {
            gbgpu_dev_result T ;
            gbgpu_cuda_profile profile = { 0 } ;
            *status = product_on_device (&T, plan, M, A, B, &profile) ;
            if (*status == GBGPU_CUDA_OK)
            {
                *products = profile.products ;
                GrB_Info info = gbgpu_host_result_init (H, T.nrows, T.nvals, T.value_size, T.iso,
                    old) ;
                if (info == GrB_SUCCESS)
                {
                    *status = gbgpu_host_result_download (H, 0, &T) ;
                    if (*status != GBGPU_CUDA_OK) gbgpu_host_result_free (H) ;
                }
                // T not kept (no memory for its narrowed indices) costs nothing
                gbgpu_cuda_status kept = (keep != NULL && info == GrB_SUCCESS
                    && *status == GBGPU_CUDA_OK) ? gbgpu_cuda_result_to_csr (keep, &T) : GBGPU_CUDA_OK ;
                if (kept != GBGPU_CUDA_OUT_OF_MEMORY) gbgpu_count_cuda_status (kept) ;
                gbgpu_cuda_free_result (&T) ;
                return info ;
            }
            if (*status != GBGPU_CUDA_OUT_OF_MEMORY) return GrB_SUCCESS ;
            bool retry = !evicted && gbgpu_device_cache_evict_idle () ;
            if (!retry && plan->masked_dot) return GrB_SUCCESS ;
            gbgpu_count_cuda_status (*status) ;
            if (!retry) break ;
        }
        else if (evicted || !gbgpu_device_cache_evict_idle ())
        {
            break ;
        }
    }
    return product_in_blocks (H, status, products, plan, A, B, M, device, old) ;
}
