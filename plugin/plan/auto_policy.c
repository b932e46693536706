// plugin/plan/auto_policy.c: the process's cost model for policy auto: decisions, learning, calibration.
// SPDX-License-Identifier: Apache-2.0
//
// One model (cost_model.c) for the process, behind a lock: calls are
// decided, and teach it, from any thread.  The CPU's prior needs the
// library's thread count, read at the first decision (GraphBLAS is
// initialized by then; a calibration may come before GrB_init).  Each
// decision is counted in the stats with its predicted times, and
// gbgpu_stats reads the model's current rates from here.  A call site's last
// miss on the CPU scales its next CPU prediction (call_sites.c), under the
// same lock.  GBGPU_MODEL_TRACE=1
// (a knob for calibrating the model on a device) writes each decision and
// each measurement beside its prediction on stderr.

#include <pthread.h>
#include <stdio.h>
#include "plan/plan.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
__attribute__ ((constructor)) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}
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

static const char *kind_name (gbgpu_cost_kind kind)
{
    return (kind == GBGPU_COST_MASKED) ? "T<M>"
         : (kind == GBGPU_COST_COMPLEMENTED) ? "T<!M>"
         : (kind == GBGPU_COST_MASKED_DOT) ? "T<M> dot" : "unmasked" ;
}

static void trace_decision (const gbgpu_cost_sizes *s, const gbgpu_cost_prediction *p,
    double site_factor)
{
    fprintf (stderr, "gbgpu model: %s, %.3g products, %.3g work, %.3g MB up as CSR and %.3g "
        "as cells (%.0f matrices, %.3g entries copied), %.3g MB down, %.3g entries to finish, "
        "%.3g CPU entries: GPU %.3g ms (up %.3g, kernels %.3g of which first use %.3g%s "
        "less %.3g forgone, down %.3g, finish %.3g) x %.2f %s CPU %.3g ms (the site's last "
        "miss x %.3g): %s\n",
        kind_name (s->kind), s->products, s->work, s->bytes_up / 1e6,
        s->cell_bytes_up / 1e6, s->uploads, s->host_copy_entries,
        s->bytes_down / 1e6, s->finish_entries, s->cpu_entries, 1e3 * p->gpu_seconds,
        1e3 * p->part [GBGPU_COST_UPLOAD], 1e3 * p->part [GBGPU_COST_KERNEL],
        1e3 * p->first_use, s->first_use_run_time > 0 ? " (run-time semiring)" : "",
        1e3 * s->first_use_forgone,
        1e3 * p->part [GBGPU_COST_DOWNLOAD], 1e3 * p->part [GBGPU_COST_FINISH],
        GBGPU_COST_MARGIN, p->gpu ? "<" : ">=", 1e3 * p->cpu_seconds, site_factor,
        p->gpu ? "GPU" : "CPU") ;
}

bool gbgpu_auto_prefers_gpu (const gbgpu_plan *plan)
{
    const gbgpu_cost_sizes *s = &plan->cost ;
    gbgpu_cost_prediction p ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    read_threads () ;
    gbgpu_cost_predict (&p, &model, s) ;
    const double site_factor = gbgpu_call_site_adjust (plan, &p) ;
    last_kind = s->kind ;
    pthread_mutex_unlock (&lock) ;
    gbgpu_count_model_decision (p.gpu, p.gpu_seconds, p.cpu_seconds) ;
    if (gbgpu_model_trace_enabled ()) trace_decision (s, &p, site_factor) ;
    return p.gpu ;
}

