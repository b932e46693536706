// plugin/jit/compiler/source.c: the CUDA source of one run-time compiled semiring.
// SPDX-License-Identifier: Apache-2.0
//
// The source opens with includes only: the std names the headers use
// (nvrtc_std.cuh, defined there, for the hash set; nvrtc_prelude.cuh, from
// libcu++, for the whole set, whose CUB needs it) and the accumulator
// headers (embedded, jit_headers.c) of its kernel set, so that a precompiled
// header covers all it includes (jit/compiler/compile.c).  Then comes a policy struct named
// jit_semiring, which the kernels are instantiated for by name, so
// run-time semirings run the very templates the compiled-in ones do.  A
// built-in combination is the compiled-in policy template gbgpu::semiring
// <add, mult, type>; a user semiring is a policy made of the C definitions
// of its type and operators (compiled as device functions: NVRTC's
// -default-device), the monoid's identity and terminal as bytes, and an
// atomic update by compare-and-swap of the whole slot (4, 8 or 16 bytes); a
// built-in part of it is the compiled-in monoid or multiply template.
//
// The first line names the kernel set, for the compiler (which instantiates
// that set's kernels) and for gbgpu-jit, which compiles recorded sources.

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/compiler/compiler.h"

// The kernel sets' names in a source's first line, and what each includes:
// the hash accumulator's kernel alone takes every row, in global tables
// (compile.c), from its own headers, without CUB.
#define FIRST_LINE "// gbgpu run-time semiring, kernels: "
static const char *const set_names [GBGPU_JIT_KERNEL_SETS] = { "hash", "all" } ;
static const char *const set_headers [GBGPU_JIT_KERNEL_SETS] =
{
    "hash_rows.cuh", "accumulate_rows.cuh"
} ;
static const char *const set_std [GBGPU_JIT_KERNEL_SETS] =
{
    "nvrtc_std.cuh", "nvrtc_prelude.cuh"
} ;

int gbgpu_jit_source_kernel_set (const char *source)
{
    const size_t n = strlen (FIRST_LINE) ;
    if (source == NULL || strncmp (source, FIRST_LINE, n) != 0) return -1 ;
    for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++)
    {
        const size_t length = strlen (set_names [set]) ;
        if (strncmp (source + n, set_names [set], length) == 0 && source [n + length] == '\n')
            return set ;
    }
    return -1 ;
}

// A growing string; on allocation failure it becomes NULL and stays so.
typedef struct
{
    char *text ;
    size_t length, capacity ;
}
builder ;

static void append (builder *b, const char *format, ...)
{
    if (b->text == NULL) return ;
    for (;;)
    {
        va_list args ;
        va_start (args, format) ;
        int n = vsnprintf (b->text + b->length, b->capacity - b->length, format, args) ;
        va_end (args) ;
        if (n < 0) { free (b->text) ; b->text = NULL ; return ; }
        if ((size_t) n < b->capacity - b->length) { b->length += n ; return ; }
        size_t capacity = 2 * b->capacity + n ;
        char *t = realloc (b->text, capacity) ;
        if (t == NULL) { free (b->text) ; b->text = NULL ; return ; }
        b->text = t ;
        b->capacity = capacity ;
    }
}

// The bytes of a value as a C array initializer: {0x01,0x00,...}
static void append_bytes (builder *b, const void *value, size_t size)
{
    const unsigned char *v = value ;
    append (b, "{") ;
    for (size_t k = 0 ; k < size ; k++) append (b, "%s0x%02x", k ? "," : "", v [k]) ;
    append (b, "}") ;
}

