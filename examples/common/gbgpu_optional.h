// examples/common/gbgpu_optional.h: gbgpu's controls for programs that do not need gbgpu.
// SPDX-License-Identifier: Apache-2.0
//
// The example programs are plain GraphBLAS: they run the same with
// SuiteSparse's own GrB_mxm or with libgbgpu in front of it (linked first or
// LD_PRELOADed).  So they never call gbgpu directly; these functions look its
// calls up at run time (dlsym) to set the policy and to report whether the
// GPU ran, and do nothing useful (but no harm) when gbgpu is not loaded.

#ifndef GBGPU_OPTIONAL_H
#define GBGPU_OPTIONAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "gbgpu.h"      // types and enums only: nothing here links against gbgpu

// Is libgbgpu in the process?
bool gbgpu_optional_loaded (void) ;

// gbgpu_set (GBGPU_POLICY, policy): GrB_NO_VALUE when gbgpu is not loaded.
GrB_Info gbgpu_optional_set_policy (gbgpu_policy policy) ;

// A program's --cpu/--gpu (policy < 0: neither given): sets the policy, says
// on stderr when gbgpu is not loaded, and exits when gbgpu refuses it.
void gbgpu_optional_apply_policy (const char *program, int policy) ;

// gbgpu_set (GBGPU_DEVICE, local_rank modulo the devices there), when gbgpu
// is loaded and GBGPU_DEVICE is not set: the processes of one node (MPI
// ranks) each take a GPU of their own.
void gbgpu_optional_use_device_of (int local_rank) ;

// gbgpu_start_device, when gbgpu is loaded: the device's one-time start
// (about 0.2 s) is paid here, not by the first timed GrB_mxm.  When it
// started, a line "device     started in <s> s ..." goes to report (none
// when report is NULL: an MPI rank other than the first).
void gbgpu_optional_start_device (FILE *report) ;

// Will a large GrB_mxm go to the GPU: gbgpu loaded, a usable device, and a
// policy other than cpu (under auto, a product big enough is assumed)?
bool gbgpu_optional_gpu_expected (void) ;

// gbgpu's counters now (all zero when gbgpu is not loaded).
gbgpu_stats_t gbgpu_optional_stats (void) ;

// One line saying what computed the GrB_mxm calls made between two snapshots:
// "GPU (1 of 1 GrB_mxm calls)", "CPU (gbgpu delegated: policy)", ...
void gbgpu_optional_describe (char *line, size_t size,
    const gbgpu_stats_t *before, const gbgpu_stats_t *after) ;

#endif
