// tests/test_mxm_descriptors.c: C<M> = accum (C, op(A)*op(B)) on the GPU, for every
// descriptor and every storage of every operand (GPU test: exits 77 without a
// usable device).
// SPDX-License-Identifier: Apache-2.0
//
// The GPU computes T = A*B; what surrounds it (mask valued / structural /
// complemented, replace, accumulator, transposed inputs, a C of another type
// with content of its own, aliased operands) must behave exactly as in the
// library.  Three groups of cases, each on a few semirings (including a
// positional one, whose values are indices and so see every transpose):
//
//   descriptors: mask none/valued/structural x complement x replace x accum x
//                A transposed x B transposed, C of the semiring's type or of
//                another, empty or with prior content;
//   storage:     each of A, B, M and C by row / by column x sparse /
//                hypersparse / bitmap / full, iso (built and assigned),
//                jumbled, with pending work (zombies and pending tuples);
//   aliasing:    C = A, C = B, C = A = B, M = C, M = A, A = B (square).
//
// Each call must match the same call under the CPU policy (the library's own
// GrB_mxm) on the same content in plain storage, leave every operand that is
// not C unchanged, keep C's format (by row / by column) as the library does,
// and run on the GPU (C<!no mask> may be handed to the library: reason
// "mask").  One line per failing case, then "N passed,
// N failed".

#include "test_support.h"

#include <string.h>

//------------------------------------------------------------------------------
// the semirings, with the accumulator and the other type of C of each
//------------------------------------------------------------------------------

typedef struct
{
    gbgpu_semiring code ;
    GrB_BinaryOp accum ;        // the monoid's op (PLUS for ANY, which has no
                                // deterministic accumulator)
    GrB_Type other_ctype ;      // a C of another type: exact casts of T only
}
product_kind ;

#define NKINDS 6
static product_kind kinds [NKINDS] ;

static void kinds_init (void)
{
    product_kind k [NKINDS] =
    {
        { { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES,   GBGPU_TYPE_FP64 },  GrB_PLUS_FP64,  GrB_FP32 },
        { { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES,   GBGPU_TYPE_INT32 }, GrB_PLUS_INT32, GrB_FP64 },
        { { GBGPU_ADD_MIN,  GBGPU_MULT_PLUS,    GBGPU_TYPE_INT64 }, GrB_MIN_INT64,  GrB_INT32 },
        { { GBGPU_ADD_LOR,  GBGPU_MULT_LAND,    GBGPU_TYPE_BOOL },  GrB_LOR,        GrB_INT32 },
        { { GBGPU_ADD_MIN,  GBGPU_MULT_SECONDI, GBGPU_TYPE_INT32 }, GrB_MIN_INT32,  GrB_INT64 },
        { { GBGPU_ADD_ANY,  GBGPU_MULT_PAIR,    GBGPU_TYPE_FP32 },  GrB_PLUS_FP32,  GrB_FP64 },
    } ;
    memcpy (kinds, k, sizeof (kinds)) ;
}

//------------------------------------------------------------------------------
// one case
//------------------------------------------------------------------------------

typedef enum { MASK_NONE, MASK_VALUED, MASK_STRUCTURAL } mask_kind ;
static const char *mask_names [3] = { "none", "valued", "structural" } ;

typedef enum
{
    ALIAS_NONE, ALIAS_C_A, ALIAS_C_B, ALIAS_C_A_B, ALIAS_M_C, ALIAS_M_A, ALIAS_A_B
}
alias_kind ;
static const char *alias_names [ ] =
    { "", " C=A", " C=B", " C=A=B", " M=C", " M=A", " A=B" } ;

typedef struct
{
    int kind ;                  // in kinds []
    mask_kind mask ;
    bool complement, replace, accum, tran_a, tran_b ;
    alias_kind alias ;
    ts_matrix_spec a, b, m, c ; // c: C's type, prior content and storage
    const char *note ;          // what the group varies, for the report
}
mxm_case ;

// The operands of one run; made twice from the same specs, for the GPU and
// for the reference, so that the two runs share nothing.  The reference's
// are in plain storage (same content): the library's own GrB_mxm is not
// always right on unusual storage (SuiteSparse 7.4.0 gets SECONDI and
// FIRSTJ wrong when A is jumbled), and the GPU must give the right answer.
typedef struct
{
    ts_input A, B, M, C ;
    GrB_Matrix a, b, m, c ;     // what the call gets (aliases resolved)
}
operands ;

