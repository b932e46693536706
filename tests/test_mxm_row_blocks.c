// tests/test_mxm_row_blocks.c: products larger than the device's memory (GPU test:
// exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// The test-only cap on gbgpu's device memory (GBGPU_DEVICE_MEMORY_LIMIT)
// stands in for a small device, sized from each case's inputs and result, so
// that every answer to running out of memory is reached on any device:
//
//   whole, then blocks   T = A*A larger than the memory left after the
//                        inputs: the whole product runs out of memory, and is
//                        computed in row blocks
//   blocks at once       T = A*B whose least possible size is over the free
//                        memory (every row of A meets one long row of B):
//                        blocks from the start, none running out of memory
//   halving              rows that compress 32-fold, then rows that do not:
//                        the block planned from the first ones' compression
//                        runs out of memory and is halved
//   masks, accumulator   T<M> and T<!M> (structural) in blocks, C<M> +=, and
//                        replace: the mask is cut into the same row blocks
//   pattern only         ANY_PAIR (an iso T) in blocks
//   inputs too large     a cap below the inputs: the call goes to the CPU
//                        (reason "device memory"), inputs stored zero-copy
//                        and through a copy
//   only inputs fit      no room for anything past the inputs: the CPU
//   caller's device      (two devices or more) the caller's current device
//                        is its own again after a call on another
//
// Each is compared with SuiteSparse's own GrB_mxm; every input must hold
// exactly its old content afterwards; and gbgpu's counters must show the path
// (GPU call, row block calls and blocks, retries, device allocations that
// failed, or the delegation).

#include "test_support.h"

#include <cuda_runtime.h>
#include <stdlib.h>

#define MIB ((int64_t) 1 << 20)

//------------------------------------------------------------------------------
// sizes on the device
//------------------------------------------------------------------------------

// Device bytes of an input as gbgpu holds it (uploads allocate at least one
// element of each array): 64-bit row pointers, 32-bit column indices, values.
static int64_t input_bytes (GrB_Matrix X, size_t value_size)
{
    GrB_Index nrows, nvals ;
    TS_OK (GrB_Matrix_nrows (&nrows, X)) ;
    TS_OK (GrB_Matrix_nvals (&nvals, X)) ;
    int64_t n = (nvals > 0) ? (int64_t) nvals : 1 ;
    int64_t values = (value_size > 0) ? n * (int64_t) value_size : 1 ;
    return ((int64_t) nrows + 1) * 8 + n * 4 + values ;
}

// Device bytes of a result with R's pattern: 64-bit row pointers and column
// indices, and values (one when iso).
static int64_t result_bytes (GrB_Matrix R, size_t value_size, bool iso)
{
    GrB_Index nrows, nvals ;
    TS_OK (GrB_Matrix_nrows (&nrows, R)) ;
    TS_OK (GrB_Matrix_nvals (&nvals, R)) ;
    return ((int64_t) nrows + 1) * 8 + (int64_t) nvals * (iso ? 8 : 8 + (int64_t) value_size) ;
}

//------------------------------------------------------------------------------
// one case: GPU under a cap, the library, and everything compared
//------------------------------------------------------------------------------

typedef struct
{
    const char *what ;
    GrB_Semiring semiring ;
    GrB_Type ctype ;
    GrB_Matrix C ;              // C's content before the call (NULL: empty)
    GrB_Matrix M ;              // may be NULL
    GrB_BinaryOp accum ;        // may be NULL
    GrB_Matrix A, B ;           // B may be A itself
    GrB_Descriptor desc ;
    double tol ;
}
product_case ;

static GrB_Matrix dup_or_null (GrB_Matrix X)
{
    GrB_Matrix Y = NULL ;
    if (X != NULL) TS_OK (GrB_Matrix_dup (&Y, X)) ;
    return Y ;
}

static void check_intact (const char *what, const char *name, GrB_Matrix X, GrB_Matrix X0)
{
    if (X == NULL) return ;
    char why [400] ;
    ts_check (ts_same_content (X, X0, 0, why, sizeof (why)), "%s: %s changed: %s",
        what, name, why) ;
}

