// tests/test_jit_warm.c: [host] compiling ahead: a run-time semiring's source
// recorded (GBGPU_JIT_RECORD: one file per source, whatever the calls) and
// `gbgpu-jit warm` compiling the folder into an empty disk cache, which then
// has the binary; a second warm finds it cached; a disk hit takes
// milliseconds; a source that does not compile makes warm fail.  NVRTC needs
// no device.
// SPDX-License-Identifier: Apache-2.0
//
//   test_jit_warm PATH_OF_GBGPU_JIT

#define _GNU_SOURCE             // mkdtemp
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include "jit/compiler/compiler.h"

static int failures = 0 ;

#define CHECK(cond)                                                         \
    do { if (!(cond)) { fprintf (stderr, "%s:%d: CHECK failed: %s\n",       \
         __FILE__, __LINE__, #cond) ; failures++ ; } } while (0)

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec ;
}

static int files_in (const char *folder, const char *suffix)
{
    int n = 0 ;
    DIR *d = opendir (folder) ;
    struct dirent *e ;
    while (d != NULL && (e = readdir (d)) != NULL)
    {
        size_t length = strlen (e->d_name), s = strlen (suffix) ;
        n += (e->d_name [0] != '.' && length > s && strcmp (e->d_name + length - s, suffix) == 0) ;
    }
    if (d != NULL) closedir (d) ;
    return n ;
}

// The tool's exit status on `paths`, with its output in *out (first line).
static int warm (const char *tool, const char *cache, const char *paths)
{
    char command [8192] ;
    snprintf (command, sizeof (command), "GBGPU_JIT_CACHE='%s' '%s' warm --arch 90 %s", cache, tool,
        paths) ;
    int status = system (command) ;
    return WIFEXITED (status) ? WEXITSTATUS (status) : -1 ;
}

int main (int argc, char **argv)
{
    if (argc != 2)
    {
        fprintf (stderr, "usage: test_jit_warm PATH_OF_GBGPU_JIT\n") ;
        return 2 ;
    }
    const char *tool = argv [1] ;
    char folder [ ] = "/tmp/gbgpu_test_jit_warm_XXXXXX" ;
    CHECK (mkdtemp (folder) != NULL) ;
    char record [sizeof (folder) + 16], cache [sizeof (folder) + 16], bad [sizeof (folder) + 32] ;
    snprintf (record, sizeof (record), "%s/record", folder) ;
    snprintf (cache, sizeof (cache), "%s/cache", folder) ;
    snprintf (bad, sizeof (bad), "%s/gbgpu-broken.cu", folder) ;

    // recorded once, however often it is met; a relative folder records nothing
    gbgpu_jit_semiring s = { 0 } ;
    s.builtin = true ;
    s.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    s.value_slot_size = 4 ;
    char *source = gbgpu_jit_source (&s) ;
    CHECK (source != NULL) ;
    setenv ("GBGPU_JIT_RECORD", "relative/folder", 1) ;
    gbgpu_jit_record_source (source) ;
    setenv ("GBGPU_JIT_RECORD", record, 1) ;
    gbgpu_jit_record_source (source) ;
    gbgpu_jit_record_source (source) ;
    unsetenv ("GBGPU_JIT_RECORD") ;
    CHECK (files_in (record, ".cu") == 1) ;

    // warm: compiled into the empty cache, then found there
    double start = seconds_now () ;
    CHECK (warm (tool, cache, record) == 0) ;
    printf ("test_jit_warm: warm compiled in %.1f s\n", seconds_now () - start) ;
    CHECK (files_in (cache, ".cubin") == 1) ;
    gbgpu_jit_digest key = gbgpu_jit_key (source, 90) ;
    gbgpu_jit_binary binary ;
    start = seconds_now () ;
    bool hit = gbgpu_jit_cache_load (&binary, cache, &key, source) ;
    double hit_seconds = seconds_now () - start ;
    CHECK (hit) ;
    if (hit) gbgpu_jit_binary_free (&binary) ;
    printf ("test_jit_warm: a disk hit in %.2f ms\n", 1e3 * hit_seconds) ;
    CHECK (hit_seconds < 0.05) ;       // issue 31 asks for <= 10 ms; a loaded CI host gets slack
    start = seconds_now () ;
    CHECK (warm (tool, cache, record) == 0) ;
    CHECK (seconds_now () - start < 5) ;       // no compile: cached already

    // a source that does not compile fails the warm
    FILE *f = fopen (bad, "w") ;
    CHECK (f != NULL) ;
    if (f != NULL) { fputs ("this is not CUDA\n", f) ; fclose (f) ; }
    CHECK (warm (tool, cache, bad) == 1) ;
    CHECK (warm (tool, cache, "/nonexistent/gbgpu-none.cu") == 1) ;

    free (source) ;
    char command [256] ;
    snprintf (command, sizeof (command), "rm -rf %s", folder) ;
    CHECK (system (command) == 0) ;
    if (failures == 0) printf ("test_jit_warm: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
