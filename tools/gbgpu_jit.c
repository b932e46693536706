// tools/gbgpu_jit.c: gbgpu-jit, run-time semirings compiled into the disk cache.
// SPDX-License-Identifier: Apache-2.0
//
//   gbgpu-jit warm [--arch N] PATH ...
//   gbgpu-jit serve [--arch N]
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
//
// serve is for libgbgpu itself: the compiles of a program whose calls do
// not wait for them (serve.c).

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "jit/compiler/compiler.h"
#include "into_cache.h"
#include "serve.h"

typedef struct { int cached, compiled, failed ; } tally ;

// One source into the cache folder.
static void warm_one (const char *path, const char *folder, int arch, tally *t)
{
    double seconds = 0 ;
    char *log = NULL ;
    switch (gbgpu_tool_into_cache (path, folder, arch, &seconds, &log))
    {
        case INTO_CACHE_CACHED :
            printf ("cached    %s (%.1f ms to read)\n", path, 1e3 * seconds) ;
            t->cached++ ;
            break ;
        case INTO_CACHE_COMPILED :
            printf ("compiled  %s (%.2f s)\n", path, seconds) ;
            t->compiled++ ;
            break ;
        default :
            printf ("failed    %s: %s\n", path, log) ;
            t->failed++ ;
    }
    free (log) ;
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
        "  (GBGPU_JIT_CACHE, else ~/.cache/gbgpu)\n"
        "       gbgpu-jit serve [--arch N]\n"
        "  the same for sources that libgbgpu names on standard input\n") ;
    return 2 ;
}

int main (int argc, char **argv)
{
    const bool warm = (argc >= 2 && strcmp (argv [1], "warm") == 0) ;
    const bool serve = (argc >= 2 && strcmp (argv [1], "serve") == 0) ;
    if (!warm && !serve) return usage () ;
    for (int k = 2 ; k < argc ; k++) if (argv [k][0] == '-' && strcmp (argv [k], "--arch") != 0) return usage () ;
    int arch = 90, first = 2 ;
    if (argc > 2 && strcmp (argv [2], "--arch") == 0)
    {
        char *end = NULL ;
        long a = (argc > 3) ? strtol (argv [3], &end, 10) : 0 ;
        if (end == NULL || *end != '\0' || a < 10 || a > 1000) return usage () ;
        arch = (int) a ;
        first = 4 ;
    }
    if (warm ? first >= argc : first != argc) return usage () ;
    char *folder = gbgpu_jit_cache_folder () ;
    if (folder == NULL)
    {
        fprintf (stderr, "gbgpu-jit: no disk cache to fill (see the line above)\n") ;
        return 2 ;
    }
    int status = 0 ;
    if (serve) status = gbgpu_jit_serve (folder, arch) ;
    else
    {
        tally t = { 0, 0, 0 } ;
        for (int k = first ; k < argc ; k++) warm_path (argv [k], folder, arch, &t) ;
        printf ("gbgpu-jit: sm_%d, %s: %d compiled, %d cached already, %d failed\n", arch, folder,
            t.compiled, t.cached, t.failed) ;
        status = t.failed > 0 ? 1 : 0 ;
    }
    free (folder) ;
    return status ;
}