static void operands_make (operands *o, const mxm_case *t, bool plain)
{
    memset (o, 0, sizeof (*o)) ;
    ts_matrix_spec a = t->a, b = t->b, m = t->m, c = t->c ;
    if (plain)
    {
        a = ts_spec_plain (&a) ;
        b = ts_spec_plain (&b) ;
        m = ts_spec_plain (&m) ;
        c = ts_spec_plain (&c) ;
    }
    ts_input_make (&o->C, &c) ;
    ts_input_make (&o->A, &a) ;
    ts_input_make (&o->B, &b) ;
    if (t->mask != MASK_NONE) ts_input_make (&o->M, &m) ;
    o->c = o->C.matrix ;
    o->a = (t->alias == ALIAS_C_A || t->alias == ALIAS_C_A_B) ? o->c : o->A.matrix ;
    o->b = (t->alias == ALIAS_C_B || t->alias == ALIAS_C_A_B) ? o->c
         : (t->alias == ALIAS_A_B) ? o->a : o->B.matrix ;
    o->m = (t->mask == MASK_NONE) ? NULL
         : (t->alias == ALIAS_M_C) ? o->c
         : (t->alias == ALIAS_M_A) ? o->a : o->M.matrix ;
}

static void operands_free (operands *o)
{
    ts_input_free (&o->A) ;
    ts_input_free (&o->B) ;
    if (o->M.matrix != NULL) ts_input_free (&o->M) ;
    ts_input_free (&o->C) ;
}

static GrB_Descriptor descriptor_new (const mxm_case *t)
{
    bool structure = (t->mask == MASK_STRUCTURAL) ;
    if (!t->complement && !structure && !t->replace && !t->tran_a && !t->tran_b)
    {
        return NULL ;   // the defaults
    }
    GrB_Descriptor d ;
    TS_OK (GrB_Descriptor_new (&d)) ;
    if (t->replace) TS_OK (GrB_Descriptor_set (d, GrB_OUTP, GrB_REPLACE)) ;
    if (t->complement) TS_OK (GrB_Descriptor_set (d, GrB_MASK, GrB_COMP)) ;
    if (structure) TS_OK (GrB_Descriptor_set (d, GrB_MASK, GrB_STRUCTURE)) ;
    if (t->tran_a) TS_OK (GrB_Descriptor_set (d, GrB_INP0, GrB_TRAN)) ;
    if (t->tran_b) TS_OK (GrB_Descriptor_set (d, GrB_INP1, GrB_TRAN)) ;
    int32_t mask = 0 ;
    TS_OK (GxB_Desc_get_INT32 (d, GrB_MASK, &mask)) ;
    if (mask != (t->complement ? GrB_COMP : 0) + (structure ? GrB_STRUCTURE : 0))
    {
        fprintf (stderr, "descriptor: mask field %d\n", mask) ;
        exit (1) ;
    }
    return d ;
}

static const char *case_name (const mxm_case *t, char *buf, size_t n)
{
    char s [64], a [48], b [48], m [48], c [48] ;
    snprintf (buf, n, "%s mask=%s%s%s%s%s%s%s %s, C %s %s [A %s, B %s, M %s, C %s]",
        ts_semiring_name (kinds [t->kind].code, s, sizeof (s)),
        mask_names [t->mask], t->complement ? " comp" : "",
        t->replace ? " replace" : "", t->accum ? " accum" : "",
        t->tran_a ? " A'" : "", t->tran_b ? " B'" : "", alias_names [t->alias],
        t->note, ts_type_name (t->c.type), t->c.density > 0 ? "with entries" : "empty",
        ts_storage_name (&t->a, a, sizeof (a)), ts_storage_name (&t->b, b, sizeof (b)),
        ts_storage_name (&t->m, m, sizeof (m)), ts_storage_name (&t->c, c, sizeof (c))) ;
    return buf ;
}

static int format_of (GrB_Matrix A)
{
    int32_t format = -1 ;
    TS_OK (GxB_Matrix_Option_get (A, GxB_FORMAT, &format)) ;
    return format ;
}

