// plugin/jit/compiler/compile.c: kernel source -> cubin with NVRTC, for one architecture.
// SPDX-License-Identifier: Apache-2.0
//
// The accumulator headers come from memory (jit_headers.c); CUB and libcu++
// come from the CUDA toolkit's include folders found at build time
// (GBGPU_CUDA_INCLUDE_DIRS, ':'-separated), or from GBGPU_JIT_INCLUDE when
// set (the toolkit elsewhere at run time).  NVRTC's version, the options and
// the version headers of CUB and libcu++ that NVRTC will find enter the disk
// cache's keys (gbgpu_jit_compiler_identity): a toolkit update may change
// those headers and keep NVRTC's version.  The fill kernels of the source's
// kernel set (its first line says which) are instantiated for jit_semiring
// by name expression, and their lowered (mangled) names kept with the
// binary for cuModuleGetFunction.  NVRTC's automatic precompiled header
// (-pch, 12.8 and later) keeps the parsed headers a source opens with for the
// next compile in the process with the same includes (a whole set after a
// whole set, as gbgpu-jit warm compiles many): the headers are most of a
// compile.  Its state lives at an address of this NVRTC instance, so it
// cannot serve another process: a file of it (--create-pch) is refused
// there ("incompatible PCH heap allocation address"), measured.
//
// The whole set is compiled to LTO IR and linked by nvJitLink with
// -optimize-unused-variables: its PTX defines some 1600 variables of
// libcu++ and CUB (static constexpr members, variable templates) that no
// kernel references, ptxas keeps every one, and the driver then spent
// 5-9 ms on the module at each load, against 0.5 ms for the hash set,
// which includes neither (H200, 2026-11-28; docs/jit.md).  The hash set
// stays a cubin from NVRTC: its compile is the first call's wait.

#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <nvJitLink.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/environment.h"
#include "jit/compiler/compiler.h"

#define GBGPU_KERNEL_EXPRESSION(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
    "&gbgpu::" #kernel "<jit_semiring, true>",
static const char *const kernel_expressions [GBGPU_JIT_NKERNELS] =
{
    GBGPU_ACCUMULATORS (GBGPU_KERNEL_EXPRESSION)
} ;
#undef GBGPU_KERNEL_EXPRESSION

#define MAX_OPTIONS 24

// Complex division as the library gbgpu is built for does it (semiring_ops.cuh).
#define STRING(x) #x
#define COMPLEX_DIVIDE_OPTION(exact) "-DGBGPU_COMPLEX_DIVIDE_EXACT_PARTS=" STRING (exact)
#if GBGPU_GRAPHBLAS_MAJOR < 8
#define COMPLEX_DIVIDE COMPLEX_DIVIDE_OPTION (1)
#else
#define COMPLEX_DIVIDE COMPLEX_DIVIDE_OPTION (0)
#endif

// "-I<dir>" options, two per ':'-separated folder of `dirs`, into options
// (from *n on); the strings are malloc'd.
static void add_include_options (const char **options, int *n, const char *dirs)
{
    while (dirs != NULL && *dirs != '\0' && *n < MAX_OPTIONS - 2)
    {
        const char *end = strchr (dirs, ':') ;
        size_t length = (end != NULL) ? (size_t) (end - dirs) : strlen (dirs) ;
        if (length > 0)
        {
            // CUB and libcu++ live in cccl/ under the toolkit's include folder
            // (CUDA 13); older toolkits have them at the top
            for (int cccl = 1 ; cccl >= 0 ; cccl--)
            {
                char *option = malloc (length + 16) ;
                if (option == NULL) return ;
                snprintf (option, length + 16, "-I%.*s%s", (int) length, dirs, cccl ? "/cccl" : "") ;
                options [(*n)++] = option ;
            }
        }
        dirs = (end != NULL) ? end + 1 : NULL ;
    }
}

static char *program_log (nvrtcProgram program)
{
    size_t size = 0 ;
    if (nvrtcGetProgramLogSize (program, &size) != NVRTC_SUCCESS || size == 0) return NULL ;
    char *log = malloc (size) ;
    if (log != NULL && nvrtcGetProgramLog (program, log) != NVRTC_SUCCESS)
    {
        free (log) ;
        log = NULL ;
    }
    return log ;
}

static char *message (const char *text)
{
    char *m = malloc (strlen (text) + 1) ;
    if (m != NULL) strcpy (m, text) ;
    return m ;
}

bool gbgpu_jit_include_from_environment (void)
{
    return gbgpu_environment_jit_include () != NULL ;
}

