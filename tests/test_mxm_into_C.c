// tests/test_mxm_into_C.c: a result that replaces C's content, written into C's own old
// arrays (run/arrays_of_C.c), is the library's result (GPU test: exits 77 without a
// usable device).
// SPDX-License-Identifier: Apache-2.0
//
// Each case makes C twice from one spec (content and storage), runs the same
// GrB_mxm into one under policy gpu and into the other under policy cpu, and
// checks the results, C's sparsity status, and whether gbgpu wrote T into
// C's old arrays (stats: results_in_C_arrays) exactly where it may: C held
// sparse by row, T replacing its content (no accumulator; no mask, or a
// structural one with replace), C none of the inputs.  C's old arrays are
// larger or smaller than T's, iso, jumbled, with pending work.  A large
// result (past run/host_result.c's 64 MiB) goes through the touched and
// streaming-store downloads: into fresh arrays and into C's; and in row
// blocks under a device memory cap into C's (an iso C's too: its index and
// value arrays differ in size), where each block is under 64 MiB and is
// written with plain stores (test_mxm_accumulators writes streaming
// downloads at unaligned offsets).

#include "test_support.h"

#define TOLERANCE 1e-10

typedef struct
{
    const char *name ;
    ts_matrix_spec c ;          // C's old content and storage
    bool masked ;               // C<M,struct,replace> = A*B (else C = A*B)
    bool accumulate ;           // C += A*B
    int aliased ;               // 0: C is new; 1: C is A (C = C*A); 2: C is M
    bool expect_in_C ;          // gbgpu writes T into C's arrays
}
into_C_case ;

static void check_status_alike (const char *what, GrB_Matrix C, GrB_Matrix Ref)
{
    int32_t status, ref_status, format, ref_format ;
    TS_OK (GxB_Matrix_Option_get_INT32 (C, GxB_SPARSITY_STATUS, &status)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (Ref, GxB_SPARSITY_STATUS, &ref_status)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (C, GxB_FORMAT, &format)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (Ref, GxB_FORMAT, &ref_format)) ;
    ts_check (status == ref_status && format == ref_format,
        "%s: C held as %d by %d, the library's as %d by %d", what, status, format,
        ref_status, ref_format) ;
}

// One GrB_mxm on the GPU into C and on the CPU into Ref (made alike), compared.
static void check_call (const char *what, GrB_Matrix C, GrB_Matrix Ref, GrB_Matrix M,
    GrB_Matrix M_ref, GrB_BinaryOp accum, GrB_Matrix A, GrB_Matrix A_ref, GrB_Matrix B,
    GrB_Descriptor desc, bool expect_in_C)
{
    gbgpu_stats_t delta ;
    char why [256] ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, M, accum,
        GxB_PLUS_TIMES_FP64, A, B, desc) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, Ref, M_ref, accum, GxB_PLUS_TIMES_FP64,
        A_ref, B, desc)) ;
    ts_check (info == GrB_SUCCESS, "%s: GrB_Info %d", what, (int) info) ;
    ts_check (ts_path_in (&delta, TS_PATH_GPU, why, sizeof (why)), "%s: path: %s", what, why) ;
    ts_check (ts_same_content (C, Ref, TOLERANCE, why, sizeof (why)), "%s: result: %s", what, why) ;
    check_status_alike (what, C, Ref) ;
    ts_check (delta.results_in_C_arrays == (expect_in_C ? 1u : 0u),
        "%s: %llu results written into C's arrays, expected %d", what,
        (unsigned long long) delta.results_in_C_arrays, expect_in_C ? 1 : 0) ;
}

static void run_case (const into_C_case *k, GrB_Matrix A, GrB_Matrix B, GrB_Matrix M)
{
    GrB_Matrix C, Ref ;
    ts_matrix_make (&C, &k->c) ;
    ts_matrix_make (&Ref, &k->c) ;
    GrB_Descriptor desc = k->masked ? GrB_DESC_RS : NULL ;
    GrB_Matrix mask = k->masked ? M : NULL, mask_ref = mask ;
    GrB_Matrix a = A, a_ref = A, b = B ;
    if (k->aliased == 1) { a = C ; a_ref = Ref ; b = A ; }
    if (k->aliased == 2) { mask = C ; mask_ref = Ref ; desc = GrB_DESC_RS ; }
    check_call (k->name, C, Ref, mask, mask_ref, k->accumulate ? GrB_PLUS_FP64 : NULL,
        a, a_ref, b, desc, k->expect_in_C) ;
    GrB_free (&C) ;
    GrB_free (&Ref) ;
}

