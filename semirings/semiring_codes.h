// semiring_codes.h: the plain-C names of types, monoids and multiply operators
// shared by the host (which maps GraphBLAS objects onto them) and the kernels
// (which map them onto device functors).  No GraphBLAS or CUDA header here.

#ifndef GBGPU_SEMIRING_CODES_H
#define GBGPU_SEMIRING_CODES_H

typedef enum
{
    GBGPU_TYPE_BOOL, GBGPU_TYPE_INT32, GBGPU_TYPE_INT64, GBGPU_TYPE_UINT32,
    GBGPU_TYPE_UINT64, GBGPU_TYPE_FP32, GBGPU_TYPE_FP64, GBGPU_NTYPES
}
gbgpu_type ;

typedef enum
{
    GBGPU_ADD_PLUS, GBGPU_ADD_TIMES, GBGPU_ADD_MIN, GBGPU_ADD_MAX, GBGPU_ADD_ANY,
    GBGPU_ADD_LOR, GBGPU_ADD_LAND, GBGPU_ADD_LXOR, GBGPU_ADD_EQ, GBGPU_NADD
}
gbgpu_add ;

typedef enum
{
    GBGPU_MULT_FIRST, GBGPU_MULT_SECOND, GBGPU_MULT_PAIR, GBGPU_MULT_PLUS,
    GBGPU_MULT_MINUS, GBGPU_MULT_TIMES, GBGPU_MULT_DIV, GBGPU_MULT_MIN,
    GBGPU_MULT_MAX, GBGPU_MULT_LOR, GBGPU_MULT_LAND, GBGPU_MULT_LXOR,
    GBGPU_MULT_SECONDI,     // z = k for a(i,k)*b(k,j): also FIRSTJ
    GBGPU_MULT_SECONDJ,     // z = j
    GBGPU_NMULT
}
gbgpu_mult ;

// One semiring over one type: the monoid and the multiply operator both work
// in `type` (the multiply op's inputs and output; positional ops ignore inputs).
typedef struct
{
    gbgpu_add add ;
    gbgpu_mult mult ;
    gbgpu_type type ;
}
gbgpu_semiring ;

// Which input values a multiply operator reads: the rest are never loaded.
#define GBGPU_MULT_READS_A(m) \
    ((m) != GBGPU_MULT_SECOND && (m) != GBGPU_MULT_PAIR && \
     (m) != GBGPU_MULT_SECONDI && (m) != GBGPU_MULT_SECONDJ)
#define GBGPU_MULT_READS_B(m) \
    ((m) != GBGPU_MULT_FIRST && (m) != GBGPU_MULT_PAIR && \
     (m) != GBGPU_MULT_SECONDI && (m) != GBGPU_MULT_SECONDJ)

#endif
