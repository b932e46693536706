// tests/test_device_cache_proof.c: [host] the device cache's proof reaches its
// verdict on the installed GraphBLAS: every GrB_/GxB_ function the library
// exports (its dynamic symbol table, walked at run time) is one gbgpu
// classified from its GraphBLAS.h (and the library's own declarations, when
// the build had them), and every one that may change a matrix reaches
// gbgpu's wrapper.
// SPDX-License-Identifier: Apache-2.0
//
// A library that exports a function gbgpu's declarations do not declare (a
// modifier gbgpu would not see) turns the cache off: with the header's own
// library version, or with the library's own declarations, that fails this
// test; with a newer library of that major version and GraphBLAS.h alone
// (pip's 9.4.5 beside the 9.4.0 header) it is the right verdict
// (ts_cache_proof_verdict_expected).
// The wrappers must also forward: a matrix changed through them has the
// library's content, and an unknown object or NULL passes straight through.
// Threads that ask for the state at once all read the same, whole text (it
// is written once, not at every call).

#define _GNU_SOURCE
#include "test_support.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// Asks for the state many times; NULL when every answer was `expected`.
static void *ask_state (void *expected)
{
    for (int k = 0 ; k < 20000 ; k++)
    {
        const char *state = gbgpu_device_cache_state () ;
        if (state != expected || strcmp (state, expected) != 0) return (void *) state ;
    }
    return NULL ;
}

// The object that defines `name` in the program's global scope.
static const char *defined_in (const char *name)
{
    Dl_info where ;
    void *f = dlsym (RTLD_DEFAULT, name) ;
    return (f != NULL && dladdr (f, &where) != 0 && where.dli_fname != NULL)
        ? where.dli_fname : "(nowhere)" ;
}

int main (void)
{
    ts_start () ;
    const char *state = gbgpu_device_cache_state () ;
    printf ("device cache: %s\n", state) ;
    int exported = 0, modifiers = 0 ;
    // "on: the library's N GrB_/GxB_ functions are all classified (by
    // DECLARATIONS), and the M that may change a matrix ..."
    bool on = sscanf (state, "on: the library's %d GrB_/GxB_ functions are all classified (by ",
        &exported) == 1 && strstr (state, "classified (by GraphBLAS.h") != NULL ;
    const char *rest = on ? strstr (state, "), and the ") : NULL ;
    on = on && rest != NULL && sscanf (rest, "), and the %d that may change a matrix", &modifiers) == 1 ;
    ts_check (ts_cache_proof_verdict_expected (state), "the device cache's proof failed: %s", state) ;
    gbgpu_stats_t s = ts_stats_now () ;
    if (on)
    {
        // GraphBLAS 7.4 exports 745 such functions, about 450 of them modifiers
        ts_check (exported > 300 && modifiers > 200 && modifiers < exported,
            "the proof saw %d exported functions, %d modifiers", exported, modifiers) ;
    }
    ts_check (s.device_cache_on == (on ? 1 : 0), "stats: device_cache_on %llu",
        (unsigned long long) s.device_cache_on) ;
    pthread_t askers [4] ;
    char expected [600] ;
    snprintf (expected, sizeof (expected), "%s", state) ;
    for (int t = 0 ; t < 4 ; t++) pthread_create (&askers [t], NULL, ask_state, (void *) state) ;
    for (int t = 0 ; t < 4 ; t++)
    {
        void *differed ;
        pthread_join (askers [t], &differed) ;
        ts_check (differed == NULL && strcmp (state, expected) == 0,
            "the state read by threads at once changed: %s", expected) ;
    }

    // modifiers resolve to libgbgpu, functions that only read to the library
    const char *gbgpu = defined_in ("gbgpu_mxm") ;
    const char *modifying [ ] = { "GrB_Matrix_setElement_FP64", "GrB_Matrix_free",
        "GrB_Matrix_new", "GxB_Matrix_pack_CSR", "GrB_Vector_assign", "GrB_mxm" } ;
    for (size_t k = 0 ; k < sizeof (modifying) / sizeof (modifying [0]) ; k++)
    {
        ts_check (strcmp (defined_in (modifying [k]), gbgpu) == 0,
            "%s resolves to %s, not %s", modifying [k], defined_in (modifying [k]), gbgpu) ;
    }
    ts_check (strcmp (defined_in ("GrB_Matrix_nvals"), gbgpu) != 0,
        "GrB_Matrix_nvals (which only reads) resolves to libgbgpu") ;

    // the wrappers forward: content as the library makes it
    GrB_Matrix A = NULL ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, 4, 4)) ;
    TS_OK (GrB_Matrix_setElement_FP64 (A, 2.5, 1, 2)) ;
    TS_OK (GrB_Matrix_setElement_FP64 (A, 1.5, 3, 0)) ;
    TS_OK (GrB_Matrix_removeElement (A, 3, 0)) ;
    GrB_Index nvals = 0 ;
    double x = 0 ;
    TS_OK (GrB_Matrix_nvals (&nvals, A)) ;
    TS_OK (GrB_Matrix_extractElement_FP64 (&x, A, 1, 2)) ;
    ts_check (nvals == 1 && x == 2.5, "through the wrappers: %llu entries, A(1,2) = %g",
        (unsigned long long) nvals, x) ;
    ts_check (GrB_Matrix_free (NULL) == GrB_SUCCESS, "GrB_Matrix_free (NULL) is not a no-op") ;
    // a constructor's handle is only its output: read after a success alone
    ts_check (GrB_Matrix_new (NULL, GrB_FP64, 4, 4) == GrB_NULL_POINTER,
        "GrB_Matrix_new (NULL, ...) is not the library's GrB_NULL_POINTER") ;
    TS_OK (GrB_Matrix_free (&A)) ;
    ts_check (A == NULL, "GrB_Matrix_free left the handle set") ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
