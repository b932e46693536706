// plugin/plan/cost_model.c: policy auto's cost model: a call's predicted time on the GPU
// and on the CPU, and how measurements move it.
// SPDX-License-Identifier: Apache-2.0
//
// Products are a small part of a GPU call's time (a BFS level spends most
// of it moving the mask and A over the bus, and on fixed costs), so the
// model predicts the whole call, each part as a line in its sizes
// (call_sizes.c reads them from the matrices, as run/upload.c will send them):
//
//   upload   = per upload x matrices sent + CSR bytes / host-to-device rate
//              (staged through pinned memory) + a bitmap's or full matrix's
//              cell bytes / their rate (straight from the user's pageable
//              arrays, and the device makes their CSR: a BFS's mask) +
//              entries copied on the host first (other storage, the other
//              orientation, typecasts) / host copy rate
//   kernel   = per call + work / the kernels' rate + rows of T x per row
//              + the first use of the call's kernel set in the process
//              (less the savings its calls forwent on the CPU, below)
//   download = per call + T's bytes / device-to-host rate, T's entries
//              estimated as the cells the mask allows, each hit with
//              probability 1 - exp (-products / cells): products that land
//              on the same cell are one entry (never more than products);
//              times the fill learned from the calls' measured entries
//              (graphs' products collide far more than random ones)
//   finish   = per call + entries of T, C and M / the host's rate of the
//              library's final step (nothing but the pack when T goes
//              straight into C)
//   CPU      = per call + work / the library's rate + entries of M and C
//              as held (a bitmap: every cell) / its rate over them
//
// and takes the GPU when GPU time x GBGPU_COST_MARGIN < CPU time.  The work
// is the products (product_estimate.c: from the matrices' arrays, as
// power-law graphs need), or for a masked dot product its merge steps
// counted in products (masked_dot_choice.c), whose kind has lines of its own.
// docs/policy.md gives the measurements behind each rule below.
//
// First use: CUDA loads a kernel at its first launch, milliseconds for a
// product's kernels, and a run-time semiring is compiled first (seconds) or
// read from the disk cache.  A call whose kernel set (semiring x path:
// unmasked, T<M>, T<!M>, masked dot; kernel_sets.c) has not run in the
// process is charged that, once.  A single small call must not pay it on the
// GPU, yet a program of many such calls (a BFS's levels) should pay it once
// and gain on the rest: the charge is reduced by what the set's calls kept
// on the CPU forwent (the CPU's measured time - the GPU's predicted x
// margin; auto_policy.c, kernel_sets.c adds it up), the rent-or-buy rule:
// renting (the CPU) never costs more than the purchase (the load) before the
// purchase is made.
//
// Rates: the GPU's start from priors, replaced at the device's start by a
// calibration (calibrate_device.c times a tiny product for the fixed costs
// and a larger one for the rates, each in its three parts, and a bitmap's
// upload for the cells' rate).  The CPU's start from an optimistic prior (a
// fast core times the library's threads), so that an unknown call errs to
// the CPU, the side "never slower with gbgpu loaded" is measured against;
// every call the model keeps on the CPU is timed and teaches the CPU's line,
// so a CPU slower than the prior sends the next calls to the GPU.  Every GPU
// call teaches the GPU's lines with its measured parts (the stats' upload,
// kernel, download, finish).  A measurement moves each term of the line by
// its share of the prediction, geometrically: a fixed-cost bound call moves
// the fixed cost, a large call the rate.  One call cannot flip everything:
// the ratio measured/predicted counts at most 16, and with weight 1/2 for
// the first measurement (the prior or calibration counts as one), falling to
// 1/4: a call at most quadruples a term; every term stays within a factor
// 1000 of its prior.  On the CPU's line, a miss by more than 2x the same way
// as the line's last measurement is the model, not an outlier, and counts in
// full (a BFS's levels under a large visited bitmap).  Not on the GPU's
// lines: they start from the device's calibration, and their repeated misses
// were the host's memory (downloads into fresh pages), not the model.
//
// The lines are kept per kind of mask (unmasked, T<M>, T<!M>): the
// library's and the kernels' methods differ by it.  Limits: a kind whose
// CPU line was taught by large calls may predict small ones poorly (the
// shares split the error, they cannot tell the terms apart exactly); calls
// the model never sends to a side never teach it, which the optimistic CPU
// prior and the measured GPU calibration make the safe way round.

#include <math.h>
#include "plan/cost_model.h"

// A measurement counts at most this many times the prediction (or as little
// as its inverse) in one update.
#define MAX_RATIO 16.0
// The weight of a measurement never falls below this.
#define LEAST_WEIGHT 0.25
// A measurement this far from its prediction, either way, is a miss.
#define MISS_RATIO 2.0
// Every term stays within this factor of its prior.
#define PRIOR_RANGE 1000.0
// Timers read below this are read as this (a part that took no time).
#define LEAST_SECONDS 1e-7