// Runs the case with gbgpu's device memory capped at `cap` bytes and with the
// library; counts the checks; returns the counters the GPU call moved.
static gbgpu_stats_t run_capped (const product_case *t, int64_t cap, unsigned allowed)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, t->A)) ;
    TS_OK (GrB_Matrix_ncols (&n, t->B)) ;
    GrB_Matrix A0 = dup_or_null (t->A), B0 = (t->B == t->A) ? A0 : dup_or_null (t->B) ;
    GrB_Matrix M0 = dup_or_null (t->M) ;
    GrB_Matrix C, R ;
    if (t->C != NULL)
    {
        TS_OK (GrB_Matrix_dup (&C, t->C)) ;
        TS_OK (GrB_Matrix_dup (&R, t->C)) ;
    }
    else
    {
        TS_OK (GrB_Matrix_new (&C, t->ctype, m, n)) ;
        TS_OK (GrB_Matrix_new (&R, t->ctype, m, n)) ;
    }

    gbgpu_stats_t delta ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, cap)) ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, t->M, t->accum,
        t->semiring, t->A, t->B, t->desc) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    GrB_Info ref_info = ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, M0, t->accum,
        t->semiring, A0, B0, t->desc) ;

    char why [400] ;
    ts_check (info == GrB_SUCCESS && ref_info == GrB_SUCCESS,
        "%s: GrB_mxm returned %d, the library %d", t->what, (int) info, (int) ref_info) ;
    ts_check (ts_path_in (&delta, allowed, why, sizeof (why)), "%s: %s", t->what, why) ;
    ts_check (ts_same_content (C, R, t->tol, why, sizeof (why)), "%s: result: %s",
        t->what, why) ;
    check_intact (t->what, "A", t->A, A0) ;
    if (t->B != t->A) check_intact (t->what, "B", t->B, B0) ;
    check_intact (t->what, "M", t->M, M0) ;
    printf ("%s: cap %.2f MiB, path %s, %llu row block calls, %llu blocks, %llu halved, "
        "%llu device allocations failed\n", t->what, (double) cap / MIB, ts_path_name (&delta),
        (unsigned long long) delta.row_block_calls, (unsigned long long) delta.row_blocks,
        (unsigned long long) delta.row_block_retries,
        (unsigned long long) delta.device_out_of_memory) ;

    if (B0 != A0) GrB_Matrix_free (&B0) ;
    GrB_Matrix_free (&A0) ;
    GrB_Matrix_free (&M0) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&R) ;
    return delta ;
}

// The library's T of a case without its C, mask values or accumulator: what
// the device must hold (T<M> keeps the mask's pattern, T<!M> the rest).
static GrB_Matrix library_product (const product_case *t, GrB_Type ttype)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, t->A)) ;
    TS_OK (GrB_Matrix_ncols (&n, t->B)) ;
    GrB_Matrix T ;
    TS_OK (GrB_Matrix_new (&T, ttype, m, n)) ;
    int32_t mask = 0 ;
    TS_OK (GxB_Desc_get_INT32 (t->desc, GrB_MASK, &mask)) ;
    GrB_Descriptor desc = (t->M == NULL) ? NULL
        : ((mask & GrB_COMP) ? GrB_DESC_SC : GrB_DESC_S) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, T, t->M, NULL, t->semiring,
        t->A, t->B, desc)) ;
    return T ;
}

// A cap that leaves half of T's bytes past the inputs.
static int64_t cap_for_half (const product_case *t, GrB_Type ttype, size_t a_values,
    size_t b_values, bool iso)
{
    GrB_Matrix T = library_product (t, ttype) ;
    int64_t inputs = input_bytes (t->A, a_values)
        + ((t->B != t->A) ? input_bytes (t->B, b_values) : 0)
        + ((t->M != NULL) ? input_bytes (t->M, 0) : 0) ;
    size_t tsize = ts_type_size (ttype) ;
    int64_t cap = inputs + result_bytes (T, tsize, iso) / 2 ;
    GrB_Matrix_free (&T) ;
    return cap ;
}

//------------------------------------------------------------------------------
// inputs
//------------------------------------------------------------------------------

// Long rows of B (1024 entries, columns that no two rows share, over 65536
// columns) after `narrow` rows holding every column below `width`, and A
// with `compressing` rows meeting every narrow row, then `plain` rows each
// meeting one long row.
#define WIDE_COLS 65536
#define LONG_ROWS 64
#define LONG_ROW_ENTRIES 1024

// Entries gathered for GrB_Matrix_build, with small random integer values.
typedef struct
{
    GrB_Index *I, *J ;
    double *X ;
    GrB_Index n ;
    ts_rng rng ;
}
tuples ;

