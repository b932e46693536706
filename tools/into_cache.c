// tools/into_cache.c: one run-time semiring's source compiled into the disk cache (gbgpu-jit).
// SPDX-License-Identifier: Apache-2.0
//
// Shared by `gbgpu-jit warm` (sources a run recorded) and `gbgpu-jit serve`
// (sources a program hands over while it runs).

#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"
#include "into_cache.h"

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec ;
}

char *gbgpu_tool_read_source (const char *path)
{
    int fd = open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) ;
    struct stat st ;
    if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > (16 << 20))
    {
        if (fd >= 0) close (fd) ;
        return NULL ;
    }
    FILE *f = fdopen (fd, "rb") ;
    if (f == NULL) { close (fd) ; return NULL ; }
    char *text = NULL ;
    size_t length = 0, capacity = 0, n ;
    char buffer [65536] ;
    while ((n = fread (buffer, 1, sizeof (buffer), f)) > 0)
    {
        if (length + n + 1 > capacity)
        {
            capacity = 2 * (length + n + 1) ;
            char *t = realloc (text, capacity) ;
            if (t == NULL) { free (text) ; fclose (f) ; return NULL ; }
            text = t ;
        }
        memcpy (text + length, buffer, n) ;
        length += n ;
    }
    bool failed = ferror (f) ;
    fclose (f) ;
    if (failed || text == NULL) { free (text) ; return NULL ; }
    text [length] = '\0' ;
    return text ;
}

into_cache_result gbgpu_tool_into_cache (const char *path, const char *folder, int arch,
    double *seconds, char **log)
{
    *seconds = 0 ;
    *log = NULL ;
    char *source = gbgpu_tool_read_source (path) ;
    if (source == NULL)
    {
        *log = strdup ("not a readable regular file of at most 16 MB") ;
        return INTO_CACHE_FAILED ;
    }
    gbgpu_jit_digest key = gbgpu_jit_key (source, arch) ;
    gbgpu_jit_binary binary ;
    double start = seconds_now () ;
    into_cache_result result = INTO_CACHE_CACHED ;
    if (gbgpu_jit_cache_load (&binary, folder, &key, source))
    {
        gbgpu_jit_binary_free (&binary) ;
    }
    else if (gbgpu_jit_compile (&binary, log, source, arch))
    {
        result = gbgpu_jit_cache_store (&binary, folder, &key, source) ? INTO_CACHE_COMPILED
                                                                       : INTO_CACHE_FAILED ;
        if (result == INTO_CACHE_FAILED) *log = strdup ("not stored in the cache") ;
        gbgpu_jit_binary_free (&binary) ;
    }
    else
    {
        result = INTO_CACHE_FAILED ;
        if (*log == NULL) *log = strdup ("(NVRTC gave no log)") ;
    }
    *seconds = seconds_now () - start ;
    free (source) ;
    return result ;
}
