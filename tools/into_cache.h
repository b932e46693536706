// tools/into_cache.h: one run-time semiring's source compiled into the disk cache (gbgpu-jit).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_TOOLS_INTO_CACHE_H
#define GBGPU_TOOLS_INTO_CACHE_H

typedef enum { INTO_CACHE_COMPILED, INTO_CACHE_CACHED, INTO_CACHE_FAILED } into_cache_result ;

// The text of a source file: a regular file (not followed through a link,
// not a FIFO that would block) of at most 16 MB; NULL otherwise.
char *gbgpu_tool_read_source (const char *path) ;

// The source at `path` compiled for sm_<arch> into the cache `folder`,
// unless the cache has it already.  *seconds: the compile's, or the read's
// when cached; *log (malloc'd, NULL when none): why it failed.
into_cache_result gbgpu_tool_into_cache (const char *path, const char *folder, int arch,
    double *seconds, char **log) ;

#endif
