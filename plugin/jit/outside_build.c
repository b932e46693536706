// plugin/jit/outside_build.c: run-time semirings compiled by gbgpu-jit serve, beside the program.
// SPDX-License-Identifier: Apache-2.0
//
// A call that does not wait for its semiring's compile (GBGPU_JIT_WAIT 0)
// hands the compile to a process beside the program: `gbgpu-jit serve`
// (tools/serve.c), which writes the binary into the disk cache, where a
// later call finds it.  One such process per kernel set and architecture,
// started by the first compile it gets and kept for the program's life,
// because NVRTC keeps the parsed headers of a compile for the next one of
// the same process (its automatic precompiled header): a kernel set's first
// compile takes seconds, the next ones a fraction of one.  Two sets compile
// side by side.  Not a thread of the program's: NVRTC would then run while
// the program exits, and exit tears down the state under it (or waits
// seconds for it); the process finishes what it was asked whatever the
// program does, and ends when the program's end of its socket closes.
//
// The program writes each source into the cache folder and names it on the
// socket; answers come back in the order asked, and a later call collects
// them without waiting (a non-blocking read; every request first collects
// what has come, so the answers never fill the socket and block the
// process).  A process starts by saying the protocol it speaks (another
// build's tool that does not is no process to use: the calls compile
// themselves).  It runs in a session of its own with the default signal
// handling, so a terminal's interrupt meant for the program does not kill
// its compiles.  A process that dies takes only the compile it was running
// with it (that one fails; the rest go to a new process); one that runs a
// compile for GBGPU_JIT_SERVE_LIMIT seconds (a definition that never
// finishes compiling) is killed so.  The caller holds jit/modules.c's lock;
// this file's own lock keeps the processes' state whole whoever calls, and
// is held across fork.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/environment.h"
#include "core/stats.h"
#include "jit/compiler/compiler.h"
#include "jit/outside_build.h"

extern char **environ ;

// (kernel set, architecture, folder) triples with a process of their own
#define MAX_SERVERS 8
// seconds a process may spend on one compile before it is killed
#define GBGPU_JIT_SERVE_LIMIT 300.0
// seconds a new process has to say its protocol
#define GBGPU_JIT_SERVE_START_LIMIT 10
// what it says: tools/serve.c
#define GBGPU_JIT_SERVE_HELLO "gbgpu-jit serve 1\n"

typedef enum { SENT, COMPILED, CACHED, FAILED, UNKNOWN } request_state ;

typedef struct
{
    char *name ;                // the source's file name in the folder; NULL once collected
    request_state state ;
    double seconds ;            // the compile's (COMPILED)
    char *log ;                 // FAILED without a log file: why (malloc'd)
    bool inherited ;            // a parent's, from before fork: its files are the parent's
}
request ;

typedef struct
{
    int set, arch ;
    char *folder ;              // the cache folder it reads and writes (malloc'd)
    pid_t pid ;                 // 0: no process
    int socket ;                // -1: no process
    char partial [128] ;        // an answer not whole yet
    size_t partial_length ;
    request *requests ;         // by id
    long count, capacity ;
    long head ;                 // the first request not answered (answers come in order)
    double head_since ;         // when the process began it
}
compile_server ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static compile_server servers [MAX_SERVERS] ;
static int server_count = 0 ;
static char *refused_tool = NULL ;     // one that started but did not say its protocol

static const char *tool_path (void)
{
    const char *tool = gbgpu_environment_jit_tool () ;
#ifdef GBGPU_JIT_TOOL
    if (tool == NULL) tool = GBGPU_JIT_TOOL ;
#endif
    return (tool != NULL && access (tool, X_OK) == 0) ? tool : NULL ;
}

static char *path_in (const char *folder, const char *name, const char *suffix)
{
    size_t n = strlen (folder) + strlen (name) + strlen (suffix) + 2 ;
    char *path = malloc (n) ;
    if (path != NULL) snprintf (path, n, "%s/%s%s", folder, name, suffix) ;
    return path ;
}

// "gbgpu-build-<pid>-<k>.cubin.source" -> the log's path, ".log" for ".source"
static char *log_path (const compile_server *s, const char *name)
{
    char stem [128] ;
    snprintf (stem, sizeof (stem), "%.*s", (int) (strlen (name) - strlen (".source")), name) ;
    return path_in (s->folder, stem, ".log") ;
}

// The process's environment: the program's, with GBGPU_JIT_CACHE the
// folder this process reads (NULL when out of memory).
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

