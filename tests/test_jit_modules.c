// tests/test_jit_modules.c: [host] run-time semirings' builds (jit/modules.c)
// without a device: a compile that blocks (a definition that #includes a
// FIFO nobody writes yet: NVRTC's open of it waits for a writer) does not
// hold up semirings built already or in the disk cache, which get their
// modules meanwhile (another compile would wait: NVRTC 13 serialises its
// compiles itself), and threads that need one semiring at once share one
// build (those where no gbgpu-jit can be had).  A call that does not wait
// gets "compiling" at once while gbgpu-jit serve compiles its semiring beside
// the program, then the module; the next semiring's whole set compiles in
// well under the first's time (NVRTC's parsed headers kept in the process);
// a process that exits while such a compile runs exits at once, and the
// binary still reaches the disk cache; a call that waits gets the hash set,
// one that needs every accumulator waits for that set, and the cache folder
// is made first; a compile process killed fails only its compile, and the
// next semiring gets a new process; each semiring's source is recorded once
// (GBGPU_JIT_RECORD).  The module loads are stubs (a device would be needed);
// the builds are real (NVRTC, the disk cache in a folder of the test's).
// SPDX-License-Identifier: Apache-2.0

#define _GNU_SOURCE             // mkdtemp
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "jit/jit.h"

static int failures = 0 ;

