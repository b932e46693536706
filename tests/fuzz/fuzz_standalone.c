// tests/fuzz/fuzz_standalone.c: gbgpu-fuzz-mxm, the fuzz target without libFuzzer (any
// C compiler; the GPU machines may have no clang).
// SPDX-License-Identifier: Apache-2.0
//
//   gbgpu-fuzz-mxm [options] FILE|DIR...    run these inputs (a folder: each
//                                           file in it, by name), e.g. the corpus
//   gbgpu-fuzz-mxm [options]                random inputs from a seed
//
//   --seconds S     random inputs for S seconds (default: --runs)
//   --runs N        random inputs: N of them (default 1000 without --seconds)
//   --seed N        of the random inputs (default 1); printed, to redo a run
//   --max-len L     random inputs are 1..L bytes long (default 48)
//   --save DIR      where inputs that fail are written (default .):
//                   fuzz-failure-<seed>-<n>.bin, and fuzz-crash-<pid>.bin for
//                   the input running when a signal ends the program (whose
//                   stack goes to stderr: file(+offset) frames for addr2line)
//   --require-gpu   exit 77 without a usable device, and fail unless some
//                   case ran on the GPU (the GPU regression test)
//   --finish        each input through gbgpu's final step alone, on the CPU
//                   (fuzz_finish_one), not through GrB_mxm
//   --no-jit-wait   calls do not wait for run-time semirings' compiles, as
//                   users run (GBGPU_JIT_WAIT 0); the tests' setting waits
//   -v              print every case before running it
//
// Exit code 0 when gbgpu agreed with the library on every input.

#define _DEFAULT_SOURCE
#include "fuzz_mxm.h"
#include "test_support.h"

#include <dirent.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INPUT_LIMIT (1 << 16)

// The input running now, for the signal handler.
static uint8_t current [INPUT_LIMIT] ;
static size_t current_size ;
static char crash_path [4096] ;

// What one input runs: fuzz_mxm_one, or fuzz_finish_one (--finish).
static bool (*run_one) (const uint8_t *data, size_t size, bool verbose) = fuzz_mxm_one ;

static void write_file (const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen (path, "wb") ;
    if (f == NULL || fwrite (data, 1, size, f) != size) perror (path) ;
    if (f != NULL) fclose (f) ;
}

// Only async-signal-safe calls: the input, the stack (backtrace was primed
// in main, so it loads nothing now), then the default action.
static void save_current_and_die (int sig)
{
    void *frames [64] ;
    backtrace_symbols_fd (frames, backtrace (frames, 64), STDERR_FILENO) ;
    int fd = open (crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644) ;
    if (fd >= 0)
    {
        ssize_t written = write (fd, current, current_size) ;
        (void) written ;
        close (fd) ;
    }
    signal (sig, SIG_DFL) ;
    raise (sig) ;
}

static uint64_t inputs_run ;

static bool run_input (const uint8_t *data, size_t size, bool verbose)
{
    inputs_run++ ;
    current_size = (size < INPUT_LIMIT) ? size : INPUT_LIMIT ;
    memcpy (current, data, current_size) ;
    return run_one (current, current_size, verbose) ;
}

static bool run_file (const char *path, bool verbose)
{
    FILE *f = fopen (path, "rb") ;
    if (f == NULL) { perror (path) ; exit (1) ; }
    static uint8_t data [INPUT_LIMIT] ;
    size_t size = fread (data, 1, sizeof (data), f) ;
    fclose (f) ;
    if (verbose) printf ("%s:\n", path) ;
    bool ok = run_input (data, size, verbose) ;
    if (!ok) printf ("failed: %s\n", path) ;
    return ok ;
}

static bool run_path (const char *path, bool verbose)
{
    struct stat st ;
    if (stat (path, &st) != 0) { perror (path) ; exit (1) ; }
    if (!S_ISDIR (st.st_mode)) return run_file (path, verbose) ;
    struct dirent **names ;
    int n = scandir (path, &names, NULL, alphasort) ;
    if (n < 0) { perror (path) ; exit (1) ; }
    bool ok = true ;
    for (int k = 0 ; k < n ; k++)
    {
        char file [4096] ;
        snprintf (file, sizeof (file), "%s/%s", path, names [k]->d_name) ;
        if (names [k]->d_name [0] != '.' && stat (file, &st) == 0 && S_ISREG (st.st_mode))
        {
            ok &= run_file (file, verbose) ;
        }
        free (names [k]) ;
    }
    free (names) ;
    return ok ;
}

