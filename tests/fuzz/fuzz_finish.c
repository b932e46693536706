// tests/fuzz/fuzz_finish.c: gbgpu's final step (plugin/run/finish.c) on one fuzz input, on
// the CPU.
// SPDX-License-Identifier: Apache-2.0
//
// On the GPU path the library applies the mask, accumulator, replace and
// typecast to T through a route its own GrB_mxm does not take (finish.c:
// GrB_transpose of T's transpose), and SuiteSparse 7.4 has crashed on it.
// Without a device the fuzz target never reaches that step, so this one
// takes T from the library (A*B limited to the mask's pattern where the GPU
// limits it: dispatch.c), hands it to gbgpu_finish, and compares C with the
// library's own GrB_mxm on a second set of operands.  Cases with a fault have
// no final step, nor does C<!NULL>; positional semirings are left out (the library's products
// of them differ by storage: fuzz_mxm.c).

#include "fuzz_mxm.h"
#include "fuzz_mxm_case.h"
#include "run/run.h"

// T = A*B by the library as the GPU computes it for this case: of the
// monoid's type, by row, under M's structure where the plan masks T.
static GrB_Matrix product (const fuzz_case *c, const fuzz_operands *x)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, x->C)) ;
    TS_OK (GrB_Matrix_ncols (&n, x->C)) ;
    GrB_Matrix T ;
    TS_OK (GrB_Matrix_new (&T, c->semiring.type, m, n)) ;
    GrB_Descriptor desc ;
    TS_OK (GrB_Descriptor_new (&desc)) ;
    if (c->transpose_a) TS_OK (GrB_Descriptor_set (desc, GrB_INP0, GrB_TRAN)) ;
    if (c->transpose_b) TS_OK (GrB_Descriptor_set (desc, GrB_INP1, GrB_TRAN)) ;
    bool masked = c->has_mask && (!c->mask_complement || c->mask_structure) ;
    if (masked)
    {
        TS_OK (GrB_Descriptor_set (desc, GrB_MASK,
            c->mask_complement ? GrB_COMP + GrB_STRUCTURE : GrB_STRUCTURE)) ;
    }
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, T, masked ? x->M : NULL, NULL,
        c->semiring.semiring, x->A, x->B, desc)) ;
    TS_OK (GxB_Matrix_Option_set (T, GxB_FORMAT, GxB_BY_ROW)) ;
    TS_OK (GxB_Matrix_Option_set (T, GxB_SPARSITY_CONTROL, GxB_SPARSE)) ;
    TS_OK (GrB_Matrix_wait (T, GrB_MATERIALIZE)) ;
    TS_OK (GrB_Descriptor_free (&desc)) ;
    return T ;
}

bool fuzz_finish_one (const uint8_t *data, size_t size, bool verbose)
{
    fuzz_case c ;
    fuzz_case_decode (&c, data, size) ;
    bool ok = true ;
    // C<!NULL> never reaches the GPU path (dispatch.c)
    bool finished_by_gpu_path = c.fault == FUZZ_FAULT_NONE && !c.positional
        && (c.has_mask || !c.mask_complement) ;
    if (finished_by_gpu_path)
    {
        if (verbose) fuzz_case_print (stdout, &c) ;
        fuzz_operands x, ref ;
        fuzz_operands_make (&x, &c) ;
        fuzz_operands_make (&ref, &c) ;
        GrB_Matrix T = product (&c, &x) ;
        gbgpu_plan plan = { .mask_complement = c.has_mask && c.mask_complement,
            .mask_structure = c.mask_structure, .replace = c.replace } ;
        GrB_Info info = gbgpu_finish (x.C, x.M, c.accum, T, &plan) ;
        GrB_Info ref_info = ts_mxm_under (GBGPU_POLICY_CPU, NULL, ref.C, ref.M, c.accum,
            c.semiring.semiring, ref.A, ref.B, ref.desc) ;
        ok = ts_check (info == ref_info, "the final step returned %d, GrB_mxm %d",
            (int) info, (int) ref_info) ;
        if (ok && info == GrB_SUCCESS) ok = fuzz_same_result (&c, x.C, ref.C, 0) ;
        if (!ok)
        {
            printf ("the case whose final step failed:\n") ;
            fuzz_case_print (stdout, &c) ;
        }
        TS_OK (GrB_Matrix_free (&T)) ;
        fuzz_operands_free (&x) ;
        fuzz_operands_free (&ref) ;
    }
    fuzz_case_free (&c) ;
    return ok ;
}
