// plugin/plan/masked_dot_choice.c: T<M> = A*B' by one dot product per entry of the mask
// (cuda/masked_dot/masked_dot.cu), or row by row like every other product (cuda/spgemm/spgemm.cu)?
// SPDX-License-Identifier: Apache-2.0
//
// Both give the same T; they differ in work.  The row-wise kernels visit
// every product a(i,k)*b(k,j) twice (counting, then filling), whether or not
// M has (i,j); the dot product walks, for each entry (i,j) of M, the rows
// A(i,:) and B(j,:) once: a merge of both, or the shorter one galloping
// through the longer (masked_dot_rows.cuh picks per dot by the same rule as
// dot_steps below).  The estimate needs only entry counts and dimensions,
// free on the host: rows of average length, and the products as dispatch.c
// estimates them (product_estimate.c).  Skewed degrees (power-law graphs)
// make the dot estimate low; GBGPU_MASKED_DOT=dot or =saxpy forces one
// method (tests, tuning), auto or unset uses the estimate.  The dot work,
// counted in row-wise products (a product is visited twice), is also the
// cost model's work for the masked dot kind (call_sizes.c).

#include "plan/plan.h"

// The cost of one merge step of a dot product, in visits of one product by
// a row-wise pass (a hash probe with an atomic update in shared memory).
// Initial guess, to be tuned on the device (GBGPU_MASKED_DOT=dot|saxpy on
// the triangle-counting and k-truss products): a merge step reads one
// mostly cached index and compares, a visit reads B's index and probes.
#define MASKED_DOT_STEP_COST 1.0

// The row-wise product visits every product in each of its two passes
// (count, then fill: spgemm.cu).
#define ROW_WISE_PASSES 2.0

// ceil (log2 (x)), and 1 up to x = 2: as log2_ceil in masked_dot_rows.cuh
static double log2_ceil (double x)
{
    double bits = 1 ;
    for (double p = 2 ; p < x ; p *= 2) bits++ ;
    return bits ;
}

// Steps of one dot product of rows of lengths a and b: a merge of both, or
// the shorter galloping through the longer when that is less.
static double dot_steps (double a, double b)
{
    double shorter = (a < b) ? a : b, longer = (a < b) ? b : a ;
    double gallop = shorter * log2_ceil (longer) ;
    return (gallop < a + b) ? gallop : a + b ;
}

double gbgpu_masked_dot_work (double mask_entries, double a_entries, double m,
    double b_entries, double n)
{
    return MASKED_DOT_STEP_COST * mask_entries
        * dot_steps (a_entries / (m > 1 ? m : 1), b_entries / (n > 1 ? n : 1))
        / ROW_WISE_PASSES ;
}

bool gbgpu_masked_dot_chosen (double dot_work, double products)
{
    gbgpu_masked_dot_choice forced = gbgpu_forced_masked_dot () ;
    if (forced != GBGPU_MASKED_DOT_AUTO) return forced == GBGPU_MASKED_DOT_DOT ;
    return dot_work <= products ;
}
