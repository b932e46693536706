// plugin/jit/compiler/disk_cache.c: compiled run-time semirings on disk, shared by the user's processes.
// SPDX-License-Identifier: Apache-2.0
//
// One file per key in the cache folder (GBGPU_JIT_CACHE, else
// $HOME/.cache/gbgpu): gbgpu-<key>.cubin, holding a magic line, the key, the
// source's SHA-256, a line with the cubin's size and SHA-256, the kernels'
// lowered names (one a line, a kernel per accumulator) and the cubin.  The
// driver reads a cubin without being told its size, and reads text as PTX
// up to a NUL: a file cut short or changed must never reach it, so a file
// whose cubin is not the size and hash its header says, or whose key or
// source is not the caller's, is no entry (the semiring is compiled again
// and the file replaced).  A writer writes a temporary file of its own in the same folder
// and renames it into place: rename is atomic within a file system, so
// concurrent processes compiling the same semiring each install a whole
// file and readers never see a partial one.  The key hashes everything that
// determines the cubin (gbgpu_jit_key), so a changed kernel, compiler or
// device never reads a stale binary.  Any failure only means no caching.
//
// An entry is code that runs on the GPU in the user's process: the folder
// must be the user's alone.  It is created 0700 and used only when owned by
// the effective user and not writable by group or others, and entries are
// created 0600 and read only when the same holds for them.  Files are opened
// relative to the checked folder's descriptor (the folder cannot be swapped
// after the check), without following links and without blocking (a FIFO
// put there must not hang the process), and only regular files are read.
// A writer killed mid-store leaves its temporary file: stores remove those
// that are stale, and keep the folder under GBGPU_JIT_CACHE_MAX_BYTES by
// removing the least recently used entries (a hit touches its file).

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "core/environment.h"
#include "jit/compiler/compiler.h"

#define MAGIC "gbgpu-jit 4\n"
// a cubin larger than this is not a cubin of ours
#define MAX_CUBIN_SIZE ((size_t) 1 << 30)
// the header: the magic, three lines of hex digests and sizes, the names
#define MAX_HEADER_SIZE (64 + 3 * 96 + GBGPU_JIT_NKERNELS * (GBGPU_JIT_NAME_MAX + 1))
#define ENTRY_PREFIX "gbgpu-"
#define ENTRY_SUFFIX ".cubin"

//------------------------------------------------------------------------------
// keys
//------------------------------------------------------------------------------

// The key's common prefix (the embedded headers): the same for the whole
// process, and some 100 KB to read, so hashed once rather than on every key.
static gbgpu_sha256 key_prefix ;
static pthread_once_t key_prefix_done = PTHREAD_ONCE_INIT ;

static void hash_key_prefix (void)
{
    gbgpu_sha256_start (&key_prefix) ;
    gbgpu_sha256_add (&key_prefix, MAGIC, strlen (MAGIC)) ;
    gbgpu_sha256_add (&key_prefix, &gbgpu_jit_header_count, sizeof (int)) ;
    for (int k = 0 ; k < gbgpu_jit_header_count ; k++)
    {
        gbgpu_sha256_add (&key_prefix, gbgpu_jit_header_names [k], strlen (gbgpu_jit_header_names [k]) + 1) ;
        gbgpu_sha256_add (&key_prefix, gbgpu_jit_header_texts [k], strlen (gbgpu_jit_header_texts [k]) + 1) ;
    }
}

gbgpu_jit_digest gbgpu_jit_key (const char *source, int arch)
{
    pthread_once (&key_prefix_done, hash_key_prefix) ;
    gbgpu_sha256 h = key_prefix ;
    gbgpu_sha256_add (&h, &arch, sizeof (arch)) ;
    gbgpu_jit_compiler_identity (&h, arch) ;
    gbgpu_sha256_add (&h, source, strlen (source) + 1) ;
    gbgpu_jit_digest key ;
    gbgpu_sha256_finish (&h, key.bytes) ;
    return key ;
}

static gbgpu_jit_digest digest_of (const void *data, size_t size)
{
    gbgpu_sha256 h ;
    gbgpu_sha256_start (&h) ;
    gbgpu_sha256_add (&h, data, size) ;
    gbgpu_jit_digest d ;
    gbgpu_sha256_finish (&h, d.bytes) ;
    return d ;
}

static void hex (char text [2 * GBGPU_SHA256_SIZE + 1], const gbgpu_jit_digest *d)
{
    for (int k = 0 ; k < GBGPU_SHA256_SIZE ; k++) snprintf (text + 2*k, 3, "%02x", d->bytes [k]) ;
}

//------------------------------------------------------------------------------
// the folder
//------------------------------------------------------------------------------

// Every process that has no disk cache compiles each semiring again: say so
// once, for whichever reason comes first.
static atomic_flag warned = ATOMIC_FLAG_INIT ;

