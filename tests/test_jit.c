// tests/test_jit.c: [host] run-time compiled semirings without a GPU: the kernel
// source of a built-in combination outside semirings/semiring_list.h and of
// a user semiring (a 16-byte struct with a max-with-index monoid, user ops
// on double) really compiles with NVRTC for sm_90 (NVRTC needs no device),
// with every kernel's lowered name, and so do semirings with one part built
// in; a broken definition (or a wrong slot size) fails with NVRTC's log;
// the disk cache: miss, store, hit (same bytes and names), other keys miss,
// a changed or cut-short file, or another source's, is no entry, and
// concurrent writers of one key leave one whole entry; the folder and its
// entries private to the user (0700 and 0600 whatever the umask; a folder or
// file others can write, or another user's, a link, a FIFO: not used, and
// the FIFO not waited on), stale temporaries removed and the folder capped;
// the folder from the environment ('~/', relative paths refused, one line on
// stderr when there is none); SHA-256 against FIPS 180-4's examples and the
// key's parts.
// SPDX-License-Identifier: Apache-2.0

#define _GNU_SOURCE             // mkdtemp, utimensat, symlink
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "jit/compiler/compiler.h"

static int failures = 0 ;

#define CHECK(cond)                                                         \
    do { if (!(cond)) { fprintf (stderr, "%s:%d: CHECK failed: %s\n",       \
         __FILE__, __LINE__, #cond) ; failures++ ; } } while (0)

typedef struct { double value ; int64_t index ; } max_with_index ;

static const char pair_definition [ ] =
    "typedef struct { double value ; int64_t index ; } max_with_index ;" ;
static const char pair_max_definition [ ] =
    "void pair_max (max_with_index *z, const max_with_index *x, const max_with_index *y)\n"
    "{\n"
    "    bool take_x = x->value > y->value || (x->value == y->value && x->index < y->index) ;\n"
    "    *z = take_x ? *x : *y ;\n"
    "}" ;
static const char pair_times_definition [ ] =
    "void pair_times (max_with_index *z, const max_with_index *x, const max_with_index *y)\n"
    "{\n"
    "    z->value = x->value * y->value ;\n"
    "    z->index = y->index ;\n"
    "}" ;
static const char soft_plus_definition [ ] =
    "void soft_plus (double *z, const double *x, const double *y) { *z = *x + *y + 0.5 ; }" ;
static const char abs_diff_definition [ ] =
    "void abs_diff (double *z, const double *x, const double *y) { *z = fabs (*x - *y) ; }" ;

static gbgpu_jit_semiring user_pair_semiring (void)
{
    static const max_with_index identity = { -1e308, INT64_MAX } ;
    gbgpu_jit_semiring s = { 0 } ;
    s.type_name = "max_with_index" ;
    s.type_definition = pair_definition ;
    s.type_size = sizeof (max_with_index) ;
    s.value_slot_size = sizeof (max_with_index) ;
    s.add_name = "pair_max" ;
    s.add_definition = pair_max_definition ;
    s.mult_name = "pair_times" ;
    s.mult_definition = pair_times_definition ;
    s.identity = &identity ;
    return s ;
}

static gbgpu_jit_semiring user_double_semiring (void)
{
    static const double zero = 0, terminal = 1e300 ;
    gbgpu_jit_semiring s = { 0 } ;
    s.type_name = "double" ;
    s.type_size = sizeof (double) ;
    s.value_slot_size = sizeof (double) ;
    s.add_name = "soft_plus" ;
    s.add_definition = soft_plus_definition ;
    s.mult_name = "abs_diff" ;
    s.mult_definition = abs_diff_definition ;
    s.identity = &zero ;
    s.terminal = &terminal ;
    return s ;
}

// Compiles s for sm_90; returns the binary (cubin NULL on failure).
static gbgpu_jit_binary compile (const gbgpu_jit_semiring *s, bool expect_success)
{
    gbgpu_jit_binary b ;
    char *log = NULL ;
    char *source = gbgpu_jit_source (s, GBGPU_JIT_KERNELS_ALL) ;
    CHECK (source != NULL) ;
    bool ok = source != NULL && gbgpu_jit_compile (&b, &log, source, 90) ;
    if (ok != expect_success)
    {
        fprintf (stderr, "compile %s, expected %s; log:\n%s\nsource:\n%s\n",
            ok ? "succeeded" : "failed", expect_success ? "success" : "failure",
            log ? log : "(none)", source ? source : "(none)") ;
        failures++ ;
    }
    if (ok)
    {
        CHECK (b.cubin != NULL && b.cubin_size > 0) ;
        for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++) CHECK (strlen (b.lowered [k]) > 0) ;
    }
    else
    {
        CHECK (log != NULL && strstr (log, "error") != NULL) ;
        CHECK (b.cubin == NULL) ;
    }
    free (log) ;
    free (source) ;
    return b ;
}

static void test_compile (void)
{
    // PLUS_LXOR over INT32 and MAX_SECONDI over INT64: not in the table
    gbgpu_jit_semiring builtin = { 0 } ;
    builtin.builtin = true ;
    builtin.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    builtin.value_slot_size = 4 ;
    gbgpu_jit_binary b = compile (&builtin, true) ;
    gbgpu_jit_binary_free (&b) ;
    builtin.codes = (gbgpu_semiring) { GBGPU_ADD_MAX, GBGPU_MULT_SECONDI, GBGPU_TYPE_INT64 } ;
    builtin.value_slot_size = 8 ;
    b = compile (&builtin, true) ;
    gbgpu_jit_binary_free (&b) ;
    // a slot size the kernels do not have: the compiler says so
    builtin.value_slot_size = 4 ;
    b = compile (&builtin, false) ;
    gbgpu_jit_binary_free (&b) ;

    // one part built in: a user multiply op under PLUS_FP64, a user monoid
    // over TIMES_INT32
    gbgpu_jit_semiring mixed = user_double_semiring () ;
    mixed.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_FP64 } ;
    mixed.add_name = NULL ;
    mixed.add_definition = NULL ;
    b = compile (&mixed, true) ;
    gbgpu_jit_binary_free (&b) ;
    static const int32_t int_largest = INT32_MAX ;
    gbgpu_jit_semiring user_min = { 0 } ;
    user_min.codes = (gbgpu_semiring) { GBGPU_ADD_MIN, GBGPU_MULT_TIMES, GBGPU_TYPE_INT32 } ;
    user_min.type_name = "int32_t" ;
    user_min.type_size = 4 ;
    user_min.value_slot_size = 4 ;
    user_min.add_name = "my_min" ;
    user_min.add_definition =
        "void my_min (int32_t *z, const int32_t *x, const int32_t *y) { *z = (*x < *y) ? *x : *y ; }" ;
    user_min.identity = &int_largest ;
    b = compile (&user_min, true) ;
    gbgpu_jit_binary_free (&b) ;
    // one op as both the monoid's and the multiply op: defined once
    user_min.mult_name = user_min.add_name ;
    user_min.mult_definition = user_min.add_definition ;
    b = compile (&user_min, true) ;
    gbgpu_jit_binary_free (&b) ;

    gbgpu_jit_semiring pair = user_pair_semiring () ;
    b = compile (&pair, true) ;
    gbgpu_jit_binary_free (&b) ;

    gbgpu_jit_semiring plain = user_double_semiring () ;
    b = compile (&plain, true) ;
    gbgpu_jit_binary_free (&b) ;

    // a definition that does not compile: a log, no binary, no crash
    plain.mult_definition = "void abs_diff (double *z, const double *x) { *z = undeclared ; }" ;
    b = compile (&plain, false) ;
    gbgpu_jit_binary_free (&b) ;
}

static bool same_binary (const gbgpu_jit_binary *a, const gbgpu_jit_binary *b)
{
    if (a->cubin_size != b->cubin_size || memcmp (a->cubin, b->cubin, a->cubin_size) != 0)
        return false ;
    for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++)
        if (strcmp (a->lowered [k], b->lowered [k]) != 0) return false ;
    return true ;
}

