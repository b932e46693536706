// tests/test_cost_model.c: [host] policy auto's cost model (plugin/plan/cost_model.c) on
// synthetic rates and sizes: its decisions, its calibration and its learning.
// SPDX-License-Identifier: Apache-2.0
//
// 1. Decisions, on a model calibrated as an H100-like device and a 16-thread
//    CPU: a small product stays on the CPU, a large one goes to the GPU, and
//    the same large product with a large final step or a large download
//    goes back to the CPU.
// 2. Calibration: the fixed costs are the tiny product's, the rates what
//    the larger one (and the bitmap) took beyond them; unusable samples
//    change nothing.  A bitmap's cells go up at their own rate.
// 3. Learning: a measurement moves the prediction toward itself, and many
//    bring it close; one measurement, however far off, moves it at most a
//    bounded factor, but on the CPU's line a second miss by over 2x the
//    same way counts in full; a call dominated by its fixed cost moves the fixed
//    cost, not the rate; the CPU found slower than its prior sends the call
//    to the GPU; kinds of mask learn apart; a NaN or negative time teaches
//    nothing; the CPU's prior follows the thread count until it has learned.
// 4. Masked products: T under a small mask is bounded by the mask; a masked
//    dot product's kernels follow its work, not the products, and its kind
//    learns apart from T<M>'s; triangles' C<L> = L*L on rmat:20 (1.17e10
//    products, CPU 6.3 s, GPU 0.49 s on an H100) is predicted seconds on
//    the CPU and goes to the GPU, its first use included.
// 5. First use: a kernel set not loaded adds the load to the kernels once
//    (the record in plan/kernel_sets.c: loaded after a GPU call, per
//    semiring and path); a small call stays on the CPU for it; calls kept
//    on the CPU lower it by what they forwent, until a repeated call goes to
//    the GPU; a run-time semiring's first use adds its compile.
// 6. Fill: T's entries measured far under the estimate (MCL's expansions on
//    hep-th: 1.8%) shrink the download, the final step and the CPU's
//    entries of the next calls of that kind, and turn a call the download
//    kept on the CPU to the GPU; the fill stays at most 1, and a kind learns
//    it apart from the others.
// 7. Call sites (plugin/plan/call_sites.c): a site's last miss on the CPU
//    scales its next CPU prediction and sends a call the line keeps on the
//    CPU to the GPU, at that site only; the CPU is measured again after 4,
//    then 8 such calls, the factor kept meanwhile; a measurement without the
//    miss gives the line's decision back and the count starts at 4 again; a
//    forgotten factor gives the line's decision back; 16 newer sites replace
//    the least recently used.

#include "test_support.h"
#include "plan/plan.h"

#include <math.h>

// A device whose fixed costs are 20 us an upload, 100 us a product's kernels
// and 20 us a download; 20 GB/s each way, 5 GB/s for a bitmap's cells;
// 10^10 products a second.
static gbgpu_cost_calibration h100_like (void)
{
    gbgpu_cost_calibration c = { 0 } ;
    c.small [0] = (gbgpu_cost_sample) { 20e-6, 100 } ;
    c.small [1] = (gbgpu_cost_sample) { 100e-6, 4 } ;
    c.small [2] = (gbgpu_cost_sample) { 20e-6, 100 } ;
    c.large [0] = (gbgpu_cost_sample) { 20e-6 + 12.6e6 / 20e9, 12.6e6 } ;
    c.large [1] = (gbgpu_cost_sample) { 100e-6 + 16777216 / 1e10, 16777216 } ;
    c.large [2] = (gbgpu_cost_sample) { 20e-6 + 25e6 / 20e9, 25e6 } ;
    c.bitmap = (gbgpu_cost_sample) { 20e-6 + 16.8e6 / 5e9, 16.8e6 } ;
    return c ;
}

