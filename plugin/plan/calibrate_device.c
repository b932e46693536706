// plugin/plan/calibrate_device.c: the cost model's GPU rates, measured once per process.
// SPDX-License-Identifier: Apache-2.0
//
// Policy auto's cost model (plan/cost_model.c) needs the device's fixed
// costs and rates before its first decision, or it would decide on priors.
// gbgpu_start_device calls this after its warm-up product, or else the first
// call the model weighs (gbgpu_calibrate_before_deciding).  It times, each
// step on its own (the device idle between them) and each run twice with
// the second kept:
//
//   - a tiny product (2 x 2): the fixed cost of an upload, of a
//     product's kernels and of a download;
//   - a larger one, A*A over PLUS_TIMES_FP64 for a 2^16 x 2^16 A of 16
//     entries a row (12.6 MB up, 2^24 products making 2^21 entries, 25 MB
//     back into fresh arrays, as results come): the bus's rates each way and
//     the kernels' rate in products a second;
//   - a 2^12 x 2^12 bitmap (16 MB of cells, one in 16 present, no values),
//     uploaded as bitmaps are (cuda/memory/bitmap_upload.cu): the rate of a
//     BFS's mask.
//
// About 25 ms on an H100 and 50 MB of host memory for the moment, once per
// process.  Nothing here needs GraphBLAS (gbgpu_start_device may come before
// GrB_init); a host allocation that fails leaves the priors in place.

#include <stdatomic.h>
#include <stdlib.h>
#include "plan/plan.h"

#define ROWS (1 << 16)
#define PER_ROW 16
#define SECTION (ROWS / PER_ROW)
#define BITMAP_SIDE (1 << 12)

// A(i,:): one entry in each of PER_ROW sections of the columns, ascending,
// at an offset of 0 or 7 from i by the section's parity.  A(i,:)*A lands
// in each section on two columns only: 8 products an entry of T, a
// compression as products' rows show it.
static uint64_t column_of (uint64_t i, uint64_t k)
{
    return k * SECTION + (i + 7 * (k % 2)) % SECTION ;
}

typedef struct
{
    uint64_t *p, *j ;
    double *x ;
}
host_csr ;

static void host_csr_free (host_csr *h)
{
    free (h->p) ; free (h->j) ; free (h->x) ;
    h->p = NULL ; h->j = NULL ; h->x = NULL ;
}

static bool host_csr_alloc (host_csr *h, int64_t nrows, int64_t nvals)
{
    h->p = malloc ((size_t) (nrows + 1) * sizeof (uint64_t)) ;
    h->j = malloc ((size_t) (nvals > 0 ? nvals : 1) * sizeof (uint64_t)) ;
    h->x = malloc ((size_t) (nvals > 0 ? nvals : 1) * sizeof (double)) ;
    if (h->p != NULL && h->j != NULL && h->x != NULL) return true ;
    host_csr_free (h) ;
    return false ;
}