// `gbgpu-jit serve --arch <arch>` on a socket of ours (lock held).
static bool start_process (compile_server *s)
{
    const char *tool = tool_path () ;
    int ends [2] ;
    if (tool == NULL || (refused_tool != NULL && strcmp (refused_tool, tool) == 0) || socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return false ;
    size_t n = strlen (s->folder) + 32 ;
    char *cache_variable = malloc (n) ;
    char **envp = NULL ;
    if (cache_variable != NULL)
    {
        snprintf (cache_variable, n, "GBGPU_JIT_CACHE=%s", s->folder) ;
        envp = environment_with (cache_variable) ;
    }
    bool ok = false ;
    posix_spawn_file_actions_t actions ;
    posix_spawnattr_t attributes ;
    sigset_t no_signals, every_signal ;
    sigemptyset (&no_signals) ;
    sigfillset (&every_signal) ;
    if (envp != NULL && posix_spawn_file_actions_init (&actions) == 0)
    {
        if (posix_spawnattr_init (&attributes) == 0)
        {
            char arch_text [16] ;
            snprintf (arch_text, sizeof (arch_text), "%d", s->arch) ;
            char *argv [ ] = { (char *) tool, "serve", "--arch", arch_text, NULL } ;
            ok = posix_spawnattr_setflags (&attributes,
                     POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0
              && posix_spawnattr_setsigmask (&attributes, &no_signals) == 0
              && posix_spawnattr_setsigdefault (&attributes, &every_signal) == 0
              && posix_spawn_file_actions_adddup2 (&actions, ends [1], 0) == 0
              && posix_spawn_file_actions_adddup2 (&actions, ends [1], 1) == 0
              && posix_spawn_file_actions_addopen (&actions, 2, "/dev/null", O_WRONLY, 0) == 0
              && posix_spawn (&s->pid, tool, &actions, &attributes, argv, envp) == 0 ;
            posix_spawnattr_destroy (&attributes) ;
        }
        posix_spawn_file_actions_destroy (&actions) ;
    }
    free (envp) ;
    free (cache_variable) ;
    close (ends [1]) ;
    // its first words: the protocol it speaks
    const bool spawned = ok ;
    char hello [sizeof (GBGPU_JIT_SERVE_HELLO)] ;
    size_t got = 0 ;
    const double deadline = gbgpu_seconds_now () + GBGPU_JIT_SERVE_START_LIMIT ;
    while (ok && got < sizeof (hello) - 1)
    {
        struct pollfd p = { .fd = ends [0], .events = POLLIN } ;
        const int left_ms = (int) (1000 * (deadline - gbgpu_seconds_now ())) ;
        int ready = (left_ms > 0) ? poll (&p, 1, left_ms) : 0 ;
        ssize_t n = (ready == 1) ? recv (ends [0], hello + got, sizeof (hello) - 1 - got, 0) : -1 ;
        bool interrupted = (ready < 0 || n < 0) && errno == EINTR ;
        ok = n > 0 || interrupted ;
        if (n > 0) got += (size_t) n ;
    }
    ok = ok && memcmp (hello, GBGPU_JIT_SERVE_HELLO, sizeof (hello) - 1) == 0 ;
    // a tool that started but does not speak the protocol (another build's)
    // is not tried again: each try would cost the wait above
    if (spawned && !ok)
    {
        free (refused_tool) ;
        refused_tool = strdup (tool) ;
    }
    if (!ok)
    {
        close (ends [0]) ;
        if (s->pid != 0)
        {
            kill (s->pid, SIGKILL) ;
            (void) waitpid (s->pid, NULL, 0) ;
        }
        s->pid = 0 ;
        return false ;
    }
    s->socket = ends [0] ;
    s->partial_length = 0 ;
    s->head_since = gbgpu_seconds_now () ;
    return true ;
}

// The first request not answered moves past those finished otherwise.
static void advance_head (compile_server *s)
{
    while (s->head < s->count && s->requests [s->head].state != SENT) s->head++ ;
}

static bool send_request (compile_server *s, long id)
{
    char line [160] ;
    int n = snprintf (line, sizeof (line), "%ld %s\n", id, s->requests [id].name) ;
    if (n <= 0 || (size_t) n >= sizeof (line)) return false ;
    advance_head (s) ;
    if (s->head == id) s->head_since = gbgpu_seconds_now () ;
    // never blocks: a socket so full is one of a process far behind
    return send (s->socket, line, (size_t) n, MSG_NOSIGNAL | MSG_DONTWAIT) == n ;
}

static void fail_request (request *r, const char *why)
{
    r->state = FAILED ;
    r->log = strdup (why) ;
}

// The process has ended (or is killed now): the compile it was running
// fails, unless it is one from `innocent` on (requests it may never have
// had); the rest go to a new process (lock held).
static void process_ended (compile_server *s, bool kill_it, long innocent)
{
    if (kill_it) kill (s->pid, SIGKILL) ;
    close (s->socket) ;
    s->socket = -1 ;
    int status = 0 ;
    pid_t r = waitpid (s->pid, &status, WNOHANG) ;
    if (r == 0)
    {
        // its socket closed but it lives on (or is still dying): nothing
        // more of it is wanted
        if (!kill_it) kill (s->pid, SIGKILL) ;
        r = waitpid (s->pid, &status, 0) ;
    }
    s->pid = 0 ;
    advance_head (s) ;
    if (s->head == s->count) return ;
    if (s->head < innocent)
    {
        char why [160] ;
        if (kill_it) snprintf (why, sizeof (why), "gbgpu-jit serve: no answer in %.0f s; killed", GBGPU_JIT_SERVE_LIMIT) ;
        else if (r > 0 && WIFSIGNALED (status)) snprintf (why, sizeof (why), "gbgpu-jit serve: killed by signal %d during this compile", WTERMSIG (status)) ;
        else snprintf (why, sizeof (why), "gbgpu-jit serve ended during this compile") ;
        fail_request (&s->requests [s->head], why) ;
        advance_head (s) ;
        if (s->head == s->count) return ;
    }
    // the rest to a new process, started once; where none takes them, their
    // state is unknown (the disk cache says; a call asks again): no fault of
    // theirs, so no failure for the process's life
    const bool restarted = start_process (s) ;
    for (long id = s->head ; id < s->count ; id++)
    {
        if (s->requests [id].state != SENT) continue ;
        if (!restarted || !send_request (s, id)) s->requests [id].state = UNKNOWN ;
    }
    s->head_since = gbgpu_seconds_now () ;
}

// One answer, "<id> <compiled|cached|failed> <seconds>" (lock held).
static void take_answer (compile_server *s, const char *line)
{
    long id = -1 ;
    char what [16] ;
    double seconds = 0 ;
    if (sscanf (line, "%ld %15s %lf", &id, what, &seconds) != 3 || id < 0 || id >= s->count
        || s->requests [id].state != SENT) return ;
    request *r = &s->requests [id] ;
    r->seconds = seconds ;
    r->state = strcmp (what, "compiled") == 0 ? COMPILED : strcmp (what, "cached") == 0 ? CACHED : FAILED ;
    // answers come in the order asked: one skipped gets none
    for (long k = s->head ; k < id ; k++)
        if (s->requests [k].state == SENT) fail_request (&s->requests [k], "gbgpu-jit serve gave no answer") ;
    s->head = id + 1 ;
    s->head_since = gbgpu_seconds_now () ;
}

// The answers that have come, without waiting for any (lock held).
static void collect_answers (compile_server *s)
{
    while (s->pid != 0)
    {
        char buffer [1024] ;
        ssize_t n = recv (s->socket, buffer, sizeof (buffer), MSG_DONTWAIT) ;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break ;
        if (n < 0 && errno == EINTR) continue ;
        if (n <= 0)
        {
            process_ended (s, false, s->count) ;
            return ;
        }
        for (ssize_t k = 0 ; k < n ; k++)
        {
            if (buffer [k] != '\n')
            {
                if (s->partial_length + 1 < sizeof (s->partial)) s->partial [s->partial_length++] = buffer [k] ;
                continue ;
            }
            s->partial [s->partial_length] = '\0' ;
            take_answer (s, s->partial) ;
            s->partial_length = 0 ;
        }
    }
    advance_head (s) ;
    const bool busy = s->head < s->count ;
    if (s->pid != 0 && busy && gbgpu_seconds_now () - s->head_since > GBGPU_JIT_SERVE_LIMIT)
        process_ended (s, true, s->count) ;
}

// The process for (set, arch, folder), started now if need be; NULL when
// none can be had (lock held).
static compile_server *server_for (int set, int arch, char *folder)
{
    compile_server *s = NULL ;
    for (int k = 0 ; k < server_count && s == NULL ; k++)
        if (servers [k].set == set && servers [k].arch == arch && strcmp (servers [k].folder, folder) == 0)
            s = &servers [k] ;
    if (s == NULL)
    {
        if (server_count == MAX_SERVERS) return NULL ;
        char *copy = strdup (folder) ;
        if (copy == NULL) return NULL ;
        s = &servers [server_count++] ;
        *s = (compile_server) { .set = set, .arch = arch, .folder = copy, .socket = -1 } ;
    }
    // what has come first: answers never pile up, and a process that
    // died since is known before it is asked anything
    if (s->pid != 0) collect_answers (s) ;
    if (s->pid == 0 && !start_process (s)) return NULL ;
    return s ;
}

bool gbgpu_jit_outside_start (gbgpu_jit_outside *o, const char *source, int arch)
{
    static atomic_long builds ;
    const int set = gbgpu_jit_source_kernel_set (source) ;
    char *folder = (set >= 0 && tool_path () != NULL) ? gbgpu_jit_cache_folder () : NULL ;
    if (folder == NULL) return false ;
    pthread_mutex_lock (&lock) ;
    compile_server *s = server_for (set, arch, folder) ;
    bool ok = false ;
    if (s != NULL && s->count == s->capacity)
    {
        request *more = realloc (s->requests, (size_t) (2 * s->capacity + 8) * sizeof (request)) ;
        if (more != NULL)
        {
            s->requests = more ;
            s->capacity = 2 * s->capacity + 8 ;
        }
    }
    if (s != NULL && s->count < s->capacity)
    {
        // named as the cache's temporaries (gbgpu-*.cubin.*): a killed
        // program's are removed by a later store once an hour old
        char name [96] ;
        snprintf (name, sizeof (name), "gbgpu-build-%ld-%ld.cubin.source", (long) getpid (),
            atomic_fetch_add (&builds, 1)) ;
        const long id = s->count ;
        request *r = &s->requests [id] ;
        *r = (request) { .name = strdup (name), .state = SENT } ;
        ok = r->name != NULL && gbgpu_jit_cache_write_new (folder, name, source) ;
        if (ok)
        {
            s->count++ ;
            if (!send_request (s, id)) process_ended (s, false, id) ;
            o->server = (int) (s - servers) ;
            o->request = id ;
        }
        else free (r->name) ;
    }
    pthread_mutex_unlock (&lock) ;
    free (folder) ;
    return ok ;
}

// The log the process wrote: a regular file, not followed through a link,
// its first megabyte.
static char *read_log (const char *path)
{
    int fd = (path != NULL) ? open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1 ;
    struct stat st ;
    FILE *f = (fd >= 0 && fstat (fd, &st) == 0 && S_ISREG (st.st_mode)) ? fdopen (fd, "r") : NULL ;
    if (f == NULL && fd >= 0) close (fd) ;
    char *text = NULL ;
    size_t length = 0 ;
    if (f != NULL)
    {
        char buffer [4096] ;
        size_t n ;
        while (length < (1 << 20) && (n = fread (buffer, 1, sizeof (buffer), f)) > 0)
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
    pthread_mutex_lock (&lock) ;
    compile_server *s = &servers [o->server] ;
    collect_answers (s) ;
    request *r = &s->requests [o->request] ;
    int ended = 0 ;
    if (r->state != SENT)
    {
        char *source = path_in (s->folder, r->name, "") ;
        char *logfile = log_path (s, r->name) ;
        ended = (r->state == COMPILED) ? 1 : (r->state == FAILED) ? -1 : 2 ;
        *seconds = r->seconds ;
        if (r->state == FAILED) *log = (r->log != NULL) ? r->log : read_log (logfile) ;
        if (!r->inherited)
        {
            if (source != NULL) unlink (source) ;
            if (logfile != NULL) unlink (logfile) ;
        }
        free (source) ;
        free (logfile) ;
        free (r->name) ;
        r->name = NULL ;
        r->log = NULL ;
    }
    pthread_mutex_unlock (&lock) ;
    return ended ;
}

// Across fork the lock is held (no process half started), and in the child
// the processes and their sockets are the parent's: what the parent asked
// of them ends there with its state unknown (the disk cache will say).
static void before_fork (void) { pthread_mutex_lock (&lock) ; }
static void in_parent (void) { pthread_mutex_unlock (&lock) ; }

static void in_child (void)
{
    for (int k = 0 ; k < server_count ; k++)
    {
        compile_server *s = &servers [k] ;
        if (s->socket >= 0) close (s->socket) ;
        s->socket = -1 ;
        s->pid = 0 ;
        for (long id = s->head ; id < s->count ; id++)
        {
            if (s->requests [id].state != SENT) continue ;
            s->requests [id].state = UNKNOWN ;
            s->requests [id].inherited = true ;
        }
        s->head = s->count ;
    }
    pthread_mutex_unlock (&lock) ;
}

__attribute__ ((constructor)) static void watch_fork (void)
{
    (void) pthread_atfork (before_fork, in_parent, in_child) ;
}
