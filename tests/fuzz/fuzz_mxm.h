// tests/fuzz/fuzz_mxm.h: the fuzz target of gbgpu's GrB_mxm, shared by its two drivers.
// SPDX-License-Identifier: Apache-2.0
//
// fuzz_mxm_one decodes a string of bytes (any bytes: there is no invalid
// input) into one GrB_mxm call: dimensions, the storage of each operand
// (by row or column; sparse, hypersparse, bitmap, full; iso; jumbled; with
// pending work), types, a semiring (instantiated on the GPU or not), a mask
// kind, an accumulator, replace, transposes, aliasing, and now and then a
// fault (a NULL operand or mismatched dimensions).  The call runs twice on
// identical operands: through gbgpu with policy gpu (min work 0) and through
// the library (policy cpu).  The GrB_Info must be the same, C's content the
// same (floating sums within ts_tolerance, of C's old values too under an
// accumulator, which may cancel them; only the pattern for an ANY monoid
// whose values may differ), and every input must hold what it held.  Some
// cases then change one input alike on both sides (setElement, removeElement,
// clear, assign to a row, its sparsity) and make the call again, compared
// the same way: gbgpu must not use its device copy of the old input.
//
//   fuzz_libfuzzer.c    LLVMFuzzerTestOneInput, for clang -fsanitize=fuzzer
//   fuzz_standalone.c   a plain main: runs files, or random inputs for a time

#ifndef GBGPU_FUZZ_MXM_H
#define GBGPU_FUZZ_MXM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

// GrB_init and the options the fuzz target runs under (policy gpu for
// gbgpu's side, min work 0, so that every supported call takes the GPU).
void fuzz_mxm_start (void) ;

// One input; false (after printing the case and what differed) when gbgpu and
// the library disagree.  verbose: print the decoded case first.
bool fuzz_mxm_one (const uint8_t *data, size_t size, bool verbose) ;

// The same input through gbgpu's final step alone, on the CPU
// (fuzz_finish.c): T from the library, then C<M> = accum (C,T) as the GPU
// path does it, against the library's GrB_mxm.  Cases with a fault pass.
bool fuzz_finish_one (const uint8_t *data, size_t size, bool verbose) ;

// Inputs run, how gbgpu's side went (GPU or delegated, by reason), failures.
typedef struct
{
    uint64_t cases, failed ;
    uint64_t again ;            // cases called again after a change of an input
    uint64_t gpu_calls, delegated ;     // gbgpu's calls, second ones included
    uint64_t errors ;           // calls whose GrB_Info (both sides) was an error
}
fuzz_mxm_counts ;

fuzz_mxm_counts fuzz_mxm_counts_now (void) ;
void fuzz_mxm_print_counts (FILE *f) ;

#endif