static void warn_once (const char *format, ...)
{
    if (atomic_flag_test_and_set (&warned)) return ;
    va_list args ;
    va_start (args, format) ;
    fprintf (stderr, "gbgpu: run-time compiled semirings are not cached on disk (") ;
    vfprintf (stderr, format, args) ;
    fprintf (stderr, "): each process compiles them again\n") ;
    va_end (args) ;
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
    // headers from elsewhere could change without the key knowing: hashing
    // every file they include would mean preprocessing, so no disk cache
    if (gbgpu_jit_include_from_environment ())
    {
        warn_once ("GBGPU_JIT_INCLUDE is set") ;
        return NULL ;
    }
    // read securely: a set-user-ID program must not take its folder (the
    // code it runs) from its caller
    const char *folder = gbgpu_environment_jit_cache () ;
    const char *home = gbgpu_environment_home () ;
    bool has_home = home != NULL && *home == '/' ;
    if (folder != NULL && *folder != '\0')
    {
        if (strncmp (folder, "~/", 2) == 0 && has_home) return concatenate (home, folder + 1) ;
        if (*folder == '/') return concatenate (folder, "") ;
        // relative to whatever the working folder is at the first compile
        warn_once ("GBGPU_JIT_CACHE=%s is not an absolute path%s", folder,
            (*folder == '~') ? " and HOME is not set" : "") ;
        return NULL ;
    }
    if (!has_home)
    {
        warn_once ("HOME is not set to an absolute path and GBGPU_JIT_CACHE is not set") ;
        return NULL ;
    }
    return concatenate (home, "/.cache/gbgpu") ;
}

// Only the effective user may change what is in it.
static bool private_to_user (const struct stat *s)
{
    return s->st_uid == geteuid () && (s->st_mode & (S_IWGRP | S_IWOTH)) == 0 ;
}

// The folder's descriptor, checked private; with `create`, made first (and
// its missing parents, 0700: mkdir -p).  -1 when there is none to use.
static int open_folder (const char *folder, bool create)
{
    if (folder == NULL) return -1 ;
    if (create)
    {
        char *path = concatenate (folder, "") ;
        if (path == NULL) return -1 ;
        for (char *p = path + 1 ; ; p++)
        {
            if (*p != '/' && *p != '\0') continue ;
            char c = *p ;
            *p = '\0' ;
            bool ok = (mkdir (path, 0700) == 0 || errno == EEXIST) ;
            *p = c ;
            if (!ok) warn_once ("cannot create %s: %s", path, strerror (errno)) ;
            if (!ok || c == '\0') break ;
        }
        free (path) ;
    }
    int fd = open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) ;
    struct stat s ;
    if (fd >= 0 && (fstat (fd, &s) != 0 || !private_to_user (&s)))
    {
        warn_once ("the folder %s is not private to this user: owned by another, or writable by"
            " group or others", folder) ;
        close (fd) ;
        fd = -1 ;
    }
    return fd ;
}

static void entry_name (char name [128], const gbgpu_jit_digest *key)
{
    char text [2 * GBGPU_SHA256_SIZE + 1] ;
    hex (text, key) ;
    snprintf (name, 128, ENTRY_PREFIX "%s" ENTRY_SUFFIX, text) ;
}

//------------------------------------------------------------------------------
// load
//------------------------------------------------------------------------------

// The next line of [*p, end), without its '\n', copied into line (of
// `capacity`); false when there is no whole line that fits.
static bool next_line (char *line, size_t capacity, const char **p, const char *end)
{
    const char *newline = memchr (*p, '\n', (size_t) (end - *p)) ;
    if (newline == NULL || (size_t) (newline - *p) >= capacity) return false ;
    memcpy (line, *p, (size_t) (newline - *p)) ;
    line [newline - *p] = '\0' ;
    *p = newline + 1 ;
    return true ;
}

// The whole of a regular file private to the user, opened without blocking
// or following a link (malloc'd; NULL otherwise).  A hit touches the file:
// the oldest modification time is the least recently used entry.
static char *read_entry (size_t *size, int folder_fd, const char *name)
{
    int fd = openat (folder_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) ;
    if (fd < 0) return NULL ;
    struct stat s ;
    char *data = NULL ;
    if (fstat (fd, &s) == 0 && S_ISREG (s.st_mode) && private_to_user (&s)
        && (uint64_t) s.st_size <= MAX_HEADER_SIZE + MAX_CUBIN_SIZE
        && (data = malloc ((size_t) s.st_size + 1)) != NULL)
    {
        *size = 0 ;
        ssize_t n = 1 ;
        while (*size < (size_t) s.st_size && n > 0)
        {
            n = read (fd, data + *size, (size_t) s.st_size - *size) ;
            if (n > 0) *size += (size_t) n ;
        }
        (void) futimens (fd, NULL) ;
    }
    close (fd) ;
    return data ;
}

