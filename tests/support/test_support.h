// tests/support/test_support.h: the small library shared by gbgpu's tests.
// SPDX-License-Identifier: Apache-2.0
//
// Every test does the same few things: make reproducible random matrices in a
// chosen storage (format, sparsity, iso, jumbled, pending work), run one
// GrB_mxm with the GPU policy and again with the CPU policy (which is exactly
// SuiteSparse's own GrB_mxm), read gbgpu's counters to see which path ran, and
// compare contents.  Those parts live here so that each test file holds only
// the cases it is about.
//
//   test_support.c   PRNG, pass/fail tally, stats and policy helpers, skips
//   test_matrix.c    random matrices in any storage (ts_matrix_spec)
//   test_compare.c   content of a matrix, exact / tolerant / between checks
//   test_semiring.c  semirings built from built-in parts, by table codes

#ifndef GBGPU_TEST_SUPPORT_H
#define GBGPU_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gbgpu.h"
#include "kernels/semiring_codes.h"

// GraphBLAS 9's header includes <complex.h>, whose macro I (the imaginary
// unit) the tests never use: they name row indices I, as GraphBLAS does.
#undef I

//------------------------------------------------------------------------------
// exit codes, setup errors, tally
//------------------------------------------------------------------------------

#define TS_EXIT_SKIP 77     // CTest SKIP_RETURN_CODE of the GPU tests

// A GraphBLAS call that is part of a test's setup, not of what is tested:
// any error ends the test (exit code 1) with the place and the code.
#define TS_OK(call) ts_ok_or_exit ((call), #call, __FILE__, __LINE__)
void ts_ok_or_exit (GrB_Info info, const char *what, const char *file, int line) ;

// One pass/fail tally per test program.  ts_check counts one case and prints
// "FAIL: <message>" when it fails; it returns ok.
bool ts_check (bool ok, const char *format, ...)
    __attribute__ ((format (printf, 2, 3))) ;
void ts_pass (void) ;
void ts_fail (const char *format, ...) __attribute__ ((format (printf, 1, 2))) ;
// Prints "N passed, N failed" and returns the exit code (0: none failed).
int ts_summary (void) ;

// GrB_init for a test; ts_require_device exits 77 without a usable device.
void ts_start (void) ;
void ts_require_device (void) ;
// The shared data folder from the environment (GBGPU_DATA_DIR), or exit 77
// when it is unset, empty, or has no matrices/ folder.
const char *ts_require_data_dir (void) ;

double ts_seconds (void) ;  // wall clock, for the tests' own timing lines

//------------------------------------------------------------------------------
// reproducible random numbers: splitmix64
//------------------------------------------------------------------------------

typedef struct { uint64_t state ; } ts_rng ;

ts_rng ts_rng_new (uint64_t seed) ;
uint64_t ts_rng_next (ts_rng *rng) ;
double ts_rng_uniform (ts_rng *rng) ;                       // [0,1)
int64_t ts_rng_range (ts_rng *rng, int64_t lo, int64_t hi) ; // [lo,hi]
uint64_t ts_seed_mix (uint64_t a, uint64_t b) ;             // seed from two

//------------------------------------------------------------------------------
// gbgpu's counters and policy
//------------------------------------------------------------------------------

gbgpu_stats_t ts_stats_now (void) ;
// The device cache's state (gbgpu_device_cache_state) holds the verdict its
// proof must reach: "on" when the program's library is the very version of
// the GraphBLAS.h gbgpu and the tests were built with.  A newer library of
// that major version (pip's 9.4.5 wheel beside the 9.4.0 header of the
// public sources) may export functions the header does not declare: then
// the proof rightly says "off" and names one.  Prints which case it is.
bool ts_cache_proof_verdict_expected (const char *state) ;
bool ts_library_is_header_version (void) ;
// after - before, counter by counter
gbgpu_stats_t ts_stats_delta (const gbgpu_stats_t *before,
                              const gbgpu_stats_t *after) ;
uint64_t ts_delegated_total (const gbgpu_stats_t *s) ;
// "gpu" when the counters show one GPU call, else the name of the reason
// (or reasons) of the delegations counted, or "nothing counted".
const char *ts_path_name (const gbgpu_stats_t *delta) ;

// Which paths a call may take, as a bit set: TS_PATH_GPU, or a delegation.
#define TS_PATH_GPU (1u << GBGPU_DELEGATED_NREASONS)
#define TS_PATH_DELEGATED(reason) (1u << (reason))
// The counters moved by exactly one call (calls +1), which took one of the
// allowed paths; else why.
bool ts_path_in (const gbgpu_stats_t *delta, unsigned allowed,
                 char *why, size_t why_size) ;

void ts_set_policy (gbgpu_policy policy) ;

