// tests/support/test_user_ops.h: user types and operators with their C definitions, as a
// program gives them to GxB_Type_new and GxB_BinaryOp_new, shared by the
// tests of run-time compiled semirings (test_jit_semiring, test_mxm_jit).
// SPDX-License-Identifier: Apache-2.0
//
// Each operator is here twice, as a C function for the library and as the
// same function's source for gbgpu's compiler: they must stay the same.

#ifndef GBGPU_TEST_USER_OPS_H
#define GBGPU_TEST_USER_OPS_H

#include <GraphBLAS.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

// A 16-byte struct and a max-with-index monoid on it (ties: the smaller
// index), with a multiply op that multiplies values and adds indices.  The
// product's "+ 0.0" turns -0 into +0: results are compared bit for bit, and
// -0 and +0 with the same index tie, so the order in which the GPU combines
// them would decide which one is left.
typedef struct { double value ; int64_t index ; } max_with_index ;

#define MAX_WITH_INDEX_DEFN \
    "typedef struct { double value ; int64_t index ; } max_with_index ;"
#define PAIR_MAX_DEFN \
    "void pair_max (max_with_index *z, const max_with_index *x, const max_with_index *y) " \
    "{ bool take_x = x->value > y->value || (x->value == y->value && x->index < y->index) ; " \
    "*z = take_x ? *x : *y ; }"
#define PAIR_TIMES_DEFN \
    "void pair_times (max_with_index *z, const max_with_index *x, const max_with_index *y) " \
    "{ z->value = x->value * y->value + 0.0 ; z->index = x->index + y->index ; }"

static inline void pair_max (void *z, const void *x, const void *y)
{
    const max_with_index *a = x, *b = y ;
    bool take_a = a->value > b->value || (a->value == b->value && a->index < b->index) ;
    *(max_with_index *) z = take_a ? *a : *b ;
}

static inline void pair_times (void *z, const void *x, const void *y)
{
    const max_with_index *a = x, *b = y ;
    max_with_index r = { a->value * b->value + 0.0, a->index + b->index } ;
    *(max_with_index *) z = r ;
}

// The struct type, its two ops (made with their definitions), the monoid
// (identity: value -infinity, the largest index) and the semiring.
typedef struct
{
    GrB_Type type ;
    GrB_BinaryOp add, mult ;
    GrB_Monoid monoid ;
    GrB_Semiring semiring ;
    max_with_index identity ;
}
max_with_index_semiring ;

// GrB_SUCCESS, or the first call's error.
static inline GrB_Info max_with_index_semiring_new (max_with_index_semiring *s)
{
    s->identity = (max_with_index) { -INFINITY, INT64_MAX } ;
    GrB_Info info = GxB_Type_new (&s->type, sizeof (max_with_index), "max_with_index",
        MAX_WITH_INDEX_DEFN) ;
    if (info == GrB_SUCCESS) info = GxB_BinaryOp_new (&s->add, pair_max, s->type, s->type,
        s->type, "pair_max", PAIR_MAX_DEFN) ;
    if (info == GrB_SUCCESS) info = GxB_BinaryOp_new (&s->mult, pair_times, s->type, s->type,
        s->type, "pair_times", PAIR_TIMES_DEFN) ;
    if (info == GrB_SUCCESS) info = GrB_Monoid_new_UDT (&s->monoid, s->add, &s->identity) ;
    if (info == GrB_SUCCESS) info = GrB_Semiring_new (&s->semiring, s->monoid, s->mult) ;
    return info ;
}

static inline void max_with_index_semiring_free (max_with_index_semiring *s)
{
    GrB_free (&s->semiring) ;
    GrB_free (&s->monoid) ;
    GrB_free (&s->mult) ;
    GrB_free (&s->add) ;
    GrB_free (&s->type) ;
}

// z = x*y+1 on double, and a MIN on int32_t.
#define TIMES_PLUS_ONE_DEFN \
    "void times_plus_one (double *z, const double *x, const double *y) { *z = *x * *y + 1 ; }"
#define MY_MIN_DEFN \
    "void my_min (int32_t *z, const int32_t *x, const int32_t *y) { *z = (*x < *y) ? *x : *y ; }"

static inline void times_plus_one (void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x * *(const double *) y + 1 ;
}

static inline void my_min (void *z, const void *x, const void *y)
{
    int32_t a = *(const int32_t *) x, b = *(const int32_t *) y ;
    *(int32_t *) z = (a < b) ? a : b ;
}

#endif