// The options NVRTC compiles a kernel set with for sm_<arch>; the number of
// them.  The "-I" ones are malloc'd (free_options).  The hash set is what
// calls run on only until every accumulator's is built: it takes NVRTC's
// fastest compile (-Ofc=max, CUDA 13: 0.28-0.37 s against 0.42-0.56 s with
// the headers parsed, H100 host, 2026-11-27) over its fastest kernel, and
// its hash kernel has the global tables' code alone (hash_rows.cuh): 37%
// off the compile on the 2-core host.
#define FIXED_OPTIONS 6
static int compile_options (const char *options [MAX_OPTIONS], char arch_option [64], int arch, int set)
{
    snprintf (arch_option, 64, "--gpu-architecture=sm_%d", arch) ;
    const char *fixed [FIXED_OPTIONS] =
    {
        arch_option, "-std=c++17", "-default-device", "--device-int128", "-DNDEBUG",
        COMPLEX_DIVIDE,
    } ;
    memcpy (options, fixed, sizeof (fixed)) ;
    int n = FIXED_OPTIONS ;
    int major = 0, minor = 0 ;
    if (nvrtcVersion (&major, &minor) == NVRTC_SUCCESS && (major > 12 || (major == 12 && minor >= 8)))
        options [n++] = "-pch" ;
    if (set == GBGPU_JIT_KERNELS_HASH && major >= 13) options [n++] = "-Ofc=max" ;
    if (set == GBGPU_JIT_KERNELS_HASH) options [n++] = "-DGBGPU_HASH_GLOBAL_TABLES_ONLY" ;
    if (set == GBGPU_JIT_KERNELS_ALL) options [n++] = "-dlto" ;
    const char *dirs = gbgpu_environment_jit_include () ;
#ifdef GBGPU_CUDA_INCLUDE_DIRS
    if (dirs == NULL) dirs = GBGPU_CUDA_INCLUDE_DIRS ;
#endif
    add_include_options (options, &n, dirs) ;
    return n ;
}

// nvJitLink's options for the whole set: its LTO IR to sm_<arch>, without
// the variables no kernel uses.
#define LINK_OPTIONS 3
static void link_options (const char *options [LINK_OPTIONS], char arch_option [64], int arch)
{
    snprintf (arch_option, 64, "-arch=sm_%d", arch) ;
    options [0] = arch_option ;
    options [1] = "-lto" ;
    options [2] = "-optimize-unused-variables" ;
}

// nvJitLink's error log, else `otherwise` (malloc'd, may be NULL).
static char *linker_log (nvJitLinkHandle linker, const char *otherwise)
{
    size_t size = 0 ;
    char *log = NULL ;
    if (linker != NULL && nvJitLinkGetErrorLogSize (linker, &size) == NVJITLINK_SUCCESS && size > 1
        && (log = malloc (size)) != NULL && nvJitLinkGetErrorLog (linker, log) != NVJITLINK_SUCCESS)
    {
        free (log) ;
        log = NULL ;
    }
    return (log != NULL) ? log : message (otherwise) ;
}

// The whole set's cubin from its LTO IR (see the top of this file).  A
// failed create may still give a handle, with its log.
static bool link_lto (gbgpu_jit_binary *out, char **log, const void *ir, size_t size, int arch)
{
    const char *options [LINK_OPTIONS] ;
    char arch_option [64] ;
    link_options (options, arch_option, arch) ;
    nvJitLinkHandle linker = NULL ;
    bool ok = nvJitLinkCreate (&linker, LINK_OPTIONS, options) == NVJITLINK_SUCCESS
        && nvJitLinkAddData (linker, NVJITLINK_INPUT_LTOIR, ir, size, "gbgpu_jit") == NVJITLINK_SUCCESS
        && nvJitLinkComplete (linker) == NVJITLINK_SUCCESS ;
    if (!ok) *log = linker_log (linker, "nvJitLink failed") ;
    else if (!(nvJitLinkGetLinkedCubinSize (linker, &out->cubin_size) == NVJITLINK_SUCCESS
        && (out->cubin = malloc (out->cubin_size)) != NULL
        && nvJitLinkGetLinkedCubin (linker, out->cubin) == NVJITLINK_SUCCESS))
    {
        ok = false ;
        *log = message ("nvJitLink: no cubin") ;
    }
    if (linker != NULL) nvJitLinkDestroy (&linker) ;
    return ok ;
}

// NVRTC's output: the hash set's cubin, or the whole set's linked from its
// LTO IR.
static bool program_cubin (gbgpu_jit_binary *out, char **log, nvrtcProgram program, int set, int arch)
{
    if (set != GBGPU_JIT_KERNELS_ALL)
    {
        return nvrtcGetCUBINSize (program, &out->cubin_size) == NVRTC_SUCCESS
            && (out->cubin = malloc (out->cubin_size)) != NULL
            && nvrtcGetCUBIN (program, out->cubin) == NVRTC_SUCCESS ;
    }
    size_t size = 0 ;
    char *ir = NULL ;
    const bool have_ir = nvrtcGetLTOIRSize (program, &size) == NVRTC_SUCCESS
        && (ir = malloc (size)) != NULL && nvrtcGetLTOIR (program, ir) == NVRTC_SUCCESS ;
    free (*log) ;
    *log = have_ir ? NULL : message ("NVRTC gave no LTO IR") ;
    const bool ok = have_ir && link_lto (out, log, ir, size, arch) ;
    free (ir) ;
    return ok ;
}

static void free_options (const char **options, int n)
{
    for (int k = FIXED_OPTIONS ; k < n ; k++)
        if (strncmp (options [k], "-I", 2) == 0) free ((void *) options [k]) ;
}

