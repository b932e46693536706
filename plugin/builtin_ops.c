// builtin_ops.c: recognise the library's built-in operators and types.
//
// A semiring is recognised by its parts, not by its own pointer: programs build
// semirings from built-in monoids and operators (LAGraph does), and several
// built-in objects compute the same function (GrB_ONEB_T and GxB_PAIR_T,
// GrB_TIMES_BOOL and GrB_LAND, GrB_EQ_BOOL and GrB_LXNOR, GxB_FIRSTJ_T and
// GxB_SECONDI_T inside a product).  Each object maps to what it computes.

#include <math.h>
#include <string.h>
#include "gbgpu_internal.h"

typedef enum
{
    OP_FIRST, OP_SECOND, OP_PAIR, OP_PLUS, OP_MINUS, OP_TIMES, OP_DIV, OP_MIN,
    OP_MAX, OP_LOR, OP_LAND, OP_LXOR, OP_EQ, OP_ANY, OP_SECONDI, OP_SECONDJ
}
op_kind ;

typedef struct
{
    GrB_BinaryOp *op ;
    op_kind kind ;
    gbgpu_type type ;
}
op_entry ;

#define ARITHMETIC_OPS(T, GT)                                                 \
    { &GrB_FIRST_ ## T, OP_FIRST, GT }, { &GrB_SECOND_ ## T, OP_SECOND, GT }, \
    { &GrB_ONEB_ ## T, OP_PAIR, GT },   { &GxB_PAIR_ ## T, OP_PAIR, GT },     \
    { &GrB_PLUS_ ## T, OP_PLUS, GT },   { &GrB_MINUS_ ## T, OP_MINUS, GT },   \
    { &GrB_TIMES_ ## T, OP_TIMES, GT }, { &GrB_DIV_ ## T, OP_DIV, GT },       \
    { &GrB_MIN_ ## T, OP_MIN, GT },     { &GrB_MAX_ ## T, OP_MAX, GT },       \
    { &GxB_LOR_ ## T, OP_LOR, GT },     { &GxB_LAND_ ## T, OP_LAND, GT },     \
    { &GxB_LXOR_ ## T, OP_LXOR, GT },   { &GxB_ANY_ ## T, OP_ANY, GT }

static const op_entry builtin_ops [ ] =
{
    ARITHMETIC_OPS (BOOL, GBGPU_TYPE_BOOL),
    ARITHMETIC_OPS (INT32, GBGPU_TYPE_INT32),
    ARITHMETIC_OPS (INT64, GBGPU_TYPE_INT64),
    ARITHMETIC_OPS (UINT32, GBGPU_TYPE_UINT32),
    ARITHMETIC_OPS (UINT64, GBGPU_TYPE_UINT64),
    ARITHMETIC_OPS (FP32, GBGPU_TYPE_FP32),
    ARITHMETIC_OPS (FP64, GBGPU_TYPE_FP64),
    { &GrB_LOR, OP_LOR, GBGPU_TYPE_BOOL },   { &GrB_LAND, OP_LAND, GBGPU_TYPE_BOOL },
    { &GrB_LXOR, OP_LXOR, GBGPU_TYPE_BOOL }, { &GrB_LXNOR, OP_EQ, GBGPU_TYPE_BOOL },
    { &GrB_EQ_BOOL, OP_EQ, GBGPU_TYPE_BOOL }, { &GrB_NE_BOOL, OP_LXOR, GBGPU_TYPE_BOOL },
    { &GxB_SECONDI_INT32, OP_SECONDI, GBGPU_TYPE_INT32 },
    { &GxB_SECONDI_INT64, OP_SECONDI, GBGPU_TYPE_INT64 },
    { &GxB_FIRSTJ_INT32, OP_SECONDI, GBGPU_TYPE_INT32 },
    { &GxB_FIRSTJ_INT64, OP_SECONDI, GBGPU_TYPE_INT64 },
    { &GxB_SECONDJ_INT32, OP_SECONDJ, GBGPU_TYPE_INT32 },
    { &GxB_SECONDJ_INT64, OP_SECONDJ, GBGPU_TYPE_INT64 },
} ;

static bool lookup (GrB_BinaryOp op, op_kind *kind, gbgpu_type *type)
{
    if (op == NULL) return false ;
    for (size_t k = 0 ; k < sizeof (builtin_ops) / sizeof (builtin_ops [0]) ; k++)
    {
        if (*builtin_ops [k].op != op) continue ;
        *kind = builtin_ops [k].kind ;
        *type = builtin_ops [k].type ;
        if (*type == GBGPU_TYPE_BOOL)
        {
            // GraphBLAS's boolean renames (User Guide, "Boolean operators").
            switch (*kind)
            {
                case OP_PLUS: case OP_MAX: *kind = OP_LOR ; break ;
                case OP_TIMES: case OP_MIN: *kind = OP_LAND ; break ;
                case OP_MINUS: *kind = OP_LXOR ; break ;
                case OP_DIV: *kind = OP_FIRST ; break ;
                default: break ;
            }
        }
        return true ;
    }
    return false ;
}

gbgpu_builtin_op gbgpu_classify_add (GrB_BinaryOp op)
{
    gbgpu_builtin_op r = { false, 0, GBGPU_TYPE_BOOL } ;
    op_kind kind ;
    if (!lookup (op, &kind, &r.type)) return r ;
    r.known = true ;
    switch (kind)
    {
        case OP_PLUS:  r.code = GBGPU_ADD_PLUS ;  break ;
        case OP_TIMES: r.code = GBGPU_ADD_TIMES ; break ;
        case OP_MIN:   r.code = GBGPU_ADD_MIN ;   break ;
        case OP_MAX:   r.code = GBGPU_ADD_MAX ;   break ;
        case OP_ANY:   r.code = GBGPU_ADD_ANY ;   break ;
        case OP_LOR:   r.code = GBGPU_ADD_LOR ;   break ;
        case OP_LAND:  r.code = GBGPU_ADD_LAND ;  break ;
        case OP_LXOR:  r.code = GBGPU_ADD_LXOR ;  break ;
        case OP_EQ:    r.code = GBGPU_ADD_EQ ;    break ;
        default:       r.known = false ;          break ;
    }
    return r ;
}

gbgpu_builtin_op gbgpu_classify_mult (GrB_BinaryOp op)
{
    gbgpu_builtin_op r = { false, 0, GBGPU_TYPE_BOOL } ;
    op_kind kind ;
    if (!lookup (op, &kind, &r.type)) return r ;
    r.known = true ;
    switch (kind)
    {
        case OP_FIRST:   r.code = GBGPU_MULT_FIRST ;   break ;
        case OP_SECOND:  r.code = GBGPU_MULT_SECOND ;  break ;
        case OP_PAIR:    r.code = GBGPU_MULT_PAIR ;    break ;
        case OP_PLUS:    r.code = GBGPU_MULT_PLUS ;    break ;
        case OP_MINUS:   r.code = GBGPU_MULT_MINUS ;   break ;
        case OP_TIMES:   r.code = GBGPU_MULT_TIMES ;   break ;
        case OP_DIV:     r.code = GBGPU_MULT_DIV ;     break ;
        case OP_MIN:     r.code = GBGPU_MULT_MIN ;     break ;
        case OP_MAX:     r.code = GBGPU_MULT_MAX ;     break ;
        case OP_LOR:     r.code = GBGPU_MULT_LOR ;     break ;
        case OP_LAND:    r.code = GBGPU_MULT_LAND ;    break ;
        case OP_LXOR:    r.code = GBGPU_MULT_LXOR ;    break ;
        case OP_SECONDI: r.code = GBGPU_MULT_SECONDI ; break ;
        case OP_SECONDJ: r.code = GBGPU_MULT_SECONDJ ; break ;
        // ANY as a multiply op may return either input: which one is the
        // library's choice, so it stays with the library.
        default:         r.known = false ;             break ;
    }
    return r ;
}

GrB_Type gbgpu_grb_type (gbgpu_type t)
{
    switch (t)
    {
        case GBGPU_TYPE_BOOL:   return GrB_BOOL ;
        case GBGPU_TYPE_INT32:  return GrB_INT32 ;
        case GBGPU_TYPE_INT64:  return GrB_INT64 ;
        case GBGPU_TYPE_UINT32: return GrB_UINT32 ;
        case GBGPU_TYPE_UINT64: return GrB_UINT64 ;
        case GBGPU_TYPE_FP32:   return GrB_FP32 ;
        case GBGPU_TYPE_FP64:   return GrB_FP64 ;
        default:                return NULL ;
    }
}

bool gbgpu_type_code (GrB_Type type, gbgpu_type *t)
{
    for (int k = 0 ; k < GBGPU_NTYPES ; k++)
    {
        if (type != NULL && type == gbgpu_grb_type ((gbgpu_type) k))
        {
            *t = (gbgpu_type) k ;
            return true ;
        }
    }
    return false ;
}

// The kernels use each monoid's standard identity; a monoid built on a
// built-in op with another identity (legal, if odd) stays with the library.
bool gbgpu_monoid_identity_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t)
{
    if (add == GBGPU_ADD_ANY) return true ;
    union { bool b ; int32_t i32 ; int64_t i64 ; uint32_t u32 ; uint64_t u64 ;
            float f32 ; double f64 ; } id ;
    memset (&id, 0, sizeof (id)) ;
    if (GxB_Monoid_identity (&id, monoid) != GrB_SUCCESS) return false ;
    switch (add)
    {
        case GBGPU_ADD_LOR: case GBGPU_ADD_LXOR: return !id.b ;
        case GBGPU_ADD_LAND: case GBGPU_ADD_EQ:  return id.b ;
        default: break ;
    }
    // PLUS: 0, TIMES: 1, MIN: the type's largest value, MAX: its smallest.
    #define IDENTITY_CHECK(field, zero, one, largest, smallest)          \
        switch (add)                                                     \
        {                                                                \
            case GBGPU_ADD_PLUS:  return id.field == zero ;              \
            case GBGPU_ADD_TIMES: return id.field == one ;               \
            case GBGPU_ADD_MIN:   return id.field == largest ;           \
            case GBGPU_ADD_MAX:   return id.field == smallest ;          \
            default:              return false ;                         \
        }
    switch (t)
    {
        case GBGPU_TYPE_INT32:  IDENTITY_CHECK (i32, 0, 1, INT32_MAX, INT32_MIN)
        case GBGPU_TYPE_INT64:  IDENTITY_CHECK (i64, 0, 1, INT64_MAX, INT64_MIN)
        case GBGPU_TYPE_UINT32: IDENTITY_CHECK (u32, 0, 1, UINT32_MAX, 0)
        case GBGPU_TYPE_UINT64: IDENTITY_CHECK (u64, 0, 1, UINT64_MAX, 0)
        case GBGPU_TYPE_FP32:   IDENTITY_CHECK (f32, 0, 1, INFINITY, -INFINITY)
        case GBGPU_TYPE_FP64:   IDENTITY_CHECK (f64, 0, 1, INFINITY, -INFINITY)
        default:                return false ;
    }
    #undef IDENTITY_CHECK
}

// The kernels stop early only at a monoid's absorbing value, which changes
// nothing; a monoid built with another terminal (GxB_Monoid_terminal_new)
// makes the library stop early where the kernels would not.
bool gbgpu_monoid_terminal_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t)
{
    bool has_terminal = false ;
    union { bool b ; int32_t i32 ; int64_t i64 ; uint32_t u32 ; uint64_t u64 ;
            float f32 ; double f64 ; } z ;
    memset (&z, 0, sizeof (z)) ;
    if (GxB_Monoid_terminal (&has_terminal, &z, monoid) != GrB_SUCCESS) return false ;
    if (!has_terminal || add == GBGPU_ADD_ANY) return true ;
    switch (add)
    {
        case GBGPU_ADD_LOR:  return z.b ;
        case GBGPU_ADD_LAND: return !z.b ;
        case GBGPU_ADD_MIN: case GBGPU_ADD_MAX: case GBGPU_ADD_TIMES: break ;
        default:             return false ;     // PLUS, LXOR, EQ absorb nothing
    }
    // TIMES: 0 for integers (floating point has no absorbing value: 0*inf);
    // MIN: the type's smallest value; MAX: its largest
    #define TERMINAL_CHECK(field, zero, largest, smallest, integral)     \
        switch (add)                                                     \
        {                                                                \
            case GBGPU_ADD_TIMES: return integral && z.field == zero ;   \
            case GBGPU_ADD_MIN:   return z.field == smallest ;           \
            default:              return z.field == largest ;            \
        }
    switch (t)
    {
        case GBGPU_TYPE_INT32:  TERMINAL_CHECK (i32, 0, INT32_MAX, INT32_MIN, true)
        case GBGPU_TYPE_INT64:  TERMINAL_CHECK (i64, 0, INT64_MAX, INT64_MIN, true)
        case GBGPU_TYPE_UINT32: TERMINAL_CHECK (u32, 0, UINT32_MAX, 0, true)
        case GBGPU_TYPE_UINT64: TERMINAL_CHECK (u64, 0, UINT64_MAX, 0, true)
        case GBGPU_TYPE_FP32:   TERMINAL_CHECK (f32, 0, INFINITY, -INFINITY, false)
        case GBGPU_TYPE_FP64:   TERMINAL_CHECK (f64, 0, INFINITY, -INFINITY, false)
        default:                return false ;
    }
    #undef TERMINAL_CHECK
}
