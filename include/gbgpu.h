// include/gbgpu.h: the public C API of gbgpu, a GPU GrB_mxm for SuiteSparse:GraphBLAS.
// SPDX-License-Identifier: Apache-2.0
//
// Linking libgbgpu before libgraphblas (or LD_PRELOAD=libgbgpu.so) puts gbgpu's
// GrB_mxm in front of the library's: products that pay off on the GPU run there,
// everything else is handed to the library's own GrB_mxm unchanged.  Nothing
// below is needed for that; these calls are for programs that want to steer it
// (policy, device, thresholds) or read what it did (stats).  Every option also
// has an environment variable, read once at the first call, for LD_PRELOAD use.

#ifndef GBGPU_H
#define GBGPU_H

#include <GraphBLAS.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

// This header's version (CMake reads the project's version from here), and
// the version of the binary interface: the library is libgbgpu.so.ABI, and
// ABI changes whenever a program built against an older header could not use
// the new library as it is.
#define GBGPU_VERSION_MAJOR 0
#define GBGPU_VERSION_MINOR 12
#define GBGPU_VERSION_PATCH 0
#define GBGPU_ABI_VERSION 1

#include "gbgpu_export.h"

// Options, for gbgpu_set / gbgpu_get.  Environment variable in brackets.
typedef enum
{
    GBGPU_POLICY = 0,       // a gbgpu_policy value              [GBGPU_POLICY=auto|gpu|cpu]
    GBGPU_MIN_WORK = 1,     // policy auto: calls with less work than this
                            // (estimated multiply-adds, plus the mask's
                            // entries as held: a bitmap's every cell) stay
                            // on the CPU without a look at the cost model
                            // (default 10^5)               [GBGPU_MIN_WORK]
    GBGPU_DEVICE = 2,       // CUDA device id                      [GBGPU_DEVICE]
    GBGPU_PRINT_STATS = 3,  // nonzero: print the stats at exit    [GBGPU_STATS=1]
    GBGPU_ZERO_COPY = 4,    // nonzero (default): read inputs whose storage
                            // allows it in place, through a read-only view
                            // of their arrays (never taking them from the
                            // user); 0: always through a copy [GBGPU_ZERO_COPY=0]
    GBGPU_DEVICE_MEMORY_LIMIT = 5,  // for tests: bytes of device memory gbgpu
                            // may hold at once (all threads), as if the device
                            // had no more; 0 (default): no limit
                            // [GBGPU_DEVICE_MEMORY_LIMIT=bytes]
    GBGPU_JIT = 6,          // nonzero (default): semirings that are not
                            // compiled in (user types and operators with C
                            // definitions, other built-in combinations) are
                            // compiled at run time (NVRTC) and cached, in
                            // memory and in the folder GBGPU_JIT_CACHE
                            // (default ~/.cache/gbgpu); 0: they go to the
                            // library                          [GBGPU_JIT=0]
    GBGPU_DEVICE_CACHE = 7, // nonzero (default): inputs stay on the device
                            // between calls while they are proved unchanged
                            // (every GraphBLAS call that may change a matrix
                            // passes through gbgpu, which then forgets it);
                            // 0: every call uploads its inputs, and the
                            // copies kept are freed   [GBGPU_DEVICE_CACHE=0]
    GBGPU_JIT_WAIT = 8,     // 0 (default): a call whose run-time semiring is
                            // not built yet goes to the library while it
                            // compiles in the background (later calls use
                            // the GPU once it is ready); nonzero: the call
                            // waits for its compile          [GBGPU_JIT_WAIT=1]
}
gbgpu_option ;

typedef enum
{
    GBGPU_POLICY_AUTO = 0,  // GPU when a cost model of the whole call predicts
                            // it faster than the CPU (above GBGPU_MIN_WORK)
    GBGPU_POLICY_GPU = 1,   // GPU whenever the call is supported there
    GBGPU_POLICY_CPU = 2,   // never the GPU: every call goes to the library
}
gbgpu_policy ;