// The path of key's entry in folder.
static void entry_path (char *path, size_t size, const char *folder, const gbgpu_jit_digest *key)
{
    int n = snprintf (path, size, "%s/gbgpu-", folder) ;
    for (int k = 0 ; k < GBGPU_SHA256_SIZE ; k++)
        n += snprintf (path + n, size - (size_t) n, "%02x", key->bytes [k]) ;
    snprintf (path + n, size - (size_t) n, ".cubin") ;
}

static void test_cache (void)
{
    char folder [ ] = "/tmp/gbgpu_test_jit_XXXXXX" ;
    CHECK (mkdtemp (folder) != NULL) ;
    char nested [sizeof (folder) + 16] ;
    snprintf (nested, sizeof (nested), "%s/a/b", folder) ;

    // the binary of a real compile
    gbgpu_jit_semiring plain = user_double_semiring () ;
    gbgpu_jit_binary b = compile (&plain, true) ;
    char *source = gbgpu_jit_source (&plain, GBGPU_JIT_KERNELS_ALL) ;
    gbgpu_jit_digest key = gbgpu_jit_key (source, 90) ;
    gbgpu_jit_digest other_arch = gbgpu_jit_key (source, 80) ;
    CHECK (memcmp (&key, &other_arch, sizeof (key)) != 0) ;

    gbgpu_jit_binary loaded ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, &key, source)) ;         // miss
    CHECK (gbgpu_jit_cache_store (&b, nested, &key, source)) ;              // creates the folders
    CHECK (gbgpu_jit_cache_load (&loaded, nested, &key, source)) ;          // hit
    CHECK (same_binary (&b, &loaded)) ;
    gbgpu_jit_binary_free (&loaded) ;
    gbgpu_jit_digest another = key ;
    another.bytes [0] ^= 1 ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, &another, source)) ;     // another key
    // the file under the key holds another source's binary: no entry
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, &key, "another source")) ;

    // a file whose cubin was changed, or cut short, is no entry
    char path [sizeof (nested) + 128] ;
    entry_path (path, sizeof (path), nested, &key) ;
    FILE *file = fopen (path, "r+b") ;
    CHECK (file != NULL && fseek (file, -1, SEEK_END) == 0 && fputc ('~', file) != EOF
        && fclose (file) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, &key, source)) ;
    CHECK (truncate (path, (off_t) b.cubin_size / 2) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, nested, &key, source)) ;
    CHECK (gbgpu_jit_cache_store (&b, nested, &key, source)) ;              // replaced
    CHECK (gbgpu_jit_cache_load (&loaded, nested, &key, source)) ;
    gbgpu_jit_binary_free (&loaded) ;

    // concurrent writers of one key: every store succeeds, the entry is whole
    const gbgpu_jit_digest shared_key = { { 42 } } ;
    enum { WRITERS = 8 } ;
    pid_t pids [WRITERS] ;
    for (int w = 0 ; w < WRITERS ; w++)
    {
        pids [w] = fork () ;
        if (pids [w] == 0)
        {
            bool ok = true ;
            for (int round = 0 ; round < 20 ; round++)
                ok = gbgpu_jit_cache_store (&b, folder, &shared_key, source) && ok ;
            _exit (ok ? 0 : 1) ;
        }
        CHECK (pids [w] > 0) ;
    }
    // a reader meanwhile sees a whole entry or none
    for (int round = 0 ; round < 50 ; round++)
    {
        if (gbgpu_jit_cache_load (&loaded, folder, &shared_key, source))
        {
            CHECK (same_binary (&b, &loaded)) ;
            gbgpu_jit_binary_free (&loaded) ;
        }
    }
    for (int w = 0 ; w < WRITERS ; w++)
    {
        int status = 1 ;
        if (pids [w] > 0) waitpid (pids [w], &status, 0) ;
        CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    }
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &shared_key, source)) ;
    CHECK (same_binary (&b, &loaded)) ;
    gbgpu_jit_binary_free (&loaded) ;

    // no temporary file is left behind: the folder holds the entry, a/ only
    char command [256] ;
    snprintf (command, sizeof (command), "test $(ls -A %s | wc -l) -eq 2", folder) ;
    CHECK (system (command) == 0) ;
    snprintf (command, sizeof (command), "rm -rf %s", folder) ;
    CHECK (system (command) == 0) ;
    gbgpu_jit_binary_free (&b) ;
    free (source) ;

}

