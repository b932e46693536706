// jit.h: run-time compiled semirings (issue #8), what the jit_*.c files share.
//
// A semiring outside semirings/semiring_list.h runs on the GPU through
// kernels that NVRTC compiles from the same accumulator templates as the
// compiled-in ones (plugin/cuda/accumulate_rows.cuh and the headers it
// includes, embedded as strings at build time: jit_headers.c, generated):
//
//   jit_source.c    the kernel source for one semiring: a policy struct from
//                   the definitions, or the built-in policy of a combination
//                   of built-in parts that is not compiled in
//   jit_compile.c   NVRTC: source -> cubin for the device's architecture
//   jit_cache.c     cubins by key in a folder shared by processes
//                   (GBGPU_JIT_CACHE, default ~/.cache/gbgpu)
//
// and, apart from these (they need GraphBLAS):
//
//   jit_registry.c  the C definitions of user types and operators: 7.4 has no
//                   getter, so GxB_Type_new and GxB_BinaryOp_new are
//                   interposed and remembered (gbgpu_internal.h)
//   jit_semiring.c  a GrB_Semiring as a gbgpu_jit_semiring, or a reason
//   jit_modules.c   semiring -> loaded module: in memory, else from the disk
//                   cache, else compiled; compile failures with their log
//   cuda/jit_launch.cu  a cubin loaded with the driver API, and the kernel
//                   set that launches its kernels through accumulate_rows_with

#ifndef GBGPU_JIT_H
#define GBGPU_JIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "semiring_codes.h"

//------------------------------------------------------------------------------
// a semiring to compile
//------------------------------------------------------------------------------

// Either built in (parts the kernels know, a combination not compiled in),
// or from definitions: one type for the monoid and both of the multiply
// operator's inputs and its output (GraphBLAS's C signature
// void f (z_type *z, const x_type *x, const y_type *y)).  A semiring from
// definitions may take one part built in (a user multiply op under PLUS_FP64,
// a user monoid over GrB_TIMES_INT32): its name is NULL and codes names it;
// codes.type is then the type's code.
typedef struct
{
    bool builtin ;                  // every part built in: codes says all
    gbgpu_semiring codes ;          // the built-in parts
    const char *type_name ;         // a C type name: "double", "wk_pair", ...
    const char *type_definition ;   // NULL for a built-in C type
    size_t type_size ;              // a user monoid's: 4, 8 or 16 (the
                                    // compare-and-swap of a whole slot)
    const char *add_name, *add_definition ;     // NULL: codes.add
    const char *mult_name, *mult_definition ;   // NULL: codes.mult
    const void *identity ;          // a user monoid's, type_size bytes
    const void *terminal ;          // type_size bytes, or NULL for none
    size_t value_slot_size ;        // bytes of an accumulator's value slot:
                                    // the kernels' sizeof (S), checked by the
                                    // compiler (static_assert)
}
gbgpu_jit_semiring ;

// The kernel source (malloc'd, NULL when out of memory).
char *gbgpu_jit_source (const gbgpu_jit_semiring *s) ;

// The embedded headers the source includes (jit_headers.c, generated).
extern const int gbgpu_jit_header_count ;
extern const char *const gbgpu_jit_header_names [ ] ;
extern const char *const gbgpu_jit_header_texts [ ] ;

//------------------------------------------------------------------------------
// compiling
//------------------------------------------------------------------------------

// The kernels a module holds, in this order (jit_launch.cu reads them so).
enum { GBGPU_JIT_HASH, GBGPU_JIT_DENSE, GBGPU_JIT_MERGE, GBGPU_JIT_COPY, GBGPU_JIT_NKERNELS } ;

#define GBGPU_JIT_NAME_MAX 256

typedef struct
{
    void *cubin ;                   // malloc'd
    size_t cubin_size ;
    char lowered [GBGPU_JIT_NKERNELS][GBGPU_JIT_NAME_MAX] ;   // the kernels' symbols
}
gbgpu_jit_binary ;

// Compiles `source` for sm_<arch> (e.g. 90).  On failure, false and *log
// gets NVRTC's log (malloc'd, may be NULL).
bool gbgpu_jit_compile (gbgpu_jit_binary *out, char **log, const char *source, int arch) ;
void gbgpu_jit_binary_free (gbgpu_jit_binary *b) ;

//------------------------------------------------------------------------------
// the cache
//------------------------------------------------------------------------------

// FNV-1a, 64 bits, continuing from `hash` (start with GBGPU_JIT_HASH_START).
#define GBGPU_JIT_HASH_START 0xcbf29ce484222325ull
uint64_t gbgpu_jit_hash (uint64_t hash, const void *data, size_t size) ;

// The key of a source for an architecture: the source, the embedded headers
// (a rebuilt libgbgpu with other kernels gets other keys) and the arch.
uint64_t gbgpu_jit_key (const char *source, int arch) ;

// The cache folder: GBGPU_JIT_CACHE, else $HOME/.cache/gbgpu (NULL: none).
// Returns a malloc'd path.
char *gbgpu_jit_cache_folder (void) ;

// A binary from the folder (true), or false when it has none for the key,
// or the file's cubin is not the one its header describes (size, hash).
bool gbgpu_jit_cache_load (gbgpu_jit_binary *b, const char *folder, uint64_t key) ;
// Stores a binary: written to a temporary file in the folder, then renamed
// into place, so a reader sees a whole file or none.  False on any failure
// (the cache is an optimisation: callers go on without it).
bool gbgpu_jit_cache_store (const gbgpu_jit_binary *b, const char *folder, uint64_t key) ;

#endif