// Why a call went to the library's own GrB_mxm instead of the GPU.
typedef enum
{
    GBGPU_NOT_DELEGATED = -1,       // no reason: the call goes on (never counted)
    GBGPU_DELEGATED_POLICY = 0,     // the policy said CPU
    GBGPU_DELEGATED_NO_DEVICE,      // no usable CUDA device
    GBGPU_DELEGATED_SMALL,          // policy auto and less work than
                                    // GBGPU_MIN_WORK (not modelled)
    GBGPU_DELEGATED_INVALID,        // bad or uninitialized input: the library
                                    // reports the error it always reports
    GBGPU_DELEGATED_SEMIRING,       // (monoid, multiply, type) not instantiated
    GBGPU_DELEGATED_TYPE,           // a matrix type the GPU path does not handle
    GBGPU_DELEGATED_MASK,           // a mask the GPU path does not handle
    GBGPU_DELEGATED_DIMENSION,      // dimensions past the device's index width
    GBGPU_DELEGATED_DEVICE_MEMORY,  // the device ran out of memory
    GBGPU_DELEGATED_DEVICE_ERROR,   // a CUDA error; the call was redone on the CPU
    GBGPU_DELEGATED_NO_DEFINITION,  // a user type or operator without a C
                                    // definition (GrB_Type_new, GrB_BinaryOp_new)
    GBGPU_DELEGATED_COMPILE_FAILED, // its run-time compile failed
                                    // (gbgpu_jit_last_log has the log)
    GBGPU_DELEGATED_HYPERSPARSE,    // far more rows than entries: the GPU's
                                    // row pointers would cost more than the
                                    // matrices (the library keeps them
                                    // hypersparse)
    GBGPU_DELEGATED_COST_MODEL,     // policy auto: the cost model predicts the
                                    // CPU faster (plan/cost_model.c)
    GBGPU_DELEGATED_HOST_MEMORY,    // the result's host arrays could not be
                                    // had; the call was redone on the CPU
    GBGPU_DELEGATED_FORKED,         // a child of fork whose parent had used
                                    // CUDA, which a child may then not use
    GBGPU_DELEGATED_COMPILING,      // its run-time compile is running in the
                                    // background (GBGPU_JIT_WAIT 0)
    GBGPU_DELEGATED_NREASONS        // how many reasons this version names
}
gbgpu_delegate_reason ;

// The stats are read with the caller's size (gbgpu_stats_get), so a program
// built against an older gbgpu.h gets the fields it knows and nothing past
// them.  A reason or a counter that a later version adds takes room reserved
// here, so the struct keeps its size while the room lasts.
#define GBGPU_DELEGATED_CAPACITY 32
#define GBGPU_STATS_RESERVED 34