// The priors, seconds per unit.  The GPU's are an H100's order of magnitude
// (a BFS level's fixed costs, the kernels' 4.5 x 10^10 products/s on
// grid3d27:100), a little slow, until the calibration
// replaces them: priors far too slow would keep every call of a process that
// never calls gbgpu_start_device off the GPU, and so uncalibrated.  The
// CPU's are fast: SuiteSparse does 6.5 x 10^7 products/s a thread on
// grid3d27:100 (0.70 s on 16 threads, H200, 2026-11-22), the prior 1.5 x 10^8
// (1.2 x 10^8 on triangles' masked C<L> = L*L on rmat:20: 1.17 x 10^10
// products in 6.3 s).  A kernel set's first use: the single masked product
// of triangles took 3.2-7.9 ms more as a process's first (the examples'
// GPU column, H100, 2026-11-24, less the graph suite's warm e2e of the same
// product: bcsstk13 6.8 - 1.6, p2p-Gnutella31 10.1 - 2.2, oregon1 7.5 -
// 4.3; karate's whole call 4.6); the prior is the top of that range, as a
// first use underestimated sends small calls to the GPU.  A run-time
// semiring's: the compile of its hash set, which a call that waits waits
// for, 0.39 s for a process's first on the H100's host and 0.26 s (median)
// after it (gbgpu-bench --jit, c8f887b, 2026-11-27; 12 ms when the disk
// cache has it, which the model does not ask), charged only when calls
// wait for it (GBGPU_JIT_WAIT 1): otherwise it compiles beside the program
// and the call that starts it goes to the library.
static gbgpu_cost_line prior_line (gbgpu_cost_part part, double cpu_threads)
{
    double threads = (cpu_threads >= 1) ? cpu_threads : 1 ;
    gbgpu_cost_line l = { { 0 }, 0, 0 } ;
    switch (part)
    {
        case GBGPU_COST_UPLOAD:
            l.seconds_per_unit [0] = 50e-6 ;        // per matrix
            l.seconds_per_unit [1] = 1 / 10e9 ;     // per CSR byte: 10 GB/s
            l.seconds_per_unit [2] = 1 / 5e9 ;      // per cell byte: 5 GB/s
            l.seconds_per_unit [3] = 5e-9 ;         // per entry copied on the host
            break ;
        case GBGPU_COST_KERNEL:     // per call, per product at 10^10 /s, per
            l.seconds_per_unit [0] = 0.5e-3 ;   // row, per first use of a
            l.seconds_per_unit [1] = 1 / 1e10 ; // compiled-in kernel set and
            l.seconds_per_unit [2] = 2e-9 ;     // of a run-time semiring
            l.seconds_per_unit [3] = 8e-3 ;
            l.seconds_per_unit [4] = 0.4 ;
            break ;
        case GBGPU_COST_DOWNLOAD:   // per call, per byte at 10 GB/s
            l.seconds_per_unit [0] = 50e-6 ;
            l.seconds_per_unit [1] = 1 / 10e9 ;
            break ;
        case GBGPU_COST_FINISH:     // per call, per entry of the final step
            l.seconds_per_unit [0] = 50e-6 ;
            l.seconds_per_unit [1] = 10e-9 ;
            break ;
        case GBGPU_COST_CPU:        // per call, per product at 1.5 x 10^8 /s a
        default:                    // thread, per entry at 10^9 /s a thread
            l.seconds_per_unit [0] = 20e-6 ;
            l.seconds_per_unit [1] = 1 / (1.5e8 * threads) ;
            l.seconds_per_unit [2] = 1 / (1e9 * threads) ;
            break ;
    }
    return l ;
}

void gbgpu_cost_model_init (gbgpu_cost_model *m, double cpu_threads)
{
    m->cpu_threads = cpu_threads ;
    m->calibrated = false ;
    for (int k = 0 ; k < GBGPU_COST_KINDS ; k++)
    {
        m->fill [k] = (gbgpu_cost_line) { { 1 }, 0, 0 } ;
        for (int p = 0 ; p < GBGPU_COST_PARTS ; p++)
            m->line [k][p] = prior_line ((gbgpu_cost_part) p, cpu_threads) ;
    }
}

void gbgpu_cost_model_set_cpu_threads (gbgpu_cost_model *m, double cpu_threads)
{
    m->cpu_threads = cpu_threads ;
    for (int k = 0 ; k < GBGPU_COST_KINDS ; k++)
    {
        gbgpu_cost_line *l = &m->line [k][GBGPU_COST_CPU] ;
        if (l->samples == 0) *l = prior_line (GBGPU_COST_CPU, cpu_threads) ;
    }
}

