// tests/test_load_order.c: [host] gbgpu and a GraphBLAS loaded at run time, in
// either order, as Python loads them (ctypes, `import graphblas`).
// SPDX-License-Identifier: Apache-2.0
//
//   test_load_order LIBGBGPU MODULE gbgpu_first|library_first
//
// This program links neither libgbgpu nor GraphBLAS.  MODULE is a build of
// private_library_module.c (linked with GraphBLAS, loaded RTLD_NOW |
// RTLD_LOCAL, as CPython loads an extension); LIBGBGPU is loaded RTLD_NOW |
// RTLD_GLOBAL (ctypes.CDLL (..., RTLD_GLOBAL)).
//
//   gbgpu_first: gbgpu is asked about its library before any GraphBLAS is
//     loaded (gbgpu_init, gbgpu_stats_get, gbgpu_graphblas_library,
//     gbgpu_device_cache_state, gbgpu_start_device).  Loaded afterwards, the
//     module's calls must all work (none may find "no GraphBLAS" kept from
//     before: -8, GrB_NOT_IMPLEMENTED), its GrB_mxm reaches gbgpu (on the GPU
//     where there is one: the built-in operators are found then too), and the
//     device cache is on (or off only for a library newer than the header).
//   library_first: the module bound the library's functions before libgbgpu
//     was there, and keeps calling them directly; the device cache must be
//     off, saying that libgbgpu was loaded after the library.  (It said "on":
//     a matrix changed by the module's setElement kept its old device copy.)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "gbgpu.h"

static int failures = 0 ;

#define CHECK(cond, ...) \
    do { if (!(cond)) { printf ("FAILED: ") ; printf (__VA_ARGS__) ; printf ("\n") ; failures++ ; } } while (0)

typedef struct
{
    GrB_Info (*init) (void) ;
    GrB_Info (*set) (gbgpu_option, int64_t) ;
    GrB_Info (*stats) (gbgpu_stats_t *, size_t) ;
    GrB_Info (*start_device) (void) ;
    const char *(*library) (void) ;
    const char *(*cache_state) (void) ;
}
gbgpu_calls ;

static int load_gbgpu (gbgpu_calls *g, const char *path)
{
    void *h = dlopen (path, RTLD_NOW | RTLD_GLOBAL) ;
    if (h == NULL) { printf ("%s: %s\n", path, dlerror ()) ; return 0 ; }
    g->init = (GrB_Info (*) (void)) dlsym (h, "gbgpu_init") ;
    g->set = (GrB_Info (*) (gbgpu_option, int64_t)) dlsym (h, "gbgpu_set") ;
    g->stats = (GrB_Info (*) (gbgpu_stats_t *, size_t)) dlsym (h, "gbgpu_stats_get") ;
    g->start_device = (GrB_Info (*) (void)) dlsym (h, "gbgpu_start_device") ;
    g->library = (const char *(*) (void)) dlsym (h, "gbgpu_graphblas_library") ;
    g->cache_state = (const char *(*) (void)) dlsym (h, "gbgpu_device_cache_state") ;
    return g->init && g->set && g->stats && g->start_device && g->library && g->cache_state ;
}

// The module's product (GrB_init, matrices, setElement, GrB_mxm, reduce).
static int module_product (const char *path, double *sum)
{
    void *module = dlopen (path, RTLD_NOW | RTLD_LOCAL) ;
    int (*product) (double *) = (module == NULL) ? NULL
        : (int (*) (double *)) dlsym (module, "private_library_product") ;
    if (product == NULL) { printf ("%s: %s\n", path, dlerror ()) ; return -1 ; }
    return product (sum) ;
}

int main (int argc, char **argv)
{
    if (argc != 4) { fprintf (stderr, "usage: %s LIBGBGPU MODULE gbgpu_first|library_first\n", argv [0]) ; return 2 ; }
    const int gbgpu_first = (strcmp (argv [3], "gbgpu_first") == 0) ;
    gbgpu_calls g ;
    double sum = 0 ;
    int info = 0 ;
    if (gbgpu_first)
    {
        CHECK (load_gbgpu (&g, argv [1]), "libgbgpu's functions not found") ;
        if (failures > 0) return 1 ;
        // before any GraphBLAS: answered, and nothing kept from it
        gbgpu_stats_t s ;
        CHECK (g.init () == GrB_NOT_IMPLEMENTED, "gbgpu_init without a GraphBLAS") ;
        CHECK (g.stats (&s, sizeof (s)) == GrB_SUCCESS, "gbgpu_stats_get") ;
        CHECK (strcmp (g.library (), "") == 0, "a library before any: \"%s\"", g.library ()) ;
        printf ("before: cache %s\n", g.cache_state ()) ;
        CHECK (g.set (GBGPU_POLICY, GBGPU_POLICY_GPU) == GrB_SUCCESS, "gbgpu_set") ;
        (void) g.start_device () ;
        info = module_product (argv [2], &sum) ;
    }
    else
    {
        info = module_product (argv [2], &sum) ;
        CHECK (load_gbgpu (&g, argv [1]), "libgbgpu's functions not found") ;
        if (failures > 0) return 1 ;
    }
    CHECK (info == 0 && sum == 16 * 100 - 14, "the module's product: GrB_Info %d, sum %g (1586 "
        "expected)", info, sum) ;
    gbgpu_stats_t s ;
    CHECK (g.stats (&s, sizeof (s)) == GrB_SUCCESS, "gbgpu_stats_get") ;
    const char *library = g.library (), *state = g.cache_state () ;
    printf ("library: %s\ncache: %s\ncalls %llu, on the GPU %llu\n", library, state,
        (unsigned long long) s.calls, (unsigned long long) s.gpu_calls) ;
    CHECK (strstr (library, "GraphBLAS") != NULL, "gbgpu names no library: \"%s\"", library) ;
    if (gbgpu_first)
    {
        CHECK (s.calls == 1, "the module's GrB_mxm did not reach gbgpu (%llu calls)",
            (unsigned long long) s.calls) ;
        CHECK (s.gpu_calls == 1 || s.delegated [GBGPU_DELEGATED_NO_DEVICE] == 1,
            "the product neither ran on the GPU nor found no device") ;
        CHECK (strncmp (state, "on: ", 4) == 0 || strstr (state, "(GraphBLAS.h) do not declare") != NULL,
            "the device cache is off with libgbgpu first: %s", state) ;
    }
    else
    {
        CHECK (s.calls == 0, "the module's calls were bound before libgbgpu, yet %llu reached it",
            (unsigned long long) s.calls) ;
        CHECK (strncmp (state, "off: ", 5) == 0 && (strstr (state, "loaded after") != NULL
            || strstr (state, "(GraphBLAS.h) do not declare") != NULL),
            "the device cache is not off with libgbgpu loaded after the library: %s", state) ;
    }
    printf ("%d passed, %d failed\n", failures == 0, failures != 0) ;
    return failures == 0 ? 0 : 1 ;
}
