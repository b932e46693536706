// plugin/jit/outside_build.c: a run-time semiring compiled by gbgpu-jit in a process of its own.
// SPDX-License-Identifier: Apache-2.0
//
// A call that does not wait for its semiring's compile (GBGPU_JIT_WAIT 0)
// hands the compile to another process: the gbgpu-jit tool, which writes
// the binary into the disk cache, where a later call finds it.  Not a
// thread of the program's: NVRTC would then run while the program exits,
// and exit tears down the state under it (or waits seconds for it); a
// process of its own finishes its compile whatever the program does, and
// its compiles run beside each other (NVRTC serialises those of one
// process).  A compile that never ends (a definition that includes a
// FIFO) holds no call: they keep going to the library.  Nothing waits
// for the process: a later call polls it (waitpid, WNOHANG).

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/environment.h"
#include "core/stats.h"
#include "jit/compiler/compiler.h"
#include "jit/outside_build.h"

extern char **environ ;

static const char *tool_path (void)
{
    const char *tool = gbgpu_environment_jit_tool () ;
#ifdef GBGPU_JIT_TOOL
    if (tool == NULL) tool = GBGPU_JIT_TOOL ;
#endif
    return (tool != NULL && access (tool, X_OK) == 0) ? tool : NULL ;
}

static bool write_source (const char *path, const char *source)
{
    int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600) ;
    if (fd < 0) return false ;
    size_t n = strlen (source), written = 0 ;
    while (written < n)
    {
        ssize_t w = write (fd, source + written, n - written) ;
        if (w <= 0) break ;
        written += (size_t) w ;
    }
    return (close (fd) == 0) && written == n ;
}

static void forget_files (gbgpu_jit_outside *o)
{
    if (o->source_path != NULL) unlink (o->source_path) ;
    if (o->log_path != NULL) unlink (o->log_path) ;
    free (o->source_path) ;
    free (o->log_path) ;
    o->source_path = o->log_path = NULL ;
}

// The child's environment: the program's, with GBGPU_JIT_CACHE the folder
// this process reads (NULL when out of memory).
static char **environment_with (const char *cache_variable)
{
    size_t n = 0 ;
    while (environ [n] != NULL) n++ ;
    char **e = malloc ((n + 2) * sizeof (char *)) ;
    if (e == NULL) return NULL ;
    size_t k = 0 ;
    for (size_t i = 0 ; i < n ; i++)
        if (strncmp (environ [i], "GBGPU_JIT_CACHE=", 16) != 0) e [k++] = environ [i] ;
    e [k++] = (char *) cache_variable ;
    e [k] = NULL ;
    return e ;
}

bool gbgpu_jit_outside_start (gbgpu_jit_outside *o, const char *source, int arch)
{
    static atomic_int builds ;
    memset (o, 0, sizeof (*o)) ;
    const char *tool = tool_path () ;
    char *folder = (tool != NULL) ? gbgpu_jit_cache_folder () : NULL ;
    if (folder == NULL) return false ;
    size_t n = strlen (folder) + 96 ;
    o->source_path = malloc (n) ;
    o->log_path = malloc (n) ;
    char *cache_variable = malloc (n) ;
    bool ok = o->source_path != NULL && o->log_path != NULL && cache_variable != NULL ;
    if (ok)
    {
        // named as the cache's temporaries (gbgpu-*.cubin.*): a killed
        // program's are removed by a later store once an hour old
        const int k = atomic_fetch_add (&builds, 1) ;
        snprintf (o->source_path, n, "%s/gbgpu-build-%ld-%d.cubin.source", folder, (long) getpid (), k) ;
        snprintf (o->log_path, n, "%s/gbgpu-build-%ld-%d.cubin.log", folder, (long) getpid (), k) ;
        snprintf (cache_variable, n, "GBGPU_JIT_CACHE=%s", folder) ;
        ok = write_source (o->source_path, source) ;
    }
    char **envp = ok ? environment_with (cache_variable) : NULL ;
    posix_spawn_file_actions_t actions ;
    if (envp != NULL && posix_spawn_file_actions_init (&actions) == 0)
    {
        char arch_text [16] ;
        snprintf (arch_text, sizeof (arch_text), "%d", arch) ;
        char *argv [ ] = { (char *) tool, "warm", "--arch", arch_text, o->source_path, NULL } ;
        ok = posix_spawn_file_actions_addopen (&actions, 0, "/dev/null", O_RDONLY, 0) == 0
          && posix_spawn_file_actions_addopen (&actions, 1, o->log_path,
                 O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600) == 0
          && posix_spawn_file_actions_adddup2 (&actions, 1, 2) == 0
          && posix_spawn (&o->pid, tool, &actions, NULL, argv, envp) == 0 ;
        posix_spawn_file_actions_destroy (&actions) ;
    }
    else ok = false ;
    free (envp) ;
    free (cache_variable) ;
    free (folder) ;
    if (!ok)
    {
        forget_files (o) ;
        memset (o, 0, sizeof (*o)) ;
        return false ;
    }
    o->started = gbgpu_seconds_now () ;
    return true ;
}

static char *read_log (const char *path)
{
    FILE *f = fopen (path, "r") ;
    char *text = NULL ;
    size_t length = 0 ;
    if (f != NULL)
    {
        char buffer [4096] ;
        size_t n ;
        while ((n = fread (buffer, 1, sizeof (buffer), f)) > 0)
        {
            char *t = realloc (text, length + n + 1) ;
            if (t == NULL) break ;
            text = t ;
            memcpy (text + length, buffer, n) ;
            length += n ;
        }
        fclose (f) ;
    }
    if (text == NULL) return strdup ("(gbgpu-jit gave no output)") ;
    text [length] = '\0' ;
    return text ;
}

int gbgpu_jit_outside_poll (gbgpu_jit_outside *o, char **log, double *seconds)
{
    *log = NULL ;
    *seconds = 0 ;
    int status = 0 ;
    pid_t r = waitpid (o->pid, &status, WNOHANG) ;
    if (r == 0) return 0 ;
    // not ours to reap (the program ignores SIGCHLD, or reaped it): ended
    // once it is gone, its status unknown (the cache says)
    if (r < 0 && (errno != ECHILD || kill (o->pid, 0) == 0)) return 0 ;
    bool stored = (r < 0) || (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    *seconds = gbgpu_seconds_now () - o->started ;
    if (!stored) *log = read_log (o->log_path) ;
    forget_files (o) ;
    return stored ? 1 : -1 ;
}
