// plugin/cache/exports.c: the run-time proof that the classification of
// GraphBLAS.h (and of the library's own declarations, when the build had
// them) covers the library the program really uses (exports.h).
// SPDX-License-Identifier: Apache-2.0
//
// The device cache trusts that every change of a matrix passes through a
// function gbgpu classified from its build's header (modifiers.cmake).  That
// holds only if (1) the library exports no GrB_/GxB_/GzB_ function the header
// does not declare (a newer build, a patched one): its dynamic symbol table is
// walked (DT_SYMTAB, DT_STRTAB, and DT_GNU_HASH or DT_HASH for the count),
// and every exported function of those names must be declared (the library
// also exports thousands of internal GB_ functions: a program can call only
// those the header declares, which modifiers.cmake classifies too); and
// (2) every call of a modifier, by any object of the process, reaches
// gbgpu's wrapper, not the library's function.  An object's calls are bound
// through the global scope first (the program, what it was linked with and
// preloaded, and what was loaded RTLD_GLOBAL since), then through its own
// dependencies, and bound once: an object loaded RTLD_NOW, or that already
// called, keeps what it found then.  So each name must resolve to libgbgpu
// in the global scope as the loader searches it (dlopen (NULL): not the
// scope of libgbgpu itself, which would find its own wrapper even when
// libgbgpu was loaded RTLD_LOCAL), and libgbgpu must have been loaded before
// the library (its entry in the loader's list comes first: LD_PRELOAD, or
// linked first), so that no object bound the library's functions before
// libgbgpu was there (Python's `import graphblas`, then libgbgpu through
// ctypes with RTLD_GLOBAL: the module's calls stay the library's).  A program
// that links the library first and calls gbgpu_mxm fails (2).

#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cache/exports.h"
#include "graphblas/library.h"

static char reason [512] ;

static int compare_names (const void *a, const void *b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b) ;
}

static bool declared (const char *name)
{
    return bsearch (&name, gbgpu_declared_functions, (size_t) gbgpu_declared_function_count,
        sizeof (const char *), compare_names) != NULL ;
}

// A dynamic entry's address: relocated by the loader on most targets, an
// offset from the object's base on the others.
static const void *address_of (ElfW(Addr) base, ElfW(Addr) value)
{
    return (const void *) ((value < base) ? base + value : value) ;
}

// Symbols in the table: DT_HASH's chain count, or past the last symbol that
// a DT_GNU_HASH bucket reaches.
static size_t symbol_count (const uint32_t *hash, const uint32_t *gnu_hash)
{
    if (hash != NULL) return hash [1] ;
    if (gnu_hash == NULL) return 0 ;
    const uint32_t buckets = gnu_hash [0], first = gnu_hash [1], bloom_words = gnu_hash [2] ;
    const uint32_t *bucket = (const uint32_t *) ((const ElfW(Addr) *) (gnu_hash + 4) + bloom_words) ;
    const uint32_t *chain = bucket + buckets ;
    uint32_t last = 0 ;
    for (uint32_t b = 0 ; b < buckets ; b++) if (bucket [b] > last) last = bucket [b] ;
    if (last < first) return first ;
    while ((chain [last - first] & 1) == 0) last++ ;
    return (size_t) last + 1 ;
}

