// tests/fuzz/fuzz_mxm_case.h: one decoded fuzz input, between fuzz_mxm_decode.c (bytes
// to a case) and fuzz_mxm.c (the case run through gbgpu and the library).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_FUZZ_MXM_CASE_H
#define GBGPU_FUZZ_MXM_CASE_H

#include "test_support.h"

// The operands that are one object in the call.
typedef enum
{
    FUZZ_ALIAS_NONE = 0,
    FUZZ_ALIAS_C_IS_A,      // C<M> = accum (C, C*B)
    FUZZ_ALIAS_C_IS_B,
    FUZZ_ALIAS_M_IS_A,      // the mask is A
    FUZZ_ALIAS_B_IS_A,      // A*A
    FUZZ_NALIAS
}
fuzz_alias ;

// Bad input the library must refuse (and gbgpu with it, changing nothing).
typedef enum
{
    FUZZ_FAULT_NONE = 0,
    FUZZ_FAULT_NULL_C,
    FUZZ_FAULT_NULL_A,
    FUZZ_FAULT_NULL_B,
    FUZZ_FAULT_NULL_SEMIRING,
    FUZZ_FAULT_INNER_DIMENSION,     // B has one row (column if B') too many
    FUZZ_FAULT_C_DIMENSION,         // C (and M) have one column too many
    FUZZ_FAULT_MASK_DIMENSION,      // M has one row too many
    FUZZ_NFAULT
}
fuzz_fault ;

// How C's values may be compared with the library's.
typedef enum
{
    FUZZ_VALUES_EXACT,      // every operation is exact and order-free
    FUZZ_VALUES_ROUNDED,    // a floating PLUS or TIMES monoid: ts_tolerance
    FUZZ_VALUES_ANY,        // an ANY monoid that picks among different values:
                            // the pattern only
}
fuzz_values ;

typedef struct
{
    GrB_Semiring semiring ;
    bool owned ;            // made for this case (ts_semiring_free), else predefined
    char name [64] ;
    GrB_Type type ;         // the monoid's type, T's type
    fuzz_values values ;
}
fuzz_semiring ;

// A change of one input after the call, made alike on both sides before the
// call is made again: the second call must see it (gbgpu keeps inputs on
// the device while they are unchanged: cache/device_cache.c).
typedef enum
{
    FUZZ_THEN_NOTHING = 0,
    FUZZ_THEN_SET_ELEMENT,      // (i,j) = value, left pending
    FUZZ_THEN_REMOVE_ELEMENT,   // (i,j) removed, a zombie
    FUZZ_THEN_CLEAR,            // no entries
    FUZZ_THEN_ASSIGN_ROW,       // row i, every column, = value
    FUZZ_THEN_SPARSITY,         // held another way, the same content
    FUZZ_NTHEN
}
fuzz_then_kind ;

typedef struct
{
    fuzz_then_kind kind ;
    char target ;               // 'A', 'B' or 'M'
    GrB_Index i, j ;            // within the target's dimensions (when it has any)
    int32_t value ;
    int sparsity ;              // FUZZ_THEN_SPARSITY: a GxB_SPARSITY_CONTROL
}
fuzz_then ;

typedef struct
{
    ts_matrix_spec A, B, C, M ;     // C's spec is its content before the call
    bool has_mask ;                 // M (else the mask is NULL)
    bool mask_structure, mask_complement ;
    fuzz_alias alias ;
    fuzz_fault fault ;
    fuzz_semiring semiring ;
    GrB_BinaryOp accum ;            // NULL: none
    char accum_name [32] ;
    bool replace, transpose_a, transpose_b ;
    int axb_method ;                // GxB_AxB_METHOD value (the library's choice)
    bool positional ;               // the multiply op is FIRSTI, SECONDJ, ...
    fuzz_then then ;                // after the call, and the call again
}
fuzz_case ;

// Decodes any bytes into a valid description of a call (which may be a call
// with a fault); fuzz_case_free frees the semiring it made.
void fuzz_case_decode (fuzz_case *c, const uint8_t *data, size_t size) ;
void fuzz_case_free (fuzz_case *c) ;
void fuzz_case_print (FILE *f, const fuzz_case *c) ;

// The objects of one call made from a case (fuzz_mxm.c): each side of a
// comparison gets its own, with the same content in the same storage;
// aliased operands are one object.
typedef struct
{
    GrB_Matrix A, B, C, M ;
    GrB_Descriptor desc ;   // the case's replace, mask, transposes and method
}
fuzz_operands ;

void fuzz_operands_make (fuzz_operands *x, const fuzz_case *c) ;
void fuzz_operands_free (fuzz_operands *x) ;

// The case's change of one input, on one side's operands (fuzz_then.c):
// what the library returned.
GrB_Info fuzz_then_apply (const fuzz_then *t, const fuzz_operands *x) ;
const char *fuzz_then_name (fuzz_then_kind kind) ;

// C holds what R (the library's C) holds, as exactly as the case's semiring
// allows; false after printing what differs.  scale: what a rounded value's
// error is relative to besides the value itself (fuzz_accumulated_scale).
bool fuzz_same_result (const fuzz_case *c, GrB_Matrix C, GrB_Matrix R, double scale) ;
// An accumulator over a rounded T cancels C's old values (C - T with
// C ~ T): the result's error is relative to the largest of them, which is
// the scale of that comparison (0 without an accumulator or a rounded T).
double fuzz_accumulated_scale (const fuzz_case *c, GrB_Matrix C) ;

#endif
