// test_semiring.c: semirings built from built-in parts, named by the codes
// of semirings/semiring_codes.h.  Built as LAGraph builds them (a monoid from
// a built-in binary op and its identity, then GrB_Semiring_new), so the tests
// exercise gbgpu's recognition of user-made semirings, not just the
// predefined GxB_/GrB_ semiring objects.

#include "test_support.h"
#include "semiring_list.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

// One op per type, in gbgpu_type order.
#define OPS(prefix, bool_op, name)                                            \
    {   bool_op, prefix##name##_INT32, prefix##name##_INT64,              \
        prefix##name##_UINT32, prefix##name##_UINT64, prefix##name##_FP32,    \
        prefix##name##_FP64 }

static GrB_BinaryOp pick (gbgpu_type type, const GrB_BinaryOp ops [GBGPU_NTYPES])
{
    return ((int) type >= 0 && type < GBGPU_NTYPES) ? ops [type] : NULL ;
}

GrB_BinaryOp ts_add_op (gbgpu_add add, gbgpu_type type)
{
    switch (add)
    {
        case GBGPU_ADD_PLUS:  { GrB_BinaryOp o [] = OPS (GrB_, GrB_PLUS_BOOL,  PLUS ) ; return pick (type, o) ; }
        case GBGPU_ADD_TIMES: { GrB_BinaryOp o [] = OPS (GrB_, GrB_TIMES_BOOL, TIMES) ; return pick (type, o) ; }
        case GBGPU_ADD_MIN:   { GrB_BinaryOp o [] = OPS (GrB_, GrB_MIN_BOOL,   MIN  ) ; return pick (type, o) ; }
        case GBGPU_ADD_MAX:   { GrB_BinaryOp o [] = OPS (GrB_, GrB_MAX_BOOL,   MAX  ) ; return pick (type, o) ; }
        case GBGPU_ADD_ANY:   { GrB_BinaryOp o [] = OPS (GxB_, GxB_ANY_BOOL,   ANY  ) ; return pick (type, o) ; }
        case GBGPU_ADD_LOR:   { GrB_BinaryOp o [] = OPS (GxB_, GrB_LOR,        LOR  ) ; return pick (type, o) ; }
        case GBGPU_ADD_LAND:  { GrB_BinaryOp o [] = OPS (GxB_, GrB_LAND,       LAND ) ; return pick (type, o) ; }
        case GBGPU_ADD_LXOR:  { GrB_BinaryOp o [] = OPS (GxB_, GrB_LXOR,       LXOR ) ; return pick (type, o) ; }
        case GBGPU_ADD_EQ:    { GrB_BinaryOp o [] = OPS (GrB_, GrB_LXNOR,      EQ   ) ; return pick (type, o) ; }
        default: return NULL ;
    }
}

GrB_BinaryOp ts_mult_op (gbgpu_mult mult, gbgpu_type type)
{
    switch (mult)
    {
        case GBGPU_MULT_FIRST:  { GrB_BinaryOp o [] = OPS (GrB_, GrB_FIRST_BOOL,  FIRST ) ; return pick (type, o) ; }
        case GBGPU_MULT_SECOND: { GrB_BinaryOp o [] = OPS (GrB_, GrB_SECOND_BOOL, SECOND) ; return pick (type, o) ; }
        case GBGPU_MULT_PAIR:   { GrB_BinaryOp o [] = OPS (GxB_, GxB_PAIR_BOOL,   PAIR  ) ; return pick (type, o) ; }
        case GBGPU_MULT_PLUS:   { GrB_BinaryOp o [] = OPS (GrB_, GrB_PLUS_BOOL,   PLUS  ) ; return pick (type, o) ; }
        case GBGPU_MULT_MINUS:  { GrB_BinaryOp o [] = OPS (GrB_, GrB_MINUS_BOOL,  MINUS ) ; return pick (type, o) ; }
        case GBGPU_MULT_TIMES:  { GrB_BinaryOp o [] = OPS (GrB_, GrB_TIMES_BOOL,  TIMES ) ; return pick (type, o) ; }
        case GBGPU_MULT_DIV:    { GrB_BinaryOp o [] = OPS (GrB_, GrB_DIV_BOOL,    DIV   ) ; return pick (type, o) ; }
        case GBGPU_MULT_MIN:    { GrB_BinaryOp o [] = OPS (GrB_, GrB_MIN_BOOL,    MIN   ) ; return pick (type, o) ; }
        case GBGPU_MULT_MAX:    { GrB_BinaryOp o [] = OPS (GrB_, GrB_MAX_BOOL,    MAX   ) ; return pick (type, o) ; }
        case GBGPU_MULT_LOR:    { GrB_BinaryOp o [] = OPS (GxB_, GrB_LOR,         LOR   ) ; return pick (type, o) ; }
        case GBGPU_MULT_LAND:   { GrB_BinaryOp o [] = OPS (GxB_, GrB_LAND,        LAND  ) ; return pick (type, o) ; }
        case GBGPU_MULT_LXOR:   { GrB_BinaryOp o [] = OPS (GxB_, GrB_LXOR,        LXOR  ) ; return pick (type, o) ; }
        case GBGPU_MULT_SECONDI:
            return (type == GBGPU_TYPE_INT32) ? GxB_SECONDI_INT32
                 : (type == GBGPU_TYPE_INT64) ? GxB_SECONDI_INT64 : NULL ;
        case GBGPU_MULT_SECONDJ:
            return (type == GBGPU_TYPE_INT32) ? GxB_SECONDJ_INT32
                 : (type == GBGPU_TYPE_INT64) ? GxB_SECONDJ_INT64 : NULL ;
        default: return NULL ;
    }
}

// The identity of a monoid as a double: exact for every case below, since
// the integer extremes go through the typed branches of ts_monoid_new.
typedef enum { ID_ZERO, ID_ONE, ID_TYPE_MAX, ID_TYPE_MIN } identity_kind ;

static identity_kind identity_of (gbgpu_add add)
{
    switch (add)
    {
        case GBGPU_ADD_TIMES:
        case GBGPU_ADD_LAND:
        case GBGPU_ADD_EQ:   return ID_ONE ;
        case GBGPU_ADD_MIN:  return ID_TYPE_MAX ;   // +max, or +INFINITY
        case GBGPU_ADD_MAX:  return ID_TYPE_MIN ;   // min (0 if unsigned), or -INFINITY
        default:             return ID_ZERO ;       // PLUS ANY LOR LXOR
    }
}

GrB_Info ts_monoid_new (GrB_Monoid *monoid, gbgpu_add add, gbgpu_type type)
{
    GrB_BinaryOp op = ts_add_op (add, type) ;
    if (op == NULL) return GrB_INVALID_VALUE ;
    identity_kind id = identity_of (add) ;
    bool high = (id == ID_TYPE_MAX), low = (id == ID_TYPE_MIN), one = (id == ID_ONE) ;
    switch (type)
    {
        case GBGPU_TYPE_BOOL:
            // MIN over bool is LAND (identity true), MAX is LOR (false)
            return GrB_Monoid_new_BOOL (monoid, op, one || high) ;
        case GBGPU_TYPE_INT32:
            return GrB_Monoid_new_INT32 (monoid, op,
                high ? INT32_MAX : low ? INT32_MIN : one ? 1 : 0) ;
        case GBGPU_TYPE_INT64:
            return GrB_Monoid_new_INT64 (monoid, op,
                high ? INT64_MAX : low ? INT64_MIN : one ? 1 : 0) ;
        case GBGPU_TYPE_UINT32:
            return GrB_Monoid_new_UINT32 (monoid, op,
                high ? UINT32_MAX : one ? 1 : 0) ;
        case GBGPU_TYPE_UINT64:
            return GrB_Monoid_new_UINT64 (monoid, op,
                high ? UINT64_MAX : one ? 1 : 0) ;
        case GBGPU_TYPE_FP32:
            return GrB_Monoid_new_FP32 (monoid, op,
                high ? INFINITY : low ? -INFINITY : one ? 1 : 0) ;
        case GBGPU_TYPE_FP64:
            return GrB_Monoid_new_FP64 (monoid, op,
                high ? INFINITY : low ? -INFINITY : one ? 1 : 0) ;
        default:
            return GrB_INVALID_VALUE ;
    }
}

GrB_Info ts_semiring_new (GrB_Semiring *semiring, gbgpu_semiring code)
{
    GrB_BinaryOp mult = ts_mult_op (code.mult, code.type) ;
    if (mult == NULL) return GrB_INVALID_VALUE ;
    GrB_Monoid monoid = NULL ;
    GrB_Info info = ts_monoid_new (&monoid, code.add, code.type) ;
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
        { "PLUS", "TIMES", "MIN", "MAX", "ANY", "LOR", "LAND", "LXOR", "EQ" } ;
    return ((int) add >= 0 && add < GBGPU_NADD) ? names [add] : "?" ;
}

const char *ts_mult_name (gbgpu_mult mult)
{
    static const char *names [GBGPU_NMULT] =
        { "FIRST", "SECOND", "PAIR", "PLUS", "MINUS", "TIMES", "DIV", "MIN",
          "MAX", "LOR", "LAND", "LXOR", "SECONDI", "SECONDJ" } ;
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

const char *ts_semiring_name (gbgpu_semiring code, char *buf, size_t n)
{
    snprintf (buf, n, "%s_%s_%s", ts_add_name (code.add),
        ts_mult_name (code.mult), ts_type_name (ts_type (code.type))) ;
    return buf ;
}
