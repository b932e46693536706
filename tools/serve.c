// tools/serve.c: gbgpu-jit serve, a program's run-time semirings compiled while it runs.
// SPDX-License-Identifier: Apache-2.0
//
// A program whose calls do not wait for compiles (GBGPU_JIT_WAIT 0) starts
// one `gbgpu-jit serve` per kernel set and architecture
// (plugin/jit/outside_build.c) and hands it sources, one line each on
// standard input (a socket):
//
//   <id> <name>        a file in the cache folder, gbgpu-build-*.cubin.source
//
// It first says "gbgpu-jit serve 1" (the protocol's version), then compiles
// each source into the disk cache, in the order asked, and answers on
// standard output (the same socket), every request it can read an id in:
//
//   <id> <compiled|cached|failed> <seconds>
//
// with a failure's log in the file of the same name ending in .log instead
// of .source.  One process for many compiles, because NVRTC keeps the parsed
// headers (its automatic precompiled header, -pch) for the next compile in
// the process with the same includes, and the headers are most of a
// compile: a kernel set's first compile takes seconds, the next ones a
// fraction of one (docs/jit.md).  It ends when the program closes its end
// (it exited), after answering what was asked: a compile nobody waits for
// any more still reaches the cache for the program's next run.

#define _GNU_SOURCE             // getline
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"
#include "into_cache.h"
#include "serve.h"

#define SOURCE_PREFIX "gbgpu-build-"
#define SOURCE_SUFFIX ".cubin.source"

// A name the program made: a file directly in the folder, nothing else.
static bool source_name (const char *name)
{
    size_t n = strlen (name), prefix = strlen (SOURCE_PREFIX), suffix = strlen (SOURCE_SUFFIX) ;
    if (n <= prefix + suffix || strncmp (name, SOURCE_PREFIX, prefix) != 0
        || strcmp (name + n - suffix, SOURCE_SUFFIX) != 0) return false ;
    for (size_t k = 0 ; k < n ; k++)
        if (strchr ("abcdefghijklmnopqrstuvwxyz0123456789.-", name [k]) == NULL) return false ;
    return true ;
}

// The failure's log beside the source, as the cache writes its files.
static void write_log (const char *folder, const char *name, const char *log)
{
    char log_name [256] ;
    snprintf (log_name, sizeof (log_name), "%.*s.log", (int) (strlen (name) - strlen (".source")), name) ;
    (void) gbgpu_jit_cache_write_new (folder, log_name, log != NULL ? log : "(no log)") ;
}

static bool answer (long id, const char *what, double seconds)
{
    char line [128] ;
    int n = snprintf (line, sizeof (line), "%ld %s %.6f\n", id, what, seconds) ;
    return write (STDOUT_FILENO, line, (size_t) n) == n ;
}

int gbgpu_jit_serve (const char *folder, int arch)
{
    // the program may be gone: an answer then fails, the compiles go on
    signal (SIGPIPE, SIG_IGN) ;
    static const char hello [ ] = "gbgpu-jit serve 1\n" ;
    if (write (STDOUT_FILENO, hello, sizeof (hello) - 1) != (ssize_t) sizeof (hello) - 1) return 1 ;
    char *line = NULL ;
    size_t capacity = 0 ;
    ssize_t length ;
    while ((length = getline (&line, &capacity, stdin)) > 0)
    {
        if (line [length - 1] == '\n') line [length - 1] = '\0' ;
        char *name = NULL ;
        long id = strtol (line, &name, 10) ;
        if (name == line || *name != ' ' || !source_name (name + 1))
        {
            fprintf (stderr, "gbgpu-jit serve: not a request: %s\n", line) ;
            if (name != line) (void) answer (id, "failed", 0) ;
            continue ;
        }
        name++ ;
        char path [4096] ;
        snprintf (path, sizeof (path), "%s/%s", folder, name) ;
        double seconds = 0 ;
        char *log = NULL ;
        into_cache_result result = gbgpu_tool_into_cache (path, folder, arch, &seconds, &log) ;
        if (result == INTO_CACHE_FAILED) write_log (folder, name, log) ;
        free (log) ;
        (void) answer (id, result == INTO_CACHE_COMPILED ? "compiled"
                         : result == INTO_CACHE_CACHED ? "cached" : "failed", seconds) ;
    }
    free (line) ;
    return 0 ;
}
