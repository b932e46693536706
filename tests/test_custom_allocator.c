// tests/test_custom_allocator.c: a program that starts GraphBLAS with its own
// allocator (GxB_init, as RedisGraph or MATLAB do) gets GPU results whose
// arrays GraphBLAS can free with it.
// SPDX-License-Identifier: Apache-2.0
//
// Built twice: test_custom_allocator links libgbgpu first, so gbgpu's GxB_init
// stands in front of the library's and learns the allocator;
// test_custom_allocator_link_after links the library first, so the program's
// GxB_init is the library's and gbgpu never learns it (gbgpu must then hand
// GraphBLAS no array of its own, and free none of GraphBLAS's).  Either way
// this checks that GraphBLAS allocates through the program's functions and,
// with a device, that GPU products are freed cleanly: every block the
// program's free receives must be one its malloc handed out (a block of its
// malloc freed by libc's free would abort the process).  The products: C =
// A*A into a new C, again into the same C (gbgpu may write T into C's old
// arrays), and C<A> += A*A (T through the library's final step).

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gbgpu.h"

// A header before each block marks it as ours.
#define OURS 0x6762677075ull
typedef struct { unsigned long long mark, size ; } block_header ;
static long blocks_out = 0, foreign_frees = 0 ;

static void *counted_malloc (size_t size)
{
    block_header *h = malloc (sizeof (block_header) + size) ;
    if (h == NULL) return NULL ;
    h->mark = OURS ;
    h->size = size ;
    __atomic_add_fetch (&blocks_out, 1, __ATOMIC_RELAXED) ;
    return h + 1 ;
}

static void counted_free (void *p)
{
    if (p == NULL) return ;
    block_header *h = (block_header *) p - 1 ;
    if (h->mark != OURS) { __atomic_add_fetch (&foreign_frees, 1, __ATOMIC_RELAXED) ; return ; }
    h->mark = 0 ;
    __atomic_sub_fetch (&blocks_out, 1, __ATOMIC_RELAXED) ;
    free (h) ;
}

static void *counted_calloc (size_t n, size_t size)
{
    void *p = counted_malloc (n * size) ;
    if (p != NULL) memset (p, 0, n * size) ;
    return p ;
}

static void *counted_realloc (void *p, size_t size)
{
    if (p == NULL) return counted_malloc (size) ;
    block_header *h = (block_header *) p - 1 ;
    void *q = counted_malloc (size) ;
    if (q == NULL) return NULL ;
    memcpy (q, p, h->size < size ? h->size : size) ;
    counted_free (p) ;
    return q ;
}

#define CHECK(cond, ...) do { if (!(cond)) { printf (__VA_ARGS__) ; printf ("\n0 passed, 1 failed\n") ; return 1 ; } } while (0)

int main (void)
{
    CHECK (GxB_init (GrB_NONBLOCKING, counted_malloc, counted_calloc,
        counted_realloc, counted_free) == GrB_SUCCESS, "GxB_init failed") ;
    gbgpu_set (GBGPU_POLICY, GBGPU_POLICY_GPU) ;
    const GrB_Index n = 2000 ;
    GrB_Matrix A, C ;
    GrB_Matrix_new (&A, GrB_FP64, n, n) ;
    GrB_Matrix_new (&C, GrB_FP64, n, n) ;
    CHECK (blocks_out > 0, "GraphBLAS does not allocate through the program's malloc") ;
    for (GrB_Index i = 0 ; i + 1 < n ; i++)
    {
        GrB_Matrix_setElement_FP64 (A, 1, i, i + 1) ;
        GrB_Matrix_setElement_FP64 (A, 1, i + 1, i) ;
    }
    gbgpu_stats_t before, after ;
    gbgpu_stats (&before) ;
    for (int k = 0 ; k < 2 ; k++)
        CHECK (gbgpu_mxm (C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL) == GrB_SUCCESS,
            "C = A*A failed") ;
    GrB_Index nvals ;
    GrB_Matrix_nvals (&nvals, C) ;
    CHECK (nvals == n + 2 * (n - 2), "nvals(C) = %llu", (unsigned long long) nvals) ;
    // C<A> += A*A: A*A has no entry where A has one (a path's neighbours are
    // 1 apart, A*A's entries 0 and 2 apart), so C stays A*A
    CHECK (gbgpu_mxm (C, A, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL)
        == GrB_SUCCESS, "C<A> += A*A failed") ;
    gbgpu_stats (&after) ;
    double sum = 0 ;
    GrB_Matrix_reduce_FP64 (&sum, NULL, GrB_PLUS_MONOID_FP64, C, NULL) ;
    // A*A: n - 2 interior diagonal 2s, two end 1s, 2 (n - 2) entries 1
    CHECK (sum == 2.0 * (n - 2) + 2 + 2.0 * (n - 2), "sum(C) = %g", sum) ;
    GrB_free (&C) ;
    GrB_free (&A) ;
    CHECK (foreign_frees == 0, "%ld blocks freed that the program's malloc never gave", foreign_frees) ;
    bool on_gpu = (after.gpu_calls == before.gpu_calls + 3) ;
    printf ("results computed on the %s; %llu written into C's own arrays\n",
        on_gpu ? "GPU" : "CPU", (unsigned long long) (after.results_in_C_arrays
        - before.results_in_C_arrays)) ;
    if (gbgpu_device_available ()) CHECK (on_gpu, "the products did not run on the GPU") ;
    GrB_finalize () ;
    printf ("1 passed, 0 failed\n") ;
    return 0 ;
}
