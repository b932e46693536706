// tests/test_mxm_semirings.c: every semiring gbgpu instantiates, on the GPU, gives
// the library's result (GPU test: exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// The semirings are the X-macro table of semirings/semiring_list.h, built from
// built-in parts as LAGraph does, plus: a few predefined semiring objects,
// boolean semirings written with the operators GraphBLAS renames (PLUS_BOOL
// is LOR, ...), and other built-in aliases (GrB_EQ_BOOL, GrB_NE_BOOL,
// GrB_ONEB_T, GxB_FIRSTJ_T).  Each one runs C = A*B on shapes chosen to reach
// the kernels' edge cases: zero rows, columns or inner dimension, 1xn and nx1,
// outer products, empty inputs, empty rows, long dot lengths, inputs of
// another type than the semiring's (typecast), and rows of C merged from a
// few long rows of B or copied from one.
//
// Every call must run on the GPU (the counters show one GPU call), leave A and
// B unchanged, and match the same call under the CPU policy (SuiteSparse's
// own GrB_mxm): exactly, within a tolerance for floating PLUS/TIMES monoids,
// or for ANY between the results of the MIN and MAX monoids.  One line per
// failing semiring, then "N passed, N failed".

#include "test_support.h"

#include <string.h>

//------------------------------------------------------------------------------
// shapes
//------------------------------------------------------------------------------

typedef struct
{
    const char *name ;
    GrB_Index m, k, n ;             // C (m x n) = A (m x k) * B (k x n)
    double a_density, b_density ;
    double empty_rows ;             // of A and B
    int a_type_shift, b_type_shift ;// 0: the semiring's type, else another one
}
shape ;

static const shape shapes [ ] =
{
    { "37x23 * 23x41",              37,  23,  41, 0.15, 0.20, 0,   0, 0 },
    { "64x64 * 64x64, denser",      64,  64,  64, 0.30, 0.30, 0,   0, 0 },
    { "500x400 * 400x450, sparse", 500, 400, 450, 0.02, 0.02, 0,   0, 0 },
    { "16x200 * 200x16, long sums", 16, 200,  16, 0.80, 0.80, 0,   0, 0 },
    { "0 rows",                      0,   5,   7, 0.50, 0.50, 0,   0, 0 },
    { "inner dimension 0",           6,   0,   5, 0.50, 0.50, 0,   0, 0 },
    { "0 columns",                   5,   6,   0, 0.50, 0.50, 0,   0, 0 },
    { "1xn row times matrix",        1,  40,  30, 0.50, 0.30, 0,   0, 0 },
    { "matrix times nx1 column",    30,  40,   1, 0.30, 0.50, 0,   0, 0 },
    { "outer product (k = 1)",      30,   1,  25, 0.70, 0.70, 0,   0, 0 },
    { "empty A",                    20,  15,  25, 0.00, 0.30, 0,   0, 0 },
    { "empty B",                    20,  15,  25, 0.30, 0.00, 0,   0, 0 },
    { "half the rows empty",        50,  30,  40, 0.30, 0.30, 0.5, 0, 0 },
    { "typecast A",                 40,  35,  30, 0.20, 0.20, 0,   3, 0 },
    { "typecast A and B",           40,  35,  30, 0.20, 0.20, 0,   5, 2 },
    // ~2 entries in a row of A, ~1600 in a row of B: the selector copies the
    // single-entry rows and merges the others (test_mxm_accumulators checks
    // that it does)
    { "few long rows of B",         40,  30, 4000, 0.07, 0.40, 0,   0, 0 },
} ;
#define NSHAPES ((int) (sizeof (shapes) / sizeof (shapes [0])))

// Another built-in type (inputs typecast by the library): shift 0 is the type itself.
static GrB_Type shifted_type (GrB_Type type, int shift)
{
    return ts_type ((gbgpu_type) ((ts_type_code (type) + shift) % GBGPU_NTYPES)) ;
}

//------------------------------------------------------------------------------
// one semiring
//------------------------------------------------------------------------------

typedef struct
{
    char name [96] ;
    GrB_Semiring semiring ;
    bool built ;                // made by ts_semiring_new (to free it)
    GrB_Type type ;             // of the result (the monoid's)
    bool inexact ;              // floating PLUS or TIMES monoid
    bool any ;                  // ANY monoid: compare with MIN and MAX
    gbgpu_semiring code ;       // with any: its table code
}
semiring_case ;