// The headers that say CCCL's version (CUB's and libcu++'s), as NVRTC finds
// them: the first include folder of the options that has one.
static const char *const version_headers [ ] =
{
    "cuda/std/__cccl/version.h", "cub/version.cuh",
} ;

// Adds to h the text of `name` from the first "-I" folder of options that
// has it (nothing when none has).
static void hash_first_header (gbgpu_sha256 *h, const char *const *options, int n,
    const char *name)
{
    for (int k = 0 ; k < n ; k++)
    {
        if (strncmp (options [k], "-I", 2) != 0) continue ;
        char path [4096] ;
        snprintf (path, sizeof (path), "%s/%s", options [k] + 2, name) ;
        FILE *f = fopen (path, "rb") ;
        if (f == NULL) continue ;
        char text [4096] ;
        size_t length ;
        while ((length = fread (text, 1, sizeof (text), f)) > 0) gbgpu_sha256_add (h, text, length) ;
        fclose (f) ;
        return ;
    }
}

void gbgpu_jit_compiler_identity (gbgpu_sha256 *h, int arch)
{
    int version [2] = { 0, 0 } ;
    nvrtcVersion (&version [0], &version [1]) ;
    gbgpu_sha256_add (h, version, sizeof (version)) ;
    for (int set = 0 ; set < GBGPU_JIT_KERNEL_SETS ; set++)
    {
        const char *options [MAX_OPTIONS] ;
        char arch_option [64] ;
        int n = compile_options (options, arch_option, arch, set) ;
        gbgpu_sha256_add (h, &n, sizeof (n)) ;
        for (int k = 0 ; k < n ; k++) gbgpu_sha256_add (h, options [k], strlen (options [k]) + 1) ;
        if (set == GBGPU_JIT_KERNELS_ALL)
            for (size_t k = 0 ; k < sizeof (version_headers) / sizeof (version_headers [0]) ; k++)
                hash_first_header (h, options, n, version_headers [k]) ;
        free_options (options, n) ;
    }
    // the whole set's link (nvJitLinkVersion from CUDA 12.3; before it the
    // toolkit's NVRTC version above stands for its nvJitLink's)
    unsigned linker_version [2] = { 0, 0 } ;
#if CUDA_VERSION >= 12030
    (void) nvJitLinkVersion (&linker_version [0], &linker_version [1]) ;
#endif
    gbgpu_sha256_add (h, linker_version, sizeof (linker_version)) ;
    const char *link [LINK_OPTIONS] ;
    char link_arch [64] ;
    link_options (link, link_arch, arch) ;
    for (int k = 0 ; k < LINK_OPTIONS ; k++) gbgpu_sha256_add (h, link [k], strlen (link [k]) + 1) ;
}

bool gbgpu_jit_compile (gbgpu_jit_binary *out, char **log, const char *source, int arch)
{
    memset (out, 0, sizeof (*out)) ;
    *log = NULL ;
    const int set = gbgpu_jit_source_kernel_set (source) ;
    if (set < 0)
    {
        *log = message ("not a source of gbgpu_jit_source (its first line names no kernel set)") ;
        return false ;
    }
    nvrtcProgram program ;
    if (nvrtcCreateProgram (&program, source, "gbgpu_jit.cu", gbgpu_jit_header_count,
        gbgpu_jit_header_texts, gbgpu_jit_header_names) != NVRTC_SUCCESS)
    {
        *log = message ("nvrtcCreateProgram failed") ;
        return false ;
    }
    // the hash set: the hash kernel alone (the others keep the empty name)
    bool in_set [GBGPU_JIT_NKERNELS] ;
    for (int k = 0 ; k < GBGPU_JIT_NKERNELS ; k++)
    {
        in_set [k] = (set == GBGPU_JIT_KERNELS_ALL || k == GBGPU_ACCUMULATOR_HASH) ;
        if (in_set [k]) nvrtcAddNameExpression (program, kernel_expressions [k]) ;
    }

    const char *options [MAX_OPTIONS] ;
    char arch_option [64] ;
    int n = compile_options (options, arch_option, arch, set) ;
    bool ok = (nvrtcCompileProgram (program, n, options) == NVRTC_SUCCESS) ;
    free_options (options, n) ;
    *log = program_log (program) ;
    for (int k = 0 ; ok && k < GBGPU_JIT_NKERNELS ; k++)
    {
        if (!in_set [k]) continue ;
        const char *lowered = NULL ;
        ok = nvrtcGetLoweredName (program, kernel_expressions [k], &lowered) == NVRTC_SUCCESS
            && strlen (lowered) < GBGPU_JIT_NAME_MAX ;
        if (ok) strcpy (out->lowered [k], lowered) ;
    }
    ok = ok && program_cubin (out, log, program, set, arch) ;
    nvrtcDestroyProgram (&program) ;
    if (!ok) gbgpu_jit_binary_free (out) ;
    else { free (*log) ; *log = NULL ; }
    return ok ;
}

void gbgpu_jit_binary_free (gbgpu_jit_binary *b)
{
    free (b->cubin) ;
    memset (b, 0, sizeof (*b)) ;
}
