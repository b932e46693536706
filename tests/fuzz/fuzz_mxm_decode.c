// tests/fuzz/fuzz_mxm_decode.c: bytes to one GrB_mxm call (fuzz_case).
// SPDX-License-Identifier: Apache-2.0
//
// Every input decodes to a valid description: each field takes the next byte
// modulo its number of choices (0 once the input is used up), and the fields
// that constrain one another (aliased operands share dimensions, a jumbled
// matrix is sparse or hypersparse, ...) are made consistent afterwards.  The
// bytes that matter most come first, so that libFuzzer's short inputs already
// reach every semiring and descriptor.

#include "fuzz_mxm_case.h"

#include <string.h>

typedef struct
{
    const uint8_t *data ;
    size_t size, next ;
}
byte_reader ;

// The codes the first fields have always been drawn from, so that an input
// (the corpus's) keeps its meaning as codes are added: those added since are
// drawn by the last field (decode_long_tail).
#define FUZZ_ADDS  GBGPU_ADD_BOR
#define FUZZ_MULTS GBGPU_MULT_SECONDI1
#define FUZZ_TYPES GBGPU_TYPE_INT8

// The next byte, modulo n (n >= 1).
static unsigned take (byte_reader *r, unsigned n)
{
    unsigned b = (r->next < r->size) ? r->data [r->next] : 0 ;
    r->next++ ;
    return b % n ;
}

//------------------------------------------------------------------------------
// semirings
//------------------------------------------------------------------------------

// Predefined semirings: some on the GPU's table, some not (types it lacks,
// bitwise monoids, positional multiply ops outside the table).
typedef struct
{
    const char *name ;
    fuzz_values values ;
}
predefined_info ;

#define N_PREDEFINED 18

static void predefined (fuzz_semiring *s, unsigned k)
{
    const GrB_Semiring semirings [N_PREDEFINED] =
    {
        GrB_PLUS_TIMES_SEMIRING_FP64, GrB_PLUS_TIMES_SEMIRING_INT32,
        GxB_PLUS_TIMES_INT8, GxB_PLUS_TIMES_UINT16, GxB_PLUS_PAIR_INT64,
        GxB_ANY_PAIR_BOOL, GrB_LOR_LAND_SEMIRING_BOOL, GxB_ANY_SECONDI_INT64,
        GxB_MIN_FIRSTJ_INT32, GxB_MIN_SECONDJ_INT64, GxB_MAX_SECONDI_INT32,
        GxB_PLUS_FIRSTI_INT64, GxB_BOR_BAND_UINT32, GrB_MIN_PLUS_SEMIRING_FP32,
        GrB_MAX_MIN_SEMIRING_UINT64, GxB_EQ_LOR_BOOL, GxB_TIMES_DIV_FP64,
        GxB_LXOR_PAIR_BOOL,
    } ;
    const predefined_info info [N_PREDEFINED] =
    {
        { "GrB_PLUS_TIMES_FP64", FUZZ_VALUES_ROUNDED },
        { "GrB_PLUS_TIMES_INT32", FUZZ_VALUES_EXACT },
        { "GxB_PLUS_TIMES_INT8", FUZZ_VALUES_EXACT },
        { "GxB_PLUS_TIMES_UINT16", FUZZ_VALUES_EXACT },
        { "GxB_PLUS_PAIR_INT64", FUZZ_VALUES_EXACT },
        { "GxB_ANY_PAIR_BOOL", FUZZ_VALUES_EXACT },
        { "GrB_LOR_LAND_BOOL", FUZZ_VALUES_EXACT },
        { "GxB_ANY_SECONDI_INT64", FUZZ_VALUES_ANY },
        { "GxB_MIN_FIRSTJ_INT32", FUZZ_VALUES_EXACT },
        { "GxB_MIN_SECONDJ_INT64", FUZZ_VALUES_EXACT },
        { "GxB_MAX_SECONDI_INT32", FUZZ_VALUES_EXACT },
        { "GxB_PLUS_FIRSTI_INT64", FUZZ_VALUES_EXACT },
        { "GxB_BOR_BAND_UINT32", FUZZ_VALUES_EXACT },
        { "GrB_MIN_PLUS_FP32", FUZZ_VALUES_EXACT },
        { "GrB_MAX_MIN_UINT64", FUZZ_VALUES_EXACT },
        { "GxB_EQ_LOR_BOOL", FUZZ_VALUES_EXACT },
        { "GxB_TIMES_DIV_FP64", FUZZ_VALUES_ROUNDED },
        { "GxB_LXOR_PAIR_BOOL", FUZZ_VALUES_EXACT },
    } ;
    k %= N_PREDEFINED ;
    s->semiring = semirings [k] ;
    s->owned = false ;
    s->values = info [k].values ;
    snprintf (s->name, sizeof (s->name), "%s", info [k].name) ;
}