#define CHECK(cond)                                                         \
    do { if (!(cond)) { fprintf (stderr, "%s:%d: CHECK failed: %s\n",       \
         __FILE__, __LINE__, #cond) ; failures++ ; } } while (0)

// how long a compile that does not wait may take here (2 cores, slow)
#define DEADLINE_SECONDS 120

//------------------------------------------------------------------------------
// what modules.c calls in the rest of libgbgpu: counters and the device
//------------------------------------------------------------------------------

static atomic_int compiles, memory_hits, disk_hits ;
static double compile_seconds [64] ;    // each compile's, in the order counted

void gbgpu_count_jit_compile (double seconds)
{
    int k = atomic_fetch_add (&compiles, 1) ;
    if (k < 64) compile_seconds [k] = seconds ;
}
void gbgpu_count_jit_wait (double seconds) { (void) seconds ; }
void gbgpu_count_jit_hit (bool from_disk) { atomic_fetch_add (from_disk ? &disk_hits : &memory_hits, 1) ; }
void gbgpu_count_cuda_status (gbgpu_cuda_status status) { (void) status ; }
double gbgpu_seconds_now (void) { return 0 ; }

gbgpu_cuda_status gbgpu_cuda_module_load (gbgpu_cuda_module **module, const void *cubin,
    const char *const kernel_names [GBGPU_CUDA_MODULE_KERNELS], size_t value_size,
    size_t value_slot_bytes)
{
    (void) kernel_names ; (void) value_size ; (void) value_slot_bytes ;
    // any non-NULL pointer: the module is only handed back
    *module = (gbgpu_cuda_module *) cubin ;
    return GBGPU_CUDA_OK ;
}

//------------------------------------------------------------------------------
// the test
//------------------------------------------------------------------------------

typedef struct
{
    gbgpu_jit_semiring s ;
    atomic_bool done ;
    gbgpu_delegate_reason reason ;
    const gbgpu_cuda_module *module ;
}
request ;

static atomic_long slow_thread_id ;

static void *ask_module (void *arg)
{
    request *r = arg ;
    if (r->s.mult_name != NULL) atomic_store (&slow_thread_id, (long) syscall (SYS_gettid)) ;
    gbgpu_jit_entry *e = gbgpu_jit_entry_for (&r->s, 90) ;
    r->reason = (e != NULL) ? gbgpu_jit_module (&r->module, e, 0, GBGPU_JIT_WAIT_ANY) : GBGPU_DELEGATED_INVALID ;
    atomic_store (&r->done, true) ;
    return NULL ;
}

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return t.tv_sec + 1e-9 * t.tv_nsec ;
}

static void pause_briefly (void)
{
    nanosleep (&(struct timespec) { 0, 10000000 }, NULL) ;
}

// Whether a thread of this process is in the openat system call now.
static bool in_openat (long thread)
{
    char path [64] ;
    snprintf (path, sizeof (path), "/proc/self/task/%ld/syscall", thread) ;
    FILE *f = fopen (path, "r") ;
    long number = -1 ;
    if (f != NULL)
    {
        if (fscanf (f, "%ld", &number) != 1) number = -1 ;
        fclose (f) ;
    }
    return number == SYS_openat ;
}

// Calls that do not wait: "compiling" at once while gbgpu-jit compiles in a
// process of its own, then the module (read from the disk cache).  A
// process that starts such a compile and exits at once exits at once and
// cleanly; the compile goes on, and its binary reaches the disk cache
// `cache`.
static void test_background (const char *cache)
{
    gbgpu_jit_semiring s = { 0 } ;
    s.builtin = true ;
    s.codes = (gbgpu_semiring) { GBGPU_ADD_MIN, GBGPU_MULT_FIRSTI, GBGPU_TYPE_INT64 } ;
    s.value_slot_size = 8 ;
    gbgpu_jit_entry *e = gbgpu_jit_entry_for (&s, 90) ;
    const gbgpu_cuda_module *module = NULL ;
    int compiles_before = atomic_load (&compiles) ;
    double start = seconds_now () ;
    CHECK (gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) == GBGPU_DELEGATED_COMPILING && module == NULL) ;
    CHECK (gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) == GBGPU_DELEGATED_COMPILING) ;
    double returned = seconds_now () - start ;
    CHECK (returned < 0.5) ;
    gbgpu_delegate_reason reason = GBGPU_DELEGATED_COMPILING ;
    while (reason == GBGPU_DELEGATED_COMPILING && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        reason = gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) ;
    }
    CHECK (reason == GBGPU_NOT_DELEGATED && module != NULL) ;
    // the hash set's process (the quicker), perhaps the whole set's too
    const int compiled = atomic_load (&compiles) - compiles_before ;
    CHECK (compiled == 1 || compiled == 2) ;
    // then the whole set's module
    const gbgpu_cuda_module *hash_module = module ;
    const double hash_built = seconds_now () - start ;
    while (atomic_load (&compiles) - compiles_before < 2 && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        reason = gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) ;
    }
    CHECK (reason == GBGPU_NOT_DELEGATED && module != NULL && (compiled == 2 || module != hash_module)) ;
    printf ("test_jit_modules: calls that do not wait returned in %.3f s; the hash set came in"
        " %.1f s, every accumulator in %.1f s\n", returned, hash_built, seconds_now () - start) ;

    // another semiring: its sets compile in the same gbgpu-jit serve
    // processes, which have the headers parsed already (NVRTC's precompiled
    // header): the whole set (CUB's headers) in well under the first's time
    const int first = compiles_before ;
    const double first_all = fmax (compile_seconds [first], compile_seconds [first + 1]) ;
    gbgpu_jit_semiring u = s ;
    u.codes.add = GBGPU_ADD_PLUS ;
    gbgpu_jit_entry *f = gbgpu_jit_entry_for (&u, 90) ;
    compiles_before = atomic_load (&compiles) ;
    start = seconds_now () ;
    reason = GBGPU_DELEGATED_COMPILING ;
    while ((reason == GBGPU_DELEGATED_COMPILING || atomic_load (&compiles) - compiles_before < 2)
        && seconds_now () - start < DEADLINE_SECONDS)
    {
        reason = gbgpu_jit_module (&module, f, 0, GBGPU_JIT_NO_WAIT) ;
        pause_briefly () ;
    }
    CHECK (reason == GBGPU_NOT_DELEGATED && atomic_load (&compiles) - compiles_before == 2) ;
    const double second_all = fmax (compile_seconds [compiles_before], compile_seconds [compiles_before + 1]) ;
    printf ("test_jit_modules: every accumulator's set compiled in %.2f s, another semiring's after "
        "it in %.2f s\n", first_all, second_all) ;
    CHECK (second_all < 0.75 * first_all) ;

    // a process that exits while its compile runs
    gbgpu_jit_semiring t = s ;
    t.codes.add = GBGPU_ADD_MAX ;
    fflush (stdout) ;           // not printed again by the child's exit
    pid_t child = fork () ;
    if (child == 0)
    {
        const gbgpu_cuda_module *m = NULL ;
        gbgpu_jit_entry *f = gbgpu_jit_entry_for (&t, 90) ;
        exit ((f != NULL && gbgpu_jit_module (&m, f, 0, GBGPU_JIT_NO_WAIT) == GBGPU_DELEGATED_COMPILING) ? 0 : 3) ;
    }
    int status = -1 ;
    start = seconds_now () ;
    CHECK (child > 0 && waitpid (child, &status, 0) == child) ;
    CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    double exited = seconds_now () - start ;
    CHECK (exited < 2) ;        // not after the compile (seconds here)
    char *source = gbgpu_jit_source (&t, GBGPU_JIT_KERNELS_ALL) ;
    gbgpu_jit_digest key = gbgpu_jit_key (source, 90) ;
    gbgpu_jit_binary binary ;
    bool stored = false ;
    while (!stored && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        stored = gbgpu_jit_cache_load (&binary, cache, &key, source) ;
    }
    CHECK (stored) ;
    printf ("test_jit_modules: a process exited %.3f s after starting a compile, whose binary "
        "reached the disk cache %.1f s after it\n", exited, seconds_now () - start) ;
    if (stored) gbgpu_jit_binary_free (&binary) ;
    free (source) ;
}

