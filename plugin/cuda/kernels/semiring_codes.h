// plugin/cuda/kernels/semiring_codes.h: the plain-C names of types, monoids and multiply operators
// shared by the host (which maps GraphBLAS objects onto them) and the kernels
// (which map them onto device functors).  No GraphBLAS or CUDA header here.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_SEMIRING_CODES_H
#define GBGPU_SEMIRING_CODES_H

// Every type, in the order of its code: X (NAME, C type, GraphBLAS prefix,
// kind).  NAME makes the code, GBGPU_TYPE_NAME, and is the suffix GraphBLAS
// gives the type's object and typed functions: prefix_NAME is the type
// (GrB_FP64, GxB_FC32), prefix_Matrix_build_NAME a typed function.  The C
// type is the host's (GxB_FC32_t and GxB_FC64_t come from GraphBLAS.h); the
// kind is LOGICAL, SIGNED, UNSIGNED (<stdint.h>'s NAME_MAX and NAME_MIN are
// the limits), REAL or COMPLEX.  A switch over the types expands this list
// with its own X, so that adding a type changes this one place.
//
// The 8- and 16-bit integers and the complex types have no kernels compiled
// in (run-time only); the small integers accumulate in 32-bit words, as
// booleans do.
#define GBGPU_TYPE_LIST(X)                      \
    X (BOOL,   bool,       GrB, LOGICAL)        \
    X (INT32,  int32_t,    GrB, SIGNED)         \
    X (INT64,  int64_t,    GrB, SIGNED)         \
    X (UINT32, uint32_t,   GrB, UNSIGNED)       \
    X (UINT64, uint64_t,   GrB, UNSIGNED)       \
    X (FP32,   float,      GrB, REAL)           \
    X (FP64,   double,     GrB, REAL)           \
    X (INT8,   int8_t,     GrB, SIGNED)         \
    X (INT16,  int16_t,    GrB, SIGNED)         \
    X (UINT8,  uint8_t,    GrB, UNSIGNED)       \
    X (UINT16, uint16_t,   GrB, UNSIGNED)       \
    X (FC32,   GxB_FC32_t, GxB, COMPLEX)        \
    X (FC64,   GxB_FC64_t, GxB, COMPLEX)

#define GBGPU_TYPE_ENUMERATOR(name, ctype, prefix, kind) GBGPU_TYPE_ ## name,
typedef enum
{
    GBGPU_TYPE_LIST (GBGPU_TYPE_ENUMERATOR)
    GBGPU_NTYPES
}
gbgpu_type ;
#undef GBGPU_TYPE_ENUMERATOR

#define GBGPU_TYPE_IS_COMPLEX(t) ((t) == GBGPU_TYPE_FC32 || (t) == GBGPU_TYPE_FC64)

// Bitwise monoids (BOR ... BXNOR) are over integers only.
typedef enum
{
    GBGPU_ADD_PLUS, GBGPU_ADD_TIMES, GBGPU_ADD_MIN, GBGPU_ADD_MAX, GBGPU_ADD_ANY,
    GBGPU_ADD_LOR, GBGPU_ADD_LAND, GBGPU_ADD_LXOR, GBGPU_ADD_EQ,
    GBGPU_ADD_BOR, GBGPU_ADD_BAND, GBGPU_ADD_BXOR, GBGPU_ADD_BXNOR, GBGPU_NADD
}
gbgpu_add ;

// The codes after SECONDJ have no kernels compiled in (semiring_list.h):
// their semirings are compiled at run time.
typedef enum
{
    GBGPU_MULT_FIRST, GBGPU_MULT_SECOND, GBGPU_MULT_PAIR, GBGPU_MULT_PLUS,
    GBGPU_MULT_MINUS, GBGPU_MULT_TIMES, GBGPU_MULT_DIV, GBGPU_MULT_MIN,
    GBGPU_MULT_MAX, GBGPU_MULT_LOR, GBGPU_MULT_LAND, GBGPU_MULT_LXOR,
    GBGPU_MULT_SECONDI,     // z = k for a(i,k)*b(k,j): also FIRSTJ
    GBGPU_MULT_SECONDJ,     // z = j
    GBGPU_MULT_SECONDI1,    // z = k + 1: also FIRSTJ1
    GBGPU_MULT_SECONDJ1,    // z = j + 1
    GBGPU_MULT_RMINUS, GBGPU_MULT_RDIV,     // z = y - x, y / x
    GBGPU_MULT_ISEQ, GBGPU_MULT_ISNE, GBGPU_MULT_ISGT,  // z = (x == y), ... in
    GBGPU_MULT_ISLT, GBGPU_MULT_ISGE, GBGPU_MULT_ISLE,  // the type of x and y
    GBGPU_MULT_BOR, GBGPU_MULT_BAND, GBGPU_MULT_BXOR, GBGPU_MULT_BXNOR,
    GBGPU_MULT_EQ, GBGPU_MULT_NE, GBGPU_MULT_GT,        // z = (x == y), ... as
    GBGPU_MULT_LT, GBGPU_MULT_GE, GBGPU_MULT_LE,        // a boolean
    GBGPU_MULT_FIRSTI,      // z = i, the row of A and of C
    GBGPU_MULT_FIRSTI1,     // z = i + 1
    GBGPU_NMULT
}
gbgpu_mult ;

// A comparison's inputs are of the semiring's type; its value, T and the
// monoid are boolean.
#define GBGPU_MULT_IS_COMPARISON(m) ((m) >= GBGPU_MULT_EQ && (m) <= GBGPU_MULT_LE)

// One semiring over one type: the monoid and the multiply operator both work
// in `type` (the multiply op's inputs and output; positional ops ignore
// inputs), except that a comparison gives booleans to a boolean monoid.
typedef struct
{
    gbgpu_add add ;
    gbgpu_mult mult ;
    gbgpu_type type ;
}
gbgpu_semiring ;

// Which input values a multiply operator reads: the rest are never loaded.
#define GBGPU_MULT_IS_POSITIONAL(m) \
    ((m) == GBGPU_MULT_SECONDI || (m) == GBGPU_MULT_SECONDJ || \
     (m) == GBGPU_MULT_SECONDI1 || (m) == GBGPU_MULT_SECONDJ1 || \
     (m) == GBGPU_MULT_FIRSTI || (m) == GBGPU_MULT_FIRSTI1)
#define GBGPU_MULT_READS_A(m) \
    ((m) != GBGPU_MULT_SECOND && (m) != GBGPU_MULT_PAIR && !GBGPU_MULT_IS_POSITIONAL (m))
#define GBGPU_MULT_READS_B(m) \
    ((m) != GBGPU_MULT_FIRST && (m) != GBGPU_MULT_PAIR && !GBGPU_MULT_IS_POSITIONAL (m))

#endif