// The units of each term of a part's line for a call of sizes s.
static void units_of (double u [GBGPU_COST_TERMS], const gbgpu_cost_sizes *s,
    gbgpu_cost_part part)
{
    for (int k = 0 ; k < GBGPU_COST_TERMS ; k++) u [k] = (k == 0) ;
    switch (part)
    {
        case GBGPU_COST_UPLOAD:
            u [0] = s->uploads ; u [1] = s->bytes_up ; u [2] = s->cell_bytes_up ;
            u [3] = s->host_copy_entries ;
            break ;
        case GBGPU_COST_KERNEL:
            u [1] = s->work ; u [2] = s->rows ;
            u [3] = s->first_use ; u [4] = s->first_use_run_time ;
            break ;
        case GBGPU_COST_DOWNLOAD:
            u [1] = s->bytes_down ;
            break ;
        case GBGPU_COST_FINISH:
            u [1] = s->finish_entries ;
            break ;
        case GBGPU_COST_CPU:
        default:
            u [1] = s->work ; u [2] = s->cpu_entries ;
            break ;
    }
}

static double line_seconds (const gbgpu_cost_line *l, const double u [GBGPU_COST_TERMS])
{
    double t = 0 ;
    for (int k = 0 ; k < GBGPU_COST_TERMS ; k++) t += l->seconds_per_unit [k] * u [k] ;
    return t ;
}

// The sizes with T's entries as the kind's learned fill makes them: the
// bytes back, the final step's and the library's entries of T.
static gbgpu_cost_sizes filled (const gbgpu_cost_model *m, const gbgpu_cost_sizes *given)
{
    gbgpu_cost_sizes s = *given ;
    const double fewer = (1 - m->fill [s.kind].seconds_per_unit [0]) * s.t_entries ;
    s.bytes_down = fmax (s.bytes_down - fewer * s.t_entry_bytes, 0) ;
    if (s.finish_entries > 0) s.finish_entries = fmax (s.finish_entries - fewer, 0) ;
    s.cpu_entries = fmax (s.cpu_entries - fewer, 0) ;
    return s ;
}

// The decision on a prediction's times, and what the GPU would save.
static void decide (gbgpu_cost_prediction *p)
{
    p->saving = p->cpu_seconds - (p->gpu_seconds - p->first_use) * GBGPU_COST_MARGIN ;
    p->gpu = p->gpu_seconds * GBGPU_COST_MARGIN < p->cpu_seconds ;
}

void gbgpu_cost_predict (gbgpu_cost_prediction *p, const gbgpu_cost_model *m,
    const gbgpu_cost_sizes *given)
{
    const gbgpu_cost_sizes filled_sizes = filled (m, given), *s = &filled_sizes ;
    p->gpu_seconds = 0 ;
    for (int part = 0 ; part < GBGPU_COST_PARTS ; part++)
    {
        double u [GBGPU_COST_TERMS] ;
        units_of (u, s, (gbgpu_cost_part) part) ;
        p->part [part] = line_seconds (&m->line [s->kind][part], u) ;
        if (part == GBGPU_COST_KERNEL)
        {
            const double *c = m->line [s->kind][part].seconds_per_unit ;
            double load = c [3] * u [3] + c [4] * u [4] ;
            p->first_use = fmax (load - fmax (s->first_use_forgone, 0), 0) ;
            p->part [part] -= load - p->first_use ;
        }
        if (part != GBGPU_COST_CPU) p->gpu_seconds += p->part [part] ;
    }
    p->cpu_seconds = p->part [GBGPU_COST_CPU] ;
    decide (p) ;
}

void gbgpu_cost_scale_cpu (gbgpu_cost_prediction *p, double factor)
{
    p->part [GBGPU_COST_CPU] *= factor ;
    p->cpu_seconds = p->part [GBGPU_COST_CPU] ;
    decide (p) ;
}

// Each allowed cell is hit with probability 1 - exp (-products / cells):
// products landing on the same cell make one entry, and a mask bounds T by
// its entries however many products there are.
double gbgpu_cost_t_entries (double products, double cells, double allowed)
{
    if (!(cells > 0) || !(allowed > 0) || !(products > 0)) return 0 ;
    return fmin (allowed * -expm1 (-products / cells), products) ;
}


static double clamp (double x, double least, double most)
{
    return (x < least) ? least : (x > most) ? most : x ;
}