// Calls that wait, with gbgpu-jit to compile, into a cache folder that does
// not exist yet: the first waits for the hash set only (every
// accumulator's comes later, without a wait), and a call that needs every
// accumulator (GBGPU_JIT_WAIT_ALL) waits for that set.
static void test_waiting (const char *new_cache)
{
    setenv ("GBGPU_JIT_CACHE", new_cache, 1) ;
    gbgpu_jit_semiring s = { 0 } ;
    s.builtin = true ;
    s.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_SECONDJ, GBGPU_TYPE_INT32 } ;
    s.value_slot_size = 4 ;
    gbgpu_jit_entry *e = gbgpu_jit_entry_for (&s, 90) ;
    const gbgpu_cuda_module *hash_module = NULL, *module = NULL ;
    int compiles_before = atomic_load (&compiles) ;
    double start = seconds_now () ;
    CHECK (gbgpu_jit_module (&hash_module, e, 0, GBGPU_JIT_WAIT_ANY) == GBGPU_NOT_DELEGATED && hash_module != NULL) ;
    double hash_came = seconds_now () - start ;
    CHECK (atomic_load (&compiles) - compiles_before == 1) ;
    CHECK (gbgpu_jit_module (&module, e, 0, GBGPU_JIT_WAIT_ALL) == GBGPU_NOT_DELEGATED && module != NULL) ;
    CHECK (module != hash_module && atomic_load (&compiles) - compiles_before == 2) ;
    printf ("test_jit_modules: a call that waits got the hash set in %.2f s, one that needs every "
        "accumulator got it in %.2f s\n", hash_came, seconds_now () - start) ;
    struct stat folder ;
    CHECK (stat (new_cache, &folder) == 0 && (folder.st_mode & 0777) == 0700) ;
}

// The children of this process running gbgpu-jit serve, killed; how many.
static int kill_compile_processes (void)
{
    int killed = 0 ;
    DIR *d = opendir ("/proc") ;
    struct dirent *entry ;
    while (d != NULL && (entry = readdir (d)) != NULL)
    {
        char path [300], text [512] ;
        snprintf (path, sizeof (path), "/proc/%s/stat", entry->d_name) ;
        FILE *f = fopen (path, "r") ;
        if (f == NULL) continue ;
        size_t n = fread (text, 1, sizeof (text) - 1, f) ;
        fclose (f) ;
        text [n] = '\0' ;
        // pid (comm) state ppid
        char *close_paren = strrchr (text, ')') ;
        long ppid = 0 ;
        if (strstr (text, "(gbgpu-jit)") != NULL && close_paren != NULL
            && sscanf (close_paren + 2, "%*c %ld", &ppid) == 1 && ppid == (long) getpid ())
        {
            killed += (kill ((pid_t) atol (entry->d_name), SIGKILL) == 0) ;
        }
    }
    if (d != NULL) closedir (d) ;
    return killed ;
}