// A binary the cache stores and loads as it would a real one (it never looks
// inside), so that these tests need no compile.
static gbgpu_jit_binary fake_binary (size_t size)
{
    gbgpu_jit_binary b = { 0 } ;
    b.cubin_size = size ;
    b.cubin = malloc (size) ;
    CHECK (b.cubin != NULL) ;
    if (b.cubin != NULL) memset (b.cubin, 0x5a, size) ;
    for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++) snprintf (b.lowered [k], GBGPU_JIT_NAME_MAX, "kernel_%d", k) ;
    return b ;
}

static gbgpu_jit_digest digest_of_text (const char *text)
{
    gbgpu_sha256 h ;
    gbgpu_sha256_start (&h) ;
    gbgpu_sha256_add (&h, text, strlen (text)) ;
    gbgpu_jit_digest d ;
    gbgpu_sha256_finish (&h, d.bytes) ;
    return d ;
}

static bool digest_is (const gbgpu_jit_digest *d, const char *expected_hex)
{
    char text [2 * GBGPU_SHA256_SIZE + 1] ;
    for (int k = 0 ; k < GBGPU_SHA256_SIZE ; k++) snprintf (text + 2*k, 3, "%02x", d->bytes [k]) ;
    if (strcmp (text, expected_hex) == 0) return true ;
    fprintf (stderr, "sha256: %s, expected %s\n", text, expected_hex) ;
    return false ;
}