static gbgpu_cost_model calibrated_model (void)
{
    gbgpu_cost_model m ;
    gbgpu_cost_model_init (&m, 16) ;
    gbgpu_cost_calibration c = h100_like () ;
    gbgpu_cost_calibrate (&m, &c) ;
    return m ;
}

static gbgpu_cost_sizes call_of (double products, double bytes_up, double bytes_down,
    double finish_entries)
{
    gbgpu_cost_sizes s = { 0 } ;
    s.modelled = true ;
    s.kind = GBGPU_COST_UNMASKED ;
    s.products = products ;
    s.work = products ;
    s.rows = 1000 ;
    s.uploads = 2 ;
    s.bytes_up = bytes_up ;
    s.bytes_down = bytes_down ;
    s.finish_entries = finish_entries ;
    s.cpu_entries = finish_entries ;
    return s ;
}

static gbgpu_cost_prediction predict (const gbgpu_cost_model *m, const gbgpu_cost_sizes *s)
{
    gbgpu_cost_prediction p ;
    gbgpu_cost_predict (&p, m, s) ;
    return p ;
}

static void check_decision (const char *what, const gbgpu_cost_model *m,
    const gbgpu_cost_sizes *s, bool gpu)
{
    gbgpu_cost_prediction p = predict (m, s) ;
    ts_check (p.gpu == gpu && p.gpu_seconds > 0 && p.cpu_seconds > 0,
        "%s: predicted GPU %.3g s, CPU %.3g s: %s (expected %s)", what,
        p.gpu_seconds, p.cpu_seconds, p.gpu ? "GPU" : "CPU", gpu ? "GPU" : "CPU") ;
}

static void test_decisions (void)
{
    gbgpu_cost_model m = calibrated_model () ;
    gbgpu_cost_sizes small = call_of (1e4, 1e5, 1e5, 0) ;
    check_decision ("small product", &m, &small, false) ;
    gbgpu_cost_sizes large = call_of (1e10, 1e8, 1e8, 0) ;
    check_decision ("large product", &m, &large, true) ;
    gbgpu_cost_sizes finish = large ;
    finish.finish_entries = 1e9 ;
    finish.cpu_entries = 0 ;
    check_decision ("large product, large final step", &m, &finish, false) ;
    gbgpu_cost_sizes download = large ;
    download.bytes_down = 1e11 ;
    check_decision ("large product, large download", &m, &download, false) ;
    gbgpu_cost_sizes cells = large ;
    cells.cell_bytes_up = cells.bytes_up ;
    cells.bytes_up = 0 ;
    double csr_up = predict (&m, &large).part [GBGPU_COST_UPLOAD] ;
    double cells_up = predict (&m, &cells).part [GBGPU_COST_UPLOAD] ;
    ts_check (cells_up > 3.9 * csr_up && cells_up < 4.1 * csr_up,
        "100 MB as a bitmap's cells: %.3g s to upload, as CSR %.3g s (expected 4x)",
        cells_up, csr_up) ;
    gbgpu_cost_prediction p = predict (&m, &large) ;
    double sum = 0 ;
    for (int k = 0 ; k < GBGPU_COST_CPU ; k++) sum += p.part [k] ;
    ts_check (fabs (sum - p.gpu_seconds) <= 1e-12 * sum && p.part [GBGPU_COST_CPU] == p.cpu_seconds,
        "the GPU's parts add up to %.6g s, predicted %.6g s", sum, p.gpu_seconds) ;
}