static GrB_Type monoid_type (GrB_Semiring semiring)
{
    GrB_BinaryOp mult ;
    GrB_Type type ;
    TS_OK (GxB_Semiring_multiply (&mult, semiring)) ;
    TS_OK (GxB_BinaryOp_ztype (&type, mult)) ;
    return type ;
}

static semiring_case case_from_code (gbgpu_semiring code)
{
    semiring_case c ;
    memset (&c, 0, sizeof (c)) ;
    ts_semiring_name (code, c.name, sizeof (c.name)) ;
    TS_OK (ts_semiring_new (&c.semiring, code)) ;
    c.built = true ;
    c.type = ts_type (code.type) ;
    c.inexact = ts_type_is_float (c.type)
        && (code.add == GBGPU_ADD_PLUS || code.add == GBGPU_ADD_TIMES) ;
    c.any = (code.add == GBGPU_ADD_ANY) ;
    c.code = code ;
    return c ;
}

static semiring_case case_from_object (const char *name, GrB_Semiring semiring,
                                       bool inexact)
{
    semiring_case c ;
    memset (&c, 0, sizeof (c)) ;
    snprintf (c.name, sizeof (c.name), "%s", name) ;
    c.semiring = semiring ;
    c.type = monoid_type (semiring) ;
    c.inexact = inexact ;
    return c ;
}

static void case_free (semiring_case *c)
{
    if (c->built) ts_semiring_free (&c->semiring) ;
}

// R = A*B under the CPU policy, over the case's semiring with another monoid.
static GrB_Matrix reference_with_monoid (const semiring_case *c, gbgpu_add add,
    GrB_Matrix A, GrB_Matrix B, GrB_Index m, GrB_Index n)
{
    gbgpu_semiring code = c->code ;
    code.add = add ;
    GrB_Semiring s ;
    GrB_Matrix R ;
    TS_OK (ts_semiring_new (&s, code)) ;
    TS_OK (GrB_Matrix_new (&R, c->type, m, n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL, s, A, B, NULL)) ;
    ts_semiring_free (&s) ;
    return R ;
}

// C = A*B on one shape; false with why on the first thing wrong.
static bool run_shape (const semiring_case *c, const shape *h, uint64_t seed,
                       char *why, size_t why_size)
{
    ts_matrix_spec a = ts_spec (shifted_type (c->type, h->a_type_shift),
        h->m, h->k, h->a_density, ts_seed_mix (seed, 1)) ;
    ts_matrix_spec b = ts_spec (shifted_type (c->type, h->b_type_shift),
        h->k, h->n, h->b_density, ts_seed_mix (seed, 2)) ;
    a.empty_rows = b.empty_rows = h->empty_rows ;
    ts_input A, B ;
    ts_input_make (&A, &a) ;
    ts_input_make (&B, &b) ;
    GrB_Matrix C, R ;
    TS_OK (GrB_Matrix_new (&C, c->type, h->m, h->n)) ;
    TS_OK (GrB_Matrix_new (&R, c->type, h->m, h->n)) ;

    char detail [400], inner [360] ;
    bool ok = true ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, C, NULL, NULL,
        c->semiring, A.matrix, B.matrix, NULL) ;
    if (info != GrB_SUCCESS)
    {
        snprintf (detail, sizeof (detail), "GrB_mxm returned %d", (int) info) ;
        ok = false ;
    }
    else if (!ts_path_in (&delta, (h->k == 0) ? TS_PATH_DELEGATED (GBGPU_DELEGATED_SMALL)
        : TS_PATH_GPU, detail, sizeof (detail)))
    {
        // no inner dimension: no product, the library answers
        ok = false ;
    }
    else if (!ts_input_intact (&A, inner, sizeof (inner)))
    {
        snprintf (detail, sizeof (detail), "A changed: %s", inner) ;
        ok = false ;
    }
    else if (!ts_input_intact (&B, inner, sizeof (inner)))
    {
        snprintf (detail, sizeof (detail), "B changed: %s", inner) ;
        ok = false ;
    }
    else if (c->any)
    {
        GrB_Matrix Lo = reference_with_monoid (c, GBGPU_ADD_MIN, A.matrix, B.matrix, h->m, h->n) ;
        GrB_Matrix Hi = reference_with_monoid (c, GBGPU_ADD_MAX, A.matrix, B.matrix, h->m, h->n) ;
        GrB_Matrix Sum = ts_type_is_float (c->type)
            ? reference_with_monoid (c, GBGPU_ADD_PLUS, A.matrix, B.matrix, h->m, h->n) : NULL ;
        ok = ts_between (C, Lo, Hi, Sum, detail, sizeof (detail)) ;
        GrB_Matrix_free (&Lo) ; GrB_Matrix_free (&Hi) ; GrB_Matrix_free (&Sum) ;
    }
    else
    {
        TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, NULL, NULL,
            c->semiring, A.matrix, B.matrix, NULL)) ;
        ok = ts_same_content (C, R, ts_tolerance (c->type, c->inexact),
            detail, sizeof (detail)) ;
    }
    if (!ok)
    {
        snprintf (why, why_size, "%s (A %s, B %s): %s", h->name,
            ts_type_name (a.type), ts_type_name (b.type), detail) ;
    }
    GrB_Matrix_free (&C) ; GrB_Matrix_free (&R) ;
    ts_input_free (&A) ; ts_input_free (&B) ;
    return ok ;
}

