// gbgpu_internal.h: what the host-side files of the plugin share.
//
// One call: interpose.c (GrB_mxm) -> dispatch.c (a plan, or a delegation reason)
// -> bridge.c (matrices to the device and the result back) -> cuda/ (the product)
// -> finish.c (C<M> = accum (C,T)).  options.c holds options and stats.
// row_blocks.c computes T whole or, past the device's memory, in row blocks.

#ifndef GBGPU_INTERNAL_H
#define GBGPU_INTERNAL_H

#include <stdbool.h>
#include "gbgpu.h"
#include "gbgpu_cuda.h"
#include "jit.h"

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
int gbgpu_current_device (void) ;                // the GBGPU_DEVICE option
bool gbgpu_device_ready (void) ;                 // device present, not broken
bool gbgpu_device_broken (void) ;                // a fault corrupted its context

void gbgpu_count_call (void) ;
void gbgpu_count_delegated (gbgpu_delegate_reason reason) ;
void gbgpu_count_gpu (double seconds, uint64_t products) ;
void gbgpu_count_masked_dot (void) ;
void gbgpu_count_jit_compile (double seconds) ;
void gbgpu_count_jit_hit (bool from_disk) ;
void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host) ;
void gbgpu_count_row_blocks (uint64_t blocks, uint64_t retries) ;
// Counts a device failure by kind; a fault also marks the device broken.
void gbgpu_count_cuda_status (gbgpu_cuda_status status) ;

bool gbgpu_zero_copy_enabled (void) ;

//------------------------------------------------------------------------------
// host memory that GraphBLAS will own (allocator.c)
//------------------------------------------------------------------------------

void *gbgpu_host_malloc (size_t size) ;
// NULL on failure, p still allocated then
void *gbgpu_host_realloc (void *p, size_t old_size, size_t size) ;
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
// user types' and operators' C definitions (jit_registry.c)
//------------------------------------------------------------------------------

typedef struct
{
    char *name ;            // malloc'd
    char *definition ;      // malloc'd; NULL when none was given
}
gbgpu_definition ;

// What GxB_Type_new / GxB_BinaryOp_new were given for a live object, as
// copies (free with gbgpu_definition_free).  False when gbgpu did not see it
// made (a built-in object, one made before libgbgpu was loaded or by the
// library's own GrB_BinaryOp_new function rather than its macro) or it was
// freed since.
bool gbgpu_registry_type (GrB_Type type, gbgpu_definition *d) ;
bool gbgpu_registry_op (GrB_BinaryOp op, gbgpu_definition *d) ;
void gbgpu_definition_free (gbgpu_definition *d) ;

//------------------------------------------------------------------------------
// run-time compiled semirings (jit_semiring.c, jit_modules.c)
//------------------------------------------------------------------------------

// A semiring the kernels take from definitions or from built-in parts that
// are not compiled in.  s points into this struct: fill it in place.
typedef struct
{
    gbgpu_jit_semiring s ;
    gbgpu_definition type, add, mult ;
    unsigned char identity [16], terminal [16] ;
    GrB_Type ttype ;            // T's type: the monoid's
    GrB_Type input_type ;       // A's and B's on the device: the multiply
                                // op's inputs' (ttype but for comparisons)
    bool reads_a, reads_b ;     // the multiply op's inputs it reads
}
gbgpu_jit_description ;

// GBGPU_DELEGATED_NREASONS with d filled (free it with
// gbgpu_jit_description_free), or why the semiring cannot be compiled:
// GBGPU_DELEGATED_NO_DEFINITION (a user type or operator gbgpu has no C
// definition of), GBGPU_DELEGATED_SEMIRING (parts the kernels cannot take:
// a built-in operator they lack, types other than one for all parts, a user
// monoid of other than 4, 8 or 16 bytes, a built-in monoid with another
// identity or terminal), GBGPU_DELEGATED_INVALID (not a usable semiring).
gbgpu_delegate_reason gbgpu_jit_describe (gbgpu_jit_description *d, GrB_Semiring semiring) ;
void gbgpu_jit_description_free (gbgpu_jit_description *d) ;