// T<M> = A*B' with M not complemented may run by masked dot products or row
// by row; GBGPU_MASKED_DOT=dot or =saxpy (read by gbgpu at its first call)
// forces one.  True when the GPU call counted in delta took the method the
// environment asks for (either one when it asks for none); a product that
// is not eligible (dot_eligible false) must never take the dot method.
bool ts_masked_method_ok (const gbgpu_stats_t *delta, bool dot_eligible,
                          char *why, size_t why_size) ;

// One GrB_mxm under a policy; *delta (may be NULL) gets the counters it moved.
GrB_Info ts_mxm_under
(
    gbgpu_policy policy, gbgpu_stats_t *delta,
    GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp accum, GrB_Semiring semiring,
    GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc
) ;

// C = op(A)*op(B) into a new C of ctype under the GPU policy, and on copies of
// A and B under the CPU policy: counts one check each for GrB_SUCCESS, a path
// in allowed, the library's result (floats within tol), A and B unchanged.
// Returns true when all held.
bool ts_check_like_library (const char *what, unsigned allowed, GrB_Type ctype,
    GrB_Semiring semiring, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc,
    double tol) ;

//------------------------------------------------------------------------------
// types
//------------------------------------------------------------------------------

// The GraphBLAS type of a gbgpu type code, and back (-1: not a built-in type).
GrB_Type ts_type (gbgpu_type code) ;
int ts_type_code (GrB_Type type) ;
const char *ts_type_name (GrB_Type type) ;  // "INT32", or "other"
size_t ts_type_size (GrB_Type type) ;
bool ts_type_is_float (GrB_Type type) ;     // floating point, real or complex
bool ts_type_is_complex (GrB_Type type) ;

//------------------------------------------------------------------------------
// random matrices in any storage (test_matrix.c)
//------------------------------------------------------------------------------

typedef enum
{
    TS_NOT_ISO = 0,
    TS_ISO_BUILD,       // GrB_Matrix_build with every value the same
    TS_ISO_ASSIGN,      // random values, then C<C,struct> = scalar
}
ts_iso ;

// What a random matrix holds and how it is stored.  The content (pattern and
// values) depends only on type, dimensions, density, empty_rows, seed and
// whether it is iso; the storage fields never change it.  Values are small:
// signed integers in [-4,4], unsigned in [0,6], floats in [-2,2] with one in
// ten exactly 0, booleans true seven times in ten (stored false entries too).
typedef struct
{
    GrB_Type type ;             // one of the seven table types
    GrB_Index nrows, ncols ;
    double density ;            // chance that an entry is present (1: all)
    double empty_rows ;         // chance that a whole row has no entry
    uint64_t seed ;
    ts_iso iso ;
    // storage:
    bool by_col ;               // GxB_FORMAT GxB_BY_COL (else GxB_BY_ROW)
    int sparsity ;              // GxB_SPARSITY_CONTROL; 0: library's choice
    bool jumbled ;              // unsorted indices in each row (column);
                                // sparse or hypersparse only
    bool pending ;              // left with zombies and pending tuples;
                                // sparse or hypersparse, and not jumbled
}
ts_matrix_spec ;

// A plain spec: by row, library's choice of sparsity, not iso, no pending work.
ts_matrix_spec ts_spec (GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                        double density, uint64_t seed) ;

// Make the matrix a spec describes.
void ts_matrix_make (GrB_Matrix *A, const ts_matrix_spec *spec) ;

// The same content in plain storage (by row, library's choice of sparsity,
// sorted, no pending work; iso kept).
ts_matrix_spec ts_spec_plain (const ts_matrix_spec *spec) ;

// The same content in plain storage: what A must still hold after a call
// that takes it as an input.  (A GrB_Matrix_dup snapshot of A itself would
// finish A's pending work and sort it before the call under test.)
void ts_matrix_expected (GrB_Matrix *A, const ts_matrix_spec *spec) ;

// A short description of a spec's storage, such as "col/hyper/jumbled".
const char *ts_storage_name (const ts_matrix_spec *spec, char *buf, size_t n) ;

//------------------------------------------------------------------------------
// contents and comparisons (test_compare.c)
//------------------------------------------------------------------------------

// The content of a matrix, tuples sorted by row then column.
typedef struct
{
    GrB_Type type ;
    size_t size ;               // bytes per value
    GrB_Index nrows, ncols, nvals ;
    GrB_Index *I, *J ;
    void *X ;
}
ts_content ;

void ts_content_get (ts_content *c, GrB_Matrix A) ;
void ts_content_free (ts_content *c) ;

// Tolerance when comparing values of this type after an inexact reduction
// (floating PLUS or TIMES monoid): 1e-10 for FP64, 1e-4 for FP32, else 0.
double ts_tolerance (GrB_Type type, bool inexact) ;

