// tests/test_mxm_masked_dot.c: C<M> = A*B' (B transposed by the descriptor, M not
// complemented) on the GPU for every semiring gbgpu instantiates, with
// structural and valued masks, gives the library's result (GPU test: exits
// 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// Those are the products gbgpu may compute by one dot product per mask
// entry.  CTest runs this program twice: with GBGPU_MASKED_DOT=dot every call
// must take the dot method, with =saxpy none may, so both methods are checked
// on the same cases whatever the cost estimate would pick.  The shapes reach
// the dot kernel's edges: rows so unequal that it gallops, long dots, a full
// mask, empty rows and an empty inner dimension, masks with false or zero
// values, and inputs in other storage (by column, hypersparse, jumbled, iso:
// the kernel merges sorted rows).
//
// Every call must run on the GPU, leave A, B and M unchanged, and match the
// same call under the CPU policy: exactly, within a tolerance for floating
// PLUS/TIMES monoids, or for ANY between the results of the MIN and MAX
// monoids.  One line per failing case, then "N passed, N failed".

#include "test_support.h"

#include <string.h>

//------------------------------------------------------------------------------
// shapes: C (m x n) <M> = A (m x k) * B' (B is n x k)
//------------------------------------------------------------------------------

typedef struct
{
    const char *name ;
    GrB_Index m, k, n ;
    double a_density, b_density, m_density ;
    double empty_rows ;             // of A and B
}
shape ;

static const shape shapes [ ] =
{
    { "45x30 * (40x30)'",             45,  30,  40, 0.20, 0.20, 0.30, 0   },
    { "rows of A full, of B sparse",  20, 600,  30, 1.00, 0.01, 0.50, 0   },
    { "16x300 * (16x300)', long dots",16, 300,  16, 0.70, 0.70, 1.00, 0   },
    { "300x200 * (250x200)', sparse",300, 200, 250, 0.03, 0.03, 0.05, 0   },
    { "half the rows empty",          50,  40,  45, 0.30, 0.30, 0.40, 0.5 },
    { "inner dimension 0",             6,   0,   5, 0.50, 0.50, 0.50, 0   },
    { "0 rows",                        0,  10,   5, 0.50, 0.50, 0.50, 0   },
} ;
#define NSHAPES ((int) (sizeof (shapes) / sizeof (shapes [0])))

// Storage of the operands (content unchanged): the plain layout, and one
// where each needs a copy or a sort before the kernel reads it.
typedef struct { const char *name ; bool a_by_col, b_by_col, b_hyper, jumbled, mask_iso ; } layout ;

static const layout layouts [ ] =
{
    { "plain",                               false, false, false, false, false },
    { "A by col, B by col hyper, jumbled M", true,  true,  true,  true,  true  },
} ;

//------------------------------------------------------------------------------
// one case
//------------------------------------------------------------------------------

typedef enum { MASK_STRUCTURAL, MASK_VALUED } mask_kind ;

// R<M> = A*B' under the CPU policy, over the semiring with monoid `add`.
static GrB_Matrix reference (gbgpu_semiring code, GrB_Matrix M, GrB_Matrix A,
    GrB_Matrix B, GrB_Descriptor desc, GrB_Index m, GrB_Index n)
{
    GrB_Semiring s ;
    GrB_Matrix R ;
    TS_OK (ts_semiring_new (&s, code)) ;
    TS_OK (GrB_Matrix_new (&R, ts_type (code.type), m, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, M, NULL, s, A, B, desc)) ;
    ts_semiring_free (&s) ;
    return R ;
}

static GrB_Matrix reference_with_monoid (gbgpu_semiring code, gbgpu_add add,
    GrB_Matrix M, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc, GrB_Index m, GrB_Index n)
{
    code.add = add ;
    return reference (code, M, A, B, desc, m, n) ;
}

