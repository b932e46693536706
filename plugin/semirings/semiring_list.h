// semirings/semiring_list.h: the semirings compiled ahead of time, as an X-macro table.
// SPDX-License-Identifier: Apache-2.0
//
// GBGPU_SEMIRING(ADD, MULT, TYPE) is expanded once per instantiated semiring,
// with ADD a gbgpu_add suffix, MULT a gbgpu_mult suffix and TYPE a gbgpu_type
// suffix.  Adding a semiring is one line here; the kernels are templates.
// Everything else is compiled at run time (plugin/jit/jit.h) or delegated.
//
// The table is grouped by type so that each type's kernels compile in their own
// translation unit (semirings/instantiate_<type>.cu), in parallel.  The
// types with semirings compiled in are GBGPU_COMPILED_TYPES: the finders
// from a semiring's codes to its kernels (semirings/compiled_semirings.cu)
// follow from that list; a new type is one entry there, its
// GBGPU_SEMIRINGS_<TYPE> rows and its instantiate_<type>.cu.

#ifndef GBGPU_SEMIRING_LIST_H
#define GBGPU_SEMIRING_LIST_H

// Arithmetic types: monoids PLUS TIMES MIN MAX ANY over eleven multiply ops.
#define GBGPU_ARITHMETIC_MULTS(ADD, TYPE)                                  \
    GBGPU_SEMIRING (ADD, FIRST, TYPE)  GBGPU_SEMIRING (ADD, SECOND, TYPE)  \
    GBGPU_SEMIRING (ADD, PAIR, TYPE)   GBGPU_SEMIRING (ADD, PLUS, TYPE)    \
    GBGPU_SEMIRING (ADD, MINUS, TYPE)  GBGPU_SEMIRING (ADD, TIMES, TYPE)   \
    GBGPU_SEMIRING (ADD, DIV, TYPE)    GBGPU_SEMIRING (ADD, MIN, TYPE)     \
    GBGPU_SEMIRING (ADD, MAX, TYPE)    GBGPU_SEMIRING (ADD, LOR, TYPE)     \
    GBGPU_SEMIRING (ADD, LAND, TYPE)

#define GBGPU_ARITHMETIC_SEMIRINGS(TYPE)                                   \
    GBGPU_ARITHMETIC_MULTS (PLUS, TYPE)  GBGPU_ARITHMETIC_MULTS (TIMES, TYPE) \
    GBGPU_ARITHMETIC_MULTS (MIN, TYPE)   GBGPU_ARITHMETIC_MULTS (MAX, TYPE)   \
    GBGPU_ARITHMETIC_MULTS (ANY, TYPE)

// BOOL: GraphBLAS renames PLUS to LOR, TIMES and MIN to LAND, MAX to LOR,
// MINUS to LXOR and DIV to FIRST for booleans (the host normalizes them).
#define GBGPU_BOOLEAN_MULTS(ADD)                                           \
    GBGPU_SEMIRING (ADD, FIRST, BOOL)  GBGPU_SEMIRING (ADD, SECOND, BOOL)  \
    GBGPU_SEMIRING (ADD, PAIR, BOOL)   GBGPU_SEMIRING (ADD, LOR, BOOL)     \
    GBGPU_SEMIRING (ADD, LAND, BOOL)   GBGPU_SEMIRING (ADD, LXOR, BOOL)

#define GBGPU_BOOLEAN_SEMIRINGS                                            \
    GBGPU_BOOLEAN_MULTS (LOR)  GBGPU_BOOLEAN_MULTS (LAND)                  \
    GBGPU_BOOLEAN_MULTS (LXOR) GBGPU_BOOLEAN_MULTS (EQ)                    \
    GBGPU_BOOLEAN_MULTS (ANY)

// Positional multiply ops (BFS parents): the value is an index.
#define GBGPU_POSITIONAL_SEMIRINGS(TYPE)                                   \
    GBGPU_SEMIRING (ANY, SECONDI, TYPE) GBGPU_SEMIRING (MIN, SECONDI, TYPE) \
    GBGPU_SEMIRING (ANY, SECONDJ, TYPE) GBGPU_SEMIRING (MIN, SECONDJ, TYPE)

// X (TYPE) for each type with semirings compiled in (a gbgpu_type suffix).
#define GBGPU_COMPILED_TYPES(X) \
    X (BOOL) X (INT32) X (INT64) X (UINT32) X (UINT64) X (FP32) X (FP64)

#define GBGPU_SEMIRINGS_BOOL   GBGPU_BOOLEAN_SEMIRINGS
#define GBGPU_SEMIRINGS_INT32  GBGPU_ARITHMETIC_SEMIRINGS (INT32) \
                               GBGPU_POSITIONAL_SEMIRINGS (INT32)
#define GBGPU_SEMIRINGS_INT64  GBGPU_ARITHMETIC_SEMIRINGS (INT64) \
                               GBGPU_POSITIONAL_SEMIRINGS (INT64)
#define GBGPU_SEMIRINGS_UINT32 GBGPU_ARITHMETIC_SEMIRINGS (UINT32)
#define GBGPU_SEMIRINGS_UINT64 GBGPU_ARITHMETIC_SEMIRINGS (UINT64)
#define GBGPU_SEMIRINGS_FP32   GBGPU_ARITHMETIC_SEMIRINGS (FP32)
#define GBGPU_SEMIRINGS_FP64   GBGPU_ARITHMETIC_SEMIRINGS (FP64)

#define GBGPU_SEMIRINGS_OF_TYPE(TYPE) GBGPU_SEMIRINGS_ ## TYPE
#define GBGPU_ALL_SEMIRINGS GBGPU_COMPILED_TYPES (GBGPU_SEMIRINGS_OF_TYPE)

#endif
