// plugin/plan/plan.h: one GrB_mxm call as a plan for the GPU, or the reason
// it goes to the library: built-in operators, dispatch, masked dot choice,
// policy auto's cost model.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_PLAN_H
#define GBGPU_PLAN_H

#include <stdbool.h>
#include "api/api.h"
#include "jit/jit.h"
#include "plan/cost_model.h"

//------------------------------------------------------------------------------
// built-in operators (builtin_ops.c)
//------------------------------------------------------------------------------

// What a built-in binary operator computes, and on which type.
typedef struct
{
    bool known ;
    int code ;          // a gbgpu_add when it is a monoid's op, a gbgpu_mult otherwise
    gbgpu_type type ;
}
gbgpu_builtin_op ;

gbgpu_builtin_op gbgpu_classify_add (GrB_BinaryOp op) ;
gbgpu_builtin_op gbgpu_classify_mult (GrB_BinaryOp op) ;
GrB_Type gbgpu_grb_type (gbgpu_type t) ;
bool gbgpu_type_code (GrB_Type type, gbgpu_type *t) ;
bool gbgpu_monoid_identity_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t) ;
bool gbgpu_monoid_terminal_is_standard (GrB_Monoid monoid, gbgpu_add add, gbgpu_type t) ;

//------------------------------------------------------------------------------
// dispatch (dispatch.c)
//------------------------------------------------------------------------------

// One input of the product as the kernels see it: op(X) in CSR, its values in
// `type` when they are read at all.
typedef struct
{
    GrB_Matrix matrix ;
    bool transpose ;        // op(X) = X'
    bool values_needed ;
    GrB_Type type ;         // the type the kernel reads the values in
    GrB_Index nrows, ncols ;// of op(X)
}
gbgpu_operand ;

typedef struct
{
    gbgpu_semiring semiring ;   // compiled in (jit NULL)
    gbgpu_jit_entry *jit ;      // a run-time compiled semiring, or NULL
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

// For T<M> = A*B' (M not complemented): true when one dot product per entry
// of M is estimated to cost less than the row-wise product, or when
// GBGPU_MASKED_DOT=dot forces it (=saxpy: never).  A is m x k with a_entries,
// B (as stored) n x k with b_entries; products: the row-wise estimate.
bool gbgpu_masked_dot_chosen (double mask_entries, double a_entries, double m,
    double b_entries, double n, double products) ;

//------------------------------------------------------------------------------
// policy auto's cost model (cost_model.h; call_sizes.c, auto_policy.c)
//------------------------------------------------------------------------------

// The sizes of a planned call (plan filled, C, M and accum the user's,
// products dispatch's estimate).
void gbgpu_cost_sizes_of (gbgpu_cost_sizes *s, const gbgpu_plan *plan,
    const GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, double products) ;

// The process's model: true when it predicts the GPU faster (the decision
// and its predictions are counted in the stats).
bool gbgpu_auto_prefers_gpu (const gbgpu_cost_sizes *s) ;
// A call it decided, measured: the GPU's parts (seconds by gbgpu_part), or
// the library's whole call.  Calls with sizes not modelled teach nothing.
void gbgpu_auto_learn_gpu (const gbgpu_cost_sizes *s, const double seconds [GBGPU_PARTS]) ;
void gbgpu_auto_learn_cpu (const gbgpu_cost_sizes *s, double seconds) ;
// The device's calibration (run/calibrate_device.c), once.
void gbgpu_auto_calibrate (const gbgpu_cost_calibration *c) ;
bool gbgpu_auto_calibrated (void) ;

#endif