// The fill moves as the lines' terms do (geometrically, a measurement
// weighing 1/2 at first and at least 1/4), between 1/1000 and 1.
void gbgpu_cost_learn_fill (gbgpu_cost_model *m, const gbgpu_cost_sizes *s,
    double t_entries)
{
    if (!(t_entries >= 0) || !(s->t_entries >= 1) || s->kind < 0 || s->kind >= GBGPU_COST_KINDS) return ;
    gbgpu_cost_line *f = &m->fill [s->kind] ;
    const double measured = fmax (t_entries, 1) / s->t_entries ;
    const double weight = fmax (1 / (f->samples + 2), LEAST_WEIGHT) ;
    const double moved = f->seconds_per_unit [0] * pow (measured / f->seconds_per_unit [0], weight) ;
    f->seconds_per_unit [0] = clamp (moved, 1 / PRIOR_RANGE, 1) ;
    f->samples++ ;
}

void gbgpu_cost_learn (gbgpu_cost_model *m, const gbgpu_cost_sizes *given,
    gbgpu_cost_part part, double measured_seconds)
{
    const gbgpu_cost_sizes filled_sizes = filled (m, given), *s = &filled_sizes ;
    if (!(measured_seconds >= 0) || s->kind < 0 || s->kind >= GBGPU_COST_KINDS) return ;
    gbgpu_cost_line *l = &m->line [s->kind][part] ;
    double u [GBGPU_COST_TERMS] ;
    units_of (u, s, part) ;
    double predicted = line_seconds (l, u) ;
    if (!(predicted > 0)) return ;
    double ratio = clamp (fmax (measured_seconds, LEAST_SECONDS) / predicted,
        1 / MAX_RATIO, MAX_RATIO) ;
    // the CPU's line believes a repeated miss (above)
    bool repeated = false ;
    if (part == GBGPU_COST_CPU)
    {
        const int miss = (ratio > MISS_RATIO) ? 1 : (ratio < 1 / MISS_RATIO) ? -1 : 0 ;
        repeated = (miss != 0 && miss == l->miss) ;
        l->miss = miss ;
    }
    double weight = repeated ? 1 : fmax (1 / (l->samples + 2), LEAST_WEIGHT) ;
    gbgpu_cost_line prior = prior_line (part, m->cpu_threads) ;
    for (int k = 0 ; k < GBGPU_COST_TERMS ; k++)
    {
        double share = l->seconds_per_unit [k] * u [k] / predicted ;
        double c = l->seconds_per_unit [k] * pow (ratio, weight * share) ;
        l->seconds_per_unit [k] = clamp (c, prior.seconds_per_unit [k] / PRIOR_RANGE,
            prior.seconds_per_unit [k] * PRIOR_RANGE) ;
    }
    l->samples += 1 ;
}

// Seconds a unit of the large step beyond the small one's fixed cost (at
// least a tenth of the large step: a noisy fixed cost must not make the
// rate infinite); 0 when the samples are unusable.
static double per_unit (gbgpu_cost_sample small, gbgpu_cost_sample large)
{
    if (!(small.seconds >= 0) || !(large.seconds > 0) || !(large.units > 0)) return 0 ;
    return fmax (large.seconds - small.seconds, 0.1 * large.seconds) / large.units ;
}

// The fixed cost from the small step, the rate (term 1) from the large one.
static bool line_from (gbgpu_cost_line *l, gbgpu_cost_sample small, gbgpu_cost_sample large)
{
    double rate_term = per_unit (small, large) ;
    if (rate_term == 0) return false ;
    l->seconds_per_unit [0] = fmax (small.seconds, LEAST_SECONDS) ;
    l->seconds_per_unit [1] = rate_term ;
    l->samples = 1 ;
    l->miss = 0 ;
    return true ;
}

void gbgpu_cost_calibrate (gbgpu_cost_model *m, const gbgpu_cost_calibration *c)
{
    const gbgpu_cost_part parts [3] = { GBGPU_COST_UPLOAD, GBGPU_COST_KERNEL, GBGPU_COST_DOWNLOAD } ;
    gbgpu_cost_line measured [3] ;
    for (int q = 0 ; q < 3 ; q++)
    {
        measured [q] = prior_line (parts [q], m->cpu_threads) ;
        if (!line_from (&measured [q], c->small [q], c->large [q])) return ;
    }
    measured [0].seconds_per_unit [2] = per_unit (c->small [0], c->bitmap) ;
    if (measured [0].seconds_per_unit [2] == 0) return ;
    for (int k = 0 ; k < GBGPU_COST_KINDS ; k++)
    {
        for (int q = 0 ; q < 3 ; q++)
        {
            gbgpu_cost_line *l = &m->line [k][parts [q]] ;
            if (l->samples == 0) *l = measured [q] ;
        }
    }
    m->calibrated = true ;
}