// Uploads A, squares it and downloads T, timing each step into steps
// [0..2] (upload, kernel, download) with bytes or products as units.
static gbgpu_cuda_status timed_product (gbgpu_cost_sample steps [3],
    int64_t n, const host_csr *A)
{
    const gbgpu_semiring plus_times = { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    gbgpu_dev_csr D = { 0 } ;
    gbgpu_dev_result T = { 0 } ;
    gbgpu_cuda_profile profile = { 0 } ;
    host_csr R = { 0 } ;
    double start = gbgpu_seconds_now () ;
    gbgpu_cuda_status status = gbgpu_cuda_upload (&D, n, n, A->p, A->j, A->x, sizeof (double), false) ;
    steps [0] = (gbgpu_cost_sample) { gbgpu_seconds_now () - start, (double) gbgpu_cuda_transfer_bytes () } ;
    if (status == GBGPU_CUDA_OK)
    {
        start = gbgpu_seconds_now () ;
        status = gbgpu_cuda_spgemm (&T, plus_times, NULL, false, &D, &D, &profile) ;
        if (status == GBGPU_CUDA_OK) status = gbgpu_cuda_synchronize () ;
        steps [1] = (gbgpu_cost_sample) { gbgpu_seconds_now () - start, (double) profile.products } ;
    }
    // a host allocation that fails is not the device's: no download to time
    if (status == GBGPU_CUDA_OK && host_csr_alloc (&R, n, T.nvals))
    {
        start = gbgpu_seconds_now () ;
        status = gbgpu_cuda_download (&T, R.p, R.j, R.x, false) ;
        steps [2] = (gbgpu_cost_sample) { gbgpu_seconds_now () - start, (double) gbgpu_cuda_transfer_bytes () } ;
    }
    host_csr_free (&R) ;
    gbgpu_cuda_free_result (&T) ;
    gbgpu_cuda_free_csr (&D) ;
    return status ;
}

// Uploads a bitmap of one cell in 16, timed, its bytes on the bus (the
// cells as bits) as units.
static gbgpu_cuda_status timed_bitmap_upload (gbgpu_cost_sample *step)
{
    const size_t cells = (size_t) BITMAP_SIDE * BITMAP_SIDE ;
    int8_t *b = malloc (cells) ;
    if (b == NULL) return GBGPU_CUDA_OK ;   // the host's shortage: no sample
    for (size_t k = 0 ; k < cells ; k++) b [k] = (k % 16 == 0) ;
    gbgpu_dev_csr D = { 0 } ;
    double start = gbgpu_seconds_now () ;
    gbgpu_cuda_status status = gbgpu_cuda_upload_bitmap (&D, BITMAP_SIDE, BITMAP_SIDE, b,
        NULL, 0, false) ;
    *step = (gbgpu_cost_sample) { gbgpu_seconds_now () - start, (double) gbgpu_cuda_transfer_bytes () } ;
    gbgpu_cuda_free_csr (&D) ;
    free (b) ;
    return status ;
}

gbgpu_cuda_status gbgpu_calibrate_device (void)
{
    // the tiny product: A = [1 1 ; 0 1]
    uint64_t tiny_p [3] = { 0, 2, 3 }, tiny_j [3] = { 0, 1, 1 } ;
    double tiny_x [3] = { 1, 1, 1 } ;
    const host_csr tiny = { tiny_p, tiny_j, tiny_x } ;
    gbgpu_cost_calibration c = { 0 } ;
    // every step twice, the second kept: the first loads the kernels (8.9 ms
    // read as a product's fixed cost in a process that had not run them) and
    // starts what a process starts once (the transfer threads, the pinned
    // staging area, the device's memory pool: the bus read at a third of
    // its rate)
    gbgpu_cuda_status status = GBGPU_CUDA_OK ;
    for (int run = 0 ; run < 2 && status == GBGPU_CUDA_OK ; run++)
        status = timed_product (c.small, 2, &tiny) ;
    host_csr A = { 0 } ;
    if (status != GBGPU_CUDA_OK || !host_csr_alloc (&A, ROWS, (int64_t) ROWS * PER_ROW))
        return status ;
    for (uint64_t i = 0 ; i <= ROWS ; i++) A.p [i] = i * PER_ROW ;
    for (uint64_t i = 0 ; i < ROWS ; i++)
    {
        for (uint64_t k = 0 ; k < PER_ROW ; k++)
        {
            A.j [i * PER_ROW + k] = column_of (i, k) ;
            A.x [i * PER_ROW + k] = 1 ;
        }
    }
    for (int run = 0 ; run < 2 && status == GBGPU_CUDA_OK ; run++)
        status = timed_product (c.large, ROWS, &A) ;
    host_csr_free (&A) ;
    for (int run = 0 ; run < 2 && status == GBGPU_CUDA_OK ; run++)
        status = timed_bitmap_upload (&c.bitmap) ;
    if (status == GBGPU_CUDA_OK) gbgpu_auto_calibrate (&c) ;
    return status ;
}

// Tried once: other threads decide on the priors meanwhile (their GPU calls
// may share the device with its timings), and a shortage of memory then
// leaves the priors for good.  Every modelled call asks, so after the first
// an atomic read answers, not the model's lock.
bool gbgpu_calibrate_before_deciding (void)
{
    static atomic_bool tried = false ;
    if (atomic_load (&tried) || atomic_exchange (&tried, true) || gbgpu_auto_calibrated ())
        return true ;
    int previous ;
    gbgpu_cuda_status status = gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) ;
    if (status == GBGPU_CUDA_OK) status = gbgpu_calibrate_device () ;
    gbgpu_cuda_restore_device (previous) ;
    if (status != GBGPU_CUDA_OK) gbgpu_count_cuda_status (status) ;
    return !gbgpu_device_broken () ;
}
