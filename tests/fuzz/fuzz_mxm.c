// tests/fuzz/fuzz_mxm.c: one fuzz input through gbgpu and through the library, compared.
// SPDX-License-Identifier: Apache-2.0
//
// Both sides get their own operands made from the same specs (test_matrix.c
// makes the same content in the same storage, pending work included), so
// neither call sees what the other did.  gbgpu's side runs under policy gpu:
// on a machine without a device it is delegated ("no device"), and the run
// still checks the decoding, the storage conversions, the error paths and
// that no input changes.  A case may then change one input alike on both
// sides and make the call again (fuzz_then.c): the second product must see
// the change, whatever gbgpu kept on the device after the first.

#include "fuzz_mxm.h"
#include "fuzz_mxm_case.h"

#include <math.h>
#include <string.h>

static fuzz_mxm_counts counts ;

void fuzz_mxm_start (void)
{
    ts_start () ;
    TS_OK (gbgpu_set (GBGPU_MIN_WORK, 0)) ;
}

fuzz_mxm_counts fuzz_mxm_counts_now (void) { return counts ; }

void fuzz_mxm_print_counts (FILE *f)
{
    fprintf (f, "fuzz: %llu cases, %llu failed; %llu called again after a change of an "
        "input; gbgpu's side: %llu on the GPU, %llu delegated; %llu returned an error\n",
        (unsigned long long) counts.cases, (unsigned long long) counts.failed,
        (unsigned long long) counts.again,
        (unsigned long long) counts.gpu_calls, (unsigned long long) counts.delegated,
        (unsigned long long) counts.errors) ;
}

//------------------------------------------------------------------------------
// operands of one side
//------------------------------------------------------------------------------

void fuzz_operands_make (fuzz_operands *x, const fuzz_case *c)
{
    ts_matrix_make (&x->A, &c->A) ;
    x->B = x->A ;
    if (c->alias != FUZZ_ALIAS_B_IS_A) ts_matrix_make (&x->B, &c->B) ;
    x->C = (c->alias == FUZZ_ALIAS_C_IS_A) ? x->A
         : (c->alias == FUZZ_ALIAS_C_IS_B) ? x->B : NULL ;
    if (x->C == NULL) ts_matrix_make (&x->C, &c->C) ;
    x->M = (c->alias == FUZZ_ALIAS_M_IS_A) ? x->A : NULL ;
    if (c->has_mask && x->M == NULL) ts_matrix_make (&x->M, &c->M) ;

    TS_OK (GrB_Descriptor_new (&x->desc)) ;
    if (c->replace) TS_OK (GrB_Descriptor_set (x->desc, GrB_OUTP, GrB_REPLACE)) ;
    int mask = (c->mask_complement ? GrB_COMP : 0) + (c->mask_structure ? GrB_STRUCTURE : 0) ;
    if (mask != 0) TS_OK (GrB_Descriptor_set (x->desc, GrB_MASK, (GrB_Desc_Value) mask)) ;
    if (c->transpose_a) TS_OK (GrB_Descriptor_set (x->desc, GrB_INP0, GrB_TRAN)) ;
    if (c->transpose_b) TS_OK (GrB_Descriptor_set (x->desc, GrB_INP1, GrB_TRAN)) ;
    if (c->axb_method != GxB_DEFAULT)
    {
        TS_OK (GrB_Descriptor_set (x->desc, GxB_AxB_METHOD, (GrB_Desc_Value) c->axb_method)) ;
    }
}

// SuiteSparse 7.4 gets positional multiply ops wrong on some storage and
// method combinations (C<!M> = A'*B' over MIN_SECONDJ by dot products, A
// bitmap, B hypersparse: 8 at C(0,10), where SECONDJ gives j = 10; seen in
// the GPU fuzz runs and reproduced on the CPU alone).  Its answer for the same
// content stored plainly, by row, sparse, by Gustavson's method, is the
// definition's: the reference for those semirings when gbgpu computed them.
// Converting each object in place keeps aliases aliased.
static void operands_plain (fuzz_operands *x)
{
    GrB_Matrix objects [4] = { x->A, x->B, x->C, x->M } ;
    for (int k = 0 ; k < 4 ; k++)
    {
        if (objects [k] == NULL) continue ;
        TS_OK (GxB_Matrix_Option_set (objects [k], GxB_FORMAT, GxB_BY_ROW)) ;
        TS_OK (GxB_Matrix_Option_set (objects [k], GxB_SPARSITY_CONTROL, GxB_SPARSE)) ;
        TS_OK (GrB_Matrix_wait (objects [k], GrB_MATERIALIZE)) ;
    }
    TS_OK (GrB_Descriptor_set (x->desc, GxB_AxB_METHOD, GxB_AxB_GUSTAVSON)) ;
}

