// plugin/jit/compiler/record.c: run-time semirings' sources written down for compiling ahead.
// SPDX-License-Identifier: Apache-2.0
//
// A deployment should not compile at run time what it can compile before:
// a run of the program with GBGPU_JIT_RECORD=folder writes each run-time
// semiring's source there, and `gbgpu-jit warm folder` (tools/gbgpu_jit.c)
// compiles them into the disk cache of the machine that will run it (its
// toolkit, its architecture), as SuiteSparse's PreJIT does for its own
// kernels.  A source is the whole input of a compile (the semiring's policy
// and its user definitions; the kernel headers are libgbgpu's own), so the
// file is named by its hash and written once, through a temporary file and
// a rename: concurrent processes leave one whole file.

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/environment.h"
#include "jit/compiler/compiler.h"

static atomic_flag warned = ATOMIC_FLAG_INIT ;
static atomic_uint temporaries ;

static void warn_once (const char *folder, const char *what)
{
    if (atomic_flag_test_and_set (&warned)) return ;
    fprintf (stderr, "gbgpu: GBGPU_JIT_RECORD=%s: %s; run-time semirings are not recorded\n",
        folder, what) ;
}

void gbgpu_jit_record_source (const char *source)
{
    const char *folder = gbgpu_environment_jit_record () ;
    if (folder == NULL) return ;
    if (folder [0] != '/')
    {
        warn_once (folder, "not an absolute path") ;
        return ;
    }
    if (mkdir (folder, 0700) != 0 && errno != EEXIST)
    {
        warn_once (folder, strerror (errno)) ;
        return ;
    }
    // the user's own: nobody else may swap or plant files there
    struct stat st ;
    if (lstat (folder, &st) != 0 || !S_ISDIR (st.st_mode) || st.st_uid != geteuid ()
        || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    {
        warn_once (folder, "not a folder of this user's that only it can write") ;
        return ;
    }
    gbgpu_sha256 h ;
    gbgpu_sha256_start (&h) ;
    gbgpu_sha256_add (&h, source, strlen (source)) ;
    unsigned char digest [GBGPU_SHA256_SIZE] ;
    gbgpu_sha256_finish (&h, digest) ;
    char name [2 * GBGPU_SHA256_SIZE + 16] = "gbgpu-" ;
    for (int k = 0 ; k < GBGPU_SHA256_SIZE ; k++) snprintf (name + 6 + 2*k, 3, "%02x", digest [k]) ;
    strcat (name, ".cu") ;

    size_t length = strlen (folder) + sizeof (name) + 32 ;
    char *path = malloc (length), *temporary = malloc (length) ;
    if (path == NULL || temporary == NULL) goto done ;
    snprintf (path, length, "%s/%s", folder, name) ;
    if (access (path, F_OK) == 0) goto done ;               // recorded already
    snprintf (temporary, length, "%s/.%s.%ld.%u", folder, name, (long) getpid (),
        atomic_fetch_add (&temporaries, 1)) ;
    int fd = open (temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600) ;
    if (fd < 0)
    {
        warn_once (folder, strerror (errno)) ;
        goto done ;
    }
    size_t n = strlen (source), written = 0 ;
    while (written < n)
    {
        ssize_t w = write (fd, source + written, n - written) ;
        if (w < 0 && errno == EINTR) continue ;
        if (w <= 0) break ;
        written += (size_t) w ;
    }
    bool whole = (written == n) ;
    if (close (fd) != 0) whole = false ;
    if (!whole || rename (temporary, path) != 0)
    {
        warn_once (folder, whole ? strerror (errno) : "a write failed") ;
        unlink (temporary) ;
    }
done:
    free (path) ;
    free (temporary) ;
}