static void test_calibration (void)
{
    gbgpu_cost_model m = calibrated_model () ;
    const gbgpu_cost_line *up = &m.line [GBGPU_COST_MASKED][GBGPU_COST_UPLOAD] ;
    const gbgpu_cost_line *kernel = &m.line [GBGPU_COST_COMPLEMENTED][GBGPU_COST_KERNEL] ;
    ts_check (m.calibrated && fabs (up->seconds_per_unit [0] - 20e-6) < 1e-12
        && fabs (1 / up->seconds_per_unit [1] - 20e9) < 1e-3 * 20e9
        && fabs (1 / up->seconds_per_unit [2] - 5e9) < 1e-3 * 5e9
        && fabs (kernel->seconds_per_unit [0] - 100e-6) < 1e-12
        && fabs (1 / kernel->seconds_per_unit [1] - 1e10) < 1e-3 * 1e10,
        "calibrated: upload %.3g s + %.3g B/s, kernels %.3g s + %.3g products/s",
        up->seconds_per_unit [0], 1 / up->seconds_per_unit [1],
        kernel->seconds_per_unit [0], 1 / kernel->seconds_per_unit [1]) ;

    gbgpu_cost_model prior ;
    gbgpu_cost_model_init (&prior, 16) ;
    gbgpu_cost_model bad = prior ;
    gbgpu_cost_sizes large = call_of (1e10, 1e8, 1e8, 0) ;
    for (int unusable = 0 ; unusable < 2 ; unusable++)
    {
        gbgpu_cost_calibration c = h100_like () ;
        if (unusable == 0) c.large [1].seconds = 0 ;
        else c.bitmap.units = 0 ;
        gbgpu_cost_calibrate (&bad, &c) ;
        ts_check (!bad.calibrated
            && predict (&bad, &large).gpu_seconds == predict (&prior, &large).gpu_seconds,
            "an unusable calibration (%s) changed the model", unusable ? "bitmap" : "kernels") ;
    }
}

static double kernel_seconds (const gbgpu_cost_model *m, const gbgpu_cost_sizes *s)
{
    return predict (m, s).part [GBGPU_COST_KERNEL] ;
}