// Large results: fresh C (touched arrays), then the same C again (its own
// arrays), then in row blocks under a device memory cap into C's arrays.
static void check_large (void)
{
    GrB_Matrix A, B, C, Ref ;
    ts_matrix_spec a_spec = ts_spec (GrB_FP64, 2500, 48, 1.0, 11) ;
    ts_matrix_spec b_spec = ts_spec (GrB_FP64, 48, 1800, 1.0, 12) ;
    ts_matrix_make (&A, &a_spec) ;
    ts_matrix_make (&B, &b_spec) ;
    // held sparse (T is dense: the library would hold it full)
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, 2500, 1800)) ;
    TS_OK (GrB_Matrix_new (&Ref, GrB_FP64, 2500, 1800)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (C, GxB_SPARSITY_CONTROL, GxB_SPARSE)) ;
    TS_OK (GxB_Matrix_Option_set_INT32 (Ref, GxB_SPARSITY_CONTROL, GxB_SPARSE)) ;
    check_call ("large, a new C", C, Ref, NULL, NULL, NULL, A, A, B, NULL, false) ;
    check_call ("large, the same C again", C, Ref, NULL, NULL, NULL, A, A, B, NULL, true) ;

    // T is 72 MB on the device; 48 MiB leaves room for the inputs and a block
    gbgpu_stats_t before = ts_stats_now () ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, (int64_t) 48 << 20)) ;
    check_call ("large, in row blocks into C's arrays", C, Ref, NULL, NULL, NULL, A, A, B,
        NULL, true) ;
    // C iso: its one value is no room for the blocks' values (the arrays
    // differ in size; gbgpu once grew them by its index array alone)
    TS_OK (GrB_Matrix_assign_FP64 (C, C, NULL, 1.0, GrB_ALL, 2500, GrB_ALL, 1800, GrB_DESC_S)) ;
    TS_OK (GrB_Matrix_assign_FP64 (Ref, Ref, NULL, 1.0, GrB_ALL, 2500, GrB_ALL, 1800,
        GrB_DESC_S)) ;
    check_call ("large, in row blocks into an iso C's arrays", C, Ref, NULL, NULL, NULL, A, A,
        B, NULL, true) ;
    TS_OK (gbgpu_set (GBGPU_DEVICE_MEMORY_LIMIT, 0)) ;
    gbgpu_stats_t after = ts_stats_now () ;
    ts_check (after.row_block_calls == before.row_block_calls + 2,
        "large, in row blocks: %llu calls in row blocks, expected 2",
        (unsigned long long) (after.row_block_calls - before.row_block_calls)) ;
    GrB_free (&A) ;
    GrB_free (&B) ;
    GrB_free (&C) ;
    GrB_free (&Ref) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    GrB_Matrix A, B, M ;
    ts_matrix_spec a_spec = ts_spec (GrB_FP64, 300, 300, 0.03, 1) ;
    ts_matrix_spec b_spec = ts_spec (GrB_FP64, 300, 250, 0.03, 2) ;
    ts_matrix_spec m_spec = ts_spec (GrB_BOOL, 300, 250, 0.4, 3) ;
    ts_matrix_make (&A, &a_spec) ;
    ts_matrix_make (&B, &b_spec) ;
    ts_matrix_make (&M, &m_spec) ;

    // C's old content: 300 x 250, sparse by row unless the case says otherwise
    ts_matrix_spec larger = ts_spec (GrB_FP64, 300, 250, 0.5, 4) ;
    larger.sparsity = GxB_SPARSE ;
    ts_matrix_spec smaller = larger ;
    smaller.density = 0.002 ;
    ts_matrix_spec iso = larger ;
    iso.iso = TS_ISO_ASSIGN ;
    ts_matrix_spec jumbled = larger ;
    jumbled.jumbled = true ;
    ts_matrix_spec pending = larger ;
    pending.pending = true ;
    ts_matrix_spec hyper = larger ;
    hyper.sparsity = GxB_HYPERSPARSE ;
    ts_matrix_spec bitmap = larger ;
    bitmap.sparsity = GxB_BITMAP ;
    ts_matrix_spec by_col = larger ;
    by_col.by_col = true ;
    ts_matrix_spec square = ts_spec (GrB_FP64, 300, 300, 0.03, 5) ;
    square.sparsity = GxB_SPARSE ;
    ts_matrix_spec mask_shaped = ts_spec (GrB_FP64, 300, 250, 0.4, 6) ;
    mask_shaped.sparsity = GxB_SPARSE ;

    const into_C_case cases [] =
    {
        { "C = A*B, C's arrays larger", larger, false, false, 0, true },
        { "C = A*B, C's arrays too small", smaller, false, false, 0, false },
        { "C = A*B, C iso (its one value is no room for T's)", iso, false, false, 0, false },
        { "C = A*B, C jumbled", jumbled, false, false, 0, true },
        { "C = A*B, C with pending work", pending, false, false, 0, true },
        { "C<M,struct,replace> = A*B", larger, true, false, 0, true },
        { "C += A*B (C's content read)", larger, false, true, 0, false },
        { "C = A*B, C hypersparse", hyper, false, false, 0, false },
        { "C = A*B, C bitmap", bitmap, false, false, 0, false },
        { "C = A*B, C by column", by_col, false, false, 0, false },
        { "C = C*A (C is A)", square, false, false, 1, false },
        { "C<C,struct,replace> = A*B (C is M)", mask_shaped, false, false, 2, false },
    } ;
    for (size_t k = 0 ; k < sizeof (cases) / sizeof (cases [0]) ; k++)
        run_case (&cases [k], A, B, M) ;
    check_large () ;

    GrB_free (&A) ;
    GrB_free (&B) ;
    GrB_free (&M) ;
    GrB_finalize () ;
    return ts_summary () ;
}