bool gbgpu_jit_cache_load (gbgpu_jit_binary *b, const char *folder,
    const gbgpu_jit_digest *key, const char *source)
{
    memset (b, 0, sizeof (*b)) ;
    int folder_fd = open_folder (folder, false) ;
    if (folder_fd < 0) return false ;
    char name [128] ;
    entry_name (name, key) ;
    size_t size = 0 ;
    char *data = read_entry (&size, folder_fd, name) ;
    close (folder_fd) ;
    if (data == NULL) return false ;

    const char *p = data, *end = data + size ;
    char line [GBGPU_JIT_NAME_MAX + 1], expected [2 * GBGPU_SHA256_SIZE + 1] ;
    bool ok = size >= strlen (MAGIC) && memcmp (data, MAGIC, strlen (MAGIC)) == 0 ;
    p += strlen (MAGIC) ;
    hex (expected, key) ;
    ok = ok && next_line (line, sizeof (line), &p, end) && strcmp (line, expected) == 0 ;
    gbgpu_jit_digest source_digest = digest_of (source, strlen (source) + 1) ;
    hex (expected, &source_digest) ;
    ok = ok && next_line (line, sizeof (line), &p, end) && strcmp (line, expected) == 0 ;
    size_t cubin_size = 0 ;
    char cubin_hex [2 * GBGPU_SHA256_SIZE + 1] ;
    ok = ok && next_line (line, sizeof (line), &p, end)
        && sscanf (line, "%zu %64s", &cubin_size, cubin_hex) == 2 ;
    for (int k = 0 ; ok && k < GBGPU_JIT_NKERNELS ; k++)
    {
        ok = next_line (b->lowered [k], GBGPU_JIT_NAME_MAX, &p, end) ;
    }
    // a kernel its set lacks has the empty name; every set has the hash kernel
    ok = ok && b->lowered [GBGPU_ACCUMULATOR_HASH][0] != '\0' ;
    ok = ok && cubin_size > 0 && cubin_size <= MAX_CUBIN_SIZE && (size_t) (end - p) == cubin_size ;
    if (ok)
    {
        gbgpu_jit_digest cubin_digest = digest_of (p, cubin_size) ;
        hex (expected, &cubin_digest) ;
        ok = strcmp (cubin_hex, expected) == 0 && (b->cubin = malloc (cubin_size)) != NULL ;
    }
    if (ok)
    {
        memcpy (b->cubin, p, cubin_size) ;
        b->cubin_size = cubin_size ;
    }
    free (data) ;
    if (!ok) gbgpu_jit_binary_free (b) ;
    return ok ;
}

//------------------------------------------------------------------------------
// store and trim
//------------------------------------------------------------------------------

static bool write_all (int fd, const void *data, size_t size)
{
    const char *p = data ;
    while (size > 0)
    {
        ssize_t n = write (fd, p, size) ;
        if (n < 0 && errno == EINTR) continue ;
        if (n <= 0) return false ;
        p += n ;
        size -= (size_t) n ;
    }
    return true ;
}

bool gbgpu_jit_cache_write_new (const char *folder, const char *name, const char *text)
{
    int folder_fd = open_folder (folder, true) ;
    if (folder_fd < 0) return false ;
    int fd = openat (folder_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600) ;
    if (fd < 0)
    {
        close (folder_fd) ;
        return false ;
    }
    bool ok = write_all (fd, text, strlen (text)) ;
    ok = (close (fd) == 0) && ok ;
    if (!ok) unlinkat (folder_fd, name, 0) ;
    close (folder_fd) ;
    return ok ;
}

// A temporary file of the entry's name followed by ".<pid>.<n>", made new
// (never one that exists, nor through a link), 0600 whatever the umask
// (which can only take bits away).  -1 on failure.
static int create_temporary (char temporary [160], int folder_fd, const char *name)
{
    static atomic_uint counter ;
    for (int attempt = 0 ; attempt < 100 ; attempt++)
    {
        snprintf (temporary, 160, "%s.%ld.%u", name, (long) getpid (), atomic_fetch_add (&counter, 1)) ;
        int fd = openat (folder_fd, temporary,
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600) ;
        // EEXIST: a killed writer's temporary of a recycled process id
        if (fd >= 0 || errno != EEXIST) return fd ;
    }
    return -1 ;
}