static void test_learning (void)
{
    // toward the measurement, and close after many
    gbgpu_cost_model m = calibrated_model () ;
    gbgpu_cost_sizes large = call_of (1e10, 1e8, 1e8, 0) ;
    double before = kernel_seconds (&m, &large) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 4 * before) ;
    double once = kernel_seconds (&m, &large) ;
    ts_check (once > 1.2 * before && once < 4 * before,
        "one measurement 4x the prediction moved it %.3gx", once / before) ;
    for (int k = 0 ; k < 30 ; k++) gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 4 * before) ;
    double many = kernel_seconds (&m, &large) ;
    ts_check (fabs (many / (4 * before) - 1) < 0.05,
        "31 measurements 4x the prediction moved it %.3gx", many / before) ;

    // one far-off call moves a well-learned line at most 16^(1/4) = 2x
    double settled = kernel_seconds (&m, &large) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 1000 * settled) ;
    double outlier = kernel_seconds (&m, &large) ;
    ts_check (outlier > settled && outlier <= 2.0001 * settled,
        "a call 1000x slower moved the prediction %.3gx", outlier / settled) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 0) ;
    double fast = kernel_seconds (&m, &large) ;
    ts_check (fast < outlier && fast >= outlier / 2.0001,
        "a call that took no time moved the prediction %.3gx", fast / outlier) ;

    // on the CPU's line, a second miss by more than 2x the same way counts
    // in full (the model is wrong, not the call); a GPU line, calibrated on
    // the device, keeps its bounded step
    m = calibrated_model () ;
    before = predict (&m, &large).cpu_seconds ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_CPU, 10 * before) ;
    once = predict (&m, &large).cpu_seconds ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_CPU, 10 * before) ;
    double twice = predict (&m, &large).cpu_seconds ;
    ts_check (once < 5 * before && twice > 8 * before && twice < 10.0001 * before,
        "two CPU measurements 10x the prediction moved it %.3gx, then %.3gx",
        once / before, twice / before) ;
    before = kernel_seconds (&m, &large) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 10 * before) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, 10 * before) ;
    twice = kernel_seconds (&m, &large) ;
    ts_check (twice > 1.5 * before && twice < 5 * before,
        "two kernel measurements 10x the prediction moved it %.3gx", twice / before) ;

    // a call that is all fixed cost moves the fixed cost, not the rate
    m = calibrated_model () ;
    gbgpu_cost_sizes tiny = call_of (100, 1e3, 1e3, 0) ;
    const gbgpu_cost_line *kernel = &m.line [GBGPU_COST_UNMASKED][GBGPU_COST_KERNEL] ;
    double fixed = kernel->seconds_per_unit [0], per_product = kernel->seconds_per_unit [1] ;
    gbgpu_cost_learn (&m, &tiny, GBGPU_COST_KERNEL, 3 * kernel_seconds (&m, &tiny)) ;
    ts_check (kernel->seconds_per_unit [0] > 1.3 * fixed
        && fabs (kernel->seconds_per_unit [1] / per_product - 1) < 0.01,
        "a fixed-cost call moved the fixed cost %.3gx and the rate %.3gx",
        kernel->seconds_per_unit [0] / fixed, kernel->seconds_per_unit [1] / per_product) ;

    // the CPU slower than its prior: the call goes to the GPU
    m = calibrated_model () ;
    gbgpu_cost_sizes mid = call_of (5e6, 2e7, 2e7, 0) ;
    gbgpu_cost_prediction p = predict (&m, &mid) ;
    ts_check (!p.gpu, "a mid-size product went to the GPU on the CPU's prior (GPU %.3g s, CPU %.3g s)",
        p.gpu_seconds, p.cpu_seconds) ;
    int calls = 0 ;
    for ( ; calls < 10 && !predict (&m, &mid).gpu ; calls++)
        gbgpu_cost_learn (&m, &mid, GBGPU_COST_CPU, 5 * p.gpu_seconds) ;
    ts_check (predict (&m, &mid).gpu && calls <= 3,
        "a CPU 5x slower than the GPU took %d measured calls to send the call to the GPU", calls) ;

    // kinds learn apart
    m = calibrated_model () ;
    gbgpu_cost_sizes masked = large ;
    masked.kind = GBGPU_COST_COMPLEMENTED ;
    before = kernel_seconds (&m, &large) ;
    gbgpu_cost_learn (&m, &masked, GBGPU_COST_KERNEL, 10 * before) ;
    ts_check (kernel_seconds (&m, &large) == before && kernel_seconds (&m, &masked) > before,
        "a T<!M> call's measurement moved the unmasked line") ;

    // nothing learned from a NaN or a negative time
    gbgpu_cost_model same = m ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, NAN) ;
    gbgpu_cost_learn (&m, &large, GBGPU_COST_KERNEL, -1) ;
    ts_check (kernel_seconds (&m, &large) == kernel_seconds (&same, &large),
        "a NaN or negative time moved the model") ;

    // the CPU's prior follows the threads, until a kind has learned
    m = calibrated_model () ;
    gbgpu_cost_learn (&m, &masked, GBGPU_COST_CPU, 1) ;
    double cpu_16 = predict (&m, &large).cpu_seconds, learned = predict (&m, &masked).cpu_seconds ;
    gbgpu_cost_model_set_cpu_threads (&m, 32) ;
    double cpu_32 = predict (&m, &large).cpu_seconds ;
    ts_check (fabs (cpu_32 / cpu_16 - 0.5) < 0.01 && predict (&m, &masked).cpu_seconds == learned,
        "32 threads instead of 16: the CPU's prior %.3gx, a learned kind's %.3gx",
        cpu_32 / cpu_16, predict (&m, &masked).cpu_seconds / learned) ;
}