void gbgpu_auto_learn_gpu (const gbgpu_plan *plan, const double seconds [GBGPU_PARTS],
    double t_entries)
{
    const gbgpu_cost_sizes *s = &plan->cost ;
    if (!s->modelled) return ;
    // the setup is a run-time semiring's build and load: the kernels' first
    // use
    const double kernels = seconds [GBGPU_PART_SETUP] + seconds [GBGPU_PART_KERNEL] ;
    const gbgpu_cost_part parts [4] = { GBGPU_COST_UPLOAD, GBGPU_COST_KERNEL,
        GBGPU_COST_DOWNLOAD, GBGPU_COST_FINISH } ;
    const double measured [4] = { seconds [GBGPU_PART_UPLOAD], kernels,
        seconds [GBGPU_PART_DOWNLOAD], seconds [GBGPU_PART_FINISH] } ;
    // the prediction as decided: its first use with the full load, which
    // the call paid (what the CPU forwent only lowered the charge)
    gbgpu_cost_sizes paid = *s ;
    paid.first_use_forgone = 0 ;
    gbgpu_cost_prediction p ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_predict (&p, &model, &paid) ;
    // slower here than the site's CPU prediction, the kernels' first load
    // aside: its factor may have been an outlier (call_sites.c)
    double gpu_total = 0 ;
    for (int k = 0 ; k < 4 ; k++) gpu_total += measured [k] ;
    const bool first_load = s->first_use > 0 || s->first_use_run_time > 0 ;
    if (!first_load && gpu_total > p.cpu_seconds * gbgpu_call_site_cpu_factor (plan))
        gbgpu_call_site_forget_factor (plan) ;
    for (int k = 0 ; k < 4 ; k++) gbgpu_cost_learn (&model, s, parts [k], measured [k]) ;
    gbgpu_cost_learn_fill (&model, s, t_entries) ;
    pthread_mutex_unlock (&lock) ;
    if (gbgpu_model_trace_enabled ())
    {
        fprintf (stderr, "gbgpu model: on the GPU took up %.3g ms (predicted %.3g), kernels "
            "with setup %.3g (%.3g, first use %.3g), down %.3g (%.3g), finish %.3g (%.3g), "
            "%.3g entries (estimated %.3g)\n",
            1e3 * seconds [GBGPU_PART_UPLOAD], 1e3 * p.part [GBGPU_COST_UPLOAD],
            1e3 * kernels, 1e3 * p.part [GBGPU_COST_KERNEL], 1e3 * p.first_use,
            1e3 * seconds [GBGPU_PART_DOWNLOAD], 1e3 * p.part [GBGPU_COST_DOWNLOAD],
            1e3 * seconds [GBGPU_PART_FINISH], 1e3 * p.part [GBGPU_COST_FINISH],
            t_entries, s->t_entries) ;
    }
}

void gbgpu_auto_learn_cpu (const gbgpu_plan *plan, double seconds, double t_entries)
{
    const gbgpu_cost_sizes *s = &plan->cost ;
    if (!s->modelled) return ;
    gbgpu_cost_prediction p ;
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_predict (&p, &model, s) ;
    gbgpu_cost_learn (&model, s, GBGPU_COST_CPU, seconds) ;
    gbgpu_cost_learn_fill (&model, s, t_entries) ;
    // the site's miss against the line as it now stands (not counted twice)
    gbgpu_cost_prediction learned ;
    gbgpu_cost_predict (&learned, &model, s) ;
    gbgpu_call_site_cpu_measured (plan, seconds / learned.cpu_seconds) ;
    pthread_mutex_unlock (&lock) ;
    // kept on the CPU while its kernels are not loaded: what that forwent,
    // the CPU's measured time over the GPU's predicted one, counts toward
    // their load (cost_model.c, first use).  The CPU's prediction starts
    // optimistic and learns behind a program's growing calls (a BFS's
    // levels: 2x low for several levels), so the measured time counts.  A
    // slow outlier on the CPU (a first call finishing its inputs' pending
    // work) can pay the load at once: it costs at most that one load.  A
    // compiled-in semiring's kernels are loaded in the background besides
    // (load_ahead.c), which ends the charge for its next calls.
    if (s->first_use > 0)
    {
        gbgpu_kernel_set kernels = gbgpu_kernel_set_of (plan) ;
        gbgpu_kernel_set_forgo (&kernels,
            seconds - (p.gpu_seconds - p.first_use) * GBGPU_COST_MARGIN) ;
        if (!plan->run_time) gbgpu_load_ahead_request (plan->semiring) ;
    }
    if (gbgpu_model_trace_enabled ())
        fprintf (stderr, "gbgpu model: on the CPU took %.3g ms (predicted %.3g), %.3g entries "
            "(estimated %.3g)\n", 1e3 * seconds, 1e3 * p.cpu_seconds, t_entries, s->t_entries) ;
}

void gbgpu_auto_calibrate (const gbgpu_cost_calibration *c)
{
    pthread_mutex_lock (&lock) ;
    make_model () ;
    gbgpu_cost_calibrate (&model, c) ;
    pthread_mutex_unlock (&lock) ;
    if (!gbgpu_model_trace_enabled ()) return ;
    const char *names [3] = { "upload", "kernels", "download" } ;
    for (int q = 0 ; q < 3 ; q++)
    {
        fprintf (stderr, "gbgpu model: calibration %s: %.3g ms for %.3g units, %.3g ms for %.3g\n",
            names [q], 1e3 * c->small [q].seconds, c->small [q].units,
            1e3 * c->large [q].seconds, c->large [q].units) ;
    }
    fprintf (stderr, "gbgpu model: calibration bitmap upload: %.3g ms for %.3g bytes\n",
        1e3 * c->bitmap.seconds, c->bitmap.units) ;
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
    stats->model_cell_upload_rate = rate_of (&l [GBGPU_COST_UPLOAD], 2) ;
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
