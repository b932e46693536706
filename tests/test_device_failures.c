// tests/test_device_failures.c: a CUDA error in the middle of a product (GPU test:
// exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// CTest runs it twice, with the test knob GBGPU_INJECT_FAILURE set to
// "launch" (a failed launch: the device still works) and to "fault" (an
// illegal address: the device's context is lost for the process).  The
// first product of the process meets the failure between its symbolic and
// numeric phases.  That call, C<M> += A*B into a C that already holds
// values, must still give the library's answer (redone on the CPU, reason
// "device error"), count one CUDA error (and one fault for "fault"), and
// leave every input as it was: the inputs are stored by row, so they were
// lent to the device zero-copy when the failure came.  With
// GBGPU_TEST_FAILING_CALL=replace the failing call is C = A*B instead, into a
// C held sparse by row: gbgpu has taken C's old arrays for the result when
// the failure comes (run/arrays_of_C.c), and the library's redo must still
// give its own answer and leave C's settings as the library alone would.
// Later calls run on the GPU again after a failed launch, and on the CPU,
// with no new error, after a fault.

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#define TOLERANCE 1e-10

static void make_input (ts_input *x, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
    double density, uint64_t seed)
{
    ts_matrix_spec spec = ts_spec (type, nrows, ncols, density, seed) ;
    spec.sparsity = GxB_SPARSE ;
    ts_input_make (x, &spec) ;
}

static void check_intact (const char *name, const ts_input *x)
{
    char why [256] ;
    ts_check (ts_input_intact (x, why, sizeof (why)), "%s after the failed call: %s", name, why) ;
}

// C<M> += A*B (or C = A*B: replaces_C) with a C that holds values: the call
// that meets the failure.
static void check_failing_call (bool fault, bool replaces_C, const ts_input *A,
    const ts_input *B, const ts_input *M)
{
    GrB_Matrix C, Ref ;
    ts_matrix_spec c_spec = ts_spec (GrB_FP64, 300, 250, 0.1, 4) ;
    c_spec.sparsity = GxB_SPARSE ;
    ts_matrix_make (&C, &c_spec) ;
    ts_matrix_make (&Ref, &c_spec) ;
    GrB_Matrix mask = replaces_C ? NULL : M->matrix ;
    GrB_BinaryOp accum = replaces_C ? NULL : GrB_PLUS_FP64 ;

    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, mask, accum,
        GxB_PLUS_TIMES_FP64, A->matrix, B->matrix, NULL) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, Ref, mask, accum,
        GxB_PLUS_TIMES_FP64, A->matrix, B->matrix, NULL)) ;
    int32_t status, ref_status ;
    TS_OK (GxB_Matrix_Option_get_INT32 (C, GxB_SPARSITY_STATUS, &status)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (Ref, GxB_SPARSITY_STATUS, &ref_status)) ;
    ts_check (status == ref_status, "failed call: C held as %d, the library's as %d",
        status, ref_status) ;

    char why [256] ;
    ts_check (info == GrB_SUCCESS, "failed call: GrB_Info %d", (int) info) ;
    ts_check (ts_path_in (&delta, TS_PATH_DELEGATED (GBGPU_DELEGATED_DEVICE_ERROR), why, sizeof (why)),
        "failed call: path: %s", why) ;
    ts_check (delta.cuda_errors == 1, "failed call: %llu CUDA errors counted, not 1",
        (unsigned long long) delta.cuda_errors) ;
    ts_check (delta.device_faults == (fault ? 1u : 0u), "failed call: %llu faults counted",
        (unsigned long long) delta.device_faults) ;
    ts_check (ts_same_content (C, Ref, TOLERANCE, why, sizeof (why)), "failed call: result: %s", why) ;
    check_intact ("A", A) ;
    check_intact ("B", B) ;
    check_intact ("M", M) ;
    GrB_free (&C) ;
    GrB_free (&Ref) ;
}

// C = A*B afterwards: on the GPU again, or on the CPU after a fault.
static void check_later_call (bool fault, const ts_input *A, const ts_input *B, int k)
{
    char what [64] ;
    snprintf (what, sizeof (what), "call %d after the failure", k) ;
    gbgpu_stats_t before = ts_stats_now () ;
    ts_check_like_library (what, fault ? TS_PATH_DELEGATED (GBGPU_DELEGATED_DEVICE_ERROR) : TS_PATH_GPU,
        GrB_FP64, GxB_PLUS_TIMES_FP64, A->matrix, B->matrix, NULL, TOLERANCE) ;
    gbgpu_stats_t after = ts_stats_now () ;
    gbgpu_stats_t delta = ts_stats_delta (&before, &after) ;
    ts_check (delta.cuda_errors == 0, "%s: %llu new CUDA errors", what,
        (unsigned long long) delta.cuda_errors) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    const char *kind = getenv ("GBGPU_INJECT_FAILURE") ;
    const bool fault = (kind != NULL && strcmp (kind, "fault") == 0) ;
    if (!fault && (kind == NULL || strcmp (kind, "launch") != 0))
    {
        ts_fail ("GBGPU_INJECT_FAILURE must be launch or fault, not %s", kind ? kind : "unset") ;
        return ts_summary () ;
    }

    ts_input A, B, M ;
    make_input (&A, GrB_FP64, 300, 200, 0.05, 1) ;
    make_input (&B, GrB_FP64, 200, 250, 0.05, 2) ;
    make_input (&M, GrB_BOOL, 300, 250, 0.3, 3) ;

    const char *form = getenv ("GBGPU_TEST_FAILING_CALL") ;
    check_failing_call (fault, form != NULL && strcmp (form, "replace") == 0, &A, &B, &M) ;
    for (int k = 1 ; k <= 2 ; k++) check_later_call (fault, &A, &B, k) ;

    ts_input_free (&A) ;
    ts_input_free (&B) ;
    ts_input_free (&M) ;
    GrB_finalize () ;
    return ts_summary () ;
}
