// plugin/graphblas/builtin_ops.c: recognise the library's built-in operators and types.
// SPDX-License-Identifier: Apache-2.0
//
// A semiring is recognised by its parts, not by its own pointer: programs build
// semirings from built-in monoids and operators (LAGraph does), and several
// built-in objects compute the same function (GrB_ONEB_T and GxB_PAIR_T,
// GrB_TIMES_BOOL and GrB_LAND, GrB_EQ_BOOL and GrB_LXNOR, GxB_FIRSTJ_T and
// GxB_SECONDI_T inside a product).  Each object maps to what it computes.
// Not here, so left to the library: ANY as a multiply op and the bit
// operators BGET, BSET, BCLR, BSHIFT.

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "core/fork.h"
#include "graphblas/builtin_ops.h"

// OP_EQ ... OP_LE: comparisons, boolean values (the boolean EQ is also a
// monoid, LXNOR).
typedef enum
{
    OP_FIRST, OP_SECOND, OP_PAIR, OP_PLUS, OP_MINUS, OP_RMINUS, OP_TIMES, OP_DIV,
    OP_RDIV, OP_MIN, OP_MAX, OP_LOR, OP_LAND, OP_LXOR, OP_ANY, OP_SECONDI,
    OP_SECONDJ, OP_SECONDI1, OP_SECONDJ1, OP_FIRSTI, OP_FIRSTI1, OP_ISEQ, OP_ISNE, OP_ISGT, OP_ISLT,
    OP_ISGE, OP_ISLE, OP_EQ, OP_NE, OP_GT, OP_LT, OP_GE, OP_LE, OP_BOR, OP_BAND,
    OP_BXOR, OP_BXNOR
}
op_kind ;

// Operators by name: there are hundreds, looked up in the program's library
// once (graphblas/library.c) rather than listed in graphblas/library_symbols.h.
typedef struct
{
    const char *name ;
    op_kind kind ;
    gbgpu_type type ;
}
op_entry ;

