// plugin/core/environment.c: every environment variable gbgpu reads, in one
// place, read once at initialization and parsed strictly.
// SPDX-License-Identifier: Apache-2.0
//
// Programs that only LD_PRELOAD the plugin steer it through the environment,
// so a value must mean what a person would expect or be refused out loud:
// words in any case (GPU, gpu), yes/no/on/off/true/false/1/0, numbers with an
// exponent (1e6) or a binary suffix (K, M, G, T: 8G is 8 * 2^30 bytes).  A
// value that is not understood (or out of range) gets one line on stderr and
// the default, rather than silently becoming something else.  Secure reads
// (secure_getenv): a set-user-ID program takes no settings from its caller.

#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "core/environment.h"

static const char *value_of (const char *name)
{
    const char *s = secure_getenv (name) ;
    return (s == NULL || *s == '\0') ? NULL : s ;
}

static void refuse (const char *name, const char *value, const char *expected)
{
    fprintf (stderr, "gbgpu: %s=%s is not %s; using the default\n", name, value, expected) ;
}

// Index of s in words (any case), or -1.
static int word_index (const char *s, const char *const *words, int n)
{
    for (int i = 0 ; i < n ; i++) if (strcasecmp (s, words [i]) == 0) return i ;
    return -1 ;
}

bool gbgpu_parse_count (const char *s, int64_t *value)
{
    if (s == NULL) return false ;
    while (isspace ((unsigned char) *s)) s++ ;
    if (*s == '\0') return false ;
    errno = 0 ;
    char *end = NULL ;
    double v = strtod (s, &end) ;
    if (end == s || errno != 0 || isnan (v)) return false ;
    static const char suffixes [ ] = "KMGT" ;
    if (*end != '\0')
    {
        const char *at = strchr (suffixes, toupper ((unsigned char) *end)) ;
        if (at == NULL) return false ;
        v = ldexp (v, 10 * (int) (at - suffixes + 1)) ;
        end++ ;
        if (toupper ((unsigned char) *end) == 'B') end++ ;     // 8GB
    }
    while (isspace ((unsigned char) *end)) end++ ;
    if (*end != '\0' || v != floor (v) || v < -9.2e18 || v > 9.2e18) return false ;
    *value = (int64_t) v ;
    return true ;
}

bool gbgpu_parse_switch (const char *s, bool *value)
{
    static const char *const words [ ] = { "0", "no", "off", "false", "1", "yes", "on", "true" } ;
    int i = (s == NULL) ? -1 : word_index (s, words, 8) ;
    if (i < 0) return false ;
    *value = (i >= 4) ;
    return true ;
}

bool gbgpu_parse_devices (const char *s, uint64_t *devices)
{
    if (s == NULL) return false ;
    while (isspace ((unsigned char) *s)) s++ ;
    if (strncasecmp (s, "all", 3) == 0)
    {
        s += 3 ;
        while (isspace ((unsigned char) *s)) s++ ;
        if (*s != '\0') return false ;
        *devices = UINT64_MAX ;
        return true ;
    }
    uint64_t set = 0 ;
    for (;;)
    {
        while (isspace ((unsigned char) *s)) s++ ;
        if (!isdigit ((unsigned char) *s)) return false ;
        char *end = NULL ;
        errno = 0 ;
        unsigned long d = strtoul (s, &end, 10) ;
        if (errno != 0 || d > 63) return false ;
        set |= (uint64_t) 1 << d ;
        s = end ;
        while (isspace ((unsigned char) *s)) s++ ;
        if (*s == '\0') break ;
        if (*s++ != ',') return false ;
    }
    *devices = set ;
    return true ;
}

// name = one of words (its index in *value), else the default stays.
static void read_word (const char *name, const char *const *words, int n, int *value)
{
    const char *s = value_of (name) ;
    if (s == NULL) return ;
    int i = word_index (s, words, n) ;
    if (i >= 0) { *value = i ; return ; }
    char expected [160] = "one of" ;
    for (int k = 0 ; k < n ; k++)
    {
        strncat (expected, k == 0 ? " " : "|", sizeof (expected) - strlen (expected) - 1) ;
        strncat (expected, words [k], sizeof (expected) - strlen (expected) - 1) ;
    }
    refuse (name, s, expected) ;
}

static void read_count (const char *name, int64_t least, int64_t most, int64_t *value)
{
    const char *s = value_of (name) ;
    if (s == NULL) return ;
    int64_t v ;
    if (gbgpu_parse_count (s, &v) && v >= least && v <= most) { *value = v ; return ; }
    char expected [96] ;
    snprintf (expected, sizeof (expected), "a whole number from %lld to %lld",
        (long long) least, (long long) most) ;
    refuse (name, s, expected) ;
}

