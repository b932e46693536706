// plugin/jit/compiler/cache.c: compiled run-time semirings on disk, shared by processes.
// SPDX-License-Identifier: Apache-2.0
//
// One file per key in the cache folder (GBGPU_JIT_CACHE, else
// $HOME/.cache/gbgpu): gbgpu-<key>.cubin, holding a magic line, a line with
// the cubin's size and hash, the four kernels' lowered names (one a line)
// and the cubin.  The driver reads a cubin without being told its size, and
// reads text as PTX up to a NUL: a file cut short or changed must never reach
// it, so a file whose cubin is not the size and hash its header says is no
// entry (the semiring is compiled again and the file replaced).  A writer writes a
// temporary file of its own (mkstemp) in the same folder and renames it into
// place: rename is atomic within a file system, so concurrent processes
// compiling the same semiring each install a whole file and readers never
// see a partial one.  The key hashes the source, the embedded headers and
// the architecture (gbgpu_jit_key), so a changed kernel or device never
// reads a stale binary.  Any failure only means no caching.

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"

#define MAGIC "gbgpu-jit 2\n"
// a cubin larger than this is not a cubin of ours
#define MAX_CUBIN_SIZE ((size_t) 1 << 30)

uint64_t gbgpu_jit_hash (uint64_t hash, const void *data, size_t size)
{
    const unsigned char *bytes = data ;
    for (size_t k = 0 ; k < size ; k++)
    {
        hash ^= bytes [k] ;
        hash *= 0x100000001b3ull ;
    }
    return hash ;
}

// The embedded headers' hash: the same for the whole process, and some
// 100 KB to read, so computed once rather than on every call's key.
static uint64_t headers_hash ;
static pthread_once_t headers_hashed = PTHREAD_ONCE_INIT ;

static void hash_headers (void)
{
    uint64_t h = GBGPU_JIT_HASH_START ;
    for (int k = 0 ; k < gbgpu_jit_header_count ; k++)
    {
        h = gbgpu_jit_hash (h, gbgpu_jit_header_names [k], strlen (gbgpu_jit_header_names [k]) + 1) ;
        h = gbgpu_jit_hash (h, gbgpu_jit_header_texts [k], strlen (gbgpu_jit_header_texts [k]) + 1) ;
    }
    headers_hash = h ;
}

uint64_t gbgpu_jit_key (const char *source, int arch)
{
    pthread_once (&headers_hashed, hash_headers) ;
    uint64_t h = gbgpu_jit_hash (headers_hash, source, strlen (source) + 1) ;
    return gbgpu_jit_hash (h, &arch, sizeof (arch)) ;
}

static char *concatenate (const char *a, const char *b)
{
    size_t n = strlen (a) + strlen (b) + 1 ;
    char *s = malloc (n) ;
    if (s != NULL) snprintf (s, n, "%s%s", a, b) ;
    return s ;
}

char *gbgpu_jit_cache_folder (void)
{
    const char *folder = getenv ("GBGPU_JIT_CACHE") ;
    if (folder != NULL && *folder != '\0') return concatenate (folder, "") ;
    const char *home = getenv ("HOME") ;
    if (home == NULL || *home == '\0') return NULL ;
    return concatenate (home, "/.cache/gbgpu") ;
}

// mkdir -p, for the folder and its parents
static bool make_folder (const char *folder)
{
    char *path = concatenate (folder, "") ;
    if (path == NULL) return false ;
    for (char *p = path + 1 ; ; p++)
    {
        if (*p != '/' && *p != '\0') continue ;
        char c = *p ;
        *p = '\0' ;
        bool ok = (mkdir (path, 0755) == 0 || errno == EEXIST) ;
        *p = c ;
        if (!ok || c == '\0') { free (path) ; return ok ; }
    }
}

static char *entry_path (const char *folder, uint64_t key)
{
    size_t n = strlen (folder) + 40 ;
    char *path = malloc (n) ;
    if (path != NULL) snprintf (path, n, "%s/gbgpu-%016llx.cubin", folder, (unsigned long long) key) ;
    return path ;
}

bool gbgpu_jit_cache_load (gbgpu_jit_binary *b, const char *folder, uint64_t key)
{
    memset (b, 0, sizeof (*b)) ;
    if (folder == NULL) return false ;
    char *path = entry_path (folder, key) ;
    FILE *f = (path != NULL) ? fopen (path, "rb") : NULL ;
    free (path) ;
    if (f == NULL) return false ;
    char line [GBGPU_JIT_NAME_MAX + 2] ;
    bool ok = fgets (line, sizeof (line), f) != NULL && strcmp (line, MAGIC) == 0 ;
    size_t size = 0 ;
    unsigned long long hash = 0 ;
    ok = ok && fgets (line, sizeof (line), f) != NULL && sscanf (line, "%zu %llx", &size, &hash) == 2 ;
    for (int k = 0 ; ok && k < GBGPU_JIT_NKERNELS ; k++)
    {
        ok = fgets (line, sizeof (line), f) != NULL ;
        size_t n = ok ? strlen (line) : 0 ;
        ok = ok && n > 1 && line [n-1] == '\n' && n - 1 < GBGPU_JIT_NAME_MAX ;
        if (ok)
        {
            line [n-1] = '\0' ;
            strcpy (b->lowered [k], line) ;
        }
    }
    long start = ok ? ftell (f) : -1 ;
    ok = ok && start >= 0 && fseek (f, 0, SEEK_END) == 0 ;
    long end = ok ? ftell (f) : -1 ;
    ok = ok && end > start && (size_t) (end - start) == size && size <= MAX_CUBIN_SIZE
        && fseek (f, start, SEEK_SET) == 0 ;
    if (ok)
    {
        b->cubin_size = (size_t) (end - start) ;
        b->cubin = malloc (b->cubin_size) ;
        ok = b->cubin != NULL && fread (b->cubin, 1, b->cubin_size, f) == b->cubin_size
            && gbgpu_jit_hash (GBGPU_JIT_HASH_START, b->cubin, b->cubin_size) == hash ;
    }
    fclose (f) ;
    if (!ok) gbgpu_jit_binary_free (b) ;
    return ok ;
}

bool gbgpu_jit_cache_store (const gbgpu_jit_binary *b, const char *folder, uint64_t key)
{
    if (folder == NULL || !make_folder (folder)) return false ;
    char *path = entry_path (folder, key) ;
    char *temporary = (path != NULL) ? concatenate (path, ".XXXXXX") : NULL ;
    int fd = (temporary != NULL) ? mkstemp (temporary) : -1 ;
    FILE *f = (fd >= 0) ? fdopen (fd, "wb") : NULL ;
    if (f == NULL && fd >= 0) close (fd) ;
    bool ok = (f != NULL) && fputs (MAGIC, f) >= 0
        && fprintf (f, "%zu %016llx\n", b->cubin_size, (unsigned long long)
            gbgpu_jit_hash (GBGPU_JIT_HASH_START, b->cubin, b->cubin_size)) > 0 ;
    for (int k = 0 ; ok && k < GBGPU_JIT_NKERNELS ; k++)
        ok = fprintf (f, "%s\n", b->lowered [k]) > 0 ;
    ok = ok && fwrite (b->cubin, 1, b->cubin_size, f) == b->cubin_size ;
    if (f != NULL) ok = (fclose (f) == 0) && ok ;
    // the file's mode from mkstemp is 0600: let other users of a shared
    // folder read it
    ok = ok && chmod (temporary, 0644) == 0 && rename (temporary, path) == 0 ;
    if (!ok && fd >= 0) unlink (temporary) ;
    free (temporary) ;
    free (path) ;
    return ok ;
}
