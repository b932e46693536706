// plugin/plan/product_estimate.c: the multiply-adds of op(A)*op(B), estimated from the
// matrices' own arrays.
// SPDX-License-Identifier: Apache-2.0
//
// The products are the sum over k of a_k x b_k, a_k the entries in column
// k of op(A), b_k those in row k of op(B).  nnz(A) x nnz(B) / k (every
// column and row of average length) is far too low on power-law graphs:
// triangles' C<L> = L*L has 1.17e10 products on rmat:20 where it says
// 2.35e8 (50x), 1.45e6 on oregon1_010331 where it says 4.5e4 (32x), 4x on
// Wiki-Vote (gbgpu-bench's graph suite, H100, 2026-11-25), so the
// cost model predicted rmat:20's 6.3 s on the CPU as 0.1 s and kept it
// there, and the floor GBGPU_MIN_WORK left such calls unmodelled.
//
// A sparse matrix's arrays (read in place, through the view the uploads use)
// hold one of the two counts exactly: a stored vector's length.  When op(B)'s
// rows are B's vectors (B by row, not transposed, or by column, transposed),
// b_k is B's pointers' difference, and the sum runs over op(A)'s entries,
// each adding b_k of its column k (A's index, or the vector holding the
// entry when A's vectors are op(A)'s columns): over all of them up to
// SAMPLES entries, else over SAMPLES evenly spaced ones, scaled.  The
// mirror case (op(A)'s columns are A's vectors, op(B)'s rows are not B's)
// runs over op(B)'s entries.  Both counts unstored (A*B' of two matrices by
// row), or a matrix other than sparse (hypersparse, bitmap, full): the
// average estimate.

#include "plan/plan.h"
#include "graphblas/matrix_view.h"

// Entries read at most.  On R-MAT graphs of scale 14-20 made as the examples
// make them (a host simulation, not in the tree), 1024 evenly spaced entries
// gave 0.83-1.14x the exact products of L*L and 0.95-1.04x of S*S, where the
// average estimate was 9-47x and 14-75x low; 4096 gave 0.97-1.03x, but each read may
// miss the cache twice (an index, then two pointers far apart), so a large
// matrix pays about 0.1 us a read.
#define SAMPLES 1024

// The vector of X holding entry position e (X's pointers ascending).
static int64_t vector_of (const gbgpu_matrix_view *X, int64_t e)
{
    int64_t lo = 0, hi = X->vectors - 1 ;
    while (lo < hi)
    {
        int64_t mid = lo + (hi - lo + 1) / 2 ;
        if (X->p [mid] <= e) lo = mid ; else hi = mid - 1 ;
    }
    return lo ;
}

// The sum over X's entries of W's vector length at each entry's k: k is the
// entry's index when k_is_index, else its vector.  Sampled past SAMPLES.
static double sum_over_entries (const gbgpu_matrix_view *X, bool k_is_index,
    const gbgpu_matrix_view *W)
{
    const int64_t n = X->nvals ;
    const int64_t reads = (n < SAMPLES) ? n : SAMPLES ;
    double sum = 0 ;
    for (int64_t t = 0 ; t < reads ; t++)
    {
        // the middle of the t-th of `reads` equal parts
        int64_t e = (n == reads) ? t : (int64_t) (((double) t + 0.5) * (double) n / (double) reads) ;
        int64_t k = k_is_index ? X->i [e] : vector_of (X, e) ;
        if (k >= 0 && k < W->vectors) sum += (double) (W->p [k + 1] - W->p [k]) ;
    }
    return (reads > 0) ? sum * (double) n / (double) reads : 0 ;
}

static bool usable (const gbgpu_matrix_view *X)
{
    return X->sparsity == GxB_SPARSE && X->p != NULL && X->i != NULL && X->vectors > 0 ;
}

double gbgpu_estimate_products (const GrB_Matrix A, bool ta, double a_entries,
    const GrB_Matrix B, bool tb, double b_entries, double k)
{
    double average = a_entries * b_entries / k ;
    gbgpu_matrix_view a = { 0 }, b = { 0 } ;
    if (gbgpu_view_open (&a, A) != GrB_SUCCESS) return average ;
    if (gbgpu_view_open (&b, B) != GrB_SUCCESS)
    {
        gbgpu_view_close (&a) ;
        return average ;
    }
    double estimate = average ;
    if (usable (&a) && usable (&b))
    {
        // op(A)'s rows are A's vectors: op(A)'s column of an entry is its index
        const bool a_rows_stored = (a.by_col == ta) ;
        // op(B)'s rows are B's vectors: b_k is a vector's length
        const bool b_rows_stored = (b.by_col == tb) ;
        if (b_rows_stored) estimate = sum_over_entries (&a, a_rows_stored, &b) ;
        else if (!a_rows_stored) estimate = sum_over_entries (&b, true, &a) ;
    }
    gbgpu_view_close (&b) ;
    gbgpu_view_close (&a) ;
    return estimate ;
}
