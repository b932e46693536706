// tests/support/test_semiring.c: semirings built from built-in parts, named by the codes
// of plugin/cuda/kernels/semiring_codes.h.  Built as LAGraph builds them (a monoid from
// a built-in binary op and its identity, then GrB_Semiring_new), so the tests
// exercise gbgpu's recognition of user-made semirings, not just the
// predefined GxB_/GrB_ semiring objects.
// SPDX-License-Identifier: Apache-2.0

#include "test_support.h"
#include "semiring_list.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

// One op per type, in gbgpu_type order (NULL where the library has none).
#define REAL_OPS(prefix, bool_op, name)                                       \
        bool_op, prefix##name##_INT32, prefix##name##_INT64,                  \
        prefix##name##_UINT32, prefix##name##_UINT64, prefix##name##_FP32,    \
        prefix##name##_FP64, prefix##name##_INT8, prefix##name##_INT16,       \
        prefix##name##_UINT8, prefix##name##_UINT16
#define OPS(prefix, bool_op, name) { REAL_OPS (prefix, bool_op, name) }
// ... and the complex types' (GxB_ for both)
#define OPS_C(prefix, bool_op, name)                                          \
    { REAL_OPS (prefix, bool_op, name), GxB_##name##_FC32, GxB_##name##_FC64 }
#define INTEGER_OPS(name)                                                     \
    {   NULL, GrB_##name##_INT32, GrB_##name##_INT64, GrB_##name##_UINT32,    \
        GrB_##name##_UINT64, NULL, NULL, GrB_##name##_INT8,                   \
        GrB_##name##_INT16, GrB_##name##_UINT8, GrB_##name##_UINT16 }
#define POSITIONAL_OPS(name)                                                  \
    {   NULL, GxB_##name##_INT32, GxB_##name##_INT64 }

static GrB_BinaryOp pick (gbgpu_type type, const GrB_BinaryOp ops [GBGPU_NTYPES])
{
    return ((int) type >= 0 && type < GBGPU_NTYPES) ? ops [type] : NULL ;
}

#define PICK(...) { GrB_BinaryOp o [GBGPU_NTYPES] = __VA_ARGS__ ; return pick (type, o) ; }

GrB_BinaryOp ts_add_op (gbgpu_add add, gbgpu_type type)
{
    switch (add)
    {
        case GBGPU_ADD_PLUS:  PICK (OPS_C (GrB_, GrB_PLUS_BOOL,  PLUS ))
        case GBGPU_ADD_TIMES: PICK (OPS_C (GrB_, GrB_TIMES_BOOL, TIMES))
        case GBGPU_ADD_MIN:   PICK (OPS (GrB_, GrB_MIN_BOOL,   MIN  ))
        case GBGPU_ADD_MAX:   PICK (OPS (GrB_, GrB_MAX_BOOL,   MAX  ))
        case GBGPU_ADD_ANY:   PICK (OPS_C (GxB_, GxB_ANY_BOOL,   ANY  ))
        case GBGPU_ADD_LOR:   PICK (OPS (GxB_, GrB_LOR,        LOR  ))
        case GBGPU_ADD_LAND:  PICK (OPS (GxB_, GrB_LAND,       LAND ))
        case GBGPU_ADD_LXOR:  PICK (OPS (GxB_, GrB_LXOR,       LXOR ))
        case GBGPU_ADD_EQ:    PICK (OPS (GrB_, GrB_LXNOR,      EQ   ))
        case GBGPU_ADD_BOR:   PICK (INTEGER_OPS (BOR))
        case GBGPU_ADD_BAND:  PICK (INTEGER_OPS (BAND))
        case GBGPU_ADD_BXOR:  PICK (INTEGER_OPS (BXOR))
        case GBGPU_ADD_BXNOR: PICK (INTEGER_OPS (BXNOR))
        default: return NULL ;
    }
}

GrB_BinaryOp ts_mult_op (gbgpu_mult mult, gbgpu_type type)
{
    switch (mult)
    {
        case GBGPU_MULT_FIRST:    PICK (OPS_C (GrB_, GrB_FIRST_BOOL,  FIRST ))
        case GBGPU_MULT_SECOND:   PICK (OPS_C (GrB_, GrB_SECOND_BOOL, SECOND))
        case GBGPU_MULT_PAIR:     PICK (OPS_C (GxB_, GxB_PAIR_BOOL,   PAIR  ))
        case GBGPU_MULT_PLUS:     PICK (OPS_C (GrB_, GrB_PLUS_BOOL,   PLUS  ))
        case GBGPU_MULT_MINUS:    PICK (OPS_C (GrB_, GrB_MINUS_BOOL,  MINUS ))
        case GBGPU_MULT_TIMES:    PICK (OPS_C (GrB_, GrB_TIMES_BOOL,  TIMES ))
        case GBGPU_MULT_DIV:      PICK (OPS_C (GrB_, GrB_DIV_BOOL,    DIV   ))
        case GBGPU_MULT_MIN:      PICK (OPS (GrB_, GrB_MIN_BOOL,    MIN   ))
        case GBGPU_MULT_MAX:      PICK (OPS (GrB_, GrB_MAX_BOOL,    MAX   ))
        case GBGPU_MULT_LOR:      PICK (OPS (GxB_, GrB_LOR,         LOR   ))
        case GBGPU_MULT_LAND:     PICK (OPS (GxB_, GrB_LAND,        LAND  ))
        case GBGPU_MULT_LXOR:     PICK (OPS (GxB_, GrB_LXOR,        LXOR  ))
        case GBGPU_MULT_SECONDI:  PICK (POSITIONAL_OPS (SECONDI))
        case GBGPU_MULT_SECONDJ:  PICK (POSITIONAL_OPS (SECONDJ))
        case GBGPU_MULT_SECONDI1: PICK (POSITIONAL_OPS (SECONDI1))
        case GBGPU_MULT_SECONDJ1: PICK (POSITIONAL_OPS (SECONDJ1))
        case GBGPU_MULT_RMINUS:   PICK (OPS_C (GxB_, GxB_RMINUS_BOOL, RMINUS))
        case GBGPU_MULT_RDIV:     PICK (OPS_C (GxB_, GxB_RDIV_BOOL,   RDIV  ))
        case GBGPU_MULT_ISEQ:     PICK (OPS_C (GxB_, GxB_ISEQ_BOOL,   ISEQ  ))
        case GBGPU_MULT_ISNE:     PICK (OPS_C (GxB_, GxB_ISNE_BOOL,   ISNE  ))
        case GBGPU_MULT_ISGT:     PICK (OPS (GxB_, GxB_ISGT_BOOL,   ISGT  ))
        case GBGPU_MULT_ISLT:     PICK (OPS (GxB_, GxB_ISLT_BOOL,   ISLT  ))
        case GBGPU_MULT_ISGE:     PICK (OPS (GxB_, GxB_ISGE_BOOL,   ISGE  ))
        case GBGPU_MULT_ISLE:     PICK (OPS (GxB_, GxB_ISLE_BOOL,   ISLE  ))
        case GBGPU_MULT_BOR:      PICK (INTEGER_OPS (BOR))
        case GBGPU_MULT_BAND:     PICK (INTEGER_OPS (BAND))
        case GBGPU_MULT_BXOR:     PICK (INTEGER_OPS (BXOR))
        case GBGPU_MULT_BXNOR:    PICK (INTEGER_OPS (BXNOR))
        case GBGPU_MULT_EQ:       PICK (OPS_C (GrB_, GrB_EQ_BOOL,     EQ    ))
        case GBGPU_MULT_NE:       PICK (OPS_C (GrB_, GrB_NE_BOOL,     NE    ))
        case GBGPU_MULT_GT:       PICK (OPS (GrB_, GrB_GT_BOOL,     GT    ))
        case GBGPU_MULT_LT:       PICK (OPS (GrB_, GrB_LT_BOOL,     LT    ))
        case GBGPU_MULT_GE:       PICK (OPS (GrB_, GrB_GE_BOOL,     GE    ))
        case GBGPU_MULT_LE:       PICK (OPS (GrB_, GrB_LE_BOOL,     LE    ))
        case GBGPU_MULT_FIRSTI:   PICK (POSITIONAL_OPS (FIRSTI))
        case GBGPU_MULT_FIRSTI1:  PICK (POSITIONAL_OPS (FIRSTI1))
        default: return NULL ;
    }
}

#undef PICK

// The identity of a monoid as a double: exact for every case below, since
// the integer extremes go through the typed branches of ts_monoid_new.
typedef enum { ID_ZERO, ID_ONE, ID_TYPE_MAX, ID_TYPE_MIN, ID_ALL_BITS } identity_kind ;

static identity_kind identity_of (gbgpu_add add)
{
    switch (add)
    {
        case GBGPU_ADD_TIMES:
        case GBGPU_ADD_LAND:
        case GBGPU_ADD_EQ:   return ID_ONE ;
        case GBGPU_ADD_MIN:  return ID_TYPE_MAX ;   // +max, or +INFINITY
        case GBGPU_ADD_MAX:  return ID_TYPE_MIN ;   // min (0 if unsigned), or -INFINITY
        case GBGPU_ADD_BAND:
        case GBGPU_ADD_BXNOR: return ID_ALL_BITS ;
        default:             return ID_ZERO ;       // PLUS ANY LOR LXOR BOR BXOR
    }
}

GrB_Info ts_monoid_new (GrB_Monoid *monoid, gbgpu_add add, gbgpu_type type)
{
    GrB_BinaryOp op = ts_add_op (add, type) ;
    if (op == NULL) return GrB_INVALID_VALUE ;
    identity_kind id = identity_of (add) ;
    bool high = (id == ID_TYPE_MAX), low = (id == ID_TYPE_MIN), one = (id == ID_ONE) ;
    // all bits set: -1 signed, the largest value unsigned
    bool ones = (id == ID_ALL_BITS) ;
    high |= ones ;
    // by the type's kind (semiring_codes.h); MIN over bool is LAND (identity
    // true), MAX is LOR (false)
    #define IDENTITY_LOGICAL(name, ctype)  (one || high)
    #define IDENTITY_SIGNED(name, ctype)   \
        (ones ? -1 : high ? name ## _MAX : low ? name ## _MIN : one ? 1 : 0)
    #define IDENTITY_UNSIGNED(name, ctype) (high ? name ## _MAX : one ? 1 : 0)
    #define IDENTITY_REAL(name, ctype)     (high ? INFINITY : low ? -INFINITY : one ? 1 : 0)
    #define IDENTITY_COMPLEX(name, ctype)  ((ctype) (one ? 1 : 0))
    #define TYPE_MONOID(name, ctype, prefix, kind) case GBGPU_TYPE_ ## name: \
        return prefix ## _Monoid_new_ ## name (monoid, op, IDENTITY_ ## kind (name, ctype)) ;
    switch (type)
    {
        GBGPU_TYPE_LIST (TYPE_MONOID)
        default: return GrB_INVALID_VALUE ;
    }
    #undef TYPE_MONOID
    #undef IDENTITY_COMPLEX
    #undef IDENTITY_REAL
    #undef IDENTITY_UNSIGNED
    #undef IDENTITY_SIGNED
    #undef IDENTITY_LOGICAL
}

GrB_Info ts_semiring_new (GrB_Semiring *semiring, gbgpu_semiring code)
{
    GrB_BinaryOp mult = ts_mult_op (code.mult, code.type) ;
    if (mult == NULL) return GrB_INVALID_VALUE ;
    GrB_Monoid monoid = NULL ;
    // a comparison's values are boolean, whatever its inputs (semiring_codes.h)
    gbgpu_type monoid_type = GBGPU_MULT_IS_COMPARISON (code.mult) ? GBGPU_TYPE_BOOL : code.type ;
    GrB_Info info = ts_monoid_new (&monoid, code.add, monoid_type) ;
    if (info != GrB_SUCCESS) return info ;
    // the semiring refers to the monoid: ts_semiring_free frees both
    info = GrB_Semiring_new (semiring, monoid, mult) ;
    if (info != GrB_SUCCESS) GrB_Monoid_free (&monoid) ;
    return info ;
}

void ts_semiring_free (GrB_Semiring *semiring)
{
    if (semiring == NULL || *semiring == NULL) return ;
    GrB_Monoid monoid = NULL ;
    TS_OK (GxB_Semiring_add (&monoid, *semiring)) ;
    TS_OK (GrB_Semiring_free (semiring)) ;
    TS_OK (GrB_Monoid_free (&monoid)) ;
}

const char *ts_add_name (gbgpu_add add)
{
    static const char *names [GBGPU_NADD] =
        { "PLUS", "TIMES", "MIN", "MAX", "ANY", "LOR", "LAND", "LXOR", "EQ",
          "BOR", "BAND", "BXOR", "BXNOR" } ;
    return ((int) add >= 0 && add < GBGPU_NADD) ? names [add] : "?" ;
}

const char *ts_mult_name (gbgpu_mult mult)
{
    static const char *names [GBGPU_NMULT] =
        { "FIRST", "SECOND", "PAIR", "PLUS", "MINUS", "TIMES", "DIV", "MIN",
          "MAX", "LOR", "LAND", "LXOR", "SECONDI", "SECONDJ", "SECONDI1",
          "SECONDJ1", "RMINUS", "RDIV", "ISEQ", "ISNE", "ISGT", "ISLT", "ISGE",
          "ISLE", "BOR", "BAND", "BXOR", "BXNOR", "EQ", "NE", "GT", "LT", "GE", "LE",
          "FIRSTI", "FIRSTI1" } ;
    return ((int) mult >= 0 && mult < GBGPU_NMULT) ? names [mult] : "?" ;
}

const gbgpu_semiring *ts_instantiated_semirings (int *count)
{
    static const gbgpu_semiring table [ ] =
    {
    #define GBGPU_SEMIRING(ADD, MULT, TYPE) \
        { GBGPU_ADD_ ## ADD, GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE },
        GBGPU_ALL_SEMIRINGS
    #undef GBGPU_SEMIRING
    } ;
    *count = (int) (sizeof (table) / sizeof (table [0])) ;
    return table ;
}

const gbgpu_semiring *ts_long_tail_semirings (int *count)
{
    #define S(ADD, MULT, TYPE) { GBGPU_ADD_ ## ADD, GBGPU_MULT_ ## MULT, GBGPU_TYPE_ ## TYPE }
    static const gbgpu_semiring table [ ] =
    {
        // the 8- and 16-bit integers, with compiled-in operators
        S (PLUS, TIMES, INT8),  S (MIN, PLUS, UINT16), S (MAX, MINUS, INT16),
        S (TIMES, FIRST, UINT8), S (ANY, PAIR, INT8), S (PLUS, DIV, INT8),
        S (PLUS, DIV, UINT16),
        // operators outside the table
        S (MIN, SECONDI1, INT32), S (PLUS, SECONDJ1, INT64), S (PLUS, RMINUS, INT16),
        S (MIN, RDIV, FP64), S (TIMES, RDIV, INT32), S (PLUS, ISEQ, FP32),
        S (TIMES, ISNE, UINT8), S (MAX, ISGT, INT8), S (PLUS, ISLT, INT64),
        S (MIN, ISGE, UINT16), S (PLUS, ISLE, BOOL), S (PLUS, LXOR, INT32),
        S (MAX, SECONDI, INT64),
        // bitwise monoids and operators
        S (BOR, BAND, UINT8), S (BAND, BOR, INT16), S (BXOR, BXNOR, UINT16),
        S (BXNOR, BXOR, INT32), S (BOR, BXOR, UINT64), S (PLUS, BAND, UINT32),
        // comparisons: inputs of the type, boolean values
        S (LOR, EQ, INT32), S (LAND, NE, FP64), S (LXOR, GT, UINT8),
        S (EQ, LT, INT16), S (LOR, GE, FP32), S (LAND, LE, UINT64),
        S (LOR, GT, BOOL),
        // a row's index in A
        S (MIN, FIRSTI, INT64), S (PLUS, FIRSTI1, INT32),
        // complex: sums, products (compare-and-swap of 8 and 16 bytes),
        // SuiteSparse's division, equality
        S (PLUS, TIMES, FC64), S (PLUS, DIV, FC32), S (TIMES, MINUS, FC64),
        S (ANY, PAIR, FC32), S (ANY, PAIR, FC64), S (PLUS, RDIV, FC64),
        S (TIMES, FIRST, FC32), S (LOR, EQ, FC64), S (PLUS, ISNE, FC32),
    } ;
    #undef S
    *count = (int) (sizeof (table) / sizeof (table [0])) ;
    return table ;
}

const char *ts_semiring_name (gbgpu_semiring code, char *buf, size_t n)
{
    snprintf (buf, n, "%s_%s_%s", ts_add_name (code.add),
        ts_mult_name (code.mult), ts_type_name (ts_type (code.type))) ;
    return buf ;
}
