// tests/test_private_library.c: [host] one GraphBLAS per process: gbgpu uses
// the library that a privately loaded module brought, and loads none itself.
// SPDX-License-Identifier: Apache-2.0
//
//   test_private_library MODULE LIBRARY used|aside
//
// This program links libgbgpu and no GraphBLAS.  It loads MODULE (a build of
// private_library_module.c linked against the GraphBLAS file LIBRARY) with
// RTLD_LOCAL, as Python loads python-graphblas's extension, and has it run
// one GrB_mxm, which reaches gbgpu's.  Then:
//   - the product is right;
//   - /proc/self/maps holds exactly one GraphBLAS, LIBRARY's file;
//   - gbgpu_graphblas_library () names that file;
//   - "used": gbgpu took the call (counted; no device here, so the library
//     computed it); "aside": LIBRARY is another major version than gbgpu was
//     built for, so gbgpu counted nothing and said why, once, on stderr.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gbgpu.h"

static int failures = 0 ;

#define CHECK(cond, ...) \
    do { if (!(cond)) { printf ("FAILED: ") ; printf (__VA_ARGS__) ; printf ("\n") ; failures++ ; } } while (0)

// The files of /proc/self/maps named libgraphblas*: how many distinct ones,
// each printed; `expected` (a real path) among them or not.
static int graphblas_files_mapped (const char *expected, int *expected_seen)
{
    *expected_seen = 0 ;
    FILE *maps = fopen ("/proc/self/maps", "r") ;
    if (maps == NULL) return -1 ;
    char line [PATH_MAX + 256], seen [8][PATH_MAX] ;
    int count = 0 ;
    while (fgets (line, sizeof (line), maps) != NULL)
    {
        char *path = strchr (line, '/') ;
        if (path == NULL || strstr (strrchr (path, '/'), "/libgraphblas") == NULL) continue ;
        path [strcspn (path, "\n")] = '\0' ;
        int known = 0 ;
        for (int k = 0 ; k < count ; k++) known |= (strcmp (seen [k], path) == 0) ;
        if (known || count == 8) continue ;
        snprintf (seen [count++], PATH_MAX, "%s", path) ;
        printf ("mapped: %s\n", path) ;
        if (strcmp (path, expected) == 0) *expected_seen = 1 ;
    }
    fclose (maps) ;
    return count ;
}

int main (int argc, char **argv)
{
    if (argc != 4) { fprintf (stderr, "usage: %s MODULE LIBRARY used|aside\n", argv [0]) ; return 2 ; }
    const int expect_used = (strcmp (argv [3], "used") == 0) ;
    char library [PATH_MAX] ;
    if (realpath (argv [2], library) == NULL) { printf ("%s: absent: skipped\n", argv [2]) ; return 77 ; }

    // gbgpu's one line on stderr, read back below
    FILE *said = tmpfile () ;
    int saved_stderr = dup (STDERR_FILENO) ;
    if (said == NULL || saved_stderr < 0) return 2 ;
    fflush (stderr) ;
    dup2 (fileno (said), STDERR_FILENO) ;

    void *module = dlopen (argv [1], RTLD_NOW | RTLD_LOCAL) ;
    int (*product) (double *) = (module == NULL) ? NULL
        : (int (*) (double *)) dlsym (module, "private_library_product") ;
    double sum = 0 ;
    int info = (product == NULL) ? -1 : product (&sum) ;
    gbgpu_stats_t stats ;
    gbgpu_stats (&stats) ;
    const char *used = gbgpu_graphblas_library () ;

    fflush (stderr) ;
    dup2 (saved_stderr, STDERR_FILENO) ;
    char text [4096] = "" ;
    rewind (said) ;
    size_t length = fread (text, 1, sizeof (text) - 1, said) ;
    text [length] = '\0' ;
    fputs (text, stderr) ;

    CHECK (module != NULL && product != NULL, "%s: %s", argv [1], dlerror ()) ;
    CHECK (info == 0 && sum == 16 * 100 - 14, "the product: GrB_Info %d, sum %g (1586 expected)", info, sum) ;
    printf ("gbgpu's GraphBLAS: %s\n", used) ;
    // the path in parentheses, as the loader named it, is LIBRARY's file
    char named [PATH_MAX] = "", real [PATH_MAX] = "" ;
    const char *open = strrchr (used, '(') ;
    if (open != NULL) snprintf (named, sizeof (named), "%s", open + 1) ;
    named [strcspn (named, ")")] = '\0' ;
    CHECK (realpath (named, real) != NULL && strcmp (real, library) == 0,
        "gbgpu uses \"%s\", not %s", used, library) ;
    int expected_seen ;
    int mapped = graphblas_files_mapped (library, &expected_seen) ;
    CHECK (mapped == 1 && expected_seen, "%d GraphBLAS files mapped; %s %s among them",
        mapped, library, expected_seen ? "is" : "is not") ;
    int stepped_aside = (strstr (text, "every call goes to") != NULL) ;
    if (expect_used)
    {
        CHECK (stats.calls == 1, "gbgpu counted %llu calls, not 1", (unsigned long long) stats.calls) ;
        CHECK (!stepped_aside, "gbgpu stepped aside for its own version") ;
    }
    else
    {
        CHECK (stats.calls == 0, "gbgpu stepped aside but counted %llu calls", (unsigned long long) stats.calls) ;
        CHECK (stepped_aside, "gbgpu did not say on stderr that it steps aside") ;
    }
    printf ("%d failed\n", failures) ;
    return failures == 0 ? 0 : 1 ;
}
