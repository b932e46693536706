// plugin/jit/outside_build.h: run-time semirings compiled by gbgpu-jit serve, beside the program.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_JIT_OUTSIDE_BUILD_H
#define GBGPU_JIT_OUTSIDE_BUILD_H

#include <stdbool.h>

// A compile handed to gbgpu-jit serve (tools/serve.c).
typedef struct
{
    int server ;
    long request ;
}
gbgpu_jit_outside ;

// Hands the source (of gbgpu_jit_source) to the `gbgpu-jit serve` of its
// kernel set and sm_<arch>, started now if none runs: the tool of this
// build, or GBGPU_JIT_TOOL's.  It compiles it into the disk cache.  False
// when that cannot be: no tool, no disk cache (nowhere to leave the
// binary), the file or the process could not be made.
bool gbgpu_jit_outside_start (gbgpu_jit_outside *o, const char *source, int arch) ;

// 0 while it is not done; then 1 when it compiled the source into the disk
// cache (*seconds: the compile's), 2 when the binary should be there
// without a compile of its own (it was cached already, or the compile was
// a parent's before fork), -1 when it failed (*log: why, malloc'd).  Its
// files are removed then.
int gbgpu_jit_outside_poll (gbgpu_jit_outside *o, char **log, double *seconds) ;

#endif