// FIPS 180-4's examples (and NIST's one million 'a'), whole and fed in
// pieces that cross the blocks' boundaries.
static void test_sha256_vectors (void)
{
    gbgpu_jit_digest d = digest_of_text ("abc") ;
    CHECK (digest_is (&d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")) ;
    d = digest_of_text ("") ;
    CHECK (digest_is (&d, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")) ;
    const char *two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq" ;
    d = digest_of_text (two_blocks) ;
    CHECK (digest_is (&d, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")) ;
    d = digest_of_text ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
        "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ;
    CHECK (digest_is (&d, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")) ;
    gbgpu_sha256 h ;
    gbgpu_sha256_start (&h) ;
    for (int k = 0 ; k < 1000000 / 125 ; k++)
        gbgpu_sha256_add (&h, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 125) ;
    gbgpu_sha256_finish (&h, d.bytes) ;
    CHECK (digest_is (&d, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")) ;
    // one byte at a time
    gbgpu_sha256_start (&h) ;
    for (const char *p = two_blocks ; *p != '\0' ; p++) gbgpu_sha256_add (&h, p, 1) ;
    gbgpu_sha256_finish (&h, d.bytes) ;
    CHECK (digest_is (&d, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")) ;
}

// The digest of `size` bytes fed in pieces of 1 to `piece` bytes.
static gbgpu_jit_digest digest_in_pieces (const unsigned char *bytes, size_t size, size_t piece,
    unsigned *seed)
{
    gbgpu_sha256 h ;
    gbgpu_sha256_start (&h) ;
    for (size_t done = 0 ; done < size ; )
    {
        size_t n = 1 + (size_t) rand_r (seed) % piece ;
        if (n > size - done) n = size - done ;
        gbgpu_sha256_add (&h, bytes + done, n) ;
        done += n ;
    }
    gbgpu_jit_digest d ;
    gbgpu_sha256_finish (&h, d.bytes) ;
    return d ;
}

// The examples through the processor's SHA extensions (where it has them)
// and through plain C, and both ways alike on random data of every length
// around the blocks' boundaries and a cubin's size, in random pieces.
static void test_sha256 (void)
{
    test_sha256_vectors () ;
    gbgpu_sha256_use_extensions (false) ;
    test_sha256_vectors () ;
    enum { LARGEST = 450 * 1024 } ;
    unsigned char *bytes = malloc (LARGEST) ;
    CHECK (bytes != NULL) ;
    if (bytes == NULL) return ;
    unsigned seed = 20261127 ;
    for (size_t k = 0 ; k < LARGEST ; k++) bytes [k] = (unsigned char) rand_r (&seed) ;
    const size_t sizes [ ] = { 0, 1, 55, 56, 63, 64, 65, 119, 128, 129, 1000, 4096, LARGEST } ;
    for (size_t k = 0 ; k < sizeof (sizes) / sizeof (sizes [0]) ; k++)
    {
        for (size_t piece = 1 ; piece <= 4097 ; piece *= 8)
        {
            unsigned pieces_seed = (unsigned) (k * 31 + piece) ;
            gbgpu_sha256_use_extensions (false) ;
            gbgpu_jit_digest plain = digest_in_pieces (bytes, sizes [k], piece, &pieces_seed) ;
            pieces_seed = (unsigned) (k * 31 + piece) ;
            gbgpu_sha256_use_extensions (true) ;
            gbgpu_jit_digest fast = digest_in_pieces (bytes, sizes [k], piece, &pieces_seed) ;
            CHECK (memcmp (&plain, &fast, sizeof (plain)) == 0) ;
        }
    }
    free (bytes) ;
}

// The key: everything that determines the cubin, nothing else.
static void test_key (void)
{
    gbgpu_jit_digest a = gbgpu_jit_key ("source", 90), b = gbgpu_jit_key ("source", 90) ;
    gbgpu_jit_digest c = gbgpu_jit_key ("source2", 90), d = gbgpu_jit_key ("source", 80) ;
    CHECK (memcmp (&a, &b, sizeof (a)) == 0) ;
    CHECK (memcmp (&a, &c, sizeof (a)) != 0) ;
    CHECK (memcmp (&a, &d, sizeof (a)) != 0) ;
    // other include folders are other compile options: another key
    setenv ("GBGPU_JIT_INCLUDE", "/elsewhere", 1) ;
    gbgpu_jit_digest e = gbgpu_jit_key ("source", 90) ;
    CHECK (memcmp (&a, &e, sizeof (a)) != 0) ;
    // and no disk cache: the headers there could change under the key
    char *f = gbgpu_jit_cache_folder () ;
    CHECK (f == NULL) ;
    free (f) ;
    unsetenv ("GBGPU_JIT_INCLUDE") ;
    // CCCL's version header, as NVRTC finds it, is part of the key: a toolkit
    // update may change CUB and libcu++ under the same NVRTC version
    char include [ ] = "/tmp/gbgpu_test_jit_include_XXXXXX" ;
    CHECK (mkdtemp (include) != NULL) ;
    char path [256], command [320] ;
    snprintf (path, sizeof (path), "%s/cuda/std/__cccl", include) ;
    snprintf (command, sizeof (command), "mkdir -p %s", path) ;
    CHECK (system (command) == 0) ;
    snprintf (path, sizeof (path), "%s/cuda/std/__cccl/version.h", include) ;
    setenv ("GBGPU_JIT_INCLUDE", include, 1) ;
    gbgpu_jit_digest version [2] ;
    for (int k = 0 ; k < 2 ; k++)
    {
        FILE *header = fopen (path, "w") ;
        CHECK (header != NULL) ;
        if (header == NULL) break ;
        fprintf (header, "#define CCCL_VERSION %d\n", 3000001 + k) ;
        fclose (header) ;
        version [k] = gbgpu_jit_key ("source", 90) ;
    }
    CHECK (memcmp (&version [0], &version [1], sizeof (version [0])) != 0) ;
    unsetenv ("GBGPU_JIT_INCLUDE") ;
    snprintf (command, sizeof (command), "rm -rf %s", include) ;
    CHECK (system (command) == 0) ;
}

static mode_t mode_of (const char *path)
{
    struct stat s ;
    return (lstat (path, &s) == 0) ? (s.st_mode & 07777) : (mode_t) -1 ;
}

// The folder and its entries are the user's alone: made 0700 and 0600
// whatever the umask, and a folder or file that others can change (or that
// is another user's) is not used.
static void test_private (const char *top)
{
    gbgpu_jit_binary b = fake_binary (1000), loaded ;
    const gbgpu_jit_digest key = digest_of_text ("private") ;
    char folder [256], path [512] ;
    snprintf (folder, sizeof (folder), "%s/private/cache", top) ;
    entry_path (path, sizeof (path), folder, &key) ;
    for (int k = 0 ; k < 2 ; k++)
    {
        mode_t old = umask (k == 0 ? 022 : 077) ;
        CHECK (gbgpu_jit_cache_store (&b, folder, &key, "private source")) ;
        umask (old) ;
        CHECK (mode_of (folder) == 0700) ;
        CHECK (mode_of (path) == 0600) ;
    }
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    gbgpu_jit_binary_free (&loaded) ;

    // a group-writable entry, then folder: not read, not written
    CHECK (chmod (path, 0620) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    CHECK (chmod (path, 0600) == 0 && chmod (folder, 0770) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    CHECK (!gbgpu_jit_cache_store (&b, folder, &key, "private source")) ;
    CHECK (chmod (folder, 0702) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    CHECK (chmod (folder, 0700) == 0) ;
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    gbgpu_jit_binary_free (&loaded) ;

    // another user's entry, then folder (only root can give them away)
    if (geteuid () == 0)
    {
        CHECK (chown (path, 12345, 12345) == 0) ;
        CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
        CHECK (chown (path, 0, 0) == 0 && chown (folder, 12345, 12345) == 0) ;
        CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
        CHECK (!gbgpu_jit_cache_store (&b, folder, &key, "private source")) ;
        CHECK (chown (folder, 0, 0) == 0) ;
        CHECK (gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
        gbgpu_jit_binary_free (&loaded) ;
    }
    else
    {
        printf ("test_jit: not root, the other-owner checks are skipped\n") ;
    }

    // a link at the entry's path, even to a good entry, is not followed
    char link [600] ;
    snprintf (link, sizeof (link), "%s.link", path) ;
    CHECK (rename (path, link) == 0 && symlink (link, path) == 0) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &key, "private source")) ;
    gbgpu_jit_binary_free (&b) ;
}

static double seconds_now (void)
{
    struct timespec t ;
    clock_gettime (CLOCK_MONOTONIC, &t) ;
    return t.tv_sec + 1e-9 * t.tv_nsec ;
}

// A FIFO at an entry's path is a miss at once, not a read that waits for a
// writer forever (in a child, so that a hang is a failure, not a stuck test).
static void test_fifo (const char *top)
{
    const gbgpu_jit_digest key = digest_of_text ("fifo") ;
    char path [512] ;
    entry_path (path, sizeof (path), top, &key) ;
    CHECK (mkfifo (path, 0600) == 0) ;
    double start = seconds_now () ;
    pid_t pid = fork () ;
    if (pid == 0)
    {
        alarm (10) ;
        gbgpu_jit_binary loaded ;
        _exit (gbgpu_jit_cache_load (&loaded, top, &key, "fifo source") ? 1 : 0) ;
    }
    int status = 1 ;
    CHECK (pid > 0 && waitpid (pid, &status, 0) == pid) ;
    CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    printf ("test_jit: a FIFO entry is a miss in %.3f s\n", seconds_now () - start) ;
    CHECK (unlink (path) == 0) ;
}

static void set_age (const char *path, time_t seconds)
{
    struct timespec times [2] ;
    CHECK (clock_gettime (CLOCK_REALTIME, &times [0]) == 0) ;
    times [0].tv_sec -= seconds ;
    times [1] = times [0] ;
    CHECK (utimensat (AT_FDCWD, path, times, 0) == 0) ;
}

// A killed writer's temporary goes at the next store once it is stale (a
// young one may be a live writer's); the entries stay under the cap, the
// least recently used going first.
static void test_trim (const char *top)
{
    char folder [256], path [512], stale [600], young [600] ;
    snprintf (folder, sizeof (folder), "%s/trim", top) ;
    gbgpu_jit_binary b = fake_binary (100000), loaded ;
    gbgpu_jit_digest keys [4] ;
    for (int k = 0 ; k < 4 ; k++)
    {
        char text [16] ;
        snprintf (text, sizeof (text), "trim %d", k) ;
        keys [k] = digest_of_text (text) ;
    }
    CHECK (gbgpu_jit_cache_store (&b, folder, &keys [0], "trim")) ;
    entry_path (path, sizeof (path), folder, &keys [0]) ;
    snprintf (stale, sizeof (stale), "%s.1234.0", path) ;
    snprintf (young, sizeof (young), "%s.1234.1", path) ;
    FILE *f = fopen (stale, "w") ;
    CHECK (f != NULL && fclose (f) == 0) ;
    f = fopen (young, "w") ;
    CHECK (f != NULL && fclose (f) == 0) ;
    set_age (stale, 2 * GBGPU_JIT_CACHE_STALE_SECONDS) ;
    set_age (young, GBGPU_JIT_CACHE_STALE_SECONDS / 2) ;
    CHECK (gbgpu_jit_cache_store (&b, folder, &keys [1], "trim")) ;
    CHECK (access (stale, F_OK) != 0) ;
    CHECK (access (young, F_OK) == 0) ;
    CHECK (unlink (young) == 0) ;

    // entries 0 and 1 are days old, 0 used an hour ago (a hit touches it):
    // a cap of two and a half entries keeps 0, 2 and 3
    CHECK (gbgpu_jit_cache_store (&b, folder, &keys [2], "trim")) ;
    CHECK (gbgpu_jit_cache_store (&b, folder, &keys [3], "trim")) ;
    for (int k = 0 ; k < 2 ; k++)
    {
        entry_path (path, sizeof (path), folder, &keys [k]) ;
        set_age (path, 3 * 86400 - k) ;
    }
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &keys [0], "trim")) ;
    gbgpu_jit_binary_free (&loaded) ;
    entry_path (path, sizeof (path), folder, &keys [0]) ;
    set_age (path, 3600) ;
    gbgpu_jit_cache_trim (folder, 3 * 100000 + 100000 / 2 + 3 * 1000) ;
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &keys [0], "trim")) ;
    gbgpu_jit_binary_free (&loaded) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &keys [1], "trim")) ;
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &keys [2], "trim")) ;
    gbgpu_jit_binary_free (&loaded) ;
    // a cap of one entry keeps the one used last
    gbgpu_jit_cache_trim (folder, 100000 + 2000) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &keys [0], "trim")) ;
    CHECK (!gbgpu_jit_cache_load (&loaded, folder, &keys [3], "trim")) ;
    CHECK (gbgpu_jit_cache_load (&loaded, folder, &keys [2], "trim")) ;
    gbgpu_jit_binary_free (&loaded) ;
    CHECK (GBGPU_JIT_CACHE_MAX_BYTES == (uint64_t) 256 << 20) ;
    gbgpu_jit_binary_free (&b) ;
}

// Where the folder comes from, and one line on stderr, once, when there is none.
static void test_folder (const char *top)
{
    setenv ("HOME", "/home/x", 1) ;
    setenv ("GBGPU_JIT_CACHE", "/some/where", 1) ;
    char *f = gbgpu_jit_cache_folder () ;
    CHECK (f != NULL && strcmp (f, "/some/where") == 0) ;
    free (f) ;
    setenv ("GBGPU_JIT_CACHE", "~/x", 1) ;
    f = gbgpu_jit_cache_folder () ;
    CHECK (f != NULL && strcmp (f, "/home/x/x") == 0) ;
    free (f) ;
    unsetenv ("GBGPU_JIT_CACHE") ;
    f = gbgpu_jit_cache_folder () ;
    CHECK (f != NULL && strcmp (f, "/home/x/.cache/gbgpu") == 0) ;
    free (f) ;

    // in a child: the warning is once per process
    char log [256] ;
    snprintf (log, sizeof (log), "%s/stderr", top) ;
    pid_t pid = fork () ;
    if (pid == 0)
    {
        if (freopen (log, "w", stderr) == NULL) _exit (2) ;
        setenv ("GBGPU_JIT_CACHE", "relative/x", 1) ;
        char *relative = gbgpu_jit_cache_folder () ;
        unsetenv ("GBGPU_JIT_CACHE") ;
        unsetenv ("HOME") ;
        char *none = gbgpu_jit_cache_folder () ;
        fflush (stderr) ;       // a file now: buffered
        _exit (relative == NULL && none == NULL ? 0 : 1) ;
    }
    int status = 1 ;
    CHECK (pid > 0 && waitpid (pid, &status, 0) == pid) ;
    CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0) ;
    char command [600] ;
    snprintf (command, sizeof (command), "test $(wc -l < %s) -eq 1 && grep -q 'relative/x' %s", log, log) ;
    CHECK (system (command) == 0) ;
}

//------------------------------------------------------------------------------
// the hash kernel set and its precompiled header
//------------------------------------------------------------------------------

// The hash set holds the hash kernel alone.  NVRTC's automatic precompiled
// header serves the next compile of the process with the same includes
// (another semiring's hash set).
static void test_hash_set (void)
{
    gbgpu_jit_semiring plain = user_double_semiring () ;
    gbgpu_jit_semiring builtin = { 0 } ;
    builtin.builtin = true ;
    builtin.codes = (gbgpu_semiring) { GBGPU_ADD_PLUS, GBGPU_MULT_LXOR, GBGPU_TYPE_INT32 } ;
    builtin.value_slot_size = 4 ;
    const gbgpu_jit_semiring *semirings [3] = { &plain, &builtin, &plain } ;
    double seconds [3] = { 0 } ;
    for (int round = 0 ; round < 3 ; round++)
    {
        char *source = gbgpu_jit_source (semirings [round], GBGPU_JIT_KERNELS_HASH) ;
        CHECK (source != NULL && gbgpu_jit_source_kernel_set (source) == GBGPU_JIT_KERNELS_HASH) ;
        gbgpu_jit_binary b ;
        char *log = NULL ;
        double start = seconds_now () ;
        bool ok = source != NULL && gbgpu_jit_compile (&b, &log, source, 90) ;
        seconds [round] = seconds_now () - start ;
        if (!ok) fprintf (stderr, "hash set compile %d failed:\n%s\n", round, log ? log : "(none)") ;
        CHECK (ok) ;
        for (int k = 0 ; ok && k < GBGPU_JIT_NKERNELS ; k++)
            CHECK ((b.lowered [k][0] != '\0') == (k == GBGPU_ACCUMULATOR_HASH)) ;
        if (ok) gbgpu_jit_binary_free (&b) ;
        free (log) ;
        free (source) ;
    }
    printf ("test_jit: the hash set compiled in %.2f s, then %.2f s (another semiring) and %.2f s"
        " in the same process\n", seconds [0], seconds [1], seconds [2]) ;
}

int main (void)
{
    char top [ ] = "/tmp/gbgpu_test_jit_cache_XXXXXX" ;
    CHECK (mkdtemp (top) != NULL) ;
    // first: its child must be a process that has not warned yet
    test_folder (top) ;
    test_private (top) ;
    test_fifo (top) ;
    test_trim (top) ;
    char command [128] ;
    snprintf (command, sizeof (command), "rm -rf %s", top) ;
    CHECK (system (command) == 0) ;
    test_sha256 () ;
    test_key () ;
    test_compile () ;
    test_cache () ;
    test_hash_set () ;
    if (failures == 0) printf ("test_jit: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