// Run one case on the GPU and as the reference; true if all is well.
static bool run_case (const mxm_case *t, char *why, size_t why_size)
{
    const product_kind *kind = &kinds [t->kind] ;
    GrB_Semiring semiring ;
    TS_OK (ts_semiring_new (&semiring, kind->code)) ;
    GrB_BinaryOp accum = t->accum ? kind->accum : NULL ;
    GrB_Descriptor desc = descriptor_new (t) ;

    operands gpu, ref ;
    operands_make (&gpu, t, false) ;
    operands_make (&ref, t, true) ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (GBGPU_POLICY_GPU, &delta, gpu.c, gpu.m, accum,
        semiring, gpu.a, gpu.b, desc) ;
    GrB_Info ref_info = ts_mxm_under (GBGPU_POLICY_CPU, NULL, ref.c, ref.m, accum,
        semiring, ref.a, ref.b, desc) ;

    char detail [400] ;
    bool ok = false ;
    unsigned allowed = TS_PATH_GPU ;
    if (t->mask == MASK_NONE && t->complement)
    {
        allowed |= TS_PATH_DELEGATED (GBGPU_DELEGATED_MASK) ;
    }
    bool floating_sum = kind->code.add == GBGPU_ADD_PLUS
        || kind->code.add == GBGPU_ADD_TIMES ;
    GrB_Type ctype = t->c.type ;
    if (info != ref_info)
    {
        snprintf (why, why_size, "GrB_mxm returned %d, the library %d",
            (int) info, (int) ref_info) ;
    }
    else if (!ts_path_in (&delta, allowed, detail, sizeof (detail)))
    {
        snprintf (why, why_size, "%s", detail) ;
    }
    else if (!ts_same_content (gpu.c, ref.c, ts_tolerance (ctype, floating_sum),
        detail, sizeof (detail)))
    {
        snprintf (why, why_size, "C: %s", detail) ;
    }
    else if (format_of (gpu.c) != (t->c.by_col ? GxB_BY_COL : GxB_BY_ROW))
    {
        // GrB_mxm keeps the format the user gave C
        snprintf (why, why_size, "C was by %s, is by %s after the call",
            t->c.by_col ? "col" : "row",
            format_of (gpu.c) == GxB_BY_COL ? "col" : "row") ;
    }
    else
    {
        // every operand that is not C itself must be unchanged
        struct { const char *name ; const ts_input *x ; GrB_Matrix used ; } in [3] =
        {
            { "A", &gpu.A, gpu.a }, { "B", &gpu.B, gpu.b }, { "M", &gpu.M, gpu.m }
        } ;
        ok = true ;
        for (int k = 0 ; ok && k < 3 ; k++)
        {
            if (in [k].x->matrix == NULL || in [k].used != in [k].x->matrix) continue ;
            if (ts_input_intact (in [k].x, detail, sizeof (detail))) continue ;
            snprintf (why, why_size, "%s changed: %s", in [k].name, detail) ;
            ok = false ;
        }
    }
    operands_free (&gpu) ;
    operands_free (&ref) ;
    if (desc != NULL) GrB_Descriptor_free (&desc) ;
    ts_semiring_free (&semiring) ;
    return ok ;
}

static void check_case (const mxm_case *t)
{
    char why [600], name [600] ;
    if (run_case (t, why, sizeof (why)))
    {
        ts_pass () ;
    }
    else
    {
        ts_fail ("%s: %s", case_name (t, name, sizeof (name)), why) ;
    }
}

//------------------------------------------------------------------------------
// building cases
//------------------------------------------------------------------------------

