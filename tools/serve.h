// tools/serve.h: gbgpu-jit serve, a program's run-time semirings compiled while it runs.
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_TOOLS_SERVE_H
#define GBGPU_TOOLS_SERVE_H

// Compiles the sources named on standard input into the cache `folder`
// for sm_<arch>, answering each on standard output, until standard input
// ends (serve.c says the protocol).  Returns the exit status.
int gbgpu_jit_serve (const char *folder, int arch) ;

#endif
