// plugin/api/api.h: what gbgpu's entry points share.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_API_H
#define GBGPU_API_H

#include "core/fork.h"
#include "core/options.h"
#include "core/stats.h"
#include "graphblas/graphblas.h"

// Reads the environment once (lifecycle.c); every entry point calls it
// first.  Thread-safe.
void gbgpu_ensure_initialized (void) ;

#endif
