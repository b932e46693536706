// plugin/plan/auto_policy.c: the process's cost model for policy auto: decisions, learning, calibration.
// SPDX-License-Identifier: Apache-2.0
//
// One model (cost_model.c) for the process, behind a lock: calls are
// decided, and teach it, from any thread.  The CPU's prior needs the
// library's thread count, read at the first decision (GraphBLAS is
// initialized by then; a calibration may come before GrB_init).  Each
// decision is counted in the stats with its predicted times, and
// gbgpu_stats reads the model's current rates from here.

#include <pthread.h>
#include "plan/plan.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static gbgpu_cost_model model ;
static bool model_made = false, threads_read = false ;
static gbgpu_cost_kind last_kind = GBGPU_COST_UNMASKED ;

// Under the lock.
static void make_model (void)
{
    if (model_made) return ;
    gbgpu_cost_model_init (&model, 1) ;
    model_made = true ;
}

// Under the lock, at a decision.
static void read_threads (void)
{
    if (threads_read) return ;
    int32_t threads = 1 ;
    if (GxB_Global_Option_get_INT32 (GxB_GLOBAL_NTHREADS, &threads) != GrB_SUCCESS || threads < 1)
        threads = 1 ;
    gbgpu_cost_model_set_cpu_threads (&model, threads) ;
    threads_read = true ;
}

bool gbgpu_auto_prefers_gpu (const gbgpu_cost_sizes *s)
{
    gbgpu_cost_prediction p ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    read_threads () ;
    gbgpu_cost_predict (&p, &model, s) ;
    last_kind = s->kind ;
    pthread_mutex_unlock (&lock) ;
    gbgpu_count_model_decision (p.gpu, p.gpu_seconds, p.cpu_seconds) ;
    return p.gpu ;
}

void gbgpu_auto_learn_gpu (const gbgpu_cost_sizes *s, const double seconds [GBGPU_PARTS])
{
    if (!s->modelled) return ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_UPLOAD, seconds [GBGPU_PART_UPLOAD]) ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_KERNEL, seconds [GBGPU_PART_KERNEL]) ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_DOWNLOAD, seconds [GBGPU_PART_DOWNLOAD]) ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_FINISH, seconds [GBGPU_PART_FINISH]) ;
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_auto_learn_cpu (const gbgpu_cost_sizes *s, double seconds)
{
    if (!s->modelled) return ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_CPU, seconds) ;
    pthread_mutex_unlock (&lock) ;
}

void gbgpu_auto_calibrate (const gbgpu_cost_calibration *c)
{
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_calibrate (&model, c) ;
    pthread_mutex_unlock (&lock) ;
}

bool gbgpu_auto_calibrated (void)
{
    pthread_mutex_lock (&lock) ;
    bool calibrated = model_made && model.calibrated ;
    pthread_mutex_unlock (&lock) ;
    return calibrated ;
}

// 1 / seconds per unit, 0 for a term that costs nothing.
static double rate_of (const gbgpu_cost_line *l, int term)
{
    return (l->seconds_per_unit [term] > 0) ? 1 / l->seconds_per_unit [term] : 0 ;
}

void gbgpu_auto_report (gbgpu_stats_t *stats)
{
    pthread_mutex_lock (&lock) ;
    make_model () ;
    const gbgpu_cost_line *l = model.line [last_kind] ;
    stats->model_upload_rate = rate_of (&l [GBGPU_COST_UPLOAD], 1) ;
    stats->model_download_rate = rate_of (&l [GBGPU_COST_DOWNLOAD], 1) ;
    stats->model_kernel_rate = rate_of (&l [GBGPU_COST_KERNEL], 1) ;
    stats->model_cpu_rate = rate_of (&l [GBGPU_COST_CPU], 1) ;
    stats->model_gpu_call_seconds = l [GBGPU_COST_UPLOAD].seconds_per_unit [0]
        + l [GBGPU_COST_KERNEL].seconds_per_unit [0]
        + l [GBGPU_COST_DOWNLOAD].seconds_per_unit [0]
        + l [GBGPU_COST_FINISH].seconds_per_unit [0] ;
    stats->model_cpu_call_seconds = l [GBGPU_COST_CPU].seconds_per_unit [0] ;
    stats->model_calibrated = model.calibrated ;
    pthread_mutex_unlock (&lock) ;
}
