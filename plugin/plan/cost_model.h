// plugin/plan/cost_model.h: policy auto's cost model of a whole GrB_mxm call:
// its arithmetic (cost_model.c), a call's sizes (call_sizes.c), the process's
// model (auto_policy.c) and its calibration at the device's start.
// SPDX-License-Identifier: Apache-2.0
//
// cost_model.c says what the model is and why.  This header needs no
// GraphBLAS and no CUDA: the host test compiles cost_model.c alone.

#ifndef GBGPU_COST_MODEL_H
#define GBGPU_COST_MODEL_H

#include <stdbool.h>

// The parts of a call that the model predicts: four on the GPU (as the stats
// time them, run/mxm_gpu.c) and the library's GrB_mxm on the CPU.
typedef enum
{
    GBGPU_COST_UPLOAD,      // inputs to the device (private copies on the host first)
    GBGPU_COST_KERNEL,      // the product on the device
    GBGPU_COST_DOWNLOAD,    // T back to the host
    GBGPU_COST_FINISH,      // T into C: packed, or the library's final step
    GBGPU_COST_CPU,         // the whole call on the CPU, by the library
    GBGPU_COST_PARTS
}
gbgpu_cost_part ;

// Calls are modelled by the kind of their mask, which changes both sides'
// algorithms (the library's masked methods, the kernels' mask tests): a
// process's calls of one kind teach nothing about another's.
typedef enum
{
    GBGPU_COST_UNMASKED,
    GBGPU_COST_MASKED,          // T<M>
    GBGPU_COST_COMPLEMENTED,    // T<!M> (BFS's q<!visited>)
    GBGPU_COST_MASKED_DOT,      // T<M> = A*B' by one dot product per entry of
                                // M (triangles' C<L> = L*U'; the library's
                                // dot3): work per mask entry, not per product
    GBGPU_COST_KINDS
}
gbgpu_cost_kind ;

// One call as the model sees it (call_sizes.c reads it from the matrices).
typedef struct
{
    bool modelled ;             // filled: the call was decided by the model
    gbgpu_cost_kind kind ;
    double products ;           // estimated multiply-adds
    double work ;               // the kernels' and the library's work, in
                                // products: the products, or a masked dot
                                // product's merge steps (masked_dot_choice.c)
    double rows ;               // rows of T
    double uploads ;            // matrices sent to the device
    double bytes_up ;           // CSR bytes to the device (staged, pinned)
    double cell_bytes_up ;      // bitmap and full matrices' cells to the
                                // device (straight from the user's arrays;
                                // the device makes their CSR)
    double host_copy_entries ;  // entries copied on the host before the bus
                                // (storage other than CSR of op(X), typecasts)
    double bytes_down ;         // T's estimated bytes back
    double t_entries ;          // T's estimated entries (gbgpu_cost_t_entries),
                                // before the model's learned fill (below)
    double t_entry_bytes ;      // bytes of each of them back
    double finish_entries ;     // entries the library's final step reads and
                                // writes (0 when T goes straight into C)
    double cpu_entries ;        // entries the library reads or writes on the
                                // CPU besides the products (M and C as held:
                                // a bitmap counts every cell)
    double first_use ;          // 1 when the call's compiled-in kernel set
                                // has not run in this process yet (CUDA
                                // loads kernels at their first launch)
    double first_use_run_time ; // 1 when its run-time semiring has not run
                                // yet (compiled, or read from the disk cache)
    double first_use_forgone ;  // seconds the CPU's calls of that set took
                                // beyond the GPU's predictions (kernel_sets.c)
}
gbgpu_cost_sizes ;

// Seconds = sum over terms of seconds_per_unit [k] * units [k]; term 0 is
// the fixed cost (its unit: the call, or each upload).
#define GBGPU_COST_TERMS 5
typedef struct
{
    double seconds_per_unit [GBGPU_COST_TERMS] ;
    double samples ;            // measurements learned (a calibration counts one)
    int miss ;                  // the CPU's line: the last measurement's miss,
                                // +1 over twice the prediction, -1 under half
                                // of it, else 0 (a repeated one counts in full)
}
gbgpu_cost_line ;