static void plus_twice (void *z, const void *x, const void *y)
{
    *(int32_t *) z = *(const int32_t *) x + 2 * *(const int32_t *) y ;
}

// Built-in parts the GPU must refuse: a monoid whose identity or terminal is
// not the operator's own, and a user-defined multiply operator.
static void odd_semiring (fuzz_semiring *s, unsigned k)
{
    GrB_Monoid monoid = NULL ;
    GrB_BinaryOp mult = GrB_TIMES_INT64 ;
    switch (k % 3)
    {
        case 0:
            TS_OK (GrB_Monoid_new_INT64 (&monoid, GrB_MIN_INT64, 0)) ;
            snprintf (s->name, sizeof (s->name), "MIN(identity 0)_TIMES_INT64") ;
            break ;
        case 1:
            TS_OK (GxB_Monoid_terminal_new_INT64 (&monoid, GrB_PLUS_INT64, 0, 5)) ;
            snprintf (s->name, sizeof (s->name), "PLUS(terminal 5)_TIMES_INT64") ;
            break ;
        default:
            // the semiring keeps only the monoid for ts_semiring_free: a
            // user-defined operator would leak, so one lives for the process
        {
            static GrB_BinaryOp twice = NULL ;
            if (twice == NULL)
            {
                TS_OK (GrB_BinaryOp_new (&twice, plus_twice, GrB_INT32, GrB_INT32, GrB_INT32)) ;
            }
            TS_OK (GrB_Monoid_new_INT32 (&monoid, GrB_PLUS_INT32, 0)) ;
            mult = twice ;
            snprintf (s->name, sizeof (s->name), "PLUS_(x+2y)_INT32") ;
            break ;
        }
    }
    TS_OK (GrB_Semiring_new (&s->semiring, monoid, mult)) ;
    s->owned = true ;
    s->values = FUZZ_VALUES_EXACT ;
}

static bool table_semiring (fuzz_semiring *s, gbgpu_semiring code)
{
    if (ts_semiring_new (&s->semiring, code) != GrB_SUCCESS) return false ;
    s->owned = true ;
    bool rounded = ts_type_is_float (ts_type (code.type))
        && (code.add == GBGPU_ADD_PLUS || code.add == GBGPU_ADD_TIMES) ;
    bool any = (code.add == GBGPU_ADD_ANY && code.mult != GBGPU_MULT_PAIR) ;
    s->values = any ? FUZZ_VALUES_ANY : rounded ? FUZZ_VALUES_ROUNDED : FUZZ_VALUES_EXACT ;
    ts_semiring_name (code, s->name, sizeof (s->name)) ;
    return true ;
}

static void decode_semiring (fuzz_semiring *s, byte_reader *r)
{
    memset (s, 0, sizeof (*s)) ;
    unsigned kind = take (r, 8) ;
    gbgpu_semiring code =
    {
        (gbgpu_add) take (r, FUZZ_ADDS), (gbgpu_mult) take (r, FUZZ_MULTS),
        (gbgpu_type) take (r, FUZZ_TYPES)
    } ;
    unsigned pick = take (r, 256) ;
    // mostly the table's (the GPU's) combinations; one that does not exist
    // (a positional op over FP64, say) falls back to a predefined semiring
    bool made = (kind < 5) && table_semiring (s, code) ;
    if (!made && kind == 7) odd_semiring (s, pick) ;
    else if (!made) predefined (s, pick) ;

    GrB_Monoid monoid ;
    GrB_BinaryOp add ;
    TS_OK (GxB_Semiring_add (&monoid, s->semiring)) ;
    TS_OK (GxB_Monoid_operator (&add, monoid)) ;
    TS_OK (GxB_BinaryOp_ztype (&s->type, add)) ;
}

