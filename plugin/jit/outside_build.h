// plugin/jit/outside_build.h: a run-time semiring compiled by gbgpu-jit in a process of its own.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_JIT_OUTSIDE_BUILD_H
#define GBGPU_JIT_OUTSIDE_BUILD_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct
{
    pid_t pid ;                 // gbgpu-jit warm, on ...
    char *source_path ;         // ... the source, written in the cache folder
    char *log_path ;            // its output
    double started ;            // seconds (gbgpu_seconds_now)
}
gbgpu_jit_outside ;

// Starts `gbgpu-jit warm --arch <arch> <source>` (tools/gbgpu_jit.c), which
// compiles the source into the disk cache: the tool of this build, or
// GBGPU_JIT_TOOL's.  False when it cannot be started: no tool, no disk
// cache (nowhere to leave the binary), a file or the spawn failed.
bool gbgpu_jit_outside_start (gbgpu_jit_outside *o, const char *source, int arch) ;

// 0 while it runs; once it has ended, 1 when it stored the binary (or its
// status is unknown: the program reaped it), -1 when it failed (*log: its
// output, malloc'd); *seconds: how long it ran.  Its files are removed then.
int gbgpu_jit_outside_poll (gbgpu_jit_outside *o, char **log, double *seconds) ;

#endif