static void tuples_start (tuples *t, GrB_Index capacity, uint64_t seed)
{
    t->I = malloc ((capacity + 1) * sizeof (GrB_Index)) ;
    t->J = malloc ((capacity + 1) * sizeof (GrB_Index)) ;
    t->X = malloc ((capacity + 1) * sizeof (double)) ;
    if (t->I == NULL || t->J == NULL || t->X == NULL) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    t->n = 0 ;
    t->rng = ts_rng_new (seed) ;
}

static void tuples_add (tuples *t, GrB_Index i, GrB_Index j)
{
    t->I [t->n] = i ;
    t->J [t->n] = j ;
    t->X [t->n] = (double) ts_rng_range (&t->rng, -4, 4) ;
    t->n++ ;
}

static GrB_Matrix tuples_build (tuples *t, GrB_Index nrows, GrB_Index ncols)
{
    GrB_Matrix Y ;
    TS_OK (GrB_Matrix_new (&Y, GrB_FP64, nrows, ncols)) ;
    TS_OK (GrB_Matrix_build_FP64 (Y, t->I, t->J, t->X, t->n, GrB_PLUS_FP64)) ;
    TS_OK (GrB_Matrix_wait (Y, GrB_MATERIALIZE)) ;
    free (t->I) ; free (t->J) ; free (t->X) ;
    return Y ;
}

static GrB_Matrix long_rows_B (int narrow, int width, uint64_t seed)
{
    tuples t ;
    tuples_start (&t, (GrB_Index) narrow * width + (GrB_Index) LONG_ROWS * LONG_ROW_ENTRIES, seed) ;
    for (int r = 0 ; r < narrow ; r++)
    {
        for (int c = 0 ; c < width ; c++) tuples_add (&t, r, c) ;
    }
    for (int r = 0 ; r < LONG_ROWS ; r++)
    {
        for (int e = 0 ; e < LONG_ROW_ENTRIES ; e++)
            tuples_add (&t, narrow + r, (GrB_Index) e * LONG_ROWS + r) ;
    }
    return tuples_build (&t, narrow + LONG_ROWS, WIDE_COLS) ;
}

static GrB_Matrix compressing_then_plain_A (int compressing, int narrow, int plain, uint64_t seed)
{
    tuples t ;
    tuples_start (&t, (GrB_Index) compressing * narrow + plain, seed) ;
    for (int i = 0 ; i < compressing ; i++)
    {
        for (int c = 0 ; c < narrow ; c++) tuples_add (&t, i, c) ;
    }
    for (int i = 0 ; i < plain ; i++)
    {
        GrB_Index long_row = (GrB_Index) ts_rng_range (&t.rng, 0, LONG_ROWS - 1) ;
        tuples_add (&t, compressing + i, narrow + long_row) ;
    }
    return tuples_build (&t, compressing + plain, narrow + LONG_ROWS) ;
}

static GrB_Matrix random_matrix (GrB_Type type, GrB_Index nrows, GrB_Index ncols,
    double density, uint64_t seed)
{
    ts_matrix_spec spec = ts_spec (type, nrows, ncols, density, seed) ;
    GrB_Matrix X ;
    ts_matrix_make (&X, &spec) ;
    return X ;
}

//------------------------------------------------------------------------------
// the cases
//------------------------------------------------------------------------------

static const double FP64_TOL = 1e-10 ;

static void whole_then_blocks (GrB_Matrix A)
{
    product_case t = { "whole, then blocks: C = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64,
        NULL, NULL, NULL, A, A, NULL, FP64_TOL } ;
    int64_t cap = cap_for_half (&t, GrB_FP64, 8, 8, false) ;
    gbgpu_stats_t d = run_capped (&t, cap, TS_PATH_GPU) ;
    ts_check (d.row_block_calls == 1 && d.row_blocks >= 2 && d.device_out_of_memory >= 1,
        "%s: expected the whole product out of memory, then blocks", t.what) ;
}

static void blocks_at_once (void)
{
    GrB_Matrix B = long_rows_B (0, 0, 11) ;
    GrB_Matrix A = compressing_then_plain_A (0, 0, 8000, 12) ;
    product_case t = { "blocks at once: every row of A meets one long row of B",
        GxB_PLUS_TIMES_FP64, GrB_FP64, NULL, NULL, NULL, A, B, NULL, FP64_TOL } ;
    int64_t cap = cap_for_half (&t, GrB_FP64, 8, 8, false) ;
    gbgpu_stats_t d = run_capped (&t, cap, TS_PATH_GPU) ;
    ts_check (d.row_block_calls == 1 && d.row_blocks >= 2 && d.device_out_of_memory == 0
        && d.row_block_retries == 0,
        "%s: expected blocks from the start and no allocation failing", t.what) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
}