#define ARITHMETIC_OPS(T, GT)                                                 \
    { "GrB_FIRST_" #T, OP_FIRST, GT }, { "GrB_SECOND_" #T, OP_SECOND, GT }, \
    { "GrB_ONEB_" #T, OP_PAIR, GT },   { "GxB_PAIR_" #T, OP_PAIR, GT },     \
    { "GrB_PLUS_" #T, OP_PLUS, GT },   { "GrB_MINUS_" #T, OP_MINUS, GT },   \
    { "GrB_TIMES_" #T, OP_TIMES, GT }, { "GrB_DIV_" #T, OP_DIV, GT },       \
    { "GrB_MIN_" #T, OP_MIN, GT },     { "GrB_MAX_" #T, OP_MAX, GT },       \
    { "GxB_LOR_" #T, OP_LOR, GT },     { "GxB_LAND_" #T, OP_LAND, GT },     \
    { "GxB_LXOR_" #T, OP_LXOR, GT },   { "GxB_ANY_" #T, OP_ANY, GT },       \
    { "GxB_RMINUS_" #T, OP_RMINUS, GT }, { "GxB_RDIV_" #T, OP_RDIV, GT },   \
    { "GxB_ISEQ_" #T, OP_ISEQ, GT },   { "GxB_ISNE_" #T, OP_ISNE, GT },     \
    { "GxB_ISGT_" #T, OP_ISGT, GT },   { "GxB_ISLT_" #T, OP_ISLT, GT },     \
    { "GxB_ISGE_" #T, OP_ISGE, GT },   { "GxB_ISLE_" #T, OP_ISLE, GT },     \
    { "GrB_GT_" #T, OP_GT, GT },       { "GrB_LT_" #T, OP_LT, GT },         \
    { "GrB_GE_" #T, OP_GE, GT },       { "GrB_LE_" #T, OP_LE, GT }

// comparisons whose boolean instances are listed apart (LXNOR, LXOR)
#define EQUALITY_OPS(T, GT) \
    { "GrB_EQ_" #T, OP_EQ, GT }, { "GrB_NE_" #T, OP_NE, GT }

#define INTEGER_OPS(T, GT)                                                    \
    ARITHMETIC_OPS (T, GT), EQUALITY_OPS (T, GT),                             \
    { "GrB_BOR_" #T, OP_BOR, GT },     { "GrB_BAND_" #T, OP_BAND, GT },     \
    { "GrB_BXOR_" #T, OP_BXOR, GT },   { "GrB_BXNOR_" #T, OP_BXNOR, GT }

// the complex operators of the built-in complex semirings, and equality
#define COMPLEX_OPS(T, GT)                                                    \
    { "GxB_FIRST_" #T, OP_FIRST, GT }, { "GxB_SECOND_" #T, OP_SECOND, GT }, \
    { "GxB_ONEB_" #T, OP_PAIR, GT },   { "GxB_PAIR_" #T, OP_PAIR, GT },     \
    { "GxB_PLUS_" #T, OP_PLUS, GT },   { "GxB_MINUS_" #T, OP_MINUS, GT },   \
    { "GxB_TIMES_" #T, OP_TIMES, GT }, { "GxB_DIV_" #T, OP_DIV, GT },       \
    { "GxB_RMINUS_" #T, OP_RMINUS, GT }, { "GxB_RDIV_" #T, OP_RDIV, GT },   \
    { "GxB_ANY_" #T, OP_ANY, GT },                                           \
    { "GxB_ISEQ_" #T, OP_ISEQ, GT },   { "GxB_ISNE_" #T, OP_ISNE, GT },     \
    { "GxB_EQ_" #T, OP_EQ, GT },       { "GxB_NE_" #T, OP_NE, GT }

#define POSITIONAL_OPS(T, GT)                                                 \
    { "GxB_SECONDI_" #T, OP_SECONDI, GT },   { "GxB_FIRSTJ_" #T, OP_SECONDI, GT },   \
    { "GxB_SECONDI1_" #T, OP_SECONDI1, GT }, { "GxB_FIRSTJ1_" #T, OP_SECONDI1, GT }, \
    { "GxB_SECONDJ_" #T, OP_SECONDJ, GT },   { "GxB_SECONDJ1_" #T, OP_SECONDJ1, GT }, \
    { "GxB_FIRSTI_" #T, OP_FIRSTI, GT },     { "GxB_FIRSTI1_" #T, OP_FIRSTI1, GT }

static const op_entry builtin_ops [ ] =
{
    ARITHMETIC_OPS (BOOL, GBGPU_TYPE_BOOL),
    INTEGER_OPS (INT8, GBGPU_TYPE_INT8),
    INTEGER_OPS (INT16, GBGPU_TYPE_INT16),
    INTEGER_OPS (INT32, GBGPU_TYPE_INT32),
    INTEGER_OPS (INT64, GBGPU_TYPE_INT64),
    INTEGER_OPS (UINT8, GBGPU_TYPE_UINT8),
    INTEGER_OPS (UINT16, GBGPU_TYPE_UINT16),
    INTEGER_OPS (UINT32, GBGPU_TYPE_UINT32),
    INTEGER_OPS (UINT64, GBGPU_TYPE_UINT64),
    ARITHMETIC_OPS (FP32, GBGPU_TYPE_FP32), EQUALITY_OPS (FP32, GBGPU_TYPE_FP32),
    ARITHMETIC_OPS (FP64, GBGPU_TYPE_FP64), EQUALITY_OPS (FP64, GBGPU_TYPE_FP64),
    COMPLEX_OPS (FC32, GBGPU_TYPE_FC32), COMPLEX_OPS (FC64, GBGPU_TYPE_FC64),
    { "GrB_LOR", OP_LOR, GBGPU_TYPE_BOOL },   { "GrB_LAND", OP_LAND, GBGPU_TYPE_BOOL },
    { "GrB_LXOR", OP_LXOR, GBGPU_TYPE_BOOL }, { "GrB_LXNOR", OP_EQ, GBGPU_TYPE_BOOL },
    { "GrB_EQ_BOOL", OP_EQ, GBGPU_TYPE_BOOL }, { "GrB_NE_BOOL", OP_LXOR, GBGPU_TYPE_BOOL },
    POSITIONAL_OPS (INT32, GBGPU_TYPE_INT32),
    POSITIONAL_OPS (INT64, GBGPU_TYPE_INT64),
} ;

#define N_BUILTIN_OPS (sizeof (builtin_ops) / sizeof (builtin_ops [0]))

// builtin_ops [k]'s object in the program's library (NULL if it has none),
// looked up once the program has a library (it may load one after its first
// call of gbgpu); the lock is held across fork
static GrB_BinaryOp builtin_op_objects [N_BUILTIN_OPS] ;
static _Atomic bool objects_found = false ;
static pthread_mutex_t objects_lock = PTHREAD_MUTEX_INITIALIZER ;

__attribute__ ((constructor)) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&objects_lock) ;
}

void gbgpu_builtin_ops_find (void)
{
    // the library found before the lock: its search takes a lock of its own
    if (atomic_load (&objects_found) || gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return ;
    pthread_mutex_lock (&objects_lock) ;
    if (!atomic_load (&objects_found))
    {
        for (size_t k = 0 ; k < N_BUILTIN_OPS ; k++)
        {
            GrB_BinaryOp *object = gbgpu_library_object (builtin_ops [k].name) ;
            builtin_op_objects [k] = (object != NULL) ? *object : NULL ;
        }
        atomic_store (&objects_found, true) ;
    }
    pthread_mutex_unlock (&objects_lock) ;
}

static bool lookup (GrB_BinaryOp op, op_kind *kind, gbgpu_type *type)
{
    if (op == NULL) return false ;
    gbgpu_builtin_ops_find () ;
    for (size_t k = 0 ; k < N_BUILTIN_OPS ; k++)
    {
        if (builtin_op_objects [k] != op) continue ;
        *kind = builtin_ops [k].kind ;
        *type = builtin_ops [k].type ;
        if (*type == GBGPU_TYPE_BOOL)
        {
            // GraphBLAS's boolean renames (User Guide, "Boolean operators").
            switch (*kind)
            {
                case OP_PLUS: case OP_MAX: *kind = OP_LOR ; break ;
                case OP_TIMES: case OP_MIN: *kind = OP_LAND ; break ;
                case OP_MINUS: case OP_RMINUS: *kind = OP_LXOR ; break ;
                case OP_DIV: *kind = OP_FIRST ; break ;
                case OP_RDIV: *kind = OP_SECOND ; break ;
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
        case OP_BOR:   r.code = GBGPU_ADD_BOR ;   break ;
        case OP_BAND:  r.code = GBGPU_ADD_BAND ;  break ;
        case OP_BXOR:  r.code = GBGPU_ADD_BXOR ;  break ;
        case OP_BXNOR: r.code = GBGPU_ADD_BXNOR ; break ;
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
    // the boolean EQ is LXNOR, which as a multiply op is ISEQ on booleans
    if (kind == OP_EQ && r.type == GBGPU_TYPE_BOOL) kind = OP_ISEQ ;
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
        case OP_SECONDI1: r.code = GBGPU_MULT_SECONDI1 ; break ;
        case OP_SECONDJ1: r.code = GBGPU_MULT_SECONDJ1 ; break ;
        case OP_FIRSTI:  r.code = GBGPU_MULT_FIRSTI ;  break ;
        case OP_FIRSTI1: r.code = GBGPU_MULT_FIRSTI1 ; break ;
        case OP_RMINUS:  r.code = GBGPU_MULT_RMINUS ;  break ;
        case OP_RDIV:    r.code = GBGPU_MULT_RDIV ;    break ;
        case OP_ISEQ:    r.code = GBGPU_MULT_ISEQ ;    break ;
        case OP_ISNE:    r.code = GBGPU_MULT_ISNE ;    break ;
        case OP_ISGT:    r.code = GBGPU_MULT_ISGT ;    break ;
        case OP_ISLT:    r.code = GBGPU_MULT_ISLT ;    break ;
        case OP_ISGE:    r.code = GBGPU_MULT_ISGE ;    break ;
        case OP_ISLE:    r.code = GBGPU_MULT_ISLE ;    break ;
        case OP_EQ:      r.code = GBGPU_MULT_EQ ;      break ;
        case OP_NE:      r.code = GBGPU_MULT_NE ;      break ;
        case OP_GT:      r.code = GBGPU_MULT_GT ;      break ;
        case OP_LT:      r.code = GBGPU_MULT_LT ;      break ;
        case OP_GE:      r.code = GBGPU_MULT_GE ;      break ;
        case OP_LE:      r.code = GBGPU_MULT_LE ;      break ;
        case OP_BOR:     r.code = GBGPU_MULT_BOR ;     break ;
        case OP_BAND:    r.code = GBGPU_MULT_BAND ;    break ;
        case OP_BXOR:    r.code = GBGPU_MULT_BXOR ;    break ;
        case OP_BXNOR:   r.code = GBGPU_MULT_BXNOR ;   break ;
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
        #define TYPE_OBJECT(name, ctype, prefix, kind) \
            case GBGPU_TYPE_ ## name: return prefix ## _ ## name ;
        GBGPU_TYPE_LIST (TYPE_OBJECT)
        #undef TYPE_OBJECT
        default: return NULL ;
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

// A monoid's identity or terminal, as each type holds it: the member of
// type NAME is v_NAME.
typedef union
{
    #define TYPE_MEMBER(name, ctype, prefix, kind) ctype v_ ## name ;
    GBGPU_TYPE_LIST (TYPE_MEMBER)
    #undef TYPE_MEMBER
}
any_value ;

// x == the value of kind `which` for type t: 0, 1, all bits set, the
// largest and the smallest value (infinities for floating point; complex
// values have zero and one only).
typedef enum { VALUE_ZERO, VALUE_ONE, VALUE_ONES, VALUE_LARGEST, VALUE_SMALLEST } value_kind ;

static bool value_is (const any_value *x, gbgpu_type t, value_kind which)
{
    #define VALUE_CHECK(v, ones, largest, smallest)                      \
        switch (which)                                                   \
        {                                                                \
            case VALUE_ZERO:     return v == 0 ;                         \
            case VALUE_ONE:      return v == 1 ;                         \
            case VALUE_ONES:     return v == ones ;                      \
            case VALUE_LARGEST:  return v == largest ;                   \
            default:             return v == smallest ;                  \
        }
    // by the type's kind (semiring_codes.h)
    #define CHECK_LOGICAL(name)  VALUE_CHECK (x->v_ ## name, true, true, false)
    #define CHECK_SIGNED(name)   VALUE_CHECK (x->v_ ## name, -1, name ## _MAX, name ## _MIN)
    #define CHECK_UNSIGNED(name) VALUE_CHECK (x->v_ ## name, name ## _MAX, name ## _MAX, 0)
    #define CHECK_REAL(name)     VALUE_CHECK (x->v_ ## name, NAN, INFINITY, -INFINITY)
    #define CHECK_COMPLEX(name)                                          \
        return cimag (x->v_ ## name) == 0 && (which == VALUE_ZERO        \
            ? creal (x->v_ ## name) == 0                                 \
            : which == VALUE_ONE && creal (x->v_ ## name) == 1) ;
    #define TYPE_CHECK(name, ctype, prefix, kind) \
        case GBGPU_TYPE_ ## name: CHECK_ ## kind (name)
    switch (t)
    {
        GBGPU_TYPE_LIST (TYPE_CHECK)
        default: return false ;
    }
    #undef TYPE_CHECK
    #undef CHECK_COMPLEX
    #undef CHECK_REAL
    #undef CHECK_UNSIGNED
    #undef CHECK_SIGNED
    #undef CHECK_LOGICAL
    #undef VALUE_CHECK
}

// The kernels use each monoid's standard identity; a monoid built on a
// built-in op with another identity (legal, if odd) stays with the library.
bool gbgpu_monoid_identity_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t)
{
    if (add == GBGPU_ADD_ANY) return true ;
    any_value id ;
    memset (&id, 0, sizeof (id)) ;
    if (GxB_Monoid_identity (&id, monoid) != GrB_SUCCESS) return false ;
    switch (add)
    {
        case GBGPU_ADD_PLUS: case GBGPU_ADD_LOR: case GBGPU_ADD_LXOR:
        case GBGPU_ADD_BOR: case GBGPU_ADD_BXOR:
            return value_is (&id, t, VALUE_ZERO) ;
        case GBGPU_ADD_TIMES: case GBGPU_ADD_LAND: case GBGPU_ADD_EQ:
            return value_is (&id, t, VALUE_ONE) ;
        case GBGPU_ADD_BAND: case GBGPU_ADD_BXNOR:
            return value_is (&id, t, VALUE_ONES) ;
        case GBGPU_ADD_MIN: return value_is (&id, t, VALUE_LARGEST) ;
        case GBGPU_ADD_MAX: return value_is (&id, t, VALUE_SMALLEST) ;
        default:            return false ;
    }
}

// The kernels stop early only at a monoid's absorbing value, which changes
// nothing; a monoid built with another terminal (GxB_Monoid_terminal_new)
// makes the library stop early where the kernels would not.
bool gbgpu_monoid_terminal_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t)
{
    bool has_terminal = false ;
    any_value z ;
    memset (&z, 0, sizeof (z)) ;
    if (GxB_Monoid_terminal (&has_terminal, &z, monoid) != GrB_SUCCESS) return false ;
    if (!has_terminal || add == GBGPU_ADD_ANY) return true ;
    bool integral = (t != GBGPU_TYPE_FP32 && t != GBGPU_TYPE_FP64 && !GBGPU_TYPE_IS_COMPLEX (t)) ;
    switch (add)
    {
        // TIMES: 0 for integers (floating point has no absorbing value: 0*inf)
        case GBGPU_ADD_TIMES: return integral && value_is (&z, t, VALUE_ZERO) ;
        case GBGPU_ADD_LOR:   return value_is (&z, t, VALUE_ONE) ;
        case GBGPU_ADD_LAND: case GBGPU_ADD_BAND: return value_is (&z, t, VALUE_ZERO) ;
        case GBGPU_ADD_BOR:   return value_is (&z, t, VALUE_ONES) ;
        case GBGPU_ADD_MIN:   return value_is (&z, t, VALUE_SMALLEST) ;
        case GBGPU_ADD_MAX:   return value_is (&z, t, VALUE_LARGEST) ;
        default:              return false ;    // PLUS, LXOR, EQ, BXOR, BXNOR absorb nothing
    }
}