// Triangles' C<L> = L*L on rmat:20 as call_sizes.c sizes it: L (15.7M
// entries, 2^20 rows, no values) up once, T bounded by L, the final step
// over T and M.
static gbgpu_cost_sizes rmat20_triangles (void)
{
    const double rows = 1048576, entries = 15699189, products = 1.17e10 ;
    gbgpu_cost_sizes s = { 0 } ;
    s.modelled = true ;
    s.kind = GBGPU_COST_MASKED ;
    s.products = products ;
    s.work = products ;
    s.rows = rows ;
    s.uploads = 1 ;
    s.bytes_up = (rows + 1) * 8 + entries * 4 ;
    double t = gbgpu_cost_t_entries (products, rows * rows, entries) ;
    s.bytes_down = (rows + 1) * 8 + t * 12 ;
    s.finish_entries = t + entries ;
    s.cpu_entries = t + entries ;
    s.first_use = 1 ;
    return s ;
}

static void test_masked (void)
{
    // T under a mask of 1000 entries: at most 1000, however many products
    double small_mask = gbgpu_cost_t_entries (1e9, 1e10, 1000) ;
    double unmasked = gbgpu_cost_t_entries (1e9, 1e10, 1e10) ;
    ts_check (small_mask <= 1000 && small_mask > 90 && unmasked > 9e8 * 0.1
        && gbgpu_cost_t_entries (100, 1e10, 1e10) <= 100,
        "T's entries: %.3g under a 1000-entry mask, %.3g unmasked (1e9 products, 1e10 cells)",
        small_mask, unmasked) ;

    // a masked dot product's kernels: its work (merge steps), not the products
    gbgpu_cost_model m = calibrated_model () ;
    gbgpu_cost_sizes saxpy = call_of (1e10, 1e8, 1e6, 0) ;
    saxpy.kind = GBGPU_COST_MASKED ;
    gbgpu_cost_sizes dot = saxpy ;
    dot.kind = GBGPU_COST_MASKED_DOT ;
    dot.work = 1e8 ;
    ts_check (kernel_seconds (&m, &dot) < 0.05 * kernel_seconds (&m, &saxpy),
        "a masked dot product of 1e8 steps for 1e10 products: kernels %.3g s, the row-wise %.3g s",
        kernel_seconds (&m, &dot), kernel_seconds (&m, &saxpy)) ;
    double before = kernel_seconds (&m, &saxpy) ;
    gbgpu_cost_learn (&m, &dot, GBGPU_COST_KERNEL, 10 * kernel_seconds (&m, &dot)) ;
    ts_check (kernel_seconds (&m, &saxpy) == before,
        "a masked dot product's measurement moved T<M>'s row-wise line") ;

    // triangles on rmat:20: seconds on the CPU (6.3 measured), the GPU's
    // rates make it far faster, first use and the final step included
    m = calibrated_model () ;
    gbgpu_cost_sizes tri = rmat20_triangles () ;
    gbgpu_cost_prediction p = predict (&m, &tri) ;
    ts_check (p.gpu && p.cpu_seconds > 3 && p.cpu_seconds < 13 && p.first_use > 0,
        "triangles on rmat:20: GPU %.3g s (first use %.3g ms), CPU %.3g s: %s (expected the GPU, "
        "the CPU 3-13 s)", p.gpu_seconds, 1e3 * p.first_use, p.cpu_seconds, p.gpu ? "GPU" : "CPU") ;
}