void fuzz_operands_free (fuzz_operands *x)
{
    // aliased operands are one object: free each once
    if (x->M != x->A) TS_OK (GrB_Matrix_free (&x->M)) ;
    if (x->C != x->A && x->C != x->B) TS_OK (GrB_Matrix_free (&x->C)) ;
    if (x->B != x->A) TS_OK (GrB_Matrix_free (&x->B)) ;
    TS_OK (GrB_Matrix_free (&x->A)) ;
    TS_OK (GrB_Descriptor_free (&x->desc)) ;
}

static GrB_Info call (const fuzz_case *c, fuzz_operands *x, gbgpu_policy policy,
    gbgpu_stats_t *delta)
{
    return ts_mxm_under (policy, delta,
        (c->fault == FUZZ_FAULT_NULL_C) ? NULL : x->C, x->M, c->accum,
        (c->fault == FUZZ_FAULT_NULL_SEMIRING) ? NULL : c->semiring.semiring,
        (c->fault == FUZZ_FAULT_NULL_A) ? NULL : x->A,
        (c->fault == FUZZ_FAULT_NULL_B) ? NULL : x->B, x->desc) ;
}

//------------------------------------------------------------------------------
// checks
//------------------------------------------------------------------------------

static char why [512] ;

// X (made from spec) still holds the spec's content.
static bool intact (const char *name, GrB_Matrix X, const ts_matrix_spec *spec)
{
    ts_input x = { *spec, X } ;
    return ts_check (ts_input_intact (&x, why, sizeof (why)),
        "%s changed: %s", name, why) ;
}

// The largest magnitude among C's values (0 for none, or a type ABS does
// not take): an accumulator's result is rounded relative to it.
static double magnitude_of (GrB_Matrix C)
{
    GrB_Index nrows, ncols ;
    GrB_Matrix X = NULL ;
    double largest = 0 ;
    if (GrB_Matrix_nrows (&nrows, C) != GrB_SUCCESS || GrB_Matrix_ncols (&ncols, C) != GrB_SUCCESS
     || GrB_Matrix_new (&X, GrB_FP64, nrows, ncols) != GrB_SUCCESS)
        return 0 ;
    if (GrB_Matrix_apply (X, NULL, NULL, GrB_ABS_FP64, C, NULL) != GrB_SUCCESS
     || GrB_Matrix_reduce_FP64 (&largest, NULL, GrB_MAX_MONOID_FP64, X, NULL) != GrB_SUCCESS)
        largest = 0 ;
    GrB_Matrix_free (&X) ;
    return isfinite (largest) ? largest : 0 ;
}

double fuzz_accumulated_scale (const fuzz_case *c, GrB_Matrix C)
{
    return (c->accum != NULL && c->semiring.values == FUZZ_VALUES_ROUNDED && C != NULL)
        ? magnitude_of (C) : 0 ;
}

// R's pattern, every value `scale`.
static GrB_Matrix scale_like (GrB_Matrix R, double scale)
{
    GrB_Index nrows, ncols ;
    GrB_Matrix S = NULL ;
    if (GrB_Matrix_nrows (&nrows, R) != GrB_SUCCESS || GrB_Matrix_ncols (&ncols, R) != GrB_SUCCESS
     || GrB_Matrix_new (&S, GrB_FP64, nrows, ncols) != GrB_SUCCESS)
        return NULL ;
    if (GrB_Matrix_assign_FP64 (S, R, NULL, scale, GrB_ALL, nrows, GrB_ALL, ncols,
        GrB_DESC_S) != GrB_SUCCESS)
        GrB_Matrix_free (&S) ;
    return S ;
}

bool fuzz_same_result (const fuzz_case *c, GrB_Matrix C, GrB_Matrix R, double scale)
{
    bool same ;
    switch (c->semiring.values)
    {
        case FUZZ_VALUES_ANY:
            same = ts_same_pattern (C, R, why, sizeof (why)) ;
            break ;
        case FUZZ_VALUES_ROUNDED:
        {
            GrB_Matrix S = (scale > 0) ? scale_like (R, scale) : NULL ;
            same = ts_same_content_scaled (C, R, S, ts_tolerance (c->C.type, true), why,
                sizeof (why)) ;
            GrB_Matrix_free (&S) ;
            break ;
        }
        default:
            same = ts_same_content (C, R, 0, why, sizeof (why)) ;
            break ;
    }
    return ts_check (same, "C is not the library's: %s", why) ;
}

