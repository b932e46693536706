// tests/test_jit.c: [host] run-time compiled semirings without a GPU: the kernel
// source of a built-in combination outside semirings/semiring_list.h and of
// a user semiring (a 16-byte struct with a max-with-index monoid, user ops
// on double) really compiles with NVRTC for sm_90 (NVRTC needs no device),
// with every kernel's lowered name, and so do semirings with one part built
// in; a broken definition (or a wrong slot size) fails with NVRTC's log;
// the disk cache: miss, store, hit (same bytes and names), other keys miss,
// a changed or cut-short file is no entry, and concurrent writers of one key
// leave one whole entry.
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"

static int failures = 0 ;

#define CHECK(cond)                                                         \
    do { if (!(cond)) { fprintf (stderr, "%s:%d: CHECK failed: %s\n",       \
         __FILE__, __LINE__, #cond) ; failures++ ; } } while (0)

typedef struct { double value ; int64_t index ; } max_with_index ;

static const char pair_definition [ ] =
    "typedef struct { double value ; int64_t index ; } max_with_index ;" ;
static const char pair_max_definition [ ] =
    "void pair_max (max_with_index *z, const max_with_index *x, const max_with_index *y)\n"
    "{\n"
    "    bool take_x = x->value > y->value || (x->value == y->value && x->index < y->index) ;\n"
    "    *z = take_x ? *x : *y ;\n"
    "}" ;
static const char pair_times_definition [ ] =
    "void pair_times (max_with_index *z, const max_with_index *x, const max_with_index *y)\n"
    "{\n"
    "    z->value = x->value * y->value ;\n"
    "    z->index = y->index ;\n"
    "}" ;
static const char soft_plus_definition [ ] =
    "void soft_plus (double *z, const double *x, const double *y) { *z = *x + *y + 0.5 ; }" ;
static const char abs_diff_definition [ ] =
    "void abs_diff (double *z, const double *x, const double *y) { *z = fabs (*x - *y) ; }" ;

static gbgpu_jit_semiring user_pair_semiring (void)
{
    static const max_with_index identity = { -1e308, INT64_MAX } ;
    gbgpu_jit_semiring s = { 0 } ;
    s.type_name = "max_with_index" ;
    s.type_definition = pair_definition ;
    s.type_size = sizeof (max_with_index) ;
    s.value_slot_size = sizeof (max_with_index) ;
    s.add_name = "pair_max" ;
    s.add_definition = pair_max_definition ;
    s.mult_name = "pair_times" ;
    s.mult_definition = pair_times_definition ;
    s.identity = &identity ;
    return s ;
}

static gbgpu_jit_semiring user_double_semiring (void)
{
    static const double zero = 0, terminal = 1e300 ;
    gbgpu_jit_semiring s = { 0 } ;
    s.type_name = "double" ;
    s.type_size = sizeof (double) ;
    s.value_slot_size = sizeof (double) ;
    s.add_name = "soft_plus" ;
    s.add_definition = soft_plus_definition ;
    s.mult_name = "abs_diff" ;
    s.mult_definition = abs_diff_definition ;
    s.identity = &zero ;
    s.terminal = &terminal ;
    return s ;
}

// Compiles s for sm_90; returns the binary (cubin NULL on failure).
static gbgpu_jit_binary compile (const gbgpu_jit_semiring *s, bool expect_success)
{
    gbgpu_jit_binary b ;
    char *log = NULL ;
    char *source = gbgpu_jit_source (s) ;
    CHECK (source != NULL) ;
    bool ok = source != NULL && gbgpu_jit_compile (&b, &log, source, 90) ;
    if (ok != expect_success)
    {
        fprintf (stderr, "compile %s, expected %s; log:\n%s\nsource:\n%s\n",
            ok ? "succeeded" : "failed", expect_success ? "success" : "failure",
            log ? log : "(none)", source ? source : "(none)") ;
        failures++ ;
    }
    if (ok)
    {
        CHECK (b.cubin != NULL && b.cubin_size > 0) ;
        for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++) CHECK (strlen (b.lowered [k]) > 0) ;
    }
    else
    {
        CHECK (log != NULL && strstr (log, "error") != NULL) ;
        CHECK (b.cubin == NULL) ;
    }
    free (log) ;
    free (source) ;
    return b ;
}

static void test_compile (void)
{
    // PLUS_LXOR over INT32 and MAX_SECONDI over INT64: not in the table
    gbgpu_jit_semiring builtin = { 0 } ;
    builtin.builtin = true ;
    builtin.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    builtin.value_slot_size = 4 ;
    gbgpu_jit_binary b = compile (&builtin, true) ;
    gbgpu_jit_binary_free (&b) ;
    builtin.codes = (gbgpu_semiring) { GBGPU_ADD_MAX, GBGPU_MULT_SECONDI, GBGPU_TYPE_INT64 } ;
    builtin.value_slot_size = 8 ;
    b = compile (&builtin, true) ;
    gbgpu_jit_binary_free (&b) ;
    // a slot size the kernels do not have: the compiler says so
    builtin.value_slot_size = 4 ;
    b = compile (&builtin, false) ;
    gbgpu_jit_binary_free (&b) ;

    // one part built in: a user multiply op under PLUS_FP64, a user monoid
    // over TIMES_INT32
    gbgpu_jit_semiring mixed = user_double_semiring () ;
    mixed.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    mixed.add_name = NULL ;
    mixed.add_definition = NULL ;
    b = compile (&mixed, true) ;
    gbgpu_jit_binary_free (&b) ;
    static const int32_t int_largest = INT32_MAX ;
    gbgpu_jit_semiring user_min = { 0 } ;
    user_min.codes = (gbgpu_semiring) { GBGPU_ADD_MIN, GBGPU_MULT_TIMES, GBGPU_TYPE_INT32 } ;
    user_min.type_name = "int32_t" ;
    user_min.type_size = 4 ;
    user_min.value_slot_size = 4 ;
    user_min.add_name = "my_min" ;
    user_min.add_definition =
        "void my_min (int32_t *z, const int32_t *x, const int32_t *y) { *z = (*x < *y) ? *x : *y ; }" ;
    user_min.identity = &int_largest ;
    b = compile (&user_min, true) ;
    gbgpu_jit_binary_free (&b) ;
    // one op as both the monoid's and the multiply op: defined once
    user_min.mult_name = user_min.add_name ;
    user_min.mult_definition = user_min.add_definition ;
    b = compile (&user_min, true) ;
    gbgpu_jit_binary_free (&b) ;

    gbgpu_jit_semiring pair = user_pair_semiring () ;
    b = compile (&pair, true) ;
    gbgpu_jit_binary_free (&b) ;

    gbgpu_jit_semiring plain = user_double_semiring () ;
    b = compile (&plain, true) ;
    gbgpu_jit_binary_free (&b) ;

    // a definition that does not compile: a log, no binary, no crash
    plain.mult_definition = "void abs_diff (double *z, const double *x) { *z = undeclared ; }" ;
    b = compile (&plain, false) ;
    gbgpu_jit_binary_free (&b) ;
}

static bool same_binary (const gbgpu_jit_binary *a, const gbgpu_jit_binary *b)
{
    if (a->cubin_size != b->cubin_size || memcmp (a->cubin, b->cubin, a->cubin_size) != 0)
        return false ;
    for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++)
        if (strcmp (a->lowered [k], b->lowered [k]) != 0) return false ;
    return true ;
}

static void test_cache (void)
{
    char folder [ ] = "/tmp/gbgpu_test_jit_XXXXXX" ;
    CHECK (mkdtemp (folder) != NULL) ;
    char nested [sizeof (folder) + 16] ;
    snprintf (nested, sizeof (nested), "%s/a/b", folder) ;

    // the binary of a real compile
    gbgpu_jit_semiring plain = user_double_semiring () ;
    gbgpu_jit_binary b = compile (&plain, true) ;
    char *source = gbgpu_jit_source (&plain) ;
    uint64_t key = gbgpu_jit_key (source, 90) ;
    CHECK (key != gbgpu_jit_key (source, 80)) ;
    free (source) ;

    gbgpu_jit_binary loaded ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, key)) ;          // miss
    CHECK (gbgpu_jit_cache_store (&b, nested, key)) ;               // creates the folders
    CHECK (gbgpu_jit_cache_load (&loaded, nested, key)) ;           // hit
    CHECK (same_binary (&b, &loaded)) ;
    gbgpu_jit_binary_free (&loaded) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, key + 1)) ;      // another key

    // a file whose cubin was changed, or cut short, is no entry
    char path [sizeof (nested) + 40] ;
    snprintf (path, sizeof (path), "%s/gbgpu-%016llx.cubin", nested, (unsigned long long) key) ;
    FILE *file = fopen (path, "r+b") ;
    CHECK (file != NULL && fseek (file, -1, SEEK_END) == 0 && fputc ('~', file) != EOF
        && fclose (file) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, key)) ;
    CHECK (truncate (path, (off_t) b.cubin_size / 2) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, key)) ;
    CHECK (gbgpu_jit_cache_store (&b, nested, key)) ;               // replaced
    CHECK (gbgpu_jit_cache_load (&loaded, nested, key)) ;
    gbgpu_jit_binary_free (&loaded) ;

    // concurrent writers of one key: every store succeeds, the entry is whole
    const uint64_t shared_key = 42 ;
    enum { WRITERS = 8 } ;
    pid_t pids [WRITERS] ;
    for (int w = 0 ; w < WRITERS ; w++)
    {
        pids [w] = fork () ;
        if (pids [w] == 0)
        {
            bool ok = true ;
            for (int round = 0 ; round < 20 ; round++)
                ok = gbgpu_jit_cache_store (&b, folder, shared_key) && ok ;
            _exit (ok ? 0 : 1) ;
        }
        CHECK (pids [w] > 0) ;
    }
    // a reader meanwhile sees a whole entry or none
    for (int round = 0 ; round < 50 ; round++)
    {
        if (gbgpu_jit_cache_load (&loaded, folder, shared_key))
        {
            CHECK (same_binary (&b, &loaded)) ;
            gbgpu_jit_binary_free (&loaded) ;
        }
    }
    for (int w = 0 ; w < WRITERS ; w++)
    {
        int status = 1 ;
        if (pids [w] > 0) waitpid (pids [w], &status, 0) ;
        CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    }
    CHECK (gbgpu_jit_cache_load (&loaded, folder, shared_key)) ;
    CHECK (same_binary (&b, &loaded)) ;
    gbgpu_jit_binary_free (&loaded) ;

    // no temporary file is left behind: the folder holds the entry, a/ only
    char command [256] ;
    snprintf (command, sizeof (command), "test $(ls -A %s | wc -l) -eq 2", folder) ;
    CHECK (system (command) == 0) ;
    snprintf (command, sizeof (command), "rm -rf %s", folder) ;
    CHECK (system (command) == 0) ;
    gbgpu_jit_binary_free (&b) ;

    // the folder from the environment
    setenv ("GBGPU_JIT_CACHE", "/some/where", 1) ;
    char *f = gbgpu_jit_cache_folder () ;
    CHECK (f != NULL && strcmp (f, "/some/where") == 0) ;
    free (f) ;
    unsetenv ("GBGPU_JIT_CACHE") ;
    setenv ("HOME", "/home/x", 1) ;
    f = gbgpu_jit_cache_folder () ;
    CHECK (f != NULL && strcmp (f, "/home/x/.cache/gbgpu") == 0) ;
    free (f) ;
}

int main (void)
{
    test_compile () ;
    test_cache () ;
    if (failures == 0) printf ("test_jit: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