// Same type, dimensions, pattern and values.  Values of floating types are
// equal when |c-r| <= tol*max(1,|r|); NaN equals NaN, infinities equal by
// sign.  On a difference, returns false and describes the first in why.
bool ts_same_content (GrB_Matrix C, GrB_Matrix Ref, double tol,
                      char *why, size_t why_size) ;

// The same with the tolerance taken relative to max (1, |r|, scale(i,j)),
// Scale an FP64 matrix of Ref's pattern: for a sum whose terms cancel, the
// sum of their absolute values (|A|*|B| over PLUS_TIMES), which bounds the
// rounding error of any order of summation.
bool ts_same_content_scaled (GrB_Matrix C, GrB_Matrix Ref, GrB_Matrix Scale,
                             double tol, char *why, size_t why_size) ;

// Same type, dimensions and pattern, whatever the values (an ANY monoid's
// result after an accumulator or typecast, where no bounds apply).
bool ts_same_pattern (GrB_Matrix C, GrB_Matrix Ref, char *why, size_t why_size) ;

// For an ANY monoid: same pattern as Lo and Hi, and every value between the
// results of the same product with the MIN (Lo) and MAX (Hi) monoids.  A NaN
// is accepted where NaNRef (the PLUS monoid's result, may be NULL) has a NaN,
// i.e. where some product was NaN.
bool ts_between (GrB_Matrix C, GrB_Matrix Lo, GrB_Matrix Hi,
                 GrB_Matrix NaNRef, char *why, size_t why_size) ;

//------------------------------------------------------------------------------
// inputs: a matrix with the spec it was made from (test_compare.c)
//------------------------------------------------------------------------------

typedef struct
{
    ts_matrix_spec spec ;
    GrB_Matrix matrix ;
}
ts_input ;

void ts_input_make (ts_input *x, const ts_matrix_spec *spec) ;
void ts_input_free (ts_input *x) ;
// x->matrix still holds what its spec describes, in the format (by row or
// column) and sparsity control the spec set (a jumbled one: the library's
// choice).  Pending work is allowed to have been finished.
bool ts_input_intact (const ts_input *x, char *why, size_t why_size) ;

//------------------------------------------------------------------------------
// a user's matrix before a call, of any type (test_compare.c)
//------------------------------------------------------------------------------

// For matrices no spec describes (a user-defined type, say): its content and
// its storage options.  Taking a snapshot finishes the matrix's pending work
// (ts_input_intact is the check for matrices left with pending work).
typedef struct
{
    ts_content content ;
    int32_t format ;            // GxB_FORMAT
    int32_t sparsity_control ;  // GxB_SPARSITY_CONTROL
}
ts_snapshot ;

void ts_snapshot_take (ts_snapshot *s, GrB_Matrix A) ;
// A holds exactly (bit for bit) what it held at the snapshot, stored by row
// or column as it was, with the same sparsity control.
bool ts_snapshot_same (const ts_snapshot *s, GrB_Matrix A, char *why, size_t why_size) ;
void ts_snapshot_free (ts_snapshot *s) ;

//------------------------------------------------------------------------------
// semirings from built-in parts (test_semiring.c)
//------------------------------------------------------------------------------

// The built-in operators behind a table code, or NULL when there is none (a
// positional op over a type other than INT32/INT64).  For BOOL the monoid
// ops are GrB_LOR GrB_LAND GrB_LXOR GrB_LXNOR GxB_ANY_BOOL (EQ = LXNOR), and
// PLUS TIMES MIN MAX are the GrB_*_BOOL ops, which GraphBLAS renames.
GrB_BinaryOp ts_add_op (gbgpu_add add, gbgpu_type type) ;
GrB_BinaryOp ts_mult_op (gbgpu_mult mult, gbgpu_type type) ;

// GrB_Monoid_new_<T> with the monoid's identity, and GrB_Semiring_new: the
// way LAGraph builds semirings, rather than the predefined objects.
GrB_Info ts_monoid_new (GrB_Monoid *monoid, gbgpu_add add, gbgpu_type type) ;
GrB_Info ts_semiring_new (GrB_Semiring *semiring, gbgpu_semiring code) ;
// Frees a semiring made by ts_semiring_new and its monoid (not predefined ones).
void ts_semiring_free (GrB_Semiring *semiring) ;

// The semirings gbgpu instantiates (semirings/semiring_list.h); *count of them.
const gbgpu_semiring *ts_instantiated_semirings (int *count) ;

// Built-in semirings that are not compiled in (run-time compiled): every
// operator code, monoid code and type outside semiring_list.h at least once.
// A comparison's code names its inputs' type; its monoid is boolean.
const gbgpu_semiring *ts_long_tail_semirings (int *count) ;

// "PLUS_TIMES_INT32"
const char *ts_semiring_name (gbgpu_semiring code, char *buf, size_t n) ;
const char *ts_add_name (gbgpu_add add) ;
const char *ts_mult_name (gbgpu_mult mult) ;

#endif
