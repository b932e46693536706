// plugin/jit/compiler/precompiled_header.h: the hash kernel set's headers, parsed once and kept in the disk cache.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_JIT_PRECOMPILED_HEADER_H
#define GBGPU_JIT_PRECOMPILED_HEADER_H

#include "jit/compiler/compiler.h"

// One compile's precompiled header.
typedef struct
{
    int folder_fd ;             // the cache folder, checked; -1: none
    bool creating ;             // the compile makes it, into `temporary`
    char name [128], temporary [160] ;
    char option [320] ;         // NVRTC's option for it
}
gbgpu_jit_pch ;

// The option that reads the precompiled header of the source's includes
// from `folder`, or makes it there when there is none yet; NULL when the
// compile takes none (not the hash set, no folder, NVRTC before 12.8).
// Close it after the compile, whatever the option.
const char *gbgpu_jit_pch_option (gbgpu_jit_pch *p, const char *folder, const char *source, int arch) ;

// After a compile with the option that makes it, before the program (an
// nvrtcProgram) is destroyed: the header is put in place when NVRTC made it
// and the compile succeeded, else removed.
void gbgpu_jit_pch_made (gbgpu_jit_pch *p, void *program, bool compiled) ;

// Done: `discard` removes the header read (a source that failed with it
// compiled without it).
void gbgpu_jit_pch_close (gbgpu_jit_pch *p, bool discard) ;

#endif