// (1): the first exported GrB_/GxB_ function not declared, into reason.
static bool every_export_declared (const struct link_map *library, int *exported)
{
    const ElfW(Sym) *symbols = NULL ;
    const char *strings = NULL ;
    const uint32_t *hash = NULL, *gnu_hash = NULL ;
    for (const ElfW(Dyn) *d = library->l_ld ; d->d_tag != DT_NULL ; d++)
    {
        const void *at = address_of (library->l_addr, d->d_un.d_ptr) ;
        switch (d->d_tag)
        {
            case DT_SYMTAB:   symbols = at ; break ;
            case DT_STRTAB:   strings = at ; break ;
            case DT_HASH:     hash = at ; break ;
            case DT_GNU_HASH: gnu_hash = at ; break ;
            default: break ;
        }
    }
    size_t n = symbol_count (hash, gnu_hash) ;
    if (symbols == NULL || strings == NULL || n == 0)
    {
        snprintf (reason, sizeof (reason), "the library's exported functions cannot be listed (%s)",
            library->l_name) ;
        return false ;
    }
    size_t found = 0 ;
    for (size_t k = 0 ; k < n ; k++)
    {
        const ElfW(Sym) *s = &symbols [k] ;
        const int type = ELF64_ST_TYPE (s->st_info), bind = ELF64_ST_BIND (s->st_info) ;
        if (s->st_shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC)
         || (bind != STB_GLOBAL && bind != STB_WEAK)) continue ;
        const char *name = strings + s->st_name ;
        if (strncmp (name, "GrB_", 4) != 0 && strncmp (name, "GxB_", 4) != 0
         && strncmp (name, "GzB_", 4) != 0) continue ;
        found++ ;
        if (!declared (name))
        {
            snprintf (reason, sizeof (reason), "the library exports %s, which the declarations "
                "gbgpu was built with (%s) do not declare; build gbgpu with the library's own "
                "(GBGPU_LIBRARY_DECLARATIONS)", name, gbgpu_declarations) ;
            return false ;
        }
    }
    *exported = (int) found ;
    if (found == 0)
    {
        snprintf (reason, sizeof (reason), "no GrB_/GxB_ function found in %s", library->l_name) ;
        return false ;
    }
    return true ;
}

static void within_gbgpu (void) { }

// Whether `first` comes before `second` in the loader's list of objects
// (the order they were loaded in).
static bool loaded_before (const struct link_map *first, const struct link_map *second)
{
    for (const struct link_map *m = second ; m != NULL ; m = m->l_prev)
    {
        if (m == first) return true ;
    }
    return false ;
}

// (2): the first modifier whose name resolves elsewhere than libgbgpu in the
// global scope, or else libgbgpu loaded after the library.
static bool every_modifier_reaches_gbgpu (const struct link_map *library)
{
    Dl_info self, found ;
    struct link_map *gbgpu = NULL ;
    void *global = dlopen (NULL, RTLD_LAZY) ;
    if (global == NULL || dladdr1 ((void *) within_gbgpu, &self, (void **) &gbgpu,
        RTLD_DL_LINKMAP) == 0 || gbgpu == NULL)
    {
        snprintf (reason, sizeof (reason), "the loader's scopes cannot be read") ;
        return false ;
    }
    for (int k = 0 ; k < gbgpu_modifier_function_count ; k++)
    {
        const char *name = gbgpu_modifier_functions [k] ;
        void *f = dlsym (global, name) ;
        if (f == NULL || dladdr (f, &found) == 0 || found.dli_fbase != self.dli_fbase)
        {
            snprintf (reason, sizeof (reason), "the program's calls of %s reach %s, not libgbgpu "
                "(libgbgpu must come before the library: LD_PRELOAD, or linked first)", name,
                (f != NULL && found.dli_fname != NULL) ? found.dli_fname : "no library") ;
            return false ;
        }
    }
    if (!loaded_before (gbgpu, library))
    {
        snprintf (reason, sizeof (reason), "libgbgpu was loaded after the library (%s): objects "
            "loaded before it may call the library's functions directly (libgbgpu must come "
            "before the library: LD_PRELOAD, or linked first)", library->l_name) ;
        return false ;
    }
    return true ;
}

const char *gbgpu_exports_unproved (int *exported)
{
    *exported = 0 ;
    const struct link_map *library = gbgpu_library_link_map () ;
    if (library == NULL)
    {
        snprintf (reason, sizeof (reason), "the library's symbol table cannot be found") ;
        return reason ;
    }
    if (!every_export_declared (library, exported) || !every_modifier_reaches_gbgpu (library))
        return reason ;
    return NULL ;
}