// A compile process killed while it compiles: that compile fails with a
// log that says so (the call goes to the library), and the next semiring
// gets a new process.
static void test_killed_process (void)
{
    gbgpu_jit_semiring s = { 0 } ;
    s.builtin = true ;
    s.codes = (gbgpu_semiring) { GBGPU_ADD_MIN, GBGPU_MULT_SECONDJ, GBGPU_TYPE_INT64 } ;
    s.value_slot_size = 8 ;
    const gbgpu_cuda_module *module = NULL ;
    gbgpu_jit_entry *e = gbgpu_jit_entry_for (&s, 90) ;
    CHECK (gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) == GBGPU_DELEGATED_COMPILING) ;
    CHECK (kill_compile_processes () >= 2) ;
    double start = seconds_now () ;
    gbgpu_delegate_reason reason = GBGPU_DELEGATED_COMPILING ;
    while (reason == GBGPU_DELEGATED_COMPILING && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        reason = gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) ;
    }
    CHECK (reason == GBGPU_DELEGATED_COMPILE_FAILED && strstr (gbgpu_jit_last_log (), "signal 9") != NULL) ;
    s.codes.add = GBGPU_ADD_MAX ;
    e = gbgpu_jit_entry_for (&s, 90) ;
    reason = GBGPU_DELEGATED_COMPILING ;
    while (reason == GBGPU_DELEGATED_COMPILING && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        reason = gbgpu_jit_module (&module, e, 0, GBGPU_JIT_NO_WAIT) ;
    }
    CHECK (reason == GBGPU_NOT_DELEGATED && module != NULL) ;
    printf ("test_jit_modules: a killed compile process failed its compile (\"%s\"); the next "
        "semiring compiled in a new one\n", gbgpu_jit_last_log ()) ;
}

