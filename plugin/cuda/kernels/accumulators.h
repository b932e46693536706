// plugin/cuda/kernels/accumulators.h: the one registry of accumulators, from
// which bins, names, kernel sets, the force knob and the run-time compiled path follow.
// SPDX-License-Identifier: Apache-2.0
//
// Plain C (no CUDA, no C++): the C host, the CUDA files and NVRTC (this
// folder is what run-time semirings are compiled from) all read it.
//
// GBGPU_ACCUMULATORS (X) calls X once per accumulator, in launch order (the
// largest rows' bins first), with
//
//   NAME, name   the accumulator: GBGPU_ACCUMULATOR_<NAME> (its index, and
//                its kernel's index in a kernel set and in a run-time
//                compiled module), and the word GBGPU_ACCUMULATOR=<name>
//   BIN, bin     its own bin of rows: GBGPU_BIN_<BIN> (BIN_<BIN> in the
//                kernels), reported as "<bin>" (gbgpu_cuda_bin_name)
//   kernel       its kernel template, kernel <SR, FILL> (const hash_rows_args,
//                const launch_shape): SR the semiring policy, FILL false
//                for counting (the symbolic phase), true for filling
//   launcher     launcher (args, kernels, beside): sizes and launches its bins with
//                kernels.launch (GBGPU_ACCUMULATOR_<NAME>, ...) from any kernel
//                set, compiled in or run-time compiled (accumulate_rows.cuh)
//   counted      1: the symbolic phase runs it; 0: only filling does (the
//                rows' counts come from analyse_rows)
//   forcible     1: GBGPU_ACCUMULATOR=<name> may force it on every row it
//                can take (a test and tuning knob; tests run with each)
//
// Adding an accumulator is one entry here plus its template file (its
// kernel and launcher, included by accumulate_rows.cuh); the selector
// (spgemm/accumulator_selector.cuh) then says which rows go to its bin.
// Bins, names, the kernel sets, the module's kernels, NVRTC's name
// expressions and the disk cache's lines, the GBGPU_ACCUMULATOR words and
// the forced-accumulator tests follow from the entry.
//
// Bins: rows of C grouped by the accumulator they get.  The hash
// accumulator also has GBGPU_SHARED_HASH_BINS bins of tables in shared
// memory, 2^6 .. 2^14 slots (bins 0 .. 8, each tuned by tuning.cuh's
// shared_bins); then come the accumulators' own bins in the registry's
// order, and last the rows with nothing to compute.

#ifndef GBGPU_ACCUMULATORS_H
#define GBGPU_ACCUMULATORS_H

// dense: one slot per column of B (dense_rows.cuh); merge: B's sorted rows
// merged (merge_rows.cuh); hash: hash tables, in global memory sized per row
// in its own bin (hash_rows.cuh); copy: A(i,:) has one entry, B's row is
// copied and scaled (copy_rows.cuh); shuffle: a row of a few products, a
// product a lane, sorted by shuffles (shuffle_rows.cuh).
//
//    NAME   name   BIN     bin     kernel             launcher          counted forcible
#define GBGPU_ACCUMULATORS(X)                                                               \
    X (DENSE, dense, DENSE,  dense,  dense_rows_kernel, launch_dense_bin, 1,      1)        \
    X (MERGE, merge, MERGE,  merge,  merge_rows_kernel, launch_merge_bin, 1,      1)        \
    X (HASH,  hash,  GLOBAL, global, hash_rows_kernel,  launch_hash_bins, 1,      1)        \
    X (COPY,  copy,  COPY,   copy,   copy_rows_kernel,  launch_copy_bin,  0,      0)        \
    X (SHUFFLE, shuffle, SHUFFLE, shuffle, shuffle_rows_kernel, launch_shuffle_bin, 1, 0)

// GBGPU_IF (flag, text...): the text when the registry's flag is 1, nothing
// when it is 0.
#define GBGPU_IF(flag, ...) GBGPU_IF_ ## flag (__VA_ARGS__)
#define GBGPU_IF_1(...) __VA_ARGS__
#define GBGPU_IF_0(...)

// The accumulators' indices, and how many there are.
#define GBGPU_ACCUMULATOR_INDEX(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
    GBGPU_ACCUMULATOR_ ## NAME,
typedef enum
{
    GBGPU_ACCUMULATORS (GBGPU_ACCUMULATOR_INDEX)
    GBGPU_ACCUMULATOR_COUNT
}
gbgpu_accumulator ;
#undef GBGPU_ACCUMULATOR_INDEX

// The hash accumulator's bins in shared memory.
#define GBGPU_SHARED_HASH_BINS 9

// The bins: the shared hash bins, each accumulator's own, empty rows.
#define GBGPU_BIN_INDEX(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
    GBGPU_BIN_ ## BIN,
typedef enum
{
    GBGPU_BIN_LAST_SHARED = GBGPU_SHARED_HASH_BINS - 1,
    GBGPU_ACCUMULATORS (GBGPU_BIN_INDEX)
    GBGPU_BIN_EMPTY,
    GBGPU_BIN_COUNT
}
gbgpu_bin ;
#undef GBGPU_BIN_INDEX

#endif