// All shapes; one line if the semiring fails (its first failure).
static void run_case (const semiring_case *c, uint64_t seed)
{
    char why [600] ;
    int failed_shapes = 0 ;
    char first [600] = "" ;
    for (int h = 0 ; h < NSHAPES ; h++)
    {
        if (run_shape (c, &shapes [h], ts_seed_mix (seed, (uint64_t) h), why, sizeof (why))) continue ;
        if (failed_shapes++ == 0) snprintf (first, sizeof (first), "%s", why) ;
    }
    if (failed_shapes == 0)
    {
        ts_pass () ;
    }
    else
    {
        ts_fail ("%s: %d of %d shapes; first: %s", c->name, failed_shapes,
            NSHAPES, first) ;
    }
}

//------------------------------------------------------------------------------
// the semirings
//------------------------------------------------------------------------------

// returns how many
static int run_table (void)
{
    int count ;
    const gbgpu_semiring *table = ts_instantiated_semirings (&count) ;
    for (int k = 0 ; k < count ; k++)
    {
        semiring_case c = case_from_code (table [k]) ;
        run_case (&c, (uint64_t) k) ;
        case_free (&c) ;
    }
    return count ;
}

static void run_predefined (void)
{
    semiring_case cases [ ] =
    {
        case_from_object ("GxB_PLUS_TIMES_FP64", GxB_PLUS_TIMES_FP64, true),
        case_from_object ("GrB_PLUS_TIMES_SEMIRING_INT32", GrB_PLUS_TIMES_SEMIRING_INT32, false),
        case_from_object ("GxB_ANY_PAIR_BOOL", GxB_ANY_PAIR_BOOL, false),
        case_from_object ("GxB_PLUS_PAIR_INT64", GxB_PLUS_PAIR_INT64, false),
        case_from_object ("GrB_MIN_PLUS_SEMIRING_FP32", GrB_MIN_PLUS_SEMIRING_FP32, false),
        case_from_object ("GrB_LOR_LAND_SEMIRING_BOOL", GrB_LOR_LAND_SEMIRING_BOOL, false),
        case_from_object ("GxB_MIN_SECONDI_INT64", GxB_MIN_SECONDI_INT64, false),
    } ;
    for (size_t k = 0 ; k < sizeof (cases) / sizeof (cases [0]) ; k++)
    {
        run_case (&cases [k], 1000 + k) ;
    }
}