// 32 narrow rows of width 128: a compressing row has 4096 products and 128
// entries.  The first block (bounds taken as entries) holds compressing rows
// only; the next, planned from their compression, reaches the plain rows,
// whose entries are their bounds, and needs several times the memory there
// is.  The compressing rows' bounds are 1/25 of the memory left (V), and
// every block gets 3/8 of V: the first covers a quarter of them, the rest
// cost the next block under 1/10 of V, which leaves it the plain rows.
static void halving (void)
{
    const int narrow = 32, width = 128, plain = 4000 ;
    const int64_t V = 8 * MIB ;
    const int compressing = (int) (V / 25 / (narrow * width)) ;
    GrB_Matrix B = long_rows_B (narrow, width, 21) ;
    GrB_Matrix A = compressing_then_plain_A (compressing, narrow, plain, 22) ;
    product_case t = { "halving: compressing rows, then rows that do not compress",
        GxB_PLUS_TIMES_FP64, GrB_FP64, NULL, NULL, NULL, A, B, NULL, FP64_TOL } ;
    int64_t cap = input_bytes (A, 8) + input_bytes (B, 8) + V ;
    gbgpu_stats_t d = run_capped (&t, cap, TS_PATH_GPU) ;
    ts_check (d.row_block_calls == 1 && d.row_block_retries >= 1 && d.device_out_of_memory >= 1,
        "%s: expected a block halved after running out of memory", t.what) ;
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&B) ;
}

static void masks_in_blocks (void)
{
    const GrB_Index n = 2000 ;
    GrB_Matrix A = random_matrix (GrB_FP64, n, n, 16.0 / n, 31) ;
    GrB_Matrix M = random_matrix (GrB_BOOL, n, n, 0.3, 32) ;
    GrB_Matrix C = random_matrix (GrB_FP64, n, n, 0.05, 33) ;
    product_case cases [3] =
    {
        { "masks: C<M,struct> = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C, M, NULL, A, A,
          GrB_DESC_S, FP64_TOL },
        { "masks: C<M,struct> += A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C, M, GrB_PLUS_FP64,
          A, A, GrB_DESC_S, FP64_TOL },
        { "masks: C<!M,struct,replace> += A*A", GxB_PLUS_TIMES_FP64, GrB_FP64, C, M,
          GrB_PLUS_FP64, A, A, GrB_DESC_RSC, FP64_TOL },
    } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        int64_t cap = cap_for_half (&cases [k], GrB_FP64, 8, 8, false) ;
        gbgpu_stats_t d = run_capped (&cases [k], cap, TS_PATH_GPU) ;
        ts_check (d.row_block_calls == 1 && d.row_blocks >= 2,
            "%s: expected row blocks", cases [k].what) ;
    }
    GrB_Matrix_free (&A) ;
    GrB_Matrix_free (&M) ;
    GrB_Matrix_free (&C) ;
}

static void pattern_in_blocks (GrB_Matrix A)
{
    product_case t = { "pattern only: C = A*A over ANY_PAIR_BOOL (iso)", GxB_ANY_PAIR_BOOL,
        GrB_BOOL, NULL, NULL, NULL, A, A, NULL, 0 } ;
    int64_t cap = cap_for_half (&t, GrB_BOOL, 0, 0, true) ;
    gbgpu_stats_t d = run_capped (&t, cap, TS_PATH_GPU) ;
    ts_check (d.row_block_calls == 1 && d.row_blocks >= 2, "%s: expected row blocks", t.what) ;
}