static void read_switch (const char *name, bool *value)
{
    const char *s = value_of (name) ;
    if (s == NULL) return ;
    if (!gbgpu_parse_switch (s, value)) refuse (name, s, "yes|no|on|off|true|false|1|0") ;
}

// The run-time compiler's, read where they are used (jit/compiler/): a
// process's tests may point them elsewhere between compiles.
const char *gbgpu_environment_jit_cache (void) { return value_of ("GBGPU_JIT_CACHE") ; }
const char *gbgpu_environment_home (void) { return value_of ("HOME") ; }
const char *gbgpu_environment_jit_include (void) { return value_of ("GBGPU_JIT_INCLUDE") ; }
const char *gbgpu_environment_jit_record (void) { return value_of ("GBGPU_JIT_RECORD") ; }
const char *gbgpu_environment_jit_tool (void) { return value_of ("GBGPU_JIT_TOOL") ; }

void gbgpu_environment_read (gbgpu_environment *e)
{
    static const char *const policies [ ] = { "auto", "gpu", "cpu" } ;
    int policy = e->policy ;
    read_word ("GBGPU_POLICY", policies, 3, &policy) ;
    e->policy = (gbgpu_policy) policy ;
    read_count ("GBGPU_MIN_WORK", 0, INT64_MAX, &e->min_work) ;
    read_count ("GBGPU_DEVICE", 0, INT32_MAX, &e->device) ;
    const char *devices = value_of ("GBGPU_DEVICES") ;
    if (devices != NULL && !gbgpu_parse_devices (devices, &e->devices))
        refuse ("GBGPU_DEVICES", devices, "all or device numbers (0 to 63) separated by commas") ;
    read_switch ("GBGPU_STATS", &e->print_stats) ;
    read_switch ("GBGPU_ZERO_COPY", &e->zero_copy) ;
    read_count ("GBGPU_DEVICE_MEMORY_LIMIT", 0, INT64_MAX, &e->device_memory_limit) ;
    read_switch ("GBGPU_JIT", &e->jit) ;
    read_switch ("GBGPU_JIT_WAIT", &e->jit_wait) ;
    read_switch ("GBGPU_DEVICE_CACHE", &e->device_cache) ;

    static const char *const masked_dot [ ] = { "auto", "dot", "saxpy" } ;
    int choice = e->masked_dot ;
    read_word ("GBGPU_MASKED_DOT", masked_dot, 3, &choice) ;
    e->masked_dot = (gbgpu_masked_dot_choice) choice ;
    read_switch ("GBGPU_XFER_HUGEPAGES", &e->huge_pages) ;
    read_switch ("GBGPU_MODEL_TRACE", &e->model_trace) ;
    read_switch ("GBGPU_LOAD_AHEAD", &e->load_ahead) ;
    read_count ("GBGPU_SPLIT_MIN_PRODUCTS", 0, INT64_MAX, &e->split_min_products) ;

    gbgpu_cuda_knobs *c = &e->cuda ;
    // "auto", then the registry's forcible accumulators in gbgpu_cuda_accumulator's order
    #define GBGPU_FORCIBLE_WORD(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
        GBGPU_IF (forcible, #name,)
    static const char *const accumulators [ ] = { "auto", GBGPU_ACCUMULATORS (GBGPU_FORCIBLE_WORD) } ;
    #undef GBGPU_FORCIBLE_WORD
    int accumulator = c->accumulator ;
    read_word ("GBGPU_ACCUMULATOR", accumulators,
        (int) (sizeof (accumulators) / sizeof (accumulators [0])), &accumulator) ;
    c->accumulator = (gbgpu_cuda_accumulator) accumulator ;
    static const char *const failures [ ] = { "none", "launch", "fault" } ;
    int failure = c->inject_failure ;
    read_word ("GBGPU_INJECT_FAILURE", failures, 3, &failure) ;
    c->inject_failure = (gbgpu_cuda_failure) failure ;
    read_switch ("GBGPU_XFER_STAGED", &c->staged_transfers) ;
    int64_t threads = c->transfer_threads ;
    read_count ("GBGPU_XFER_THREADS", 1, 64, &threads) ;
    c->transfer_threads = (int) threads ;
    read_count ("GBGPU_XFER_CHUNK", 4096, (int64_t) 1 << 30, &c->staging_slot_bytes) ;
}
