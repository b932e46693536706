// tests/test_jit_warm.c: [host] compiling ahead: a run-time semiring's source
// recorded (GBGPU_JIT_RECORD: one file per source, written once; none in a
// relative folder or one others may write) and `gbgpu-jit warm` compiling
// the folder into an empty disk cache, which then has the binary; a second
// warm finds it cached; reading it from the cache takes milliseconds; a
// source that does not compile, a missing file, a folder with no source
// make warm fail, an unknown option is a usage error.  NVRTC needs no device.
// SPDX-License-Identifier: Apache-2.0
//
//   test_jit_warm PATH_OF_GBGPU_JIT

#define _GNU_SOURCE             // mkdtemp
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
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

// The name of a file in the folder (not "." or ".."), or "".
static const char *first_file (const char *folder)
{
    static char name [256] ;
    name [0] = '\0' ;
    DIR *d = opendir (folder) ;
    struct dirent *e ;
    while (d != NULL && (e = readdir (d)) != NULL)
        if (e->d_name [0] != '.') { snprintf (name, sizeof (name), "%s", e->d_name) ; break ; }
    if (d != NULL) closedir (d) ;
    return name ;
}

// The tool's exit status on `paths`; its last line (the tally) in tally.
static int warm (const char *tool, const char *cache, const char *paths, char tally [512])
{
    char command [8192] ;
    snprintf (command, sizeof (command), "GBGPU_JIT_CACHE='%s' '%s' warm --arch 90 %s 2>&1", cache,
        tool, paths) ;
    FILE *p = popen (command, "r") ;
    tally [0] = '\0' ;
    char line [512] ;
    while (p != NULL && fgets (line, sizeof (line), p) != NULL)
        if (strncmp (line, "gbgpu-jit: ", 11) == 0) snprintf (tally, 512, "%s", line) ;
    int status = (p != NULL) ? pclose (p) : -1 ;
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

    // recorded once, however often it is met (the file is not written again);
    // a relative folder, and one that others may write, record nothing
    gbgpu_jit_semiring s = { 0 } ;
    s.builtin = true ;
    s.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    s.value_slot_size = 4 ;
    char *source = gbgpu_jit_source (&s, GBGPU_JIT_KERNELS_ALL) ;
    CHECK (source != NULL) ;
    char here [4096] ;
    CHECK (getcwd (here, sizeof (here)) != NULL && chdir (folder) == 0) ;
    setenv ("GBGPU_JIT_RECORD", "relative", 1) ;
    gbgpu_jit_record_source (source) ;
    CHECK (access ("relative", F_OK) != 0) ;
    CHECK (chdir (here) == 0) ;         // the tool's path may be relative to it
    char open_folder [sizeof (folder) + 16] ;
    snprintf (open_folder, sizeof (open_folder), "%s/open", folder) ;
    CHECK (mkdir (open_folder, 0700) == 0 && chmod (open_folder, 0777) == 0) ;
    setenv ("GBGPU_JIT_RECORD", open_folder, 1) ;
    gbgpu_jit_record_source (source) ;
    CHECK (files_in (open_folder, ".cu") == 0) ;
    setenv ("GBGPU_JIT_RECORD", record, 1) ;
    gbgpu_jit_record_source (source) ;
    CHECK (files_in (record, ".cu") == 1) ;
    struct stat first, again ;
    char recorded [256] ;
    snprintf (recorded, sizeof (recorded), "%s/%s", record, first_file (record)) ;
    CHECK (stat (recorded, &first) == 0) ;
    gbgpu_jit_record_source (source) ;
    CHECK (stat (recorded, &again) == 0 && again.st_ino == first.st_ino) ;
    unsetenv ("GBGPU_JIT_RECORD") ;
    CHECK (files_in (record, ".cu") == 1) ;

    // warm: compiled into the empty cache, then found there
    char tally [512] ;
    double start = seconds_now () ;
    CHECK (warm (tool, cache, record, tally) == 0) ;
    CHECK (strstr (tally, ": 1 compiled, 0 cached already, 0 failed") != NULL) ;
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
    CHECK (warm (tool, cache, record, tally) == 0) ;
    CHECK (strstr (tally, ": 0 compiled, 1 cached already, 0 failed") != NULL) ;

    // a source that does not compile fails the warm
    FILE *f = fopen (bad, "w") ;
    CHECK (f != NULL) ;
    if (f != NULL) { fputs ("this is not CUDA\n", f) ; fclose (f) ; }
    CHECK (warm (tool, cache, bad, tally) == 1) ;
    CHECK (warm (tool, cache, "/nonexistent/gbgpu-none.cu", tally) == 1) ;
    // a folder with no source, and an option it does not know
    CHECK (warm (tool, cache, cache, tally) == 1) ;
    CHECK (warm (tool, cache, "--help", tally) == 2) ;

    free (source) ;
    char command [256] ;
    snprintf (command, sizeof (command), "rm -rf %s", folder) ;
    CHECK (system (command) == 0) ;
    if (failures == 0) printf ("test_jit_warm: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
