// bench/bench_csr.h: a matrix as plain host CSR arrays.  The benchmark needs one
// form for everything outside GraphBLAS: uploading inputs to gbgpu's kernels
// and to cuSPARSE, counting products, and checking every result against the
// CPU's.  Arrays are malloc'd (GraphBLAS's own, when unpacked from a matrix
// made after GrB_init): bench_csr_free frees them.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_CSR_H
#define BENCH_CSR_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct
{
    GrB_Index nrows, ncols, nvals ;
    GrB_Index *p ;          // nrows+1 row pointers
    GrB_Index *j ;          // nvals column indices, sorted in each row
    void *x ;               // nvals values (1 when iso) of value_size bytes
    size_t value_size ;
    bool iso ;              // x [0] is the value of every entry
}
bench_csr ;

// S = the entries of A (a copy: A is unchanged).
GrB_Info bench_csr_copy_of (bench_csr *S, GrB_Matrix A) ;

// S = the entries of *A without copying them; *A is freed.
GrB_Info bench_csr_take (bench_csr *S, GrB_Matrix *A) ;

// Room for a result of that size (to download into); false if out of memory.
bool bench_csr_alloc (bench_csr *S, GrB_Index nrows, GrB_Index ncols,
    GrB_Index nvals, size_t value_size) ;

void bench_csr_free (bench_csr *S) ;

// Is there a matrix in S (as opposed to the zeroed, empty struct)?
static inline bool bench_csr_present (const bench_csr *S) { return (S->p != NULL) ; }

// The work of A*B: the sum over the entries a(i,k) of nnz (B(k,:)).
int64_t bench_csr_products (const bench_csr *A, const bench_csr *B) ;

// Sort the column indices (and values) of every row that is not sorted;
// returns how many rows were not, or -1 when out of memory.
int64_t bench_csr_sort_rows (bench_csr *S) ;

#endif
