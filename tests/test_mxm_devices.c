// tests/test_mxm_devices.c: products split over every device of the host (GPU test:
// exits 77 with fewer than two usable devices).
// SPDX-License-Identifier: Apache-2.0
//
// Run with GBGPU_DEVICES=all and GBGPU_SPLIT_MIN_PRODUCTS=0 (CTest sets
// them), so that every product of these sizes is split:
//
//   plain            C = A*A, FP64: split over the devices, the library's C
//   again            the same product: the inputs found on every device
//   masks            T<M>, T<!M> (structural) with replace, C<M> += T
//   pattern only     ANY_PAIR: an iso T from every part, also an empty one
//   one heavy row    a row of A meets every row of B, the rest one each: the
//                    parts by products leave some devices few rows or none
//   run-time         a user-defined multiply, its module loaded on each device
//   in row blocks    a device memory cap: the parts run in row blocks on
//                    their devices, into the one result
//   caller's device  the calling thread's device is its own again after
//
// Each is compared with SuiteSparse's own GrB_mxm, every input must hold its
// old content, and gbgpu's counters must show the split (split_calls,
// split_parts: one part per device).

#include "test_support.h"

#include <cuda_runtime.h>

static const double FP64_TOL = 1e-10 ;
static int devices = 0 ;

static GrB_Matrix random_matrix (GrB_Type type, GrB_Index n, double density, uint64_t seed)
{
    ts_matrix_spec spec = ts_spec (type, n, n, density, seed) ;
    GrB_Matrix X ;
    ts_matrix_make (&X, &spec) ;
    return X ;
}

// C<M> = accum (C, A*B) on the GPU and with the library, from the same C;
// the GPU call's counters.
static gbgpu_stats_t check_split (const char *what, GrB_Semiring semiring, GrB_Type ctype,
    GrB_Matrix C0, GrB_Matrix M, GrB_BinaryOp accum, GrB_Matrix A, GrB_Matrix B,
    GrB_Descriptor desc, double tol)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, A)) ;
    TS_OK (GrB_Matrix_ncols (&n, B)) ;
    GrB_Matrix A0, B0, C, R ;
    TS_OK (GrB_Matrix_dup (&A0, A)) ;
    TS_OK (GrB_Matrix_dup (&B0, B)) ;
    if (C0 != NULL)
    {
        TS_OK (GrB_Matrix_dup (&C, C0)) ;
        TS_OK (GrB_Matrix_dup (&R, C0)) ;
    }
    else
    {
        TS_OK (GrB_Matrix_new (&C, ctype, m, n)) ;
        TS_OK (GrB_Matrix_new (&R, ctype, m, n)) ;
    }
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, M, accum, semiring, A, B, desc) ;
    GrB_Info ref = ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, M, accum, semiring, A0, B0, desc) ;
    char why [400] ;
    ts_check (info == GrB_SUCCESS && ref == GrB_SUCCESS, "%s: GrB_mxm returned %d, the library %d",
        what, (int) info, (int) ref) ;
    ts_check (ts_path_in (&delta, TS_PATH_GPU, why, sizeof (why)), "%s: %s", what, why) ;
    ts_check (delta.split_calls == 1 && delta.split_parts == (uint64_t) devices,
        "%s: %llu calls split, %llu parts (expected 1, %d)", what,
        (unsigned long long) delta.split_calls, (unsigned long long) delta.split_parts, devices) ;
    ts_check (ts_same_content (C, R, tol, why, sizeof (why)), "%s: result: %s", what, why) ;
    ts_check (ts_same_content (A, A0, 0, why, sizeof (why)), "%s: A changed: %s", what, why) ;
    ts_check (ts_same_content (B, B0, 0, why, sizeof (why)), "%s: B changed: %s", what, why) ;
    printf ("%s: %llu parts, %llu inputs found on the devices, %llu uploaded, %llu row block "
        "calls\n", what, (unsigned long long) delta.split_parts,
        (unsigned long long) delta.device_cache_hits, (unsigned long long) delta.device_cache_misses,
        (unsigned long long) delta.row_block_calls) ;
    GrB_Matrix_free (&A0) ;
    GrB_Matrix_free (&B0) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&R) ;
    return delta ;
}

static void plain_and_again (GrB_Matrix A)
{
    (void) check_split ("plain: C = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, NULL, NULL, NULL, A, A,
        NULL, FP64_TOL) ;
    gbgpu_stats_t again = check_split ("again: C = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, NULL,
        NULL, NULL, A, A, NULL, FP64_TOL) ;
    // A once on each device (as both operands), from the device cache
    ts_check (again.device_cache_hits == (uint64_t) devices && again.device_cache_misses == 0,
        "again: %llu inputs found on the devices, %llu uploaded (expected %d, 0)",
        (unsigned long long) again.device_cache_hits,
        (unsigned long long) again.device_cache_misses, devices) ;
}

static void masks (GrB_Matrix A)
{
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix M = random_matrix (GrB_BOOL, n, 64.0 / (double) n, 7) ;
    GrB_Matrix C0 = random_matrix (GrB_FP64, n, 8.0 / (double) n, 8) ;
    (void) check_split ("masks: C<M,struct,replace> = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C0, M,
        NULL, A, A, GrB_DESC_RS, FP64_TOL) ;
    (void) check_split ("masks: C<!M,struct,replace> = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C0, M,
        NULL, A, A, GrB_DESC_RSC, FP64_TOL) ;
    (void) check_split ("masks: C<M> += A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C0, M,
        GrB_PLUS_FP64, A, A, NULL, FP64_TOL) ;
    GrB_Matrix_free (&M) ;
    GrB_Matrix_free (&C0) ;
}