// C (m x n) = op(A) * op(B), op(A) m x k; seeds from the case number.
static mxm_case case_new (int kind, GrB_Index m, GrB_Index k, GrB_Index n,
    mask_kind mask, bool complement, bool replace, bool accum, bool tran_a,
    bool tran_b, uint64_t seed)
{
    mxm_case t ;
    memset (&t, 0, sizeof (t)) ;
    GrB_Type type = ts_type (kinds [kind].code.type) ;
    t.kind = kind ;
    t.mask = mask ;
    t.complement = complement ;
    t.replace = replace ;
    t.accum = accum ;
    t.tran_a = tran_a ;
    t.tran_b = tran_b ;
    t.a = tran_a ? ts_spec (type, k, m, 0.2, ts_seed_mix (seed, 1))
                 : ts_spec (type, m, k, 0.2, ts_seed_mix (seed, 1)) ;
    t.b = tran_b ? ts_spec (type, n, k, 0.2, ts_seed_mix (seed, 2))
                 : ts_spec (type, k, n, 0.2, ts_seed_mix (seed, 2)) ;
    // a valued mask of each kind of values: BOOL with false entries, INT32
    // with zeros, FP64 with zeros
    static const gbgpu_type mask_types [3] =
        { GBGPU_TYPE_BOOL, GBGPU_TYPE_INT32, GBGPU_TYPE_FP64 } ;
    t.m = ts_spec (ts_type (mask_types [seed % 3]), m, n, 0.5, ts_seed_mix (seed, 3)) ;
    t.c = ts_spec (type, m, n, 0.3, ts_seed_mix (seed, 4)) ;
    t.note = "" ;
    return t ;
}

// Every descriptor: 3 masks x complement x replace x accum x A' x B', with C
// of the semiring's type or another, empty or not; on small matrices, and on
// larger and sparser ones (more rows than one block of threads, longer rows).
static void run_descriptors (void)
{
    struct { GrB_Index m, k, n ; double density ; } sizes [2] =
    {
        { 23, 19, 29, 0.2 }, { 300, 260, 280, 0.03 }
    } ;
    int count = 0 ;
    for (int size = 0 ; size < 2 ; size++)
    {
        for (int kind = 0 ; kind < NKINDS ; kind++)
        {
            for (int bits = 0 ; bits < 3 * 32 ; bits++)
            {
                mxm_case t = case_new (kind, sizes [size].m, sizes [size].k,
                    sizes [size].n, (mask_kind) (bits / 32),
                    bits & 1, bits & 2, bits & 4, bits & 8, bits & 16,
                    ts_seed_mix (kind + 10 * size, (uint64_t) bits)) ;
                t.a.density = t.b.density = sizes [size].density ;
                if (count % 2 == 1) t.c.type = kinds [kind].other_ctype ;
                if (count % 4 == 3) t.c.density = 0 ;
                t.note = "descriptor" ;
                check_case (&t) ;
                count++ ;
            }
        }
    }
    printf ("descriptors: %d cases\n", count) ;
}

// The storage variants of one operand; content is unchanged by them (full
// needs every entry present: its density is 1).
typedef struct { bool by_col ; int sparsity ; ts_iso iso ; bool jumbled, pending ; } storage ;

static const storage storages [ ] =
{
    { false, GxB_SPARSE,      TS_NOT_ISO,    false, false },
    { false, GxB_HYPERSPARSE, TS_NOT_ISO,    false, false },
    { false, GxB_BITMAP,      TS_NOT_ISO,    false, false },
    { false, GxB_FULL,        TS_NOT_ISO,    false, false },
    { true,  GxB_SPARSE,      TS_NOT_ISO,    false, false },
    { true,  GxB_HYPERSPARSE, TS_NOT_ISO,    false, false },
    { true,  GxB_BITMAP,      TS_NOT_ISO,    false, false },
    { true,  GxB_FULL,        TS_NOT_ISO,    false, false },
    { false, GxB_SPARSE,      TS_ISO_BUILD,  false, false },
    { true,  GxB_BITMAP,      TS_ISO_ASSIGN, false, false },
    { false, GxB_FULL,        TS_ISO_ASSIGN, false, false },
    { false, GxB_SPARSE,      TS_NOT_ISO,    true,  false },
    { true,  GxB_SPARSE,      TS_NOT_ISO,    true,  false },
    { false, GxB_HYPERSPARSE, TS_ISO_BUILD,  true,  false },
    { false, GxB_SPARSE,      TS_NOT_ISO,    false, true  },
    { true,  GxB_HYPERSPARSE, TS_NOT_ISO,    false, true  },
} ;
#define NSTORAGES ((int) (sizeof (storages) / sizeof (storages [0])))

static void apply_storage (ts_matrix_spec *spec, const storage *s)
{
    spec->by_col = s->by_col ;
    spec->sparsity = s->sparsity ;
    spec->iso = s->iso ;
    spec->jumbled = s->jumbled ;
    spec->pending = s->pending ;
    if (s->sparsity == GxB_FULL) spec->density = 1 ;
}

