// plugin/jit/compiler/precompiled_header.c: the hash kernel set's headers, parsed once and kept in the disk cache.
// SPDX-License-Identifier: Apache-2.0
//
// Most of a compile of the hash set is NVRTC's front end reading the
// headers the source opens with (docs/jit.md: 2.2 s for the hash kernel
// alone, 0.55 s when NVRTC starts from their precompiled state).  NVRTC
// (12.8 and later) saves that state to a file (--create-pch) and starts a
// later compile from it (--use-pch) if the source opens with the same
// includes.  So the first compile of the set makes the file in the cache
// folder, and every later one, in any of the user's processes, reads it.
//
// The file is gbgpu-<key>.pch beside the cubins, under the same rules
// (disk_cache.c): the key covers what the parsed state depends on (the
// embedded headers, the includes the source opens with, the architecture,
// NVRTC's version and options, CCCL's version headers) through
// gbgpu_jit_key; it is made as a private temporary and renamed into place,
// trimmed with the entries, and read only when private to the user.  NVRTC
// takes a path, not a descriptor: the path goes through the checked
// folder's descriptor (/proc/self/fd/N/...), so a folder swapped after the
// check is not the one read.  Only the hash set has one: the whole
// registry's headers make a file of some 190 MB, most of the cache, for a
// compile that runs in the background anyway (jit/modules.c).

#define _GNU_SOURCE
#include <fcntl.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "jit/compiler/precompiled_header.h"

// NVRTC's precompiled headers came with CUDA 12.8.
static bool nvrtc_has_pch (void)
{
    int major = 0, minor = 0 ;
    return nvrtcVersion (&major, &minor) == NVRTC_SUCCESS && (major > 12 || (major == 12 && minor >= 8)) ;
}

// The includes a source opens with: what the parsed state depends on.
static char *opening_includes (const char *source)
{
    const char *end = strchr (source, '\n') ;     // past the first line (a comment)
    while (end != NULL && strncmp (end + 1, "#include ", 9) == 0) end = strchr (end + 1, '\n') ;
    if (end == NULL) return NULL ;
    size_t n = (size_t) (end - source) ;
    char *text = malloc (n + 16) ;
    if (text != NULL) snprintf (text, n + 16, "pch\n%.*s", (int) n, source) ;
    return text ;
}

const char *gbgpu_jit_pch_option (gbgpu_jit_pch *p, const char *folder, const char *source, int arch)
{
    memset (p, 0, sizeof (*p)) ;
    p->folder_fd = -1 ;
    if (folder == NULL || gbgpu_jit_source_kernel_set (source) != GBGPU_JIT_KERNELS_HASH
        || !nvrtc_has_pch ()) return NULL ;
    char *includes = opening_includes (source) ;
    if (includes == NULL) return NULL ;
    gbgpu_jit_digest key = gbgpu_jit_key (includes, arch) ;
    free (includes) ;
    char key_hex [2 * GBGPU_SHA256_SIZE + 1] ;
    gbgpu_jit_digest_hex (key_hex, &key) ;
    snprintf (p->name, sizeof (p->name), "gbgpu-%s.pch", key_hex) ;

    p->folder_fd = gbgpu_jit_cache_open (folder, true) ;
    if (p->folder_fd < 0) return NULL ;
    struct stat s ;
    if (fstatat (p->folder_fd, p->name, &s, AT_SYMLINK_NOFOLLOW) == 0)
    {
        if (!S_ISREG (s.st_mode) || !gbgpu_jit_cache_private (&s))
        {
            gbgpu_jit_pch_close (p, false) ;
            return NULL ;
        }
        // a use touches it, as a hit does a cubin (the trim goes by age)
        (void) utimensat (p->folder_fd, p->name, NULL, AT_SYMLINK_NOFOLLOW) ;
        snprintf (p->option, sizeof (p->option), "--use-pch=/proc/self/fd/%d/%s", p->folder_fd, p->name) ;
        return p->option ;
    }
    int fd = gbgpu_jit_cache_temporary (p->temporary, p->folder_fd, p->name) ;
    if (fd < 0)
    {
        gbgpu_jit_pch_close (p, false) ;
        return NULL ;
    }
    close (fd) ;
    p->creating = true ;
    snprintf (p->option, sizeof (p->option), "--create-pch=/proc/self/fd/%d/%s", p->folder_fd, p->temporary) ;
    return p->option ;
}

void gbgpu_jit_pch_made (gbgpu_jit_pch *p, void *program, bool compiled)
{
    if (p->folder_fd < 0 || !p->creating) return ;
    p->creating = false ;
    nvrtcResult made = nvrtcGetPCHCreateStatus ((nvrtcProgram) program) ;
    if (made == NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED)
    {
        // the next compile of this process makes it
        size_t required = 0 ;
        if (nvrtcGetPCHHeapSizeRequired ((nvrtcProgram) program, &required) == NVRTC_SUCCESS)
            (void) nvrtcSetPCHHeapSize (required) ;
    }
    bool installed = compiled && made == NVRTC_SUCCESS
        && renameat (p->folder_fd, p->temporary, p->folder_fd, p->name) == 0 ;
    if (!installed) (void) unlinkat (p->folder_fd, p->temporary, 0) ;
}

void gbgpu_jit_pch_close (gbgpu_jit_pch *p, bool discard)
{
    if (p->folder_fd < 0) return ;
    if (p->creating) (void) unlinkat (p->folder_fd, p->temporary, 0) ;
    else if (discard) (void) unlinkat (p->folder_fd, p->name, 0) ;
    close (p->folder_fd) ;
    p->folder_fd = -1 ;
}
