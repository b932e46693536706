// plugin/plan/plan.h: one GrB_mxm call as a plan for the GPU, or the reason
// it goes to the library: dispatch, masked dot choice, policy auto's cost
// model and its calibration.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_PLAN_H
#define GBGPU_PLAN_H

#include <stdbool.h>
#include "core/fork.h"
#include "core/options.h"
#include "core/stats.h"
#include "graphblas/graphblas.h"
#include "graphblas/builtin_ops.h"
#include "graphblas/operand.h"
#include "jit/jit.h"
#include "plan/cost_model.h"

//------------------------------------------------------------------------------
// dispatch (dispatch.c)
//------------------------------------------------------------------------------

typedef struct
{
    gbgpu_semiring semiring ;   // compiled in (jit NULL)
    gbgpu_jit_entry *jit ;      // a run-time compiled semiring, or NULL
    bool run_time ;             // a run-time semiring (jit set once found)
    const gbgpu_cuda_module *module ;   // jit's module, once loaded (mxm_gpu.c)
    GrB_Type ttype ;            // type of T = A*B (the monoid's)
    size_t value_size ;         // of T's values
    gbgpu_operand A, B ;
    gbgpu_operand M ;           // matrix NULL when T is computed unmasked;
                                // else T<M> (or T<!M> with mask_complement)
    bool mask_complement, mask_structure, replace ;
    bool direct_to_C ;          // T is C's new content (no accum, C's type =
                                // T's, no mask or a structural one applied
                                // on the device with replace): pack into C
    bool masked_dot ;           // T<M> = A*B' by dot products: B is B's own
                                // rows (not transposed), and a valued M is
                                // read as bool (masked_dot_choice.c)
    double products ;           // estimated multiply-adds (product_estimate.c)
    gbgpu_cost_sizes cost ;     // policy auto: the sizes the cost model
                                // decided on (modelled false otherwise)
}
gbgpu_plan ;

// Fills a plan and returns true, or returns false with *reason set.
bool gbgpu_dispatch
(
    gbgpu_plan *plan,
    gbgpu_delegate_reason *reason,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
) ;

//------------------------------------------------------------------------------
// masked dot product or row-wise product (masked_dot_choice.c)
//------------------------------------------------------------------------------

// For T<M> = A*B' (M not complemented): the work of one dot product per
// entry of M, in row-wise products.  A is m x k with a_entries, B (as
// stored) n x k with b_entries.
double gbgpu_masked_dot_work (double mask_entries, double a_entries, double m,
    double b_entries, double n) ;
// True when that work is estimated below the row-wise product's (products),
// or when GBGPU_MASKED_DOT=dot forces it (=saxpy: never).
bool gbgpu_masked_dot_chosen (double dot_work, double products) ;

//------------------------------------------------------------------------------
// the products of op(A)*op(B) (product_estimate.c)
//------------------------------------------------------------------------------

// Multiply-adds of op(A)*op(B) (op(A) m x k, ta: op(A) = A'), from the
// matrices' own arrays where they are sparse, else nnz(A) x nnz(B) / k.
double gbgpu_estimate_products (const GrB_Matrix A, bool ta, double a_entries,
    const GrB_Matrix B, bool tb, double b_entries, double k) ;

//------------------------------------------------------------------------------
// kernel sets run in this process (kernel_sets.c)
//------------------------------------------------------------------------------

// A planned call's kernels: its semiring (compiled in, or a run-time one)
// and path (gbgpu_cost_kind: unmasked, T<M>, T<!M> or masked dot, as the
// kernels run it).  CUDA loads each kernel at its first launch.
typedef struct
{
    gbgpu_semiring semiring ;
    bool run_time ;
    // a run-time semiring's compiled entry, NULL until it is found: user
    // operators and types have no codes, so two such semirings differ here
    const gbgpu_jit_entry *jit ;
    gbgpu_cost_kind path ;
}
gbgpu_kernel_set ;

// A plan's kernel set (its semiring, run_time, and the path its
// masked_dot, M and mask_complement make).
gbgpu_kernel_set gbgpu_kernel_set_of (const gbgpu_plan *plan) ;
// True when the set has run on the device in this process; else *forgone:
// the savings its calls kept on the CPU forwent so far (seconds).
bool gbgpu_kernel_set_loaded (const gbgpu_kernel_set *k, double *forgone) ;
void gbgpu_kernel_set_forgo (const gbgpu_kernel_set *k, double seconds) ;
void gbgpu_kernel_set_mark_loaded (const gbgpu_kernel_set *k) ;
// Every path's set of the compiled-in semiring s (its kernels loaded ahead).
void gbgpu_kernel_sets_mark_compiled_loaded (gbgpu_semiring s) ;

