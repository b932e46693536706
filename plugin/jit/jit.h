// plugin/jit/jit.h: run-time compiled semirings as the rest of the plugin
// sees them: user definitions, a GrB_Semiring described for the compiler,
// and its module on the device.  The compiler itself: compiler/compiler.h.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_JIT_H
#define GBGPU_JIT_H

#include <stdbool.h>
#include "core/fork.h"
#include "core/options.h"
#include "core/stats.h"
#include "graphblas/graphblas.h"
#include "jit/compiler/compiler.h"

//------------------------------------------------------------------------------
// user types' and operators' C definitions (jit/registry.c)
//------------------------------------------------------------------------------

typedef struct
{
    char *name ;            // malloc'd
    char *definition ;      // malloc'd; NULL when none was given
}
gbgpu_definition ;

// What GxB_Type_new / GxB_BinaryOp_new were given for a live object, as
// copies (free with gbgpu_definition_free).  False when gbgpu did not see it
// made (a built-in object, one made before libgbgpu was loaded or by the
// library's own GrB_BinaryOp_new function rather than its macro) or it was
// freed since.
bool gbgpu_registry_type (GrB_Type type, gbgpu_definition *d) ;
bool gbgpu_registry_op (GrB_BinaryOp op, gbgpu_definition *d) ;
void gbgpu_definition_free (gbgpu_definition *d) ;

//------------------------------------------------------------------------------
// run-time compiled semirings (semiring.c, modules.c)
//------------------------------------------------------------------------------

// A semiring the kernels take from definitions or from built-in parts that
// are not compiled in.  s points into this struct: fill it in place.
typedef struct
{
    gbgpu_jit_semiring s ;
    gbgpu_definition type, add, mult ;
    unsigned char identity [16], terminal [16] ;
    GrB_Type ttype ;            // T's type: the monoid's
    GrB_Type input_type ;       // A's and B's on the device: the multiply
                                // op's inputs' (ttype but for comparisons)
    bool reads_a, reads_b ;     // the multiply op's inputs it reads
}
gbgpu_jit_description ;

// GBGPU_NOT_DELEGATED with d filled (free it with
// gbgpu_jit_description_free), or why the semiring cannot be compiled:
// GBGPU_DELEGATED_NO_DEFINITION (a user type or operator gbgpu has no C
// definition of), GBGPU_DELEGATED_SEMIRING (parts the kernels cannot take:
// a built-in operator they lack, types other than one for all parts, a user
// monoid of other than 4, 8 or 16 bytes, a built-in monoid with another
// identity or terminal), GBGPU_DELEGATED_INVALID (not a usable semiring).
gbgpu_delegate_reason gbgpu_jit_describe (gbgpu_jit_description *d, GrB_Semiring semiring) ;
void gbgpu_jit_description_free (gbgpu_jit_description *d) ;

// A run-time semiring for one architecture, kept for the process: its
// source until it is built, then its binary (or its compile log) and its
// module on each device.
typedef struct gbgpu_jit_entry gbgpu_jit_entry ;

// The entry of a semiring (found in memory, or added unbuilt): cheap, no
// compiling.  NULL when out of host memory.
gbgpu_jit_entry *gbgpu_jit_entry_for (const gbgpu_jit_semiring *s, int arch) ;

// How long a call waits for its semiring's kernels.
typedef enum
{
    GBGPU_JIT_NO_WAIT,          // not at all: "compiling" until some are built
    GBGPU_JIT_WAIT_ANY,         // for the hash kernel's set at least (every row hashed)
    GBGPU_JIT_WAIT_ALL,         // for every accumulator's (GBGPU_ACCUMULATOR forces one)
}
gbgpu_jit_wait ;

// The entry's module on `device` (the calling thread's current device):
// built once (from the disk cache, else compiled and stored there) whatever
// threads ask at once, and loaded once per device.  GBGPU_NOT_DELEGATED
// with *module set, GBGPU_DELEGATED_COMPILE_FAILED (the log is kept:
// gbgpu_jit_last_log), or a device failure's reason.  Kernel sets not
// built yet are compiled by gbgpu-jit serve beside the program (the first
// call that needs one starts it: jit/outside_build.c); without waiting the
// call gets GBGPU_DELEGATED_COMPILING at once, as do the calls that come
// while they compile.  Where no such process can be had, the call builds
// every accumulator's set itself, waiting.
gbgpu_delegate_reason gbgpu_jit_module (const gbgpu_cuda_module **module,
    gbgpu_jit_entry *entry, int device, gbgpu_jit_wait wait) ;

#endif