static bool run_case (gbgpu_semiring code, const shape *h, const layout *l,
    mask_kind mask, uint64_t seed, char *why, size_t why_size)
{
    GrB_Type type = ts_type (code.type) ;
    ts_matrix_spec a = ts_spec (type, h->m, h->k, h->a_density, ts_seed_mix (seed, 1)) ;
    ts_matrix_spec b = ts_spec (type, h->n, h->k, h->b_density, ts_seed_mix (seed, 2)) ;
    // valued masks of each kind of values: BOOL with false entries, INT32
    // with zeros, FP64 with zeros
    static const gbgpu_type mask_types [3] =
        { GBGPU_TYPE_BOOL, GBGPU_TYPE_INT32, GBGPU_TYPE_FP64 } ;
    ts_matrix_spec s = ts_spec (ts_type (mask_types [seed % 3]), h->m, h->n,
        h->m_density, ts_seed_mix (seed, 3)) ;
    a.empty_rows = b.empty_rows = h->empty_rows ;
    a.by_col = l->a_by_col ;
    b.by_col = l->b_by_col ;
    if (l->b_hyper) b.sparsity = GxB_HYPERSPARSE ;
    if (l->jumbled)
    {
        a.jumbled = b.jumbled = s.jumbled = true ;
        a.sparsity = s.sparsity = GxB_SPARSE ;
    }
    if (l->mask_iso) s.iso = TS_ISO_BUILD ;
    ts_input A, B, M ;
    ts_input_make (&A, &a) ;
    ts_input_make (&B, &b) ;
    ts_input_make (&M, &s) ;
    GrB_Descriptor desc = (mask == MASK_STRUCTURAL) ? GrB_DESC_ST1 : GrB_DESC_T1 ;

    GrB_Semiring semiring ;
    GrB_Matrix C ;
    TS_OK (ts_semiring_new (&semiring, code)) ;
    TS_OK (GrB_Matrix_new (&C, type, h->m, h->n)) ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, M.matrix, NULL,
        semiring, A.matrix, B.matrix, desc) ;

    char detail [400] ;
    bool ok = false ;
    if (info != GrB_SUCCESS)
    {
        snprintf (why, why_size, "GrB_mxm returned %d", (int) info) ;
    }
    else if (h->k == 0
        ? !ts_path_in (&delta, TS_PATH_DELEGATED (GBGPU_DELEGATED_SMALL), detail, sizeof (detail))
        : (!ts_path_in (&delta, TS_PATH_GPU, detail, sizeof (detail))
          || !ts_masked_method_ok (&delta, true, detail, sizeof (detail))))
    {
        snprintf (why, why_size, "%s", detail) ;
    }
    else if (!ts_input_intact (&A, detail, sizeof (detail))
          || !ts_input_intact (&B, detail, sizeof (detail))
          || !ts_input_intact (&M, detail, sizeof (detail)))
    {
        snprintf (why, why_size, "an input changed: %s", detail) ;
    }
    else if (code.add == GBGPU_ADD_ANY)
    {
        GrB_Matrix Lo = reference_with_monoid (code, GBGPU_ADD_MIN, M.matrix, A.matrix,
            B.matrix, desc, h->m, h->n) ;
        GrB_Matrix Hi = reference_with_monoid (code, GBGPU_ADD_MAX, M.matrix, A.matrix,
            B.matrix, desc, h->m, h->n) ;
        GrB_Matrix Sum = ts_type_is_float (type) ? reference_with_monoid (code,
            GBGPU_ADD_PLUS, M.matrix, A.matrix, B.matrix, desc, h->m, h->n) : NULL ;
        ok = ts_between (C, Lo, Hi, Sum, detail, sizeof (detail)) ;
        if (!ok) snprintf (why, why_size, "%s", detail) ;
        GrB_Matrix_free (&Lo) ;
        GrB_Matrix_free (&Hi) ;
        GrB_Matrix_free (&Sum) ;
    }
    else
    {
        GrB_Matrix R = reference (code, M.matrix, A.matrix, B.matrix, desc, h->m, h->n) ;
        bool inexact = code.add == GBGPU_ADD_PLUS || code.add == GBGPU_ADD_TIMES ;
        ok = ts_same_content (C, R, ts_tolerance (type, inexact), detail, sizeof (detail)) ;
        if (!ok) snprintf (why, why_size, "%s", detail) ;
        GrB_Matrix_free (&R) ;
    }
    GrB_Matrix_free (&C) ;
    ts_semiring_free (&semiring) ;
    ts_input_free (&A) ;
    ts_input_free (&B) ;
    ts_input_free (&M) ;
    return ok ;
}

