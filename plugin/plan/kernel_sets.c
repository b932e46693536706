// plugin/plan/kernel_sets.c: which kernel sets have run on the device in this process, for the
// cost model's first-use charge.
// SPDX-License-Identifier: Apache-2.0
//
// CUDA loads a kernel at its first launch (lazy loading), milliseconds for a
// product's kernels, and a run-time semiring is built before that: the
// first call of each semiring x path in a process pays it (triangles' single
// small product on the GPU took 1.95x the CPU on bcsstk13: H100, 2026-11-24;
// docs/policy.md).  The cost model charges it while the set is not loaded
// (cost_model.c); every successful GPU call, whatever the policy, marks its
// set loaded (run/mxm_gpu.c).  A set not loaded also keeps the savings its
// calls forwent on the CPU, which the charge is reduced by (rent or buy).
// The calibration's product is not marked: it launches a few of
// PLUS_TIMES_FP64's kernels, not the others a real call may need.  One
// list for the process behind a lock; a set that cannot be added (no
// memory) stays not loaded, charged, which errs to the CPU.

#include <pthread.h>
#include <stdlib.h>
#include "plan/plan.h"

typedef struct
{
    gbgpu_kernel_set set ;
    bool loaded ;
    double forgone ;
}
kernel_set_record ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
__attribute__ ((constructor)) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}
static kernel_set_record *records = NULL ;
static size_t used = 0, capacity = 0 ;

gbgpu_kernel_set gbgpu_kernel_set_of (const gbgpu_plan *plan)
{
    gbgpu_kernel_set k ;
    k.semiring = plan->semiring ;
    k.run_time = plan->run_time ;
    k.jit = plan->run_time ? plan->jit : NULL ;
    // a valued complemented mask is left to the final step: unmasked kernels
    k.path = plan->masked_dot ? GBGPU_COST_MASKED_DOT
        : (plan->M.matrix == NULL) ? GBGPU_COST_UNMASKED
        : plan->mask_complement ? GBGPU_COST_COMPLEMENTED : GBGPU_COST_MASKED ;
    return k ;
}

static bool same_set (const gbgpu_kernel_set *a, const gbgpu_kernel_set *b)
{
    return a->semiring.add == b->semiring.add && a->semiring.mult == b->semiring.mult
        && a->semiring.type == b->semiring.type && a->run_time == b->run_time
        && a->jit == b->jit && a->path == b->path ;
}

// Under the lock: the set's record, added (not loaded, nothing forgone) when
// `add`; NULL when absent and not added.
static kernel_set_record *record_of (const gbgpu_kernel_set *k, bool add)
{
    for (size_t r = 0 ; r < used ; r++)
    {
        if (same_set (&records [r].set, k)) return &records [r] ;
    }
    if (!add) return NULL ;
    if (used == capacity)
    {
        size_t more = (capacity > 0) ? 2 * capacity : 16 ;
        kernel_set_record *grown = realloc (records, more * sizeof (kernel_set_record)) ;
        if (grown == NULL) return NULL ;
        records = grown ;
        capacity = more ;
    }
    records [used] = (kernel_set_record) { *k, false, 0 } ;
    return &records [used++] ;
}

bool gbgpu_kernel_set_loaded (const gbgpu_kernel_set *k, double *forgone)
{
    pthread_mutex_lock (&lock) ;
    const kernel_set_record *r = record_of (k, false) ;
    bool loaded = (r != NULL && r->loaded) ;
    *forgone = (r != NULL) ? r->forgone : 0 ;
    pthread_mutex_unlock (&lock) ;
    return loaded ;
}

void gbgpu_kernel_set_forgo (const gbgpu_kernel_set *k, double seconds)
{
    if (!(seconds > 0)) return ;
    pthread_mutex_lock (&lock) ;
    kernel_set_record *r = record_of (k, true) ;
    if (r != NULL) r->forgone += seconds ;
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_kernel_set_mark_loaded (const gbgpu_kernel_set *k)
{
    pthread_mutex_lock (&lock) ;
    kernel_set_record *r = record_of (k, true) ;
    if (r != NULL) r->loaded = true ;
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_kernel_sets_mark_compiled_loaded (gbgpu_semiring s)
{
    for (int path = 0 ; path < GBGPU_COST_KINDS ; path++)
    {
        gbgpu_kernel_set k = { .semiring = s, .run_time = false, .jit = NULL,
                               .path = (gbgpu_cost_kind) path } ;
        gbgpu_kernel_set_mark_loaded (&k) ;
    }
}