//------------------------------------------------------------------------------
// operands
//------------------------------------------------------------------------------

static const int sparsities [5] = { 0, GxB_HYPERSPARSE, GxB_SPARSE, GxB_BITMAP, GxB_FULL } ;

// Content (density, empty rows, seed) and storage of one operand, 4 bytes.
static ts_matrix_spec decode_spec (byte_reader *r, GrB_Type type,
    GrB_Index nrows, GrB_Index ncols)
{
    static const double densities [8] = { 0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1 } ;
    static const double empty_rows [4] = { 0, 0, 0.2, 0.5 } ;
    unsigned storage = take (r, 256), content = take (r, 256) ;
    uint64_t seed = take (r, 256) ;
    seed = (seed << 8) | take (r, 256) ;
    ts_matrix_spec spec = ts_spec (type, nrows, ncols, densities [content % 8], seed) ;
    spec.empty_rows = empty_rows [(content >> 3) % 4] ;
    // no more than ~20000 entries: large matrices are sparse
    double cells = (double) nrows * (double) ncols ;
    if (cells * spec.density > 20000) spec.density = 20000 / cells ;

    spec.by_col = storage & 1 ;
    spec.sparsity = sparsities [(storage >> 1) % 5] ;
    spec.iso = (ts_iso) ((storage >> 4) % 3) ;
    bool sparse_kind = (spec.sparsity == GxB_SPARSE || spec.sparsity == GxB_HYPERSPARSE) ;
    spec.jumbled = ((storage >> 6) & 1) && sparse_kind ;
    spec.pending = ((storage >> 7) & 1) && !spec.jumbled
        && (sparse_kind || spec.sparsity == 0) ;
    return spec ;
}

static GrB_Type decode_type (byte_reader *r)
{
    return ts_type ((gbgpu_type) take (r, FUZZ_TYPES)) ;
}

// An accumulator: a built-in binary op over one of the table types (a
// positional one too, which the library refuses as an accumulator).  After a
// rounded product only ops that keep the rounding small, in T's type; never
// DIV after a floating T, whose ±0 (from MIN or MAX over -0 and +0, in any
// order) would turn into ±inf.
static void decode_accum (fuzz_case *c, byte_reader *r)
{
    static const gbgpu_mult ops [10] =
    {
        GBGPU_MULT_PLUS, GBGPU_MULT_MINUS, GBGPU_MULT_TIMES, GBGPU_MULT_MIN,
        GBGPU_MULT_MAX, GBGPU_MULT_FIRST, GBGPU_MULT_SECOND, GBGPU_MULT_LOR,
        GBGPU_MULT_DIV, GBGPU_MULT_SECONDI,
    } ;
    unsigned present = take (r, 2), op = take (r, 10) ;
    gbgpu_type type = (gbgpu_type) take (r, FUZZ_TYPES) ;
    c->accum = NULL ;
    snprintf (c->accum_name, sizeof (c->accum_name), "none") ;
    if (!present) return ;
    bool float_t = ts_type_is_float (c->semiring.type) ;
    if (c->semiring.values == FUZZ_VALUES_ROUNDED)
    {
        op %= 7 ;      // PLUS MINUS TIMES MIN MAX FIRST SECOND
        type = (gbgpu_type) ts_type_code (c->semiring.type) ;
    }
    else if (float_t && ops [op] == GBGPU_MULT_DIV)
    {
        op = 0 ;
    }
    c->accum = ts_mult_op (ops [op], type) ;
    if (c->accum == NULL)
    {
        type = GBGPU_TYPE_INT64 ;       // positional ops exist for INT32/INT64
        c->accum = ts_mult_op (ops [op], type) ;
    }
    snprintf (c->accum_name, sizeof (c->accum_name), "%s_%s",
        ts_mult_name (ops [op]), ts_type_name (ts_type (type))) ;
}