// ANY_PAIR, then with a mask that leaves nothing: every part iso, none with entries.
static void pattern_only (GrB_Matrix A)
{
    (void) check_split ("pattern only: C = A*A over ANY_PAIR", GxB_ANY_PAIR_BOOL, GrB_BOOL, NULL,
        NULL, NULL, A, A, NULL, 0) ;
    GrB_Index n ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    GrB_Matrix M ;
    TS_OK (GrB_Matrix_new (&M, GrB_BOOL, n, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, M, NULL, NULL, GxB_ANY_PAIR_BOOL, A, A, NULL)) ;
    (void) check_split ("pattern only: C<!M,struct,replace> = A*A, empty", GxB_ANY_PAIR_BOOL,
        GrB_BOOL, NULL, M, NULL, A, A, GrB_DESC_RSC, 0) ;
    GrB_Matrix_free (&M) ;
}

// Row 0 of A meets every row of B; every other row one row of B.
static void one_heavy_row (void)
{
    const GrB_Index n = 4096 ;
    GrB_Matrix A, B = random_matrix (GrB_FP64, n, 32.0 / (double) n, 11) ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, n, n)) ;
    for (GrB_Index k = 0 ; k < n ; k++) TS_OK (GrB_Matrix_setElement_FP64 (A, 1.0 + (double) k / n, 0, k)) ;
    for (GrB_Index i = 1 ; i < n ; i++) TS_OK (GrB_Matrix_setElement_FP64 (A, 2.0, i, (i * 7) % n)) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    (void) check_split ("one heavy row: C = A*B", GxB_PLUS_TIMES_FP64, GrB_FP64, NULL, NULL, NULL,
        A, B, NULL, FP64_TOL) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
}

static void times_plus_one (double *z, const double *x, const double *y)
{
    *z = (*x) * (*y) + 1 ;
}

static void run_time (GrB_Matrix A)
{
    GrB_BinaryOp op ;
    GrB_Semiring semiring ;
    TS_OK (GxB_BinaryOp_new (&op, (GxB_binary_function) times_plus_one, GrB_FP64, GrB_FP64,
        GrB_FP64, "times_plus_one", "void times_plus_one (double *z, const double *x, "
        "const double *y) { (*z) = (*x) * (*y) + 1 ; }")) ;
    TS_OK (GrB_Semiring_new (&semiring, GrB_PLUS_MONOID_FP64, op)) ;
    (void) check_split ("run-time: C = A*A over PLUS_(x*y+1)", semiring, GrB_FP64, NULL, NULL,
        NULL, A, A, NULL, FP64_TOL) ;
    GrB_Semiring_free (&semiring) ;
    GrB_BinaryOp_free (&op) ;
}

// A cap of three eighths of T's bytes past the inputs on every device: no
// part's T fits whole.
static void in_row_blocks (GrB_Matrix A)
{
    GrB_Index n, a_entries ;
    TS_OK (GrB_Matrix_nrows (&n, A)) ;
    TS_OK (GrB_Matrix_nvals (&a_entries, A)) ;
    GrB_Matrix T ;
    TS_OK (GrB_Matrix_new (&T, GrB_FP64, n, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, T, NULL, NULL, GxB_PLUS_TIMES_FP64, A, A, NULL)) ;
    GrB_Index t_entries ;
    TS_OK (GrB_Matrix_nvals (&t_entries, T)) ;
    GrB_Matrix_free (&T) ;
    const int64_t inputs = (int64_t) devices * ((int64_t) (n + 1) * 8 + (int64_t) a_entries * 12) ;
    const int64_t cap = inputs + (int64_t) t_entries * 16 * 3 / 8 ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, cap)) ;
    gbgpu_stats_t delta = check_split ("in row blocks: C = A*A under a cap", GxB_PLUS_TIMES_FP64,
        GrB_FP64, NULL, NULL, NULL, A, A, NULL, FP64_TOL) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    ts_check (delta.row_block_calls >= 1, "in row blocks: no part ran in row blocks") ;
}

static void callers_device (GrB_Matrix A)
{
    ts_check (cudaSetDevice (devices - 1) == cudaSuccess, "caller's device: cudaSetDevice failed") ;
    (void) check_split ("caller's device: C = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, NULL, NULL,
        NULL, A, A, NULL, FP64_TOL) ;
    int device = -1 ;
    ts_check (cudaGetDevice (&device) == cudaSuccess && device == devices - 1,
        "caller's device: %d after the call, was %d", device, devices - 1) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    if (cudaGetDeviceCount (&devices) != cudaSuccess || devices < 2)
    {
        printf ("fewer than two devices: skipped\n") ;
        TS_OK (GrB_finalize ()) ;
        return TS_EXIT_SKIP ;
    }
    // 16 entries a row: T = A*A has about 5 million entries
    GrB_Matrix A = random_matrix (GrB_FP64, 20000, 16.0 / 20000, 1) ;
    plain_and_again (A) ;
    masks (A) ;
    pattern_only (A) ;
    one_heavy_row () ;
    run_time (A) ;
    in_row_blocks (A) ;
    callers_device (A) ;
    GrB_Matrix_free (&A) ;
    gbgpu_stats_print (stdout) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