//------------------------------------------------------------------------------
// compiled-in semirings' kernels loaded ahead of their first product (load_ahead.c)
//------------------------------------------------------------------------------

// At the device's start: the semirings graph programs use most, loaded now
// (GBGPU_LOAD_AHEAD; nothing under policy cpu).
gbgpu_cuda_status gbgpu_load_likely_kernels (void) ;
// s's kernels in the background, when s is compiled in (a call kept on the
// CPU while they were not loaded).
void gbgpu_load_ahead_request (gbgpu_semiring s) ;
// Around the device part of a product: no background load starts in between.
void gbgpu_load_ahead_hold (void) ;
void gbgpu_load_ahead_release (void) ;
uint64_t gbgpu_load_ahead_pending (void) ;  // semirings waiting or loading now
void gbgpu_load_ahead_stop (void) ;         // joins the thread (gbgpu_finalize, exit)

//------------------------------------------------------------------------------
// policy auto's cost model (cost_model.h; call_sizes.c, auto_policy.c)
//------------------------------------------------------------------------------

// The sizes of a planned call (plan filled, C, M and accum the user's,
// products dispatch's estimate, work the kernels': the products, or a
// masked dot product's work).
void gbgpu_cost_sizes_of (gbgpu_cost_sizes *s, const gbgpu_plan *plan,
    const GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, double products,
    double work) ;

// Entries the library touches in X as it holds it: every one of its `cells`
// when X is a bitmap or full matrix (0 when X cannot be read).
double gbgpu_held_entries (const GrB_Matrix X, double cells) ;

// The process's model on a planned call's sizes (plan->cost): true when it
// predicts the GPU faster (the decision and its predictions are counted in
// the stats; what a CPU decision forwent counts toward the kernel set's
// first use once the call is measured: gbgpu_auto_learn_cpu).  The CPU's
// prediction is scaled by the call site's last miss (call_sites.c).
bool gbgpu_auto_prefers_gpu (const gbgpu_plan *plan) ;
// A call it decided, measured: the GPU's parts (seconds by gbgpu_part), or
// the library's whole call (plan->cost its sizes), and T's entries
// (negative: not known, as when the library's result is not T itself).  Calls with sizes not modelled
// teach nothing.
void gbgpu_auto_learn_gpu (const gbgpu_plan *plan, const double seconds [GBGPU_PARTS],
    double t_entries) ;
void gbgpu_auto_learn_cpu (const gbgpu_plan *plan, double seconds, double t_entries) ;
// The device's calibration (calibrate_device.c), once.
void gbgpu_auto_calibrate (const gbgpu_cost_calibration *c) ;
bool gbgpu_auto_calibrated (void) ;
// The model's current rates into the stats.
void gbgpu_auto_report (gbgpu_stats_t *stats) ;

//------------------------------------------------------------------------------
// the CPU's last miss at a call site (call_sites.c; under auto_policy.c's lock)
//------------------------------------------------------------------------------

// A call site: the same A, B and M handles with the same semiring and path.
// Its factor: how many times longer (or shorter) than the CPU's line
// predicts the site's last call on the CPU took, 1 when it did not miss.
// p's CPU time scaled by the site's factor and decided again (but now and
// then not, to measure the CPU again); returns the factor applied.
double gbgpu_call_site_adjust (const gbgpu_plan *plan, gbgpu_cost_prediction *p) ;
// The site's factor, 1 when it has none.
double gbgpu_call_site_cpu_factor (const gbgpu_plan *plan) ;
// A call on the CPU measured: its time over the line's prediction.
void gbgpu_call_site_cpu_measured (const gbgpu_plan *plan, double factor) ;
// The factor dropped (a GPU call slower than the site's CPU prediction).
void gbgpu_call_site_forget_factor (const gbgpu_plan *plan) ;

//------------------------------------------------------------------------------
// the cost model's calibration (calibrate_device.c)
//------------------------------------------------------------------------------

// Times a tiny and a larger product on the calling thread's current device
// (started) and gives policy auto's cost model its fixed costs and rates.
gbgpu_cuda_status gbgpu_calibrate_device (void) ;

// Policy auto's first modelled call, in a process that did not call
// gbgpu_start_device: calibrates on gbgpu's device before the model decides
// (once; a failure leaves the priors).  False when a fault took the device.
bool gbgpu_calibrate_before_deciding (void) ;

#endif
