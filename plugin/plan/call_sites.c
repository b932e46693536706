// plugin/plan/call_sites.c: how far the CPU's line missed at a call site, for the site's next call.
// SPDX-License-Identifier: Apache-2.0
//
// A program repeats its calls: a BFS multiplies the same frontier q by the
// same A under the same visited set at every level.  The CPU's line of
// the cost model is shared by every call of a kind of mask and learns a
// bounded step at a time, split between its terms, so one call's miss
// barely reaches a later call of other sizes: on oregon1 a BFS's second
// level took the library 16 ms where the line said 0.53, and its seventh,
// priced by another term (the visited set's 1.1e7 entries), 89 ms where it
// said 1.37 (H200, 2026-11-28; docs/policy.md).  So a site keeps the
// factor by which its last call on the CPU missed the line (the line as
// it stands after learning from that call, so that the miss is not counted
// twice), and the site's next prediction for the CPU is scaled by it.  A
// site is the same A, B and M handles with the same semiring and path (a
// run-time semiring's compiled entry is not part of it: it is found only
// after the decision); a handle freed and made again at the same address
// reads as the old site, which costs at most the next call's decision,
// and that call's measurement replaces the factor.  Only a miss (over 2x
// either way) makes a site; the least recently used of a few is replaced
// (a program's loop has a few products).
//
// A slow outlier on the CPU (a first call finishing its inputs' pending
// work) must not keep a site's calls on the GPU where the CPU is faster:
// a site that the factor alone sends to the GPU goes back to the CPU once
// after 4 such calls, then after 8, 16, ..., and that call's measurement
// replaces the factor (an outlier's factor ends there, and the count
// starts again at 4; a true one costs one CPU call in a doubling number of
// GPU calls); and a site whose GPU call (its kernels' first load aside)
// took longer than its scaled CPU prediction loses the factor.  Under
// auto_policy.c's lock.

#include <math.h>
#include "plan/plan.h"

#define CALL_SITES 16
// a factor stays within this range (the model's terms stay within 1000x)
#define FACTOR_RANGE 1000.0
// a factor this far from 1, either way, is a miss (cost_model.c's MISS_RATIO)
#define SITE_MISS 2.0
// the factor alone sends a site to the GPU this many times before the
// CPU's next measurement there (then twice as many, and so on)
#define FIRST_EXPLORATION 4

typedef struct
{
    GrB_Matrix A, B, M ;
    gbgpu_semiring semiring ;
    bool run_time ;
    gbgpu_cost_kind path ;
    double cpu_factor ;     // 1: none
    int factor_calls ;      // to the GPU by the factor alone since the last CPU call
    int explore_after ;
    uint64_t last_used ;    // 0: an empty slot
}
call_site ;

static call_site sites [CALL_SITES] ;
static uint64_t uses = 0 ;

static bool at_site (const call_site *c, const gbgpu_plan *plan)
{
    const gbgpu_kernel_set k = gbgpu_kernel_set_of (plan) ;
    return c->last_used > 0 && c->A == plan->A.matrix && c->B == plan->B.matrix
        && c->M == plan->M.matrix && c->semiring.add == k.semiring.add
        && c->semiring.mult == k.semiring.mult && c->semiring.type == k.semiring.type
        && c->run_time == k.run_time && c->path == k.path ;
}

static call_site *find (const gbgpu_plan *plan)
{
    for (int s = 0 ; s < CALL_SITES ; s++)
    {
        if (at_site (&sites [s], plan))
        {
            sites [s].last_used = ++uses ;
            return &sites [s] ;
        }
    }
    return NULL ;
}

double gbgpu_call_site_adjust (const gbgpu_plan *plan, gbgpu_cost_prediction *p)
{
    call_site *c = find (plan) ;
    if (c == NULL || c->cpu_factor == 1) return 1 ;
    gbgpu_cost_prediction scaled = *p ;
    gbgpu_cost_scale_cpu (&scaled, c->cpu_factor) ;
    if (scaled.gpu && !p->gpu)
    {
        if (c->factor_calls >= c->explore_after)
        {
            // the CPU again: is the miss still there?
            c->factor_calls = 0 ;
            c->explore_after *= 2 ;
            return 1 ;
        }
        c->factor_calls++ ;
    }
    *p = scaled ;
    return c->cpu_factor ;
}

double gbgpu_call_site_cpu_factor (const gbgpu_plan *plan)
{
    const call_site *c = find (plan) ;
    return (c == NULL) ? 1 : c->cpu_factor ;
}

void gbgpu_call_site_cpu_measured (const gbgpu_plan *plan, double factor)
{
    if (!(factor > 0) || !isfinite (factor)) return ;
    const bool miss = (factor > SITE_MISS || factor < 1 / SITE_MISS) ;
    call_site *c = find (plan) ;
    if (c == NULL)
    {
        if (!miss) return ;
        c = &sites [0] ;
        for (int s = 1 ; s < CALL_SITES ; s++)
            if (sites [s].last_used < c->last_used) c = &sites [s] ;
        const gbgpu_kernel_set k = gbgpu_kernel_set_of (plan) ;
        *c = (call_site) { .A = plan->A.matrix, .B = plan->B.matrix, .M = plan->M.matrix,
            .semiring = k.semiring, .run_time = k.run_time, .path = k.path,
            .explore_after = FIRST_EXPLORATION, .last_used = ++uses } ;
    }
    c->cpu_factor = miss ? fmin (fmax (factor, 1 / FACTOR_RANGE), FACTOR_RANGE) : 1 ;
    c->factor_calls = 0 ;
    if (!miss) c->explore_after = FIRST_EXPLORATION ;
}

void gbgpu_call_site_forget_factor (const gbgpu_plan *plan)
{
    call_site *c = find (plan) ;
    if (c == NULL) return ;
    c->cpu_factor = 1 ;
    c->factor_calls = 0 ;
    c->explore_after = FIRST_EXPLORATION ;
}
