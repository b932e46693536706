// bench/bench_csr.c: host CSR arrays of GraphBLAS matrices and results.
// SPDX-License-Identifier: Apache-2.0

#include <stdlib.h>
#include <string.h>
#include "bench_csr.h"

GrB_Info bench_csr_take (bench_csr *S, GrB_Matrix *A)
{
    memset (S, 0, sizeof (*S)) ;
    GrB_Type type ;
    GrB_Index p_size, j_size, x_size ;
    GrB_Info info = GrB_Matrix_nrows (&S->nrows, *A) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_ncols (&S->ncols, *A) ;
    if (info == GrB_SUCCESS) info = GxB_Matrix_type (&type, *A) ;
    if (info == GrB_SUCCESS) info = GxB_Type_size (&S->value_size, type) ;
    // jumbled == NULL: GraphBLAS sorts each row before handing the arrays over
    if (info == GrB_SUCCESS) info = GxB_Matrix_unpack_CSR (*A, &S->p, &S->j,
        &S->x, &p_size, &j_size, &x_size, &S->iso, NULL, NULL) ;
    if (info == GrB_SUCCESS)
    {
        S->nvals = S->p [S->nrows] ;
        GrB_Matrix_free (A) ;
    }
    return (info) ;
}

GrB_Info bench_csr_copy_of (bench_csr *S, GrB_Matrix A)
{
    GrB_Matrix copy = NULL ;
    GrB_Info info = GrB_Matrix_dup (&copy, A) ;
    if (info == GrB_SUCCESS) info = bench_csr_take (S, &copy) ;
    GrB_Matrix_free (&copy) ;
    return (info) ;
}

bool bench_csr_alloc (bench_csr *S, GrB_Index nrows, GrB_Index ncols,
    GrB_Index nvals, size_t value_size)
{
    *S = (bench_csr) { .nrows = nrows, .ncols = ncols, .nvals = nvals,
        .value_size = value_size } ;
    S->p = malloc ((nrows + 1) * sizeof (GrB_Index)) ;
    S->j = malloc ((nvals > 0 ? nvals : 1) * sizeof (GrB_Index)) ;
    S->x = malloc ((nvals > 0 ? nvals : 1) * value_size) ;
    if (S->p == NULL || S->j == NULL || S->x == NULL)
    {
        bench_csr_free (S) ;
        return (false) ;
    }
    return (true) ;
}

void bench_csr_free (bench_csr *S)
{
    free (S->p) ;
    free (S->j) ;
    free (S->x) ;
    memset (S, 0, sizeof (*S)) ;
}

int64_t bench_csr_products (const bench_csr *A, const bench_csr *B)
{
    int64_t products = 0 ;
    #pragma omp parallel for reduction(+:products) schedule(static, 4096)
    for (GrB_Index k = 0 ; k < A->nvals ; k++)
    {
        GrB_Index row_of_B = A->j [k] ;
        products += (int64_t) (B->p [row_of_B + 1] - B->p [row_of_B]) ;
    }
    return (products) ;
}

// One entry of a row being sorted: its column and where its value was.
typedef struct { GrB_Index col, slot ; } row_entry ;

static int by_column (const void *a, const void *b)
{
    GrB_Index x = ((const row_entry *) a)->col, y = ((const row_entry *) b)->col ;
    return ((x > y) - (x < y)) ;
}

static bool row_is_sorted (const bench_csr *S, GrB_Index i)
{
    for (GrB_Index k = S->p [i] + 1 ; k < S->p [i+1] ; k++)
    {
        if (S->j [k-1] > S->j [k]) return (false) ;
    }
    return (true) ;
}

// Sort row i, using entries and values (room for the longest row) as scratch.
static void sort_row (bench_csr *S, GrB_Index i, row_entry *entries,
    unsigned char *values)
{
    GrB_Index start = S->p [i], length = S->p [i+1] - start ;
    size_t size = S->value_size ;
    unsigned char *x = (unsigned char *) S->x ;
    for (GrB_Index k = 0 ; k < length ; k++)
    {
        entries [k] = (row_entry) { S->j [start + k], start + k } ;
    }
    qsort (entries, length, sizeof (row_entry), by_column) ;
    for (GrB_Index k = 0 ; k < length ; k++)
    {
        S->j [start + k] = entries [k].col ;
        if (!S->iso) memcpy (values + k * size, x + entries [k].slot * size, size) ;
    }
    if (!S->iso) memcpy (x + start * size, values, length * size) ;
}

int64_t bench_csr_sort_rows (bench_csr *S)
{
    GrB_Index longest = 0 ;
    for (GrB_Index i = 0 ; i < S->nrows ; i++)
    {
        GrB_Index length = S->p [i+1] - S->p [i] ;
        if (length > longest) longest = length ;
    }
    row_entry *entries = NULL ;
    unsigned char *values = NULL ;
    int64_t unsorted = 0 ;
    for (GrB_Index i = 0 ; i < S->nrows ; i++)
    {
        if (row_is_sorted (S, i)) continue ;
        if (entries == NULL)
        {
            entries = malloc (longest * sizeof (row_entry)) ;
            values = malloc (longest * S->value_size) ;
            if (entries == NULL || values == NULL)
            {
                unsorted = -1 ;
                break ;
            }
        }
        sort_row (S, i, entries, values) ;
        unsorted++ ;
    }
    free (entries) ;
    free (values) ;
    return (unsorted) ;
}
