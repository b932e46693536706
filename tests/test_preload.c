// tests/test_preload.c: an unmodified GraphBLAS program, built against libgraphblas
// only, started with LD_PRELOAD=libgbgpu.so, runs its GrB_mxm on the GPU.
// SPDX-License-Identifier: Apache-2.0
//
// The program knows nothing of gbgpu at build time; at run time it looks up
// gbgpu's stats through dlsym to see which path its one GrB_mxm took.  Without
// a device it checks that the plugin was loaded and exits 77 (skipped).

#define _GNU_SOURCE
#include <GraphBLAS.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

// gbgpu_stats_t's first two fields, which is all this program reads (the
// call writes no more than the size it is given).
typedef struct { uint64_t calls, gpu_calls ; } stats_prefix ;

#define CHECK(cond, ...) do { if (!(cond)) { printf (__VA_ARGS__) ; printf ("\n0 passed, 1 failed\n") ; return 1 ; } } while (0)

int main (void)
{
    GrB_init (GrB_NONBLOCKING) ;
    GrB_Info (*stats) (stats_prefix *, size_t) =
        (GrB_Info (*) (stats_prefix *, size_t)) dlsym (RTLD_DEFAULT, "gbgpu_stats_get") ;
    int (*device_available) (void) = (int (*) (void)) dlsym (RTLD_DEFAULT, "gbgpu_device_available") ;
    CHECK (stats != NULL && device_available != NULL, "libgbgpu is not loaded: run with LD_PRELOAD=libgbgpu.so") ;
    if (!device_available ())
    {
        printf ("no CUDA device: skipped\n") ;
        return 77 ;
    }

    // A = path graph 0-1-2-...-(n-1) (both directions); (A*A)(i,i) = degree(i)
    const GrB_Index n = 1000 ;
    GrB_Matrix A, C ;
    GrB_Matrix_new (&A, GrB_FP64, n, n) ;
    GrB_Matrix_new (&C, GrB_FP64, n, n) ;
    for (GrB_Index i = 0 ; i + 1 < n ; i++)
    {
        GrB_Matrix_setElement_FP64 (A, 1, i, i + 1) ;
        GrB_Matrix_setElement_FP64 (A, 1, i + 1, i) ;
    }
    stats_prefix before, after ;
    stats (&before, sizeof (before)) ;
    GrB_Info info = GrB_mxm (C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL) ;
    stats (&after, sizeof (after)) ;
    CHECK (info == GrB_SUCCESS, "GrB_mxm returned %d", (int) info) ;
    CHECK (after.gpu_calls == before.gpu_calls + 1, "GrB_mxm did not run on the GPU") ;

    // A*A of a path: 2 on the inner diagonal, 1 at the ends and at distance 2
    GrB_Index nvals ;
    GrB_Matrix_nvals (&nvals, C) ;
    CHECK (nvals == n + 2 * (n - 2), "nvals(C) = %llu", (unsigned long long) nvals) ;
    double x ;
    GrB_Matrix_extractElement_FP64 (&x, C, 0, 0) ;      CHECK (x == 1, "C(0,0) = %g", x) ;
    GrB_Matrix_extractElement_FP64 (&x, C, 5, 5) ;      CHECK (x == 2, "C(5,5) = %g", x) ;
    GrB_Matrix_extractElement_FP64 (&x, C, 5, 7) ;      CHECK (x == 1, "C(5,7) = %g", x) ;
    GrB_free (&A) ;
    GrB_free (&C) ;
    GrB_finalize () ;
    printf ("1 passed, 0 failed\n") ;
    return 0 ;
}