// The last field: now and then a semiring of the long tail (compiled at run
// time), 8- and 16-bit operands, or complex ones (the mask's type stays).  An
// input that ends before it is as it was (0: none of them).
static void decode_long_tail (fuzz_case *c, byte_reader *r)
{
    unsigned tail = take (r, 8), pick = take (r, 256) ;
    if (tail == 5 || tail == 6)
    {
        GrB_Type operand = ts_type ((gbgpu_type) (tail == 6 ? GBGPU_TYPE_INT8 + pick % 4
                                                            : GBGPU_TYPE_FC32 + pick % 2)) ;
        c->A.type = operand ;
        c->B.type = operand ;
        if (tail == 6) c->M.type = operand ;
        // a rounded T is compared within a tolerance: no cast to an integer C
        if (c->semiring.values != FUZZ_VALUES_ROUNDED) c->C.type = operand ;
        if (c->alias == FUZZ_ALIAS_C_IS_A || c->alias == FUZZ_ALIAS_C_IS_B)
            c->A.type = c->B.type = c->C.type ;
    }
    else if (tail == 7)
    {
        int count ;
        const gbgpu_semiring *codes = ts_long_tail_semirings (&count) ;
        fuzz_case_free (c) ;
        TS_OK (table_semiring (&c->semiring, codes [pick % count]) ? GrB_SUCCESS : GrB_PANIC) ;
        GrB_Monoid monoid ;
        GrB_BinaryOp add ;
        TS_OK (GxB_Semiring_add (&monoid, c->semiring.semiring)) ;
        TS_OK (GxB_Monoid_operator (&add, monoid)) ;
        TS_OK (GxB_BinaryOp_ztype (&c->semiring.type, add)) ;
        // the accumulator was drawn for the other T (decode_accum's rules)
        bool float_t = ts_type_is_float (c->semiring.type) ;
        if (c->semiring.values == FUZZ_VALUES_ROUNDED || (float_t && strstr (c->accum_name, "DIV")))
        {
            c->accum = NULL ;
            snprintf (c->accum_name, sizeof (c->accum_name), "none") ;
        }
        if (c->semiring.values == FUZZ_VALUES_ROUNDED)
        {
            c->C.type = c->semiring.type ;
            if (c->alias == FUZZ_ALIAS_C_IS_A || c->alias == FUZZ_ALIAS_C_IS_B)
                c->A.type = c->B.type = c->C.type ;
        }
    }
}

// The change of one input before the call is made again: the last field,
// so that an input made before it (the corpus's) decodes to none, and one
// long enough to reach it gets a change 5 times in 8.
//
// SuiteSparse:GraphBLAS 7.4.0 breaks on changes of a matrix made by
// GxB_Matrix_pack_HyperCSR/CSC (the harness packs only jumbled matrices),
// in the library alone, each crash seen in random cases here:
//   - a setElement, removeElement or row assign with an index outside it
//     (GrB_INVALID_INDEX), then C = A*B by dot products: the next free of
//     the matrix frees a block twice (47881 of seed 20261126, 47496 of
//     20261127; a 3x7 matrix, index (5,4), with the library alone);
//   - a row of such a mask assigned, then the library's own GrB_mxm with an
//     accumulator: a segfault in GB_subassign_08n (30063 of 20261128).
// On 7.x such an input is therefore not changed (the call is not made again).
static void decode_then (fuzz_case *c, byte_reader *r)
{
    static const int sparsities [4] = { GxB_HYPERSPARSE, GxB_SPARSE, GxB_BITMAP, GxB_FULL } ;
    unsigned kind = take (r, 8), target = take (r, 3) ;
    fuzz_then *t = &c->then ;
    t->kind = (kind < FUZZ_NTHEN) ? (fuzz_then_kind) kind : FUZZ_THEN_NOTHING ;
    t->target = (target == 1) ? 'B' : (target == 2 && c->has_mask) ? 'M' : 'A' ;
    const ts_matrix_spec *X = (t->target == 'B') ? &c->B : (t->target == 'M') ? &c->M : &c->A ;
    t->i = take (r, 256) % (X->nrows > 0 ? X->nrows : 1) ;
    t->j = take (r, 256) % (X->ncols > 0 ? X->ncols : 1) ;
    t->value = (int32_t) take (r, 256) - 128 ;
    t->sparsity = sparsities [take (r, 4)] ;
#if GxB_IMPLEMENTATION_MAJOR < 8
    if (X->jumbled) t->kind = FUZZ_THEN_NOTHING ;
#endif
}

