// tools/gbgpu_jit.c: gbgpu-jit, run-time semirings compiled ahead into the disk cache.
// SPDX-License-Identifier: Apache-2.0
//
//   gbgpu-jit warm [--arch N] PATH ...
//
// Each PATH is a semiring's source that a run with GBGPU_JIT_RECORD=folder
// wrote (gbgpu-<hash>.cu), or such a folder.  Each is compiled for sm_N
// (default 90; N is the GPU's compute capability, 10 x major + minor) into
// the disk cache that libgbgpu reads on this machine
// (GBGPU_JIT_CACHE, else ~/.cache/gbgpu), unless the cache has it: a
// deployment then pays no compile at run time, only a disk hit.  It must
// be the same build of libgbgpu and the same toolkit as the program will
// use (both enter the cache's keys).  Exit status 0 when every source is
// in the cache afterwards, 1 when one is not (a failed compile, a path that
// is no source, a folder with none), 2 on a usage error.

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec ;
}

// A source: a regular file (not followed through a link, not a FIFO that
// would block) of at most 16 MB.
static char *read_file (const char *path)
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

typedef struct { int cached, compiled, failed ; } tally ;

// One source into the cache folder.
static void warm_one (const char *path, const char *folder, int arch, tally *t)
{
    char *source = read_file (path) ;
    if (source == NULL)
    {
        printf ("failed    %s: not a readable regular file of at most 16 MB\n", path) ;
        t->failed++ ;
        return ;
    }
    gbgpu_jit_digest key = gbgpu_jit_key (source, arch) ;
    gbgpu_jit_binary binary ;
    double start = seconds_now () ;
    if (gbgpu_jit_cache_load (&binary, folder, &key, source))
    {
        printf ("cached    %s (%.1f ms to read)\n", path, 1e3 * (seconds_now () - start)) ;
        gbgpu_jit_binary_free (&binary) ;
        t->cached++ ;
    }
    else
    {
        char *log = NULL ;
        bool ok = gbgpu_jit_compile (&binary, &log, source, arch)
               && gbgpu_jit_cache_store (&binary, folder, &key, source) ;
        if (ok)
        {
            printf ("compiled  %s (%.2f s)\n", path, seconds_now () - start) ;
            t->compiled++ ;
        }
        else
        {
            printf ("failed    %s: %s\n", path, log != NULL ? log : "not stored in the cache") ;
            t->failed++ ;
        }
        if (binary.cubin != NULL) gbgpu_jit_binary_free (&binary) ;
        free (log) ;
    }
    free (source) ;
}

// A recorded source, or a folder of them (gbgpu-*.cu).
static void warm_path (const char *path, const char *folder, int arch, tally *t)
{
    struct stat st ;
    if (stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
        DIR *d = opendir (path) ;
        struct dirent *entry ;
        int sources = 0 ;
        while (d != NULL && (entry = readdir (d)) != NULL)
        {
            size_t n = strlen (entry->d_name) ;
            if (strncmp (entry->d_name, "gbgpu-", 6) != 0 || n < 4 || strcmp (entry->d_name + n - 3, ".cu") != 0)
                continue ;
            char file [4096] ;
            snprintf (file, sizeof (file), "%s/%s", path, entry->d_name) ;
            warm_one (file, folder, arch, t) ;
            sources++ ;
        }
        if (d != NULL) closedir (d) ;
        // a wrong folder, or a run that recorded nothing, is not a success
        if (d == NULL || sources == 0)
        {
            printf ("failed    %s: %s\n", path, d == NULL ? "cannot be listed" : "holds no gbgpu-*.cu") ;
            t->failed++ ;
        }
        return ;
    }
    warm_one (path, folder, arch, t) ;
}

static int usage (void)
{
    fprintf (stderr, "usage: gbgpu-jit warm [--arch N] PATH ...\n"
        "  compiles the run-time semirings' sources at PATH (files or folders that a run\n"
        "  with GBGPU_JIT_RECORD=folder wrote) for sm_N (default 90) into the disk cache\n"
        "  (GBGPU_JIT_CACHE, else ~/.cache/gbgpu)\n") ;
    return 2 ;
}

int main (int argc, char **argv)
{
    if (argc < 3 || strcmp (argv [1], "warm") != 0) return usage () ;
    for (int k = 2 ; k < argc ; k++) if (argv [k][0] == '-' && strcmp (argv [k], "--arch") != 0) return usage () ;
    int arch = 90, first = 2 ;
    if (strcmp (argv [2], "--arch") == 0)
    {
        char *end = NULL ;
        long a = (argc > 3) ? strtol (argv [3], &end, 10) : 0 ;
        if (end == NULL || *end != '\0' || a < 10 || a > 1000) return usage () ;
        arch = (int) a ;
        first = 4 ;
    }
    if (first >= argc) return usage () ;
    char *folder = gbgpu_jit_cache_folder () ;
    if (folder == NULL)
    {
        fprintf (stderr, "gbgpu-jit: no disk cache to fill (see the line above)\n") ;
        return 2 ;
    }
    tally t = { 0, 0, 0 } ;
    for (int k = first ; k < argc ; k++) warm_path (argv [k], folder, arch, &t) ;
    printf ("gbgpu-jit: sm_%d, %s: %d compiled, %d cached already, %d failed\n", arch, folder,
        t.compiled, t.cached, t.failed) ;
    free (folder) ;
    return t.failed > 0 ? 1 : 0 ;
}