static void test_first_use (void)
{
    gbgpu_cost_model m = calibrated_model () ;
    // about triangles on oregon1_010331 (1.45e6 products, 22002 entries)
    gbgpu_cost_sizes small = call_of (1.45e6, 2.6e5, 1e5, 4.4e4) ;
    small.kind = GBGPU_COST_MASKED ;
    gbgpu_cost_sizes loaded = small ;
    small.first_use = 1 ;
    gbgpu_cost_prediction cold = predict (&m, &small), warm = predict (&m, &loaded) ;
    ts_check (cold.first_use >= 5e-3 && warm.first_use == 0
        && fabs (cold.gpu_seconds - warm.gpu_seconds - cold.first_use) < 1e-9
        && !cold.gpu,
        "first use: %.3g ms more on the GPU (%.3g vs %.3g ms), decided %s (expected the CPU)",
        1e3 * cold.first_use, 1e3 * cold.gpu_seconds, 1e3 * warm.gpu_seconds,
        cold.gpu ? "GPU" : "CPU") ;

    // a call the GPU does faster once loaded: kept on the CPU while the load
    // is larger than what it forwent, then on the GPU
    gbgpu_cost_sizes repeated = call_of (2e7, 1e6, 1e6, 0) ;
    repeated.first_use = 1 ;
    const double load = predict (&m, &repeated).first_use ;
    int cpu_calls = 0 ;
    double saving = 0 ;
    for ( ; cpu_calls < 100 && !predict (&m, &repeated).gpu ; cpu_calls++)
    {
        saving = predict (&m, &repeated).saving ;
        repeated.first_use_forgone += saving ;
    }
    // rent or buy: no more forgone than the load and one call's saving
    ts_check (cpu_calls >= 1 && cpu_calls < 100 && saving > 0
        && repeated.first_use_forgone <= load + saving,
        "a repeated call (%.3g ms saved a call, load %.3g ms) went to the GPU after %d on the "
        "CPU, %.3g ms forgone", 1e3 * saving, 1e3 * load, cpu_calls,
        1e3 * repeated.first_use_forgone) ;

    // a run-time semiring's first use adds its compile
    gbgpu_cost_sizes jit = small ;
    jit.first_use_run_time = 1 ;
    ts_check (predict (&m, &jit).first_use > 0.3,
        "a run-time semiring's first use: %.3g s", predict (&m, &jit).first_use) ;

    // the record: per semiring and path, loaded once a GPU call ran it
    gbgpu_kernel_set a = { .semiring = { GBGPU_ADD_PLUS, GBGPU_MULT_PAIR, GBGPU_TYPE_INT64 },
        .run_time = false, .jit = NULL, .path = GBGPU_COST_MASKED } ;
    gbgpu_kernel_set other_path = a, other_type = a ;
    other_path.path = GBGPU_COST_MASKED_DOT ;
    other_type.semiring.type = GBGPU_TYPE_INT32 ;
    double forgone = -1 ;
    bool was = gbgpu_kernel_set_loaded (&a, &forgone) ;
    gbgpu_kernel_set_forgo (&a, 1e-3) ;
    gbgpu_kernel_set_forgo (&a, 2e-3) ;
    gbgpu_kernel_set_forgo (&a, -1) ;
    double after = 0 ;
    bool still = gbgpu_kernel_set_loaded (&a, &after) ;
    gbgpu_kernel_set_mark_loaded (&a) ;
    double ignored ;
    ts_check (!was && forgone == 0 && !still && fabs (after - 3e-3) < 1e-12
        && gbgpu_kernel_set_loaded (&a, &ignored)
        && !gbgpu_kernel_set_loaded (&other_path, &ignored)
        && !gbgpu_kernel_set_loaded (&other_type, &ignored),
        "kernel sets: loaded before %d (forgone %.3g), after forgoing %.3g ms %d, "
        "marked: itself %d, another path %d, another type %d", was, forgone, 1e3 * after, still,
        gbgpu_kernel_set_loaded (&a, &ignored), gbgpu_kernel_set_loaded (&other_path, &ignored),
        gbgpu_kernel_set_loaded (&other_type, &ignored)) ;

    // two run-time semirings of user operators: the same (absent) codes,
    // two compiled entries; one loaded says nothing of the other
    static char entries [2] ;
    gbgpu_kernel_set user = { .semiring = { 0, 0, 0 }, .run_time = true,
        .jit = (const gbgpu_jit_entry *) &entries [0], .path = GBGPU_COST_UNMASKED } ;
    gbgpu_kernel_set other_user = user ;
    other_user.jit = (const gbgpu_jit_entry *) &entries [1] ;
    gbgpu_kernel_set_mark_loaded (&user) ;
    ts_check (gbgpu_kernel_set_loaded (&user, &ignored) && !gbgpu_kernel_set_loaded (&other_user, &ignored),
        "a run-time semiring counted as loaded because another with the same codes ran") ;
}