int main (void)
{
    char folder [ ] = "/tmp/gbgpu_test_jit_modules_XXXXXX" ;
    CHECK (mkdtemp (folder) != NULL) ;
    char cache [sizeof (folder) + 8], fifo [sizeof (folder) + 8], record [sizeof (folder) + 8] ;
    snprintf (cache, sizeof (cache), "%s/cache", folder) ;
    snprintf (fifo, sizeof (fifo), "%s/fifo", folder) ;
    snprintf (record, sizeof (record), "%s/record", folder) ;
    setenv ("GBGPU_JIT_CACHE", cache, 1) ;
    setenv ("GBGPU_JIT_RECORD", record, 1) ;
    CHECK (mkfifo (fifo, 0600) == 0) ;
    // first the builds of calls where no gbgpu-jit serve can be had (a tool
    // that does not speak its protocol): in this process
    setenv ("GBGPU_JIT_TOOL", "/bin/true", 1) ;

    // PLUS_LXOR over INT32 built in this process (a compile), and MAX_SECONDI
    // over INT64 compiled and stored in the disk cache only
    gbgpu_jit_semiring built = { 0 }, on_disk = { 0 } ;
    built.builtin = on_disk.builtin = true ;
    built.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    built.value_slot_size = 4 ;
    on_disk.codes = (gbgpu_semiring) { GBGPU_ADD_MAX, GBGPU_MULT_SECONDI, GBGPU_TYPE_INT64 } ;
    on_disk.value_slot_size = 8 ;
    const gbgpu_cuda_module *module ;
    CHECK (gbgpu_jit_module (&module, gbgpu_jit_entry_for (&built, 90), 0, GBGPU_JIT_WAIT_ANY) == GBGPU_NOT_DELEGATED) ;
    char *source = gbgpu_jit_source (&on_disk, GBGPU_JIT_KERNELS_ALL), *log = NULL ;
    gbgpu_jit_binary binary ;
    gbgpu_jit_digest key = gbgpu_jit_key (source, 90) ;
    CHECK (gbgpu_jit_compile (&binary, &log, source, 90)) ;
    CHECK (gbgpu_jit_cache_store (&binary, cache, &key, source)) ;
    gbgpu_jit_binary_free (&binary) ;
    free (log) ;
    free (source) ;

    // the slow one: a user multiply op whose definition includes the FIFO,
    // under PLUS_FP64
    char definition [256] ;
    snprintf (definition, sizeof (definition), "#include \"%s\"\n"
        "void abs_diff (double *z, const double *x, const double *y) { *z = fabs (*x - *y) ; }", fifo) ;
    request slow = { 0 } ;
    slow.s.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    slow.s.type_name = "double" ;
    slow.s.type_size = slow.s.value_slot_size = sizeof (double) ;
    slow.s.mult_name = "abs_diff" ;
    slow.s.mult_definition = definition ;
    pthread_t slow_thread ;
    CHECK (pthread_create (&slow_thread, NULL, ask_module, &slow) == 0) ;

    // NVRTC opens the FIFO (to refuse it, as not a regular file) and the
    // open waits for a writer: the slow thread is in openat for good (half a
    // second of it; the embedded headers take no time)
    double start = seconds_now (), in_open_since = 0 ;
    bool blocked = false ;
    while (!blocked && seconds_now () - start < DEADLINE_SECONDS)
    {
        long thread = atomic_load (&slow_thread_id) ;
        bool now = thread != 0 && in_openat (thread) ;
        if (!now) in_open_since = 0 ;
        else if (in_open_since == 0) in_open_since = seconds_now () ;
        blocked = now && seconds_now () - in_open_since > 0.5 ;
        pause_briefly () ;
    }
    CHECK (blocked) ;

    // meanwhile: a semiring built already (in memory) and one in the disk
    // cache, the latter asked for by two threads at once, get their modules
    // (NVRTC 13 holds a lock of its own across nvrtcCompileProgram, so a
    // third semiring's compile would wait for the slow one there)
    request other [3] ;
    memset (other, 0, sizeof (other)) ;
    other [0].s = built ;
    other [1].s = other [2].s = on_disk ;
    pthread_t other_threads [3] ;
    for (int k = 0 ; k < 3 ; k++)
        CHECK (pthread_create (&other_threads [k], NULL, ask_module, &other [k]) == 0) ;
    start = seconds_now () ;
    bool others_done = false ;
    while (!others_done && seconds_now () - start < DEADLINE_SECONDS)
    {
        pause_briefly () ;
        others_done = true ;
        for (int k = 0 ; k < 3 ; k++) others_done = others_done && atomic_load (&other [k].done) ;
    }
    double waited = seconds_now () - start ;
    CHECK (others_done) ;
    CHECK (!atomic_load (&slow.done)) ;
    printf ("test_jit_modules: other semirings' modules in %.2f s while a compile %s\n", waited,
        atomic_load (&slow.done) ? "had finished" : "was blocked") ;
    CHECK (atomic_load (&compiles) == 1 && atomic_load (&disk_hits) == 1) ;

    // a writer lets the slow one's open return
    int writer = open (fifo, O_WRONLY | O_NONBLOCK) ;
    CHECK (writer >= 0) ;
    CHECK (pthread_join (slow_thread, NULL) == 0) ;
    if (writer >= 0) close (writer) ;
    for (int k = 0 ; k < 3 ; k++) CHECK (pthread_join (other_threads [k], NULL) == 0) ;
    // NVRTC 13 then refuses the FIFO; an empty include would compile
    CHECK (slow.reason == GBGPU_DELEGATED_COMPILE_FAILED
        || (slow.reason == GBGPU_NOT_DELEGATED && slow.module != NULL)) ;
    for (int k = 0 ; k < 3 ; k++) CHECK (other [k].reason == GBGPU_NOT_DELEGATED && other [k].module != NULL) ;
    // the threads that needed the disk's semiring at once shared one load
    CHECK (other [1].module == other [2].module) ;
    CHECK (atomic_load (&compiles) == 2 && atomic_load (&disk_hits) == 1) ;
    // each semiring's sources (two kernel sets) recorded once
    // (GBGPU_JIT_RECORD), however many threads asked: built, on_disk and the
    // slow one
    char count [256] ;
    snprintf (count, sizeof (count), "test $(ls %s/gbgpu-*.cu | wc -l) -eq 6", record) ;
    CHECK (system (count) == 0) ;

    unsetenv ("GBGPU_JIT_TOOL") ;
    test_background (cache) ;
    char new_cache [sizeof (folder) + 16] ;
    snprintf (new_cache, sizeof (new_cache), "%s/new/cache", folder) ;
    test_waiting (new_cache) ;
    setenv ("GBGPU_JIT_CACHE", cache, 1) ;
    test_killed_process () ;

    char command [128] ;
    snprintf (command, sizeof (command), "rm -rf %s", folder) ;
    CHECK (system (command) == 0) ;
    if (failures == 0) printf ("test_jit_modules: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