typedef struct
{
    uint64_t calls ;            // GrB_mxm / gbgpu_mxm calls seen
    uint64_t gpu_calls ;        // of those, computed on the GPU
    uint64_t delegated [GBGPU_DELEGATED_CAPACITY] ;   // the rest, by reason
                                // (GBGPU_DELEGATED_NREASONS of them used)
    uint64_t bytes_to_device ;  // host -> device
    uint64_t bytes_to_host ;    // device -> host
    uint64_t products ;         // multiply-adds done on the GPU
    double gpu_seconds ;        // wall time of the GPU part of GPU calls
    // Products too large for the device's memory run in blocks of rows.
    uint64_t row_block_calls ;  // GPU calls computed in row blocks
    uint64_t row_blocks ;       // blocks those calls computed
    uint64_t row_block_retries ;// blocks halved after running out of memory
    // Device trouble (each answered by row blocks, a smaller block, or the CPU).
    uint64_t device_out_of_memory ; // device allocations that failed
    uint64_t cuda_errors ;      // other CUDA errors: the call went to the CPU
    uint64_t device_faults ;    // of those, errors that corrupted the device's
                                // context: later calls go straight to the CPU
                                // (delegated: "device error")
    uint64_t masked_dot_calls ; // of the GPU calls, T<M> = A*B' computed by
                                // one dot product per mask entry
    // Run-time compiled semirings (GBGPU_JIT).
    uint64_t jit_compiles ;     // semirings compiled
    double jit_compile_seconds ;// wall time of those compiles
    uint64_t jit_memory_hits ;  // calls that found theirs built in this process
    uint64_t jit_disk_hits ;    // semirings read from the disk cache
    // Where the GPU calls' time went (wall seconds, all threads together;
    // gpu_seconds less their sum is host bookkeeping):
    double setup_seconds ;      // entering the device, a run-time semiring's module
    double upload_seconds ;     // inputs to the device (a private copy first
                                // where the storage is not CSR of op(X))
    double kernel_seconds ;     // the product on the device, its allocations
                                // and its waits
    double download_seconds ;   // T back to the host (in row blocks this
                                // overlaps the next block's kernels), with
                                // the touch of large fresh host arrays
                                // (download_touch_seconds)
    double finish_seconds ;     // T into C: packed straight into C, or the
                                // library's final step (mask, accum, typecast)
    // Policy auto's cost model (plan/cost_model.c): its decisions, and the
    // rates it holds now (for the kind of mask of its last decision).
    uint64_t model_gpu_calls ;      // calls it sent to the GPU
    uint64_t model_cpu_calls ;      // calls it kept on the CPU (delegated
                                    // "cost model: CPU faster")
    double model_last_gpu_seconds ; // its last decision: predicted GPU time
    double model_last_cpu_seconds ; // ... and CPU time
    double model_upload_rate ;      // bytes/s host -> device (CSR)
    double model_cell_upload_rate ; // bytes/s of bitmap and full matrices' cells
    double model_download_rate ;    // bytes/s device -> host
    double model_kernel_rate ;      // products/s of the kernels
    double model_cpu_rate ;         // products/s of the library on the CPU
    double model_gpu_call_seconds ; // fixed cost of a GPU call (one upload)
    double model_cpu_call_seconds ; // fixed cost of a call on the CPU
    uint64_t model_calibrated ;     // 1: the GPU's rates were measured at the
                                    // device's start (gbgpu_start_device)
    // The device cache (GBGPU_DEVICE_CACHE): inputs kept on the device while
    // proved unchanged (gbgpu_device_cache_state says why it is off).
    uint64_t device_cache_on ;      // 1: in use in this process
    uint64_t device_cache_hits ;    // inputs found on the device
    uint64_t device_cache_misses ;  // inputs uploaded (the cache on)
    uint64_t device_cache_bytes_saved ;  // bytes the hits did not upload
    uint64_t device_cache_evictions ;    // copies freed to make room
    uint64_t results_in_C_arrays ;  // GPU calls whose T replaced C's content
                                    // and was written into C's old index and
                                    // value arrays (no fresh memory to fault in)
    double download_touch_seconds ; // of download_seconds: large fresh result
                                    // arrays faulted in by the transfer threads
                                    // before the copy
    double jit_wait_seconds ;       // calls on the GPU path getting their
                                    // run-time semiring's kernels (waiting for
                                    // a compile under GBGPU_JIT_WAIT=1, a disk
                                    // cache read, a module load), those that
                                    // then went to the library too
    uint64_t split_calls ;          // GPU calls split over several devices
                                    // (GBGPU_DEVICES)
    uint64_t split_parts ;          // ... parts they ran, one per device
    // Compiled-in semirings whose kernels were loaded on the device ahead of
    // their first product (GBGPU_LOAD_AHEAD): at gbgpu_start_device, and in
    // the background for semirings policy auto kept on the CPU meanwhile.
    uint64_t loaded_ahead_semirings ;   // loaded
    double load_ahead_seconds ;         // time spent loading them
    uint64_t load_ahead_pending ;       // waiting or being loaded now
    uint64_t reserved [GBGPU_STATS_RESERVED] ;  // zero; room for later fields
}
gbgpu_stats_t ;