// The case's change of one input, alike on both sides, and the call again:
// gbgpu must see the change (its device copies of that input forgotten).
static bool call_again (const fuzz_case *c, fuzz_operands *gpu, fuzz_operands *cpu)
{
    bool ok = true ;
    if (c->semiring.values == FUZZ_VALUES_ROUNDED)
    {
        // A rounded C matches the library's only within a tolerance, and a
        // second call that reads C (an accumulator, C as A or B) may amplify
        // the difference past it (a sum that cancels): the library's side
        // starts from gbgpu's C, in the same object (aliases kept).
        GrB_Index nrows = 0, ncols = 0 ;
        ok &= ts_check (GrB_Matrix_nrows (&nrows, gpu->C) == GrB_SUCCESS
            && GrB_Matrix_ncols (&ncols, gpu->C) == GrB_SUCCESS
            && GrB_Matrix_assign (cpu->C, NULL, NULL, gpu->C, GrB_ALL, nrows, GrB_ALL, ncols,
                NULL) == GrB_SUCCESS, "C could not be copied to the library's side") ;
    }
    GrB_Info changed = fuzz_then_apply (&c->then, gpu) ;
    GrB_Info ref_changed = fuzz_then_apply (&c->then, cpu) ;
    ok &= ts_check (changed == ref_changed, "%s returned %d on gbgpu's side, %d on the "
        "library's", fuzz_then_name (c->then.kind), (int) changed, (int) ref_changed) ;
    const double scale = fuzz_accumulated_scale (c, gpu->C) ;
    gbgpu_stats_t delta ;
    GrB_Info info = call (c, gpu, GBGPU_POLICY_GPU, &delta) ;
    if (c->positional && delta.gpu_calls == 1) operands_plain (cpu) ;
    GrB_Info ref_info = call (c, cpu, GBGPU_POLICY_CPU, NULL) ;
    ok &= ts_check (info == ref_info, "GrB_mxm after %s returned %d, the library %d",
        fuzz_then_name (c->then.kind), (int) info, (int) ref_info) ;
    if (info == GrB_SUCCESS && ref_info == GrB_SUCCESS) ok &= fuzz_same_result (c, gpu->C, cpu->C, scale) ;
    counts.again++ ;
    counts.gpu_calls += delta.gpu_calls ;
    counts.delegated += ts_delegated_total (&delta) ;
    return ok ;
}

bool fuzz_mxm_one (const uint8_t *data, size_t size, bool verbose)
{
    fuzz_case c ;
    fuzz_case_decode (&c, data, size) ;
    if (verbose)
    {
        printf ("case %llu:\n", (unsigned long long) counts.cases) ;
        fuzz_case_print (stdout, &c) ;
        fflush (stdout) ;
    }
    fuzz_operands gpu, cpu ;
    fuzz_operands_make (&gpu, &c) ;
    fuzz_operands_make (&cpu, &c) ;
    const double scale = fuzz_accumulated_scale (&c, gpu.C) ;
    gbgpu_stats_t delta ;
    GrB_Info info = call (&c, &gpu, GBGPU_POLICY_GPU, &delta) ;
    // a delegated call is the library's on the same storage, bugs and all
    if (c.positional && delta.gpu_calls == 1) operands_plain (&cpu) ;
    GrB_Info ref_info = call (&c, &cpu, GBGPU_POLICY_CPU, NULL) ;

    bool ok = ts_check (delta.calls == 1 && delta.gpu_calls + ts_delegated_total (&delta) == 1,
        "gbgpu counted %s for one call", ts_path_name (&delta)) ;
    ok &= ts_check (info == ref_info, "GrB_mxm returned %d, the library %d",
        (int) info, (int) ref_info) ;
    if (info == GrB_SUCCESS && ref_info == GrB_SUCCESS)
    {
        ok &= fuzz_same_result (&c, gpu.C, cpu.C, scale) ;
    }
    else if (c.fault != FUZZ_FAULT_NULL_C)
    {
        ok &= intact ("C (after an error)", gpu.C, &c.C) ;
    }
    // the inputs, each object once, C excepted
    if (c.alias != FUZZ_ALIAS_C_IS_A) ok &= intact ("A", gpu.A, &c.A) ;
    if (c.alias != FUZZ_ALIAS_C_IS_B && c.alias != FUZZ_ALIAS_B_IS_A)
    {
        ok &= intact ("B", gpu.B, &c.B) ;
    }
    if (c.has_mask && c.alias != FUZZ_ALIAS_M_IS_A) ok &= intact ("M", gpu.M, &c.M) ;
    // (an ANY monoid's C may differ in its values, which a second call reads)
    if (ok && info == GrB_SUCCESS && ref_info == GrB_SUCCESS
     && c.then.kind != FUZZ_THEN_NOTHING && c.semiring.values != FUZZ_VALUES_ANY)
    {
        ok &= call_again (&c, &gpu, &cpu) ;
    }

    counts.cases++ ;
    counts.gpu_calls += delta.gpu_calls ;
    counts.delegated += ts_delegated_total (&delta) ;
    if (info != GrB_SUCCESS) counts.errors++ ;
    if (!ok)
    {
        counts.failed++ ;
        printf ("the case that failed (gbgpu's side: %s):\n", ts_path_name (&delta)) ;
        fuzz_case_print (stdout, &c) ;
        fflush (stdout) ;
    }
    fuzz_operands_free (&gpu) ;
    fuzz_operands_free (&cpu) ;
    fuzz_case_free (&c) ;
    return ok ;
}