// A run-time semiring for one architecture, kept for the process: its
// source until it is built, then its binary (or its compile log) and its
// module on each device.
typedef struct gbgpu_jit_entry gbgpu_jit_entry ;

// The entry of a semiring (found in memory, or added unbuilt): cheap, no
// compiling.  NULL when out of host memory.
gbgpu_jit_entry *gbgpu_jit_entry_for (const gbgpu_jit_semiring *s, int arch) ;

// The entry's module on `device` (the calling thread's current device):
// built once (from the disk cache, else compiled and stored there) whatever
// threads ask at once, and loaded once per device.  GBGPU_DELEGATED_NREASONS
// with *module set, GBGPU_DELEGATED_COMPILE_FAILED (the log is kept:
// gbgpu_jit_last_log), or a device failure's reason.
gbgpu_delegate_reason gbgpu_jit_module (const gbgpu_cuda_module **module,
    gbgpu_jit_entry *entry, int device) ;

bool gbgpu_jit_enabled (void) ;     // the GBGPU_JIT option (options.c)

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
// copy otherwise; X's content is the same afterwards, unless GrB_PANIC says
// it could not be packed back.  A device failure: *status, and
// GrB_OUT_OF_MEMORY.
GrB_Info gbgpu_bridge_upload (gbgpu_dev_csr *D, const gbgpu_operand *X,
    gbgpu_cuda_status *status) ;

// A result on the host in arrays from GraphBLAS's allocator, for
// GxB_Matrix_pack_CSR: filled at once or a block of rows at a time.
typedef struct
{
    GrB_Index *p, *j ;
    void *x ;
    size_t p_size, j_size, x_size ;     // bytes allocated
    int64_t nrows ;
    int64_t nvals ;                     // entries of the rows filled so far
    size_t value_size ;
    bool iso ;                          // x holds one value
}
gbgpu_host_result ;

// Arrays for nrows rows and `capacity` entries.
GrB_Info gbgpu_host_result_init (gbgpu_host_result *H, int64_t nrows,
    int64_t capacity, size_t value_size, bool iso) ;
// Room for `capacity` entries in all (the entries held are kept).
GrB_Info gbgpu_host_result_reserve (gbgpu_host_result *H, int64_t capacity) ;
void gbgpu_host_result_free (gbgpu_host_result *H) ;

// Brings T back as rows first_row .. first_row + T->nrows - 1 of H, after
// the entries H holds (H must have room for them).
gbgpu_cuda_status gbgpu_bridge_download_rows (gbgpu_host_result *H,
    int64_t first_row, const gbgpu_dev_result *T) ;

// Packs H (all its rows filled) into R, which takes the arrays over (R's old
// content is replaced); H is empty afterwards, whatever happened.
GrB_Info gbgpu_bridge_pack (GrB_Matrix R, gbgpu_host_result *H) ;

//------------------------------------------------------------------------------
// the product into host arrays, whole or in row blocks (row_blocks.c)
//------------------------------------------------------------------------------

// T = A*B (T<M>, T<!M>; M may be NULL) from the inputs on the device into H
// (uninitialized on entry; holding T on success).  GrB_SUCCESS, or the
// host's GrB_Info (out of host memory), or GrB_SUCCESS-less *status when the
// device failed and the call must go to the CPU.  *products gets the
// multiply-adds done.  `device` is the device the calling thread is on.
GrB_Info gbgpu_product_to_host
(
    gbgpu_host_result *H,
    gbgpu_cuda_status *status,
    int64_t *products,
    const gbgpu_plan *plan,
    const gbgpu_dev_csr *A, const gbgpu_dev_csr *B, const gbgpu_dev_csr *M,
    int device
) ;

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