// A user monoid: its identity and terminal as bytes, its op's definition as
// the fold, and an atomic update by compare-and-swap of the whole slot.
static void append_user_monoid (builder *b, const gbgpu_jit_semiring *s)
{
    const char *T = s->type_name ;
    append (b, "%s\n", s->add_definition) ;
    append (b,
        "struct jit_monoid\n{\n"
        "    using S = %s ;\n"
        "    static constexpr bool has_terminal = %s ;\n"
        "    __device__ static S from_bytes (const unsigned char *bytes)\n"
        "    {\n"
        "        S s ;\n"
        "        memcpy (&s, bytes, sizeof (S)) ;\n"
        "        return s ;\n"
        "    }\n"
        "    __device__ static S empty_slot ()\n"
        "    {\n"
        "        const unsigned char identity [ ] = ",
        T, s->terminal != NULL ? "true" : "false") ;
    append_bytes (b, s->identity, s->type_size) ;
    append (b, " ;\n"
        "        return from_bytes (identity) ;\n"
        "    }\n"
        "    __device__ static bool is_terminal (S s)\n"
        "    {\n") ;
    if (s->terminal != NULL)
    {
        append (b, "        const unsigned char terminal [ ] = ") ;
        append_bytes (b, s->terminal, s->type_size) ;
        append (b, " ;\n"
            "        unsigned char bytes [sizeof (S)] ;\n"
            "        memcpy (bytes, &s, sizeof (S)) ;\n"
            "        for (size_t k = 0 ; k < sizeof (S) ; k++)\n"
            "            if (bytes [k] != terminal [k]) return false ;\n"
            "        return true ;\n") ;
    }
    else
    {
        append (b, "        return false ;\n") ;
    }
    append (b,
        "    }\n"
        "    __device__ static S combine (S x, S y) { S z ; %s (&z, &x, &y) ; return z ; }\n"
        "    struct combine_of { __device__ S operator() (S x, S y) const { return combine (x, y) ; } } ;\n"
        "    __device__ static void update (S *slot, S v) { gbgpu::atomic_apply (slot, v, combine_of ()) ; }\n"
        "} ;\n",
        s->add_name) ;
}

// A user multiply op reads both inputs (nothing says it ignores one).  The
// monoid's op may be the multiply op too: its definition is there already.
static void append_user_multiply (builder *b, const gbgpu_jit_semiring *s)
{
    const char *T = s->type_name ;
    bool defined = s->add_name != NULL && strcmp (s->add_definition, s->mult_definition) == 0 ;
    if (!defined) append (b, "%s\n", s->mult_definition) ;
    append (b,
        "struct jit_multiply\n{\n"
        "    static constexpr bool reads_a = true, reads_b = true ;\n"
        "    __device__ static %s apply (%s a, %s b, int64_t, int32_t, int32_t)\n"
        "    {\n"
        "        %s z ;\n"
        "        %s (&z, &a, &b) ;\n"
        "        return z ;\n"
        "    }\n"
        "} ;\n",
        T, T, T, T, s->mult_name) ;
}

// The policy of a semiring with at least one part from definitions; a
// built-in part is the compiled-in policy's.
static void append_user_policy (builder *b, const gbgpu_jit_semiring *s)
{
    const char *T = s->type_name ;
    if (s->type_definition != NULL) append (b, "%s\n", s->type_definition) ;
    append (b, "static_assert (sizeof (%s) == %zu, \"the type's size on the host\") ;\n",
        T, s->type_size) ;
    if (s->add_name != NULL) append_user_monoid (b, s) ;
    else append (b, "using jit_monoid = gbgpu::monoid <(gbgpu_add) %d, %s> ;\n",
        (int) s->codes.add, T) ;
    if (s->mult_name != NULL) append_user_multiply (b, s) ;
    else append (b, "using jit_multiply = gbgpu::multiply <(gbgpu_mult) %d, %s> ;\n",
        (int) s->codes.mult, T) ;
    append (b,
        "struct jit_semiring\n{\n"
        "    using T = %s ;\n"
        "    using X = T ;\n"
        "    using add = jit_monoid ;\n"
        "    using mult = jit_multiply ;\n"
        "    using S = typename add::S ;\n"
        "} ;\n",
        T) ;
}

char *gbgpu_jit_source (const gbgpu_jit_semiring *s, gbgpu_jit_kernel_set set)
{
    builder b = { malloc (8192), 0, 8192 } ;
    append (&b, FIRST_LINE "%s\n#include \"%s\"\n#include \"%s\"\n",
        set_names [set], set_std [set], set_headers [set]) ;
    if (s->builtin)
    {
        append (&b, "using jit_semiring = gbgpu::semiring <(gbgpu_add) %d, (gbgpu_mult) %d, "
            "(gbgpu_type) %d> ;\n", (int) s->codes.add, (int) s->codes.mult, (int) s->codes.type) ;
    }
    else
    {
        append_user_policy (&b, s) ;
    }
    // the host sizes the accumulators' slots (spgemm/module_launch.cu) from this
    append (&b, "static_assert (sizeof (jit_semiring::S) == %zu, \"the value slot's size on the host\") ;\n",
        s->value_slot_size) ;
    return b.text ;
}