static bool run_random (uint64_t seed, double seconds, uint64_t runs,
    size_t max_len, const char *save, bool verbose)
{
    ts_rng rng = ts_rng_new (seed) ;
    double start = ts_seconds (), last_report = start ;
    bool ok = true ;
    for (uint64_t n = 0 ; seconds > 0 ? ts_seconds () - start < seconds : n < runs ; n++)
    {
        uint8_t data [INPUT_LIMIT] ;
        size_t size = (size_t) ts_rng_range (&rng, 1, (int64_t) max_len) ;
        for (size_t k = 0 ; k < size ; k++) data [k] = (uint8_t) ts_rng_next (&rng) ;
        if (!run_input (data, size, verbose))
        {
            char path [4096] ;
            snprintf (path, sizeof (path), "%s/fuzz-failure-%llu-%llu.bin", save,
                (unsigned long long) seed, (unsigned long long) n) ;
            write_file (path, data, size) ;
            printf ("failed: random input %llu, saved as %s\n", (unsigned long long) n, path) ;
            ok = false ;
        }
        if (ts_seconds () - last_report >= 30)
        {
            last_report = ts_seconds () ;
            printf ("%.0f s: ", last_report - start) ;
            fuzz_mxm_print_counts (stdout) ;
            fflush (stdout) ;
        }
    }
    return ok ;
}

static void usage (void)
{
    fprintf (stderr, "usage: gbgpu-fuzz-mxm [--seconds S] [--runs N] [--seed N] "
        "[--max-len L] [--save DIR] [--require-gpu] [--finish] [--no-jit-wait] [-v] [FILE|DIR...]\n") ;
    exit (2) ;
}

int main (int argc, char **argv)
{
    double seconds = 0 ;
    uint64_t runs = 1000, seed = 1 ;
    size_t max_len = 48 ;
    const char *save = "." ;
    bool require_gpu = false, verbose = false, jit_wait = true ;
    int first_path = argc ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *a = argv [k] ;
        bool has_value = k + 1 < argc ;
        if (strcmp (a, "--seconds") == 0 && has_value) seconds = atof (argv [++k]) ;
        else if (strcmp (a, "--runs") == 0 && has_value) runs = strtoull (argv [++k], NULL, 10) ;
        else if (strcmp (a, "--seed") == 0 && has_value) seed = strtoull (argv [++k], NULL, 10) ;
        else if (strcmp (a, "--max-len") == 0 && has_value) max_len = (size_t) atol (argv [++k]) ;
        else if (strcmp (a, "--save") == 0 && has_value) save = argv [++k] ;
        else if (strcmp (a, "--require-gpu") == 0) require_gpu = true ;
        else if (strcmp (a, "--finish") == 0) run_one = fuzz_finish_one ;
        else if (strcmp (a, "--no-jit-wait") == 0) jit_wait = false ;
        else if (strcmp (a, "-v") == 0) verbose = true ;
        else if (a [0] == '-') usage () ;
        else { first_path = k ; break ; }
    }
    if (max_len < 1 || max_len > INPUT_LIMIT) usage () ;

    fuzz_mxm_start () ;
    // as users run: a call does not wait for its run-time semiring's compile
    // (the tests wait, to know where each call runs)
    if (!jit_wait) TS_OK (gbgpu_set (GBGPU_JIT_WAIT, 0)) ;
    bool device = gbgpu_device_available () ;
    printf ("usable CUDA device: %s\n", device ? "yes" : "no") ;
    if (require_gpu && !device)
    {
        printf ("no device: skipped\n") ;
        return TS_EXIT_SKIP ;
    }
    snprintf (crash_path, sizeof (crash_path), "%s/fuzz-crash-%d.bin", save, (int) getpid ()) ;
    void *frame ;
    (void) backtrace (&frame, 1) ;
    int signals [] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM } ;
    for (size_t k = 0 ; k < sizeof (signals) / sizeof (signals [0]) ; k++)
    {
        signal (signals [k], save_current_and_die) ;
    }

    bool ok = true ;
    if (first_path < argc)
    {
        for (int k = first_path ; k < argc ; k++) ok &= run_path (argv [k], verbose) ;
    }
    else
    {
        printf ("random inputs: seed %llu, %s %g\n", (unsigned long long) seed,
            seconds > 0 ? "seconds" : "runs", seconds > 0 ? seconds : (double) runs) ;
        ok = run_random (seed, seconds, runs, max_len, save, verbose) ;
    }
    printf ("%llu inputs run%s\n", (unsigned long long) inputs_run,
        (run_one == fuzz_finish_one) ? " through the final step" : "") ;
    fuzz_mxm_print_counts (stdout) ;
    fuzz_mxm_counts counts = fuzz_mxm_counts_now () ;
    if (require_gpu && counts.gpu_calls == 0)
    {
        printf ("FAIL: no case ran on the GPU\n") ;
        ok = false ;
    }
    gbgpu_stats_print (stdout) ;
    TS_OK (gbgpu_finalize ()) ;
    TS_OK (GrB_finalize ()) ;
    return ok ? 0 : 1 ;
}