//------------------------------------------------------------------------------
// the whole call
//------------------------------------------------------------------------------

void fuzz_case_decode (fuzz_case *c, const uint8_t *data, size_t size)
{
    memset (c, 0, sizeof (*c)) ;
    byte_reader r = { data, size, 0 } ;

    // dimensions: mostly up to 16, sometimes up to 128 or 1024
    static const unsigned largest [8] = { 16, 16, 16, 16, 16, 16, 128, 1024 } ;
    unsigned most = largest [take (&r, 8)] ;
    GrB_Index m = take (&r, 256) * (most + 1) / 256 ;
    GrB_Index k = take (&r, 256) * (most + 1) / 256 ;
    GrB_Index n = take (&r, 256) * (most + 1) / 256 ;

    decode_semiring (&c->semiring, &r) ;
    GrB_Type atype = decode_type (&r), btype = decode_type (&r) ;
    GrB_Type ctype = decode_type (&r), mtype = decode_type (&r) ;
    // a rounded T is compared within a tolerance: no cast to an integer C
    if (c->semiring.values == FUZZ_VALUES_ROUNDED) ctype = c->semiring.type ;

    unsigned mask = take (&r, 8) ;
    c->has_mask = (mask >= 3 && mask <= 6) ;
    c->mask_structure = (mask == 4 || mask == 6) ;
    c->mask_complement = (mask >= 5) ;         // 7: C<!NULL>, the library's odd case
    decode_accum (c, &r) ;
    unsigned desc = take (&r, 256) ;
    c->replace = desc & 1 ;
    c->transpose_a = (desc >> 1) & 1 ;
    c->transpose_b = (desc >> 2) & 1 ;
    static const int methods [5] =
        { GxB_DEFAULT, GxB_AxB_GUSTAVSON, GxB_AxB_HASH, GxB_AxB_SAXPY, GxB_AxB_DOT } ;
    c->axb_method = methods [(desc >> 3) % 5] ;
    unsigned alias = take (&r, 10) ;
    c->alias = (alias < 6) ? FUZZ_ALIAS_NONE : (fuzz_alias) (alias - 5) ;
    unsigned fault = take (&r, 64) ;
    c->fault = (fault < FUZZ_NFAULT && c->alias == FUZZ_ALIAS_NONE)
        ? (fuzz_fault) fault : FUZZ_FAULT_NONE ;


    // aliased operands are one square matrix
    if (c->alias != FUZZ_ALIAS_NONE) { k = m ; n = m ; }
    // No empty inner dimension: gbgpu leaves those products to the library,
    // and SuiteSparse 7.4 can loop forever on some of them (saxpy3's
    // symbolic phase with a complemented hypersparse mask).
    if (k == 0)
    {
        k = 1 ;
        if (c->alias != FUZZ_ALIAS_NONE) { m = 1 ; n = 1 ; }
    }
    if (c->alias == FUZZ_ALIAS_C_IS_A) atype = ctype ;
    if (c->alias == FUZZ_ALIAS_C_IS_B) btype = ctype ;
    if (c->alias == FUZZ_ALIAS_M_IS_A)
    {
        c->has_mask = true ;
        mtype = atype ;
    }

    c->A = decode_spec (&r, atype, c->transpose_a ? k : m, c->transpose_a ? m : k) ;
    c->B = decode_spec (&r, btype, c->transpose_b ? n : k, c->transpose_b ? k : n) ;
    c->C = decode_spec (&r, ctype, m, n) ;
    c->M = decode_spec (&r, mtype, m, n) ;
    switch (c->alias)
    {
        case FUZZ_ALIAS_C_IS_A: c->C = c->A ; break ;
        case FUZZ_ALIAS_C_IS_B: c->C = c->B ; break ;
        case FUZZ_ALIAS_M_IS_A: c->M = c->A ; break ;
        case FUZZ_ALIAS_B_IS_A: c->B = c->A ; break ;
        default: break ;
    }
    if (!c->has_mask && c->fault == FUZZ_FAULT_MASK_DIMENSION) c->fault = FUZZ_FAULT_NONE ;
    switch (c->fault)
    {
        case FUZZ_FAULT_INNER_DIMENSION:
            if (c->transpose_b) c->B.ncols++ ; else c->B.nrows++ ;
            break ;
        case FUZZ_FAULT_C_DIMENSION: c->C.ncols++ ; c->M.ncols++ ; break ;
        case FUZZ_FAULT_MASK_DIMENSION: c->M.nrows++ ; break ;
        default: break ;
    }
    decode_long_tail (c, &r) ;
    decode_then (c, &r) ;
    c->positional = strstr (c->semiring.name, "FIRSTI") || strstr (c->semiring.name, "FIRSTJ")
        || strstr (c->semiring.name, "SECONDI") || strstr (c->semiring.name, "SECONDJ") ;
}