// Every storage of each operand, under four descriptors: the direct path (no
// mask, no accum), a valued mask, a complemented structural mask with accum,
// replace and A', a valued complemented mask with accum and B'.
static void run_storages (void)
{
    struct { mask_kind mask ; bool complement, replace, accum, tran_a, tran_b ; }
    descs [4] =
    {
        { MASK_NONE,       false, false, false, false, false },
        { MASK_VALUED,     false, false, false, false, false },
        { MASK_STRUCTURAL, true,  true,  true,  true,  false },
        { MASK_VALUED,     true,  false, true,  false, true  },
    } ;
    static const char *roles [4] = { "storage of A", "storage of B", "storage of M", "storage of C" } ;
    int count = 0 ;
    for (int kind = 0 ; kind < NKINDS ; kind++)
    {
        for (int role = 0 ; role < 4 ; role++)
        {
            for (int s = 0 ; s < NSTORAGES ; s++)
            {
                for (int d = 0 ; d < 4 ; d++)
                {
                    if (role == 2 && descs [d].mask == MASK_NONE) continue ;
                    mxm_case t = case_new (kind, 21, 17, 19, descs [d].mask,
                        descs [d].complement, descs [d].replace, descs [d].accum,
                        descs [d].tran_a, descs [d].tran_b,
                        ts_seed_mix (100 + kind, (uint64_t) (role * 1000 + s * 10 + d))) ;
                    ts_matrix_spec *spec = (role == 0) ? &t.a : (role == 1) ? &t.b
                                         : (role == 2) ? &t.m : &t.c ;
                    apply_storage (spec, &storages [s]) ;
                    t.note = roles [role] ;
                    check_case (&t) ;
                    count++ ;
                }
            }
        }
    }
    printf ("storage: %d cases\n", count) ;
}

// Aliased operands (square), under a few descriptors each.
static void run_aliasing (void)
{
    struct { alias_kind alias ; mask_kind mask ; bool complement, replace, accum, tran_a ; }
    cases [ ] =
    {
        { ALIAS_C_A,   MASK_NONE,       false, false, false, false },
        { ALIAS_C_A,   MASK_VALUED,     false, false, true,  true  },
        { ALIAS_C_B,   MASK_NONE,       false, false, true,  false },
        { ALIAS_C_B,   MASK_STRUCTURAL, true,  true,  false, false },
        { ALIAS_C_A_B, MASK_NONE,       false, false, false, false },
        { ALIAS_C_A_B, MASK_NONE,       false, false, true,  true  },
        { ALIAS_C_A_B, MASK_VALUED,     false, true,  false, false },
        { ALIAS_M_C,   MASK_VALUED,     false, false, false, false },
        { ALIAS_M_C,   MASK_STRUCTURAL, false, true,  true,  false },
        { ALIAS_M_C,   MASK_STRUCTURAL, true,  false, true,  true  },
        { ALIAS_M_C,   MASK_VALUED,     true,  true,  false, false },
        { ALIAS_M_A,   MASK_STRUCTURAL, false, false, false, false },
        { ALIAS_M_A,   MASK_VALUED,     true,  false, true,  false },
        { ALIAS_A_B,   MASK_NONE,       false, false, false, false },
        { ALIAS_A_B,   MASK_NONE,       false, false, false, true  },
        { ALIAS_A_B,   MASK_VALUED,     false, false, true,  false },
    } ;
    int count = 0 ;
    for (int kind = 0 ; kind < NKINDS ; kind++)
    {
        for (size_t k = 0 ; k < sizeof (cases) / sizeof (cases [0]) ; k++)
        {
            mxm_case t = case_new (kind, 24, 24, 24, cases [k].mask,
                cases [k].complement, cases [k].replace, cases [k].accum,
                cases [k].tran_a, false, ts_seed_mix (200 + kind, k)) ;
            t.alias = cases [k].alias ;
            t.note = "aliasing" ;
            check_case (&t) ;
            count++ ;
        }
    }
    printf ("aliasing: %d cases\n", count) ;
}

int main (void)
{
    ts_start () ;
    ts_require_device () ;
    kinds_init () ;
    double t0 = ts_seconds () ;
    run_descriptors () ;
    run_storages () ;
    run_aliasing () ;
    gbgpu_stats_print (stdout) ;
    printf ("%.1f s in all\n", ts_seconds () - t0) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
