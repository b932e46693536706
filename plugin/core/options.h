// plugin/core/options.h: gbgpu's options and the device's state (options.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_OPTIONS_H
#define GBGPU_OPTIONS_H

#include <stdbool.h>
#include "gbgpu.h"
#include "core/environment.h"

// At initialization: the options as the environment sets them
// (environment.c), the CUDA layer's knobs.
void gbgpu_options_from_environment (void) ;

gbgpu_policy gbgpu_current_policy (void) ;
int64_t gbgpu_current_min_work (void) ;
int gbgpu_current_device (void) ;                // the GBGPU_DEVICE option
// The devices a large product is split over: `first` (the call's device,
// GBGPU_DEVICE when it started), then those of GBGPU_DEVICES that exist (in
// order); how many (1: `first` alone).  They should be of one kind: the
// compiled-in kernels and a run-time module are built for the first's.
#define GBGPU_MAX_SPLIT 16
int gbgpu_split_devices (int devices [GBGPU_MAX_SPLIT], int first) ;
int64_t gbgpu_split_min_products (void) ;        // knob GBGPU_SPLIT_MIN_PRODUCTS
bool gbgpu_zero_copy_enabled (void) ;
bool gbgpu_jit_enabled (void) ;                  // the GBGPU_JIT option
bool gbgpu_jit_waits (void) ;                    // the GBGPU_JIT_WAIT option
bool gbgpu_accumulator_forced (void) ;          // GBGPU_ACCUMULATOR names one other than hash
bool gbgpu_device_cache_enabled (void) ;         // the GBGPU_DEVICE_CACHE option
bool gbgpu_printing_stats (void) ;               // the GBGPU_PRINT_STATS option
bool gbgpu_huge_pages_enabled (void) ;           // knob GBGPU_XFER_HUGEPAGES
bool gbgpu_model_trace_enabled (void) ;          // knob GBGPU_MODEL_TRACE
bool gbgpu_load_ahead_enabled (void) ;           // knob GBGPU_LOAD_AHEAD
gbgpu_masked_dot_choice gbgpu_forced_masked_dot (void) ;   // knob GBGPU_MASKED_DOT
bool gbgpu_device_ready (void) ;                 // device present, not broken
                                                 // (counted at the first ask)
bool gbgpu_device_broken (void) ;                // a fault corrupted its context
void gbgpu_mark_device_broken (void) ;

// gbgpu_set's and gbgpu_get's work on the values alone (api/options.c adds
// what other layers must do): GrB_INVALID_VALUE for an unknown option or a
// value out of range.
GrB_Info gbgpu_option_store (gbgpu_option option, int64_t value) ;
GrB_Info gbgpu_option_load (gbgpu_option option, int64_t *value) ;

#endif