// MCL's first expansion on hep-th: 1.05e7 products, 9.96e6 entries
// estimated (12 bytes each back), 1.77e5 found.
static void test_fill (void)
{
    gbgpu_cost_model m = calibrated_model () ;
    gbgpu_cost_sizes s = call_of (1.05e7, 2.2e6, 0, 0) ;
    s.t_entries = 9.96e6 ;
    s.t_entry_bytes = 12 ;
    s.bytes_down = s.t_entries * s.t_entry_bytes ;
    s.finish_entries = s.cpu_entries = s.t_entries ;
    gbgpu_cost_learn (&m, &s, GBGPU_COST_CPU, 40e-3) ;    // a slow CPU
    const gbgpu_cost_prediction before = predict (&m, &s) ;
    for (int k = 0 ; k < 8 ; k++) gbgpu_cost_learn_fill (&m, &s, 1.77e5) ;
    const gbgpu_cost_prediction after = predict (&m, &s) ;
    const double fill = m.fill [GBGPU_COST_UNMASKED].seconds_per_unit [0] ;
    ts_check (fill < 0.03 && fill > 0.012 && after.part [GBGPU_COST_DOWNLOAD] < 0.1 * before.part [GBGPU_COST_DOWNLOAD]
        && after.part [GBGPU_COST_FINISH] < before.part [GBGPU_COST_FINISH] && !before.gpu && after.gpu,
        "fill %.3g after 8 calls of 1.8%% (down %.3g -> %.3g ms, %s -> %s)", fill,
        1e3 * before.part [GBGPU_COST_DOWNLOAD], 1e3 * after.part [GBGPU_COST_DOWNLOAD],
        before.gpu ? "GPU" : "CPU", after.gpu ? "GPU" : "CPU") ;
    gbgpu_cost_learn_fill (&m, &s, 1e9) ;
    gbgpu_cost_sizes masked = s ;
    masked.kind = GBGPU_COST_MASKED ;
    ts_check (m.fill [GBGPU_COST_UNMASKED].seconds_per_unit [0] <= 1
        && m.fill [GBGPU_COST_MASKED].seconds_per_unit [0] == 1
        && predict (&m, &masked).part [GBGPU_COST_DOWNLOAD] == before.part [GBGPU_COST_DOWNLOAD],
        "fill over 1, or learned across kinds: %.3g, T<M> %.3g",
        m.fill [GBGPU_COST_UNMASKED].seconds_per_unit [0], m.fill [GBGPU_COST_MASKED].seconds_per_unit [0]) ;
}

// A plan at a site: A, B and M are distinct fake handles (compared, never
// read), the semiring and path fixed.
static gbgpu_plan plan_at (int site)
{
    static char handles [64] ;
    gbgpu_plan plan = { 0 } ;
    plan.semiring = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    plan.A.matrix = (GrB_Matrix) &handles [0] ;
    plan.B.matrix = (GrB_Matrix) &handles [1] ;
    plan.M.matrix = (GrB_Matrix) &handles [2 + site] ;
    plan.mask_complement = true ;
    return plan ;
}

static bool decided_gpu (const gbgpu_plan *plan, const gbgpu_cost_prediction *line, double *factor)
{
    gbgpu_cost_prediction p = *line ;
    *factor = gbgpu_call_site_adjust (plan, &p) ;
    return p.gpu ;
}