// Boolean semirings written with PLUS TIMES MIN MAX MINUS DIV, which
// GraphBLAS renames to LOR LAND LAND LOR LXOR FIRST: all of them are in the
// table once renamed, so all must run on the GPU.
static void run_boolean_renames (void)
{
    const gbgpu_add adds [ ] =
    {
        GBGPU_ADD_PLUS, GBGPU_ADD_TIMES, GBGPU_ADD_MIN, GBGPU_ADD_MAX,
        GBGPU_ADD_LOR, GBGPU_ADD_LAND, GBGPU_ADD_LXOR, GBGPU_ADD_EQ, GBGPU_ADD_ANY
    } ;
    const gbgpu_mult mults [ ] =
    {
        GBGPU_MULT_FIRST, GBGPU_MULT_SECOND, GBGPU_MULT_PAIR, GBGPU_MULT_PLUS,
        GBGPU_MULT_MINUS, GBGPU_MULT_TIMES, GBGPU_MULT_DIV, GBGPU_MULT_MIN,
        GBGPU_MULT_MAX, GBGPU_MULT_LOR, GBGPU_MULT_LAND, GBGPU_MULT_LXOR
    } ;
    int k = 0 ;
    for (size_t a = 0 ; a < sizeof (adds) / sizeof (adds [0]) ; a++)
    {
        for (size_t m = 0 ; m < sizeof (mults) / sizeof (mults [0]) ; m++)
        {
            bool renamed_add = adds [a] <= GBGPU_ADD_MAX ;
            bool renamed_mult = mults [m] >= GBGPU_MULT_PLUS && mults [m] <= GBGPU_MULT_MAX ;
            if (!renamed_add && !renamed_mult) continue ;   // in the table already
            semiring_case c = case_from_code ((gbgpu_semiring)
                { adds [a], mults [m], GBGPU_TYPE_BOOL }) ;
            run_case (&c, 2000 + k++) ;
            case_free (&c) ;
        }
    }
}

// Other built-in objects that compute a table semiring.
static void run_aliases (void)
{
    struct { const char *name ; GrB_BinaryOp add ; bool identity ; GrB_BinaryOp mult ; }
    bool_cases [ ] =
    {
        { "EQ_BOOL monoid, LAND", GrB_EQ_BOOL, true, GrB_LAND },
        { "LOR, NE_BOOL multiply", GrB_LOR, false, GrB_NE_BOOL },
        { "LAND, ONEB_BOOL multiply", GrB_LAND, true, GrB_ONEB_BOOL },
    } ;
    for (size_t k = 0 ; k < sizeof (bool_cases) / sizeof (bool_cases [0]) ; k++)
    {
        GrB_Monoid monoid ;
        GrB_Semiring s ;
        TS_OK (GrB_Monoid_new_BOOL (&monoid, bool_cases [k].add, bool_cases [k].identity)) ;
        TS_OK (GrB_Semiring_new (&s, monoid, bool_cases [k].mult)) ;
        semiring_case c = case_from_object (bool_cases [k].name, s, false) ;
        run_case (&c, 3000 + k) ;
        GrB_Semiring_free (&s) ;
        GrB_Monoid_free (&monoid) ;
    }

    // PLUS_ONEB (GrB's name of PAIR) and MIN_FIRSTJ (FIRSTJ is SECONDI in a product)
    struct { const char *name ; GrB_Monoid monoid ; GrB_BinaryOp mult ; }
    other_cases [ ] =
    {
        { "PLUS monoid, ONEB_INT32", GrB_PLUS_MONOID_INT32, GrB_ONEB_INT32 },
        { "PLUS monoid, ONEB_FP64", GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64 },
        { "MIN monoid, FIRSTJ_INT32", GrB_MIN_MONOID_INT32, GxB_FIRSTJ_INT32 },
        { "MIN monoid, FIRSTJ_INT64", GrB_MIN_MONOID_INT64, GxB_FIRSTJ_INT64 },
    } ;
    for (size_t k = 0 ; k < sizeof (other_cases) / sizeof (other_cases [0]) ; k++)
    {
        GrB_Semiring s ;
        TS_OK (GrB_Semiring_new (&s, other_cases [k].monoid, other_cases [k].mult)) ;
        semiring_case c = case_from_object (other_cases [k].name, s, false) ;
        run_case (&c, 3100 + k) ;
        GrB_Semiring_free (&s) ;
    }
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    double t0 = ts_seconds () ;
    int count = run_table () ;
    printf ("table: %d semirings x %d shapes, %.1f s\n", count, NSHAPES,
        ts_seconds () - t0) ;
    run_predefined () ;
    run_boolean_renames () ;
    run_aliases () ;
    gbgpu_stats_print (stdout) ;
    printf ("%.1f s in all\n", ts_seconds () - t0) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
