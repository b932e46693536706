// plugin/graphblas/library.h: the program's own GraphBLAS, as a table of the
// functions and objects gbgpu uses (graphblas/library_symbols.h), filled once from
// the library found at run time.
// SPDX-License-Identifier: Apache-2.0
//
// Included by graphblas/graphblas.h before the redirects (library_redirect.h,
// generated), which make every plugin file's GraphBLAS names read from this
// table.

#ifndef GBGPU_LIBRARY_H
#define GBGPU_LIBRARY_H

#include <stdbool.h>
#include "gbgpu.h"
#include "graphblas/library_symbols.h"

// A function's entry is a pointer to it; an object's, the address of the
// library's variable (so GrB_FP64 reads *gbgpu_library ()->GrB_FP64).
typedef struct
{
    #define GBGPU_LIBRARY_ENTRY(name) __typeof__ (name) *name ;
    GBGPU_LIBRARY_SYMBOLS (GBGPU_LIBRARY_ENTRY, GBGPU_LIBRARY_ENTRY, GBGPU_LIBRARY_ENTRY)
    #undef GBGPU_LIBRARY_ENTRY
}
gbgpu_library_table ;

// The table, filled once the library is found (thread-safe): the redirects
// call this, so any plugin code may run first.  Entries are NULL where the library has
// none (then gbgpu_library_bind's answer is not USED).
const gbgpu_library_table *gbgpu_library (void) ;

typedef enum
{
    GBGPU_LIBRARY_ABSENT,       // no GraphBLAS in the process: nothing to call
    GBGPU_LIBRARY_STEP_ASIDE,   // a GraphBLAS gbgpu cannot use (another major
                                // version, a function missing): the interposed
                                // calls go straight to it (said once on stderr)
    GBGPU_LIBRARY_USED,         // the whole table is filled: gbgpu works
}
gbgpu_library_state ;

// Finds the library and fills the table (thread-safe).  ABSENT is asked
// again at the next call (the program may load its GraphBLAS later); any
// other answer holds for the process.  Enough for the INTERPOSED entries,
// which every library has (NULL only when the answer is ABSENT).
gbgpu_library_state gbgpu_library_bind (void) ;

// gbgpu_library_bind, and the library's version checked against the one
// gbgpu was built for (once it can be read: after the program's GrB_init;
// STEP_ASIDE, silently, before that).  USED: gbgpu may use the whole table.
gbgpu_library_state gbgpu_library_usable (void) ;

// The library's built-in object `name` (a GrB_BinaryOp, ...), NULL when it
// has none; for objects found by name (graphblas/builtin_ops.c).
void *gbgpu_library_object (const char *name) ;

// The library's entry in the loader's list (its dynamic section, for
// cache/exports.c); NULL when the process has none.
struct link_map ;
const struct link_map *gbgpu_library_link_map (void) ;

#endif