static void test_call_sites (void)
{
    // a call the line keeps on the CPU, whose GPU time (with the margin) is
    // 2-10x the CPU's prediction
    gbgpu_cost_model m = calibrated_model () ;
    gbgpu_cost_prediction line = { 0 } ;
    bool found = false ;
    for (double products = 1e3 ; products < 1e10 && !found ; products *= 1.5)
    {
        gbgpu_cost_sizes s = call_of (products, 1e5, 1e5, 0) ;
        line = predict (&m, &s) ;
        const double r = line.gpu_seconds * GBGPU_COST_MARGIN / line.cpu_seconds ;
        found = !line.gpu && r > 2 && r < 10 ;
    }
    ts_check (found, "a call the CPU's line keeps, the GPU 2-10x its time") ;
    if (!found) return ;
    const gbgpu_plan site = plan_at (0), other = plan_at (1) ;
    double factor ;
    bool gpu = decided_gpu (&site, &line, &factor) ;
    ts_check (!gpu && factor == 1, "a new site: the line's decision (%s, factor %.3g)",
        gpu ? "GPU" : "CPU", factor) ;
    // the site's CPU call took 30x the line's prediction (a BFS's second
    // level on oregon1, H200)
    gbgpu_call_site_cpu_measured (&site, 30) ;
    for (int call = 1 ; call <= 4 ; call++)
    {
        gpu = decided_gpu (&site, &line, &factor) ;
        ts_check (gpu && factor == 30, "after a 30x miss, call %d at the site: %s (factor %.3g)",
            call, gpu ? "GPU" : "CPU", factor) ;
    }
    gpu = decided_gpu (&other, &line, &factor) ;
    ts_check (!gpu && factor == 1, "another mask, another site: %s (factor %.3g)",
        gpu ? "GPU" : "CPU", factor) ;
    gpu = decided_gpu (&site, &line, &factor) ;
    ts_check (!gpu && factor == 1 && gbgpu_call_site_cpu_factor (&site) == 30,
        "the 5th call the factor would send: the CPU again (%s), the factor kept (%.3g)",
        gpu ? "GPU" : "CPU", gbgpu_call_site_cpu_factor (&site)) ;
    gbgpu_call_site_cpu_measured (&site, 30) ;
    int to_gpu = 0 ;
    while (decided_gpu (&site, &line, &factor) && to_gpu < 100) to_gpu++ ;
    ts_check (to_gpu == 8, "the miss again: %d calls to the GPU before the CPU (expected 8)",
        to_gpu) ;
    // an outlier: the CPU's next call at the site is as the line said
    gbgpu_call_site_cpu_measured (&site, 1.1) ;
    gpu = decided_gpu (&site, &line, &factor) ;
    ts_check (!gpu && factor == 1, "a measurement without the miss: the CPU (%s, factor %.3g)",
        gpu ? "GPU" : "CPU", factor) ;
    gbgpu_call_site_cpu_measured (&site, 30) ;
    to_gpu = 0 ;
    while (decided_gpu (&site, &line, &factor) && to_gpu < 100) to_gpu++ ;
    ts_check (to_gpu == 4, "a miss after one without: %d calls to the GPU before the CPU "
        "(expected 4)", to_gpu) ;
    gbgpu_call_site_cpu_measured (&site, 30) ;
    gbgpu_call_site_forget_factor (&site) ;
    gpu = decided_gpu (&site, &line, &factor) ;
    ts_check (!gpu && factor == 1, "a forgotten factor: the CPU (%s, factor %.3g)",
        gpu ? "GPU" : "CPU", factor) ;
    gbgpu_call_site_cpu_measured (&site, 30) ;
    for (int s = 1 ; s <= 16 ; s++)
    {
        const gbgpu_plan next = plan_at (s) ;
        gbgpu_call_site_cpu_measured (&next, 3) ;
    }
    gpu = decided_gpu (&site, &line, &factor) ;
    ts_check (!gpu && factor == 1, "16 newer sites later the first is gone: %s (factor %.3g)",
        gpu ? "GPU" : "CPU", factor) ;
}

int main (void)
{
    test_decisions () ;
    test_calibration () ;
    test_learning () ;
    test_masked () ;
    test_first_use () ;
    test_fill () ;
    test_call_sites () ;
    return ts_summary () ;
}