// FIRSTI's value is a row's index in the whole of A, which a block's kernels
// see from the block's first row on (masked or not: both kinds of kernel).
static void positional_in_blocks (GrB_Matrix A)
{
    const GrB_Index n = 2000 ;
    GrB_Matrix S = random_matrix (GrB_FP64, n, n, 16.0 / n, 41) ;
    GrB_Matrix M = random_matrix (GrB_BOOL, n, n, 0.3, 42) ;
    product_case cases [2] =
    {
        { "positional: C = A*A over PLUS_FIRSTI1_INT64", GxB_PLUS_FIRSTI1_INT64, GrB_INT64,
          NULL, NULL, NULL, A, A, NULL, 0 },
        { "positional: C<M,struct> = S*S over MIN_FIRSTI_INT32", GxB_MIN_FIRSTI_INT32,
          GrB_INT32, NULL, M, NULL, S, S, GrB_DESC_S, 0 },
    } ;
    for (int k = 0 ; k < 2 ; k++)
    {
        int64_t cap = cap_for_half (&cases [k], cases [k].ctype, 0, 0, false) ;
        gbgpu_stats_t d = run_capped (&cases [k], cap, TS_PATH_GPU) ;
        ts_check (d.row_block_calls == 1 && d.row_blocks >= 2,
            "%s: expected row blocks", cases [k].what) ;
    }
    GrB_Matrix_free (&S) ;
    GrB_Matrix_free (&M) ;
}

// The first input to go up fails: A stored by row (lent zero-copy, packed
// back), or H by column and hypersparse (through a copy).
static void inputs_too_large (GrB_Matrix A)
{
    GrB_Matrix H ;
    TS_OK (GrB_Matrix_dup (&H, A)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (H, GxB_FORMAT, GxB_BY_COL)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (H, GxB_SPARSITY_CONTROL, GxB_HYPERSPARSE)) ;
    TS_OK (GrB_Matrix_wait (H, GrB_MATERIALIZE)) ;
    product_case cases [2] =
    {
        { "inputs too large: C = A*H with a 1 KiB cap", GxB_PLUS_TIMES_FP64, GrB_FP64,
          NULL, NULL, NULL, A, H, NULL, FP64_TOL },
        { "inputs too large: C = H*A with a 1 KiB cap", GxB_PLUS_TIMES_FP64, GrB_FP64,
          NULL, NULL, NULL, H, A, NULL, FP64_TOL },
    } ;
    for (int k = 0 ; k < 2 ; k++)
    {
        gbgpu_stats_t d = run_capped (&cases [k], 1024,
            TS_PATH_DELEGATED (GBGPU_DELEGATED_DEVICE_MEMORY)) ;
        ts_check (d.device_out_of_memory >= 1 && d.row_block_calls == 0,
            "%s: expected an upload out of memory", cases [k].what) ;
    }
    GrB_Matrix_free (&H) ;
}

static void only_inputs_fit (GrB_Matrix A)
{
    product_case t = { "only the inputs fit: C = A*A", GxB_PLUS_TIMES_FP64, GrB_FP64,
        NULL, NULL, NULL, A, A, NULL, FP64_TOL } ;
    int64_t cap = input_bytes (A, 8) + 4096 ;
    gbgpu_stats_t d = run_capped (&t, cap, TS_PATH_DELEGATED (GBGPU_DELEGATED_DEVICE_MEMORY)) ;
    ts_check (d.device_out_of_memory >= 1, "%s: expected the device out of memory", t.what) ;
}

// With two devices: gbgpu on device 1, the caller on device 0 before and after.
static void callers_device (GrB_Matrix A)
{
    int count = 0 ;
    if (cudaGetDeviceCount (&count) != cudaSuccess || count < 2)
    {
        printf ("caller's device: one device, not checked\n") ;
        return ;
    }
    int64_t saved ;
    TS_OK (gbgpu_get (GBGPU_DEVICE, &saved)) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE, 1)) ;
    ts_check (cudaSetDevice (0) == cudaSuccess, "caller's device: cudaSetDevice (0) failed") ;
    product_case t = { "caller's device: C = A*A on device 1", GxB_PLUS_TIMES_FP64, GrB_FP64,
        NULL, NULL, NULL, A, A, NULL, FP64_TOL } ;
    (void) run_capped (&t, 0, TS_PATH_GPU) ;
    int device = -1 ;
    ts_check (cudaGetDevice (&device) == cudaSuccess && device == 0,
        "caller's device: %d after the call, was 0", device) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE, saved)) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    // 16 entries a row: T = A*A has about 5 million entries
    GrB_Matrix A = random_matrix (GrB_FP64, 20000, 20000, 16.0 / 20000, 1) ;
    whole_then_blocks (A) ;
    blocks_at_once () ;
    halving () ;
    masks_in_blocks () ;
    pattern_in_blocks (A) ;
    positional_in_blocks (A) ;
    inputs_too_large (A) ;
    only_inputs_fit (A) ;
    callers_device (A) ;
    GrB_Matrix_free (&A) ;
    gbgpu_stats_print (stdout) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