void fuzz_case_free (fuzz_case *c)
{
    if (c->semiring.owned) ts_semiring_free (&c->semiring.semiring) ;
}

static const char *spec_line (const ts_matrix_spec *s, char *buf, size_t n)
{
    char storage [64] ;
    snprintf (buf, n, "%s %llux%llu density %.3g empty rows %.2g seed %llu, %s",
        ts_type_name (s->type), (unsigned long long) s->nrows,
        (unsigned long long) s->ncols, s->density, s->empty_rows,
        (unsigned long long) s->seed, ts_storage_name (s, storage, sizeof (storage))) ;
    return buf ;
}

void fuzz_case_print (FILE *f, const fuzz_case *c)
{
    static const char *aliases [FUZZ_NALIAS] = { "none", "C is A", "C is B", "M is A", "B is A" } ;
    static const char *faults [FUZZ_NFAULT] = { "none", "NULL C", "NULL A",
        "NULL B", "NULL semiring", "inner dimensions differ", "C one column wider",
        "M one row taller" } ;
    char buf [256] ;
    fprintf (f, "  semiring %s (T: %s), accum %s\n", c->semiring.name,
        ts_type_name (c->semiring.type), c->accum_name) ;
    fprintf (f, "  mask %s%s%s, replace %d, A%s, B%s, AxB method %d, alias %s, fault %s\n",
        c->mask_complement ? "!" : "", c->has_mask ? "M" : "NULL",
        c->mask_structure ? " (structure)" : "", (int) c->replace,
        c->transpose_a ? "'" : "", c->transpose_b ? "'" : "", c->axb_method,
        aliases [c->alias], faults [c->fault]) ;
    fprintf (f, "  A: %s\n", spec_line (&c->A, buf, sizeof (buf))) ;
    fprintf (f, "  B: %s\n", spec_line (&c->B, buf, sizeof (buf))) ;
    fprintf (f, "  C: %s\n", spec_line (&c->C, buf, sizeof (buf))) ;
    if (c->has_mask) fprintf (f, "  M: %s\n", spec_line (&c->M, buf, sizeof (buf))) ;
    if (c->then.kind != FUZZ_THEN_NOTHING)
    {
        fprintf (f, "  then: %s of %c (i %llu, j %llu, value %d, sparsity %d), and the call again\n",
            fuzz_then_name (c->then.kind), c->then.target, (unsigned long long) c->then.i,
            (unsigned long long) c->then.j, (int) c->then.value, c->then.sparsity) ;
    }
}