bool gbgpu_jit_cache_store (const gbgpu_jit_binary *b, const char *folder,
    const gbgpu_jit_digest *key, const char *source)
{
    int folder_fd = open_folder (folder, true) ;
    if (folder_fd < 0) return false ;
    char name [128], temporary [160] ;
    entry_name (name, key) ;
    int fd = create_temporary (temporary, folder_fd, name) ;

    char header [MAX_HEADER_SIZE] ;
    char key_hex [2 * GBGPU_SHA256_SIZE + 1], source_hex [2 * GBGPU_SHA256_SIZE + 1] ;
    char cubin_hex [2 * GBGPU_SHA256_SIZE + 1] ;
    gbgpu_jit_digest source_digest = digest_of (source, strlen (source) + 1) ;
    gbgpu_jit_digest cubin_digest = digest_of (b->cubin, b->cubin_size) ;
    hex (key_hex, key) ;
    hex (source_hex, &source_digest) ;
    hex (cubin_hex, &cubin_digest) ;
    int length = snprintf (header, sizeof (header), MAGIC "%s\n%s\n%zu %s\n",
        key_hex, source_hex, b->cubin_size, cubin_hex) ;
    for (int k = 0 ; k < GBGPU_JIT_NKERNELS && length > 0 && (size_t) length < sizeof (header) ; k++)
    {
        int n = snprintf (header + length, sizeof (header) - (size_t) length, "%s\n", b->lowered [k]) ;
        length = (n < 0) ? -1 : length + n ;
    }

    bool ok = fd >= 0 && length > 0 && (size_t) length < sizeof (header)
        && write_all (fd, header, (size_t) length) && write_all (fd, b->cubin, b->cubin_size) ;
    if (fd >= 0) ok = (close (fd) == 0) && ok ;
    ok = ok && renameat (folder_fd, temporary, folder_fd, name) == 0 ;
    if (!ok && fd >= 0) unlinkat (folder_fd, temporary, 0) ;
    close (folder_fd) ;
    if (ok) gbgpu_jit_cache_trim (folder, GBGPU_JIT_CACHE_MAX_BYTES) ;
    return ok ;
}

typedef struct
{
    char name [128] ;
    struct timespec modified ;
    uint64_t size ;
}
entry_file ;

static int older_first (const void *a, const void *b)
{
    const struct timespec *x = &((const entry_file *) a)->modified ;
    const struct timespec *y = &((const entry_file *) b)->modified ;
    if (x->tv_sec != y->tv_sec) return (x->tv_sec < y->tv_sec) ? -1 : 1 ;
    return (x->tv_nsec < y->tv_nsec) ? -1 : (x->tv_nsec > y->tv_nsec) ;
}

void gbgpu_jit_cache_trim (const char *folder, uint64_t max_bytes)
{
    int folder_fd = open_folder (folder, false) ;
    int list_fd = (folder_fd >= 0) ? dup (folder_fd) : -1 ;
    DIR *dir = (list_fd >= 0) ? fdopendir (list_fd) : NULL ;
    if (dir == NULL && list_fd >= 0) close (list_fd) ;
    entry_file *entries = NULL ;
    size_t n = 0, capacity = 0 ;
    uint64_t total = 0 ;
    time_t now = time (NULL) ;
    for (struct dirent *d ; dir != NULL && (d = readdir (dir)) != NULL ; )
    {
        const char *suffix = strstr (d->d_name, ENTRY_SUFFIX) ;
        struct stat s ;
        if (strncmp (d->d_name, ENTRY_PREFIX, strlen (ENTRY_PREFIX)) != 0 || suffix == NULL
            || strlen (d->d_name) >= sizeof (entries->name)
            || fstatat (folder_fd, d->d_name, &s, AT_SYMLINK_NOFOLLOW) != 0) continue ;
        if (suffix [strlen (ENTRY_SUFFIX)] == '.')
        {
            // a temporary: a live writer's is seconds old
            if (now - s.st_mtime > GBGPU_JIT_CACHE_STALE_SECONDS) unlinkat (folder_fd, d->d_name, 0) ;
        }
        else if (suffix [strlen (ENTRY_SUFFIX)] == '\0' && S_ISREG (s.st_mode))
        {
            if (n == capacity)
            {
                capacity = 2 * capacity + 64 ;
                entry_file *more = realloc (entries, capacity * sizeof (entry_file)) ;
                if (more == NULL) break ;
                entries = more ;
            }
            snprintf (entries [n].name, sizeof (entries [n].name), "%s", d->d_name) ;
            entries [n].modified = s.st_mtim ;
            entries [n].size = (uint64_t) s.st_size ;
            total += entries [n++].size ;
        }
    }
    if (dir != NULL) closedir (dir) ;
    if (total > max_bytes) qsort (entries, n, sizeof (entry_file), older_first) ;
    for (size_t k = 0 ; k < n && total > max_bytes ; k++)
    {
        if (unlinkat (folder_fd, entries [k].name, 0) == 0) total -= entries [k].size ;
    }
    free (entries) ;
    if (folder_fd >= 0) close (folder_fd) ;
}