//------------------------------------------------------------------------------
// accumulator, replace and a C with content of its own around the dot method
//------------------------------------------------------------------------------

static void run_descriptor_cases (void)
{
    const gbgpu_semiring code = { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    const GrB_Descriptor descs [4] = { GrB_DESC_T1, GrB_DESC_ST1, GrB_DESC_RT1, GrB_DESC_RST1 } ;
    for (int d = 0 ; d < 4 ; d++)
    {
        for (int accum = 0 ; accum < 2 ; accum++)
        {
            uint64_t seed = ts_seed_mix (900 + d, accum) ;
            ts_input A, B, M, C, R ;
            ts_matrix_spec a = ts_spec (GrB_FP64, 60, 50, 0.15, ts_seed_mix (seed, 1)) ;
            ts_matrix_spec b = ts_spec (GrB_FP64, 70, 50, 0.15, ts_seed_mix (seed, 2)) ;
            ts_matrix_spec m = ts_spec (GrB_BOOL, 60, 70, 0.30, ts_seed_mix (seed, 3)) ;
            ts_matrix_spec c = ts_spec (GrB_FP64, 60, 70, 0.20, ts_seed_mix (seed, 4)) ;
            ts_input_make (&A, &a) ;
            ts_input_make (&B, &b) ;
            ts_input_make (&M, &m) ;
            ts_input_make (&C, &c) ;
            ts_input_make (&R, &c) ;
            GrB_Semiring semiring ;
            TS_OK (ts_semiring_new (&semiring, code)) ;
            GrB_BinaryOp op = accum ? GrB_PLUS_FP64 : NULL ;
            gbgpu_stats_t delta ;
            GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C.matrix, M.matrix, op,
                semiring, A.matrix, B.matrix, descs [d]) ;
            TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R.matrix, M.matrix, op,
                semiring, A.matrix, B.matrix, descs [d])) ;
            char why [400] ;
            ts_check (info == GrB_SUCCESS, "descriptor %d accum %d: GrB_mxm returned %d",
                d, accum, (int) info) ;
            ts_check (ts_path_in (&delta, TS_PATH_GPU, why, sizeof (why))
                && ts_masked_method_ok (&delta, true, why, sizeof (why)),
                "descriptor %d accum %d: %s", d, accum, why) ;
            ts_check (ts_same_content (C.matrix, R.matrix, 1e-10, why, sizeof (why)),
                "descriptor %d accum %d: C: %s", d, accum, why) ;
            ts_semiring_free (&semiring) ;
            ts_input_free (&A) ;
            ts_input_free (&B) ;
            ts_input_free (&M) ;
            ts_input_free (&C) ;
            ts_input_free (&R) ;
        }
    }
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    double t0 = ts_seconds () ;
    int count = 0, ntable ;
    const gbgpu_semiring *table = ts_instantiated_semirings (&ntable) ;
    for (int t = 0 ; t < ntable ; t++)
    {
        char name [96] ;
        ts_semiring_name (table [t], name, sizeof (name)) ;
        for (int h = 0 ; h < NSHAPES ; h++)
        {
            for (int mask = 0 ; mask < 2 ; mask++)
            {
                // every shape in the plain layout, the first in the other
                int nlayouts = (h == 0) ? 2 : 1 ;
                for (int l = 0 ; l < nlayouts ; l++)
                {
                    char why [600] ;
                    uint64_t seed = ts_seed_mix ((uint64_t) t, (uint64_t) (100 * h + 10 * mask + l)) ;
                    if (run_case (table [t], &shapes [h], &layouts [l], (mask_kind) mask,
                        seed, why, sizeof (why)))
                    {
                        ts_pass () ;
                    }
                    else
                    {
                        ts_fail ("%s, %s, %s mask, %s: %s", name, shapes [h].name,
                            mask ? "valued" : "structural", layouts [l].name, why) ;
                    }
                    count++ ;
                }
            }
        }
    }
    printf ("semirings: %d cases\n", count) ;
    run_descriptor_cases () ;
    gbgpu_stats_print (stdout) ;
    printf ("%.1f s in all\n", ts_seconds () - t0) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
