// gbgpu_internal.h: what the host-side files of the plugin share.
//
// One call: interpose.c (GrB_mxm) -> dispatch.c (a plan, or a delegation reason)
// -> bridge.c (matrices to the device and the result back) -> cuda/ (the product)
// -> finish.c (C<M> = accum (C,T)).  options.c holds options and stats.

#ifndef GBGPU_INTERNAL_H
#define GBGPU_INTERNAL_H

#include <stdbool.h>
#include "gbgpu.h"
#include "gbgpu_cuda.h"

//------------------------------------------------------------------------------
// options and stats (options.c)
//------------------------------------------------------------------------------

// Reads the environment once and looks up the library's GrB_mxm; thread-safe.
void gbgpu_ensure_initialized (void) ;

typedef GrB_Info (*gbgpu_mxm_function)
(
    GrB_Matrix, const GrB_Matrix, const GrB_BinaryOp, const GrB_Semiring,
    const GrB_Matrix, const GrB_Matrix, const GrB_Descriptor
) ;
gbgpu_mxm_function gbgpu_library_mxm (void) ;   // the library's own GrB_mxm

gbgpu_policy gbgpu_current_policy (void) ;
int64_t gbgpu_current_min_work (void) ;
bool gbgpu_device_ready (void) ;                 // device present and selected

void gbgpu_count_call (void) ;
void gbgpu_count_delegated (gbgpu_delegate_reason reason) ;
void gbgpu_count_gpu (double seconds, uint64_t products) ;
void gbgpu_count_masked_dot (void) ;
void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host) ;

bool gbgpu_zero_copy_enabled (void) ;

//------------------------------------------------------------------------------
// host memory that GraphBLAS will own (allocator.c)
//------------------------------------------------------------------------------

void *gbgpu_host_malloc (size_t size) ;
void gbgpu_host_free (void *p) ;

//------------------------------------------------------------------------------
// shared inputs (input_lock.c): shared for any read of a user's matrix,
// exclusive while one is lent out zero-copy
//------------------------------------------------------------------------------

void gbgpu_inputs_use (void) ;
void gbgpu_inputs_lend (void) ;
void gbgpu_inputs_release (void) ;

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
    gbgpu_semiring semiring ;
    GrB_Type ttype ;            // type of T = A*B (the monoid's)
    gbgpu_operand A, B ;
    gbgpu_operand M ;           // matrix NULL when T is computed unmasked;
                                // else T<M> (or T<!M> with mask_complement)
    bool mask_complement, mask_structure, replace ;
    bool direct_to_C ;          // no mask, no accum, C's type = T's: pack into C
    bool masked_dot ;           // T<M> = A*B' by dot products: B is B's own
                                // rows (not transposed), and a valued M is
                                // read as bool (masked_dot_choice.c)
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
// bridge (bridge.c): GrB_Matrix <-> device CSR
//------------------------------------------------------------------------------

// Puts op(X) on the device.  X is read zero-copy when its storage is already
// CSR of op(X) (unpacked, copied, packed back before returning) and through a
// copy otherwise; X's content is the same afterwards in every case.
GrB_Info gbgpu_bridge_upload (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status) ;

// Brings T back to the host and packs it into R (R's old content is replaced).
GrB_Info gbgpu_bridge_download (GrB_Matrix R, const gbgpu_dev_result *T,
    gbgpu_cuda_status *status) ;

//------------------------------------------------------------------------------
// finish (finish.c): C<M> = accum (C,T)
//------------------------------------------------------------------------------

GrB_Info gbgpu_finish
(
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, GrB_Matrix T,
    const gbgpu_plan *plan
) ;

//------------------------------------------------------------------------------
// one product on the GPU (mxm_gpu.c)
//------------------------------------------------------------------------------

// GBGPU_DELEGATED_NREASONS when done; otherwise the reason to redo it on the
// CPU (nothing the user sees has changed then).
gbgpu_delegate_reason gbgpu_mxm_on_gpu
(
    GrB_Info *info,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const gbgpu_plan *plan
) ;

#endif