typedef struct
{
    gbgpu_cost_line line [GBGPU_COST_KINDS][GBGPU_COST_PARTS] ;
    // T's entries measured over estimated, per kind (at most 1): products
    // of real graphs land on the same cells far more than uniformly random
    // ones would (MCL's expansions on hep-th: 1.8% of the estimate)
    gbgpu_cost_line fill [GBGPU_COST_KINDS] ;   // its term 0; samples
    double cpu_threads ;        // the library's threads the CPU prior assumes
    bool calibrated ;           // the GPU's lines were measured on the device
}
gbgpu_cost_model ;

typedef struct
{
    double part [GBGPU_COST_PARTS] ;    // predicted seconds of each part
    double first_use ;                  // of the kernel part: the first use
                                        // still charged (less what was forgone)
    double gpu_seconds ;                // upload + kernel + download + finish
    double cpu_seconds ;
    double saving ;                     // CPU - GPU without the first use: what
                                        // keeping it on the CPU forgoes
    bool gpu ;                          // GPU time x margin < CPU time
}
gbgpu_cost_prediction ;

// A GPU call takes the GPU when its predicted time times this margin is
// still below the CPU's: a model that is slightly wrong errs to the CPU.
#define GBGPU_COST_MARGIN 1.25

// Priors: the GPU's until a calibration, the CPU's for `cpu_threads`
// threads of the library (optimistic: they err to the CPU, which every
// call it keeps then measures).
void gbgpu_cost_model_init (gbgpu_cost_model *m, double cpu_threads) ;
// Sets the CPU's prior for another thread count, for kinds with no
// measurement yet.
void gbgpu_cost_model_set_cpu_threads (gbgpu_cost_model *m, double cpu_threads) ;

void gbgpu_cost_predict (gbgpu_cost_prediction *p, const gbgpu_cost_model *m,
    const gbgpu_cost_sizes *s) ;
// The prediction with the CPU's time scaled by `factor` (a call site's
// last miss: plan/call_sites.c), decided again.
void gbgpu_cost_scale_cpu (gbgpu_cost_prediction *p, double factor) ;

// T's estimated entries: products over `cells` cells, of which `allowed`
// may hold an entry (a mask's; all of them without one).
double gbgpu_cost_t_entries (double products, double cells, double allowed) ;

// Moves the kind's fill toward T's entries measured in a call with sizes s
// (its result when the library's is T itself, or the GPU's T).
void gbgpu_cost_learn_fill (gbgpu_cost_model *m, const gbgpu_cost_sizes *s,
    double t_entries) ;

// Moves the part's line toward a measured time of a call with sizes s:
// each term by its share of the prediction, geometrically, bounded (the
// CPU's line in full on a second miss by over 2x the same way).
void gbgpu_cost_learn (gbgpu_cost_model *m, const gbgpu_cost_sizes *s,
    gbgpu_cost_part part, double measured_seconds) ;

// One timed step at the device's start: seconds for `units` (bytes or
// products); the small step's are ~0.
typedef struct
{
    double seconds, units ;
}
gbgpu_cost_sample ;

// A tiny and a larger product, each timed in its three GPU parts, and a
// bitmap's upload (plan/calibrate_device.c).
typedef struct
{
    gbgpu_cost_sample small [3], large [3] ;    // upload, kernel, download
    gbgpu_cost_sample bitmap ;                  // its cells' bytes as units
}
gbgpu_cost_calibration ;

// Fixed costs from the small product, rates from the larger one, for every
// kind whose GPU lines have not learned from calls yet.
void gbgpu_cost_calibrate (gbgpu_cost_model *m, const gbgpu_cost_calibration *c) ;

#endif