// The library's signature exactly; GrB_mxm exported by libgbgpu is the same call.
GBGPU_EXPORT GrB_Info gbgpu_mxm
(
    GrB_Matrix C,
    const GrB_Matrix Mask,
    const GrB_BinaryOp accum,
    const GrB_Semiring semiring,
    const GrB_Matrix A,
    const GrB_Matrix B,
    const GrB_Descriptor desc
) ;

// Optional: the first gbgpu call initializes (thread-safely).  gbgpu_init reads
// the environment and finds the program's GraphBLAS; gbgpu_finalize returns the
// device memory and pinned host buffers gbgpu keeps between calls (GrB_finalize
// calls it: libgbgpu is in front of the library's there too).
GBGPU_EXPORT GrB_Info gbgpu_init (void) ;
GBGPU_EXPORT GrB_Info gbgpu_finalize (void) ;

GBGPU_EXPORT GrB_Info gbgpu_set (gbgpu_option option, int64_t value) ;
GBGPU_EXPORT GrB_Info gbgpu_get (gbgpu_option option, int64_t *value) ;

// Counters since start (or the last reset); safe to call from any thread.
// Writes the first `size` bytes of gbgpu_stats_t at most (a program built
// with an older header passes its own struct's size); gbgpu_stats (&s) is the
// call with this header's size.
GBGPU_EXPORT GrB_Info gbgpu_stats_get (gbgpu_stats_t *stats, size_t size) ;
#define gbgpu_stats(stats) gbgpu_stats_get ((stats), sizeof (gbgpu_stats_t))
GBGPU_EXPORT void gbgpu_stats_reset (void) ;
GBGPU_EXPORT void gbgpu_stats_print (FILE *f) ;
GBGPU_EXPORT const char *gbgpu_delegate_reason_name (gbgpu_delegate_reason reason) ;

// Optional: starts the device now (CUDA context, memory pool, pinned staging
// buffers, the first kernels: about 0.2 s on an H100), which the first
// product on the GPU pays otherwise, and loads the kernels of the semirings
// graph programs use most (GBGPU_LOAD_AHEAD), which their first products
// would load: 10-35 ms per semiring type.  GrB_SUCCESS when started;
// GrB_NO_VALUE when nothing was started (policy cpu, no usable device, or
// no device memory free); GrB_PANIC after a CUDA error, counted in the
// stats like a product's.  May be called before GrB_init.
GBGPU_EXPORT GrB_Info gbgpu_start_device (void) ;

// NVRTC's log of the last run-time compile that failed ("" when none has):
// kept for the process, safe to read from any thread.
GBGPU_EXPORT const char *gbgpu_jit_last_log (void) ;

// The GraphBLAS library gbgpu calls, the program's own (gbgpu links none):
// "SuiteSparse:GraphBLAS 7.4.0 (/usr/lib/x86_64-linux-gnu/libgraphblas.so.7)";
// the version is known once the program has called GrB_init; "" when the
// process has no GraphBLAS.  When its major version is not the one libgbgpu
// was built for, gbgpu steps aside (said once on stderr): every call goes to
// the library unchanged.
GBGPU_EXPORT const char *gbgpu_graphblas_library (void) ;

// True when a CUDA device is present and usable by gbgpu (false once a fault
// has corrupted its context).
GBGPU_EXPORT int gbgpu_device_available (void) ;

// "on: " and what was proved when inputs stay on the device between calls
// (GBGPU_DEVICE_CACHE), else "off: " and why: the option, a library gbgpu does not use, or the
// proof that every call that may change a matrix passes through gbgpu failed
// (a function the library exports that gbgpu's GraphBLAS.h does not declare,
// or libgbgpu after the library in the search order).  Known once the program
// has called GrB_init.
GBGPU_EXPORT const char *gbgpu_device_cache_state (void) ;

#ifdef __cplusplus
}
#endif

#endif
