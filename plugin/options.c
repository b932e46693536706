// options.c: gbgpu's options and statistics, its one-time initialization, and
// its finalization (also in front of the library's GrB_finalize).
//
// Options come from gbgpu_set or, for programs that only LD_PRELOAD the plugin,
// from the environment (read once, at the first call).  Every counter is an
// atomic so that GrB_mxm may be called from many threads at once.  A device
// fault (an error that corrupts the CUDA context) is remembered here: no later
// call tries the device.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "gbgpu_internal.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT ;
static gbgpu_mxm_function library_mxm = NULL ;
static int device_count = 0 ;

static _Atomic int64_t policy = GBGPU_POLICY_AUTO ;
// Below about a million multiply-adds the CPU finishes before the transfers do.
static _Atomic int64_t min_work = 1000000 ;
static _Atomic int64_t device_id = 0 ;
static _Atomic int64_t print_stats = 0 ;
static _Atomic int64_t zero_copy = 1 ;
static _Atomic int64_t device_memory_limit = 0 ;
static _Atomic int64_t jit = 1 ;
static _Atomic bool device_broken = false ;

static _Atomic uint64_t n_calls, n_gpu, n_delegated [GBGPU_DELEGATED_NREASONS] ;
static _Atomic uint64_t n_to_device, n_to_host, n_products ;
static _Atomic uint64_t gpu_nanoseconds ;
static _Atomic uint64_t n_row_block_calls, n_row_blocks, n_row_block_retries ;
static _Atomic uint64_t n_out_of_memory, n_cuda_errors, n_faults ;
static _Atomic uint64_t n_masked_dot ;
static _Atomic uint64_t n_jit_compiles, jit_compile_nanoseconds, n_jit_memory_hits, n_jit_disk_hits ;

static const char *reason_names [GBGPU_DELEGATED_NREASONS] =
{
    "policy", "no device", "small", "invalid input", "semiring", "type",
    "mask", "dimension", "device memory", "device error", "no definition",
    "compile failed"
} ;

static void print_stats_at_exit (void)
{
    if (atomic_load (&print_stats)) gbgpu_stats_print (stderr) ;
}

static void read_environment (void)
{
    const char *s = getenv ("GBGPU_POLICY") ;
    if (s != NULL)
    {
        if (strcmp (s, "gpu") == 0) policy = GBGPU_POLICY_GPU ;
        else if (strcmp (s, "cpu") == 0) policy = GBGPU_POLICY_CPU ;
        else policy = GBGPU_POLICY_AUTO ;
    }
    if ((s = getenv ("GBGPU_MIN_WORK")) != NULL) min_work = strtoll (s, NULL, 10) ;
    if ((s = getenv ("GBGPU_DEVICE")) != NULL) device_id = strtoll (s, NULL, 10) ;
    if ((s = getenv ("GBGPU_STATS")) != NULL) print_stats = (atoi (s) != 0) ;
    if ((s = getenv ("GBGPU_ZERO_COPY")) != NULL) zero_copy = (atoi (s) != 0) ;
    if ((s = getenv ("GBGPU_JIT")) != NULL) jit = (atoi (s) != 0) ;
    if ((s = getenv ("GBGPU_DEVICE_MEMORY_LIMIT")) != NULL)
    {
        long long bytes = strtoll (s, NULL, 10) ;
        device_memory_limit = (bytes > 0) ? bytes : 0 ;
    }
}

static void initialize (void)
{
    // RTLD_NEXT: the first GrB_mxm after this library in the search order,
    // i.e. the library's own, whether gbgpu came in by link order or LD_PRELOAD.
    library_mxm = (gbgpu_mxm_function) dlsym (RTLD_NEXT, "GrB_mxm") ;
    read_environment () ;
    gbgpu_cuda_set_memory_limit ((size_t) device_memory_limit) ;
    device_count = gbgpu_cuda_device_count () ;
    atexit (print_stats_at_exit) ;
}

void gbgpu_ensure_initialized (void)
{
    pthread_once (&init_once, initialize) ;
}

GBGPU_EXPORT GrB_Info gbgpu_init (void)
{
    gbgpu_ensure_initialized () ;
    return (library_mxm == NULL) ? GrB_PANIC : GrB_SUCCESS ;
}

GBGPU_EXPORT GrB_Info gbgpu_finalize (void)
{
    // Every call frees what it allocated; the pool keeps it for the next call.
    // The pool is the device's that gbgpu uses, not the caller's current one.
    if (!gbgpu_device_ready ()) return GrB_SUCCESS ;
    int previous ;
    if (gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) == GBGPU_CUDA_OK)
        gbgpu_cuda_trim_pool () ;
    gbgpu_cuda_restore_device (previous) ;
    return GrB_SUCCESS ;
}

// GrB_finalize, in front of the library's: a program that ends GraphBLAS
// gives back gbgpu's buffers too (memory checkers report them otherwise).
GBGPU_EXPORT GrB_Info GrB_finalize (void)
{
    (void) gbgpu_finalize () ;
    typedef GrB_Info (*finalize_function) (void) ;
    finalize_function library = (finalize_function) dlsym (RTLD_NEXT, "GrB_finalize") ;
    return (library == NULL) ? GrB_PANIC : library () ;
}

gbgpu_mxm_function gbgpu_library_mxm (void) { return library_mxm ; }
gbgpu_policy gbgpu_current_policy (void) { return (gbgpu_policy) atomic_load (&policy) ; }
int64_t gbgpu_current_min_work (void) { return atomic_load (&min_work) ; }
bool gbgpu_zero_copy_enabled (void) { return atomic_load (&zero_copy) != 0 ; }
bool gbgpu_jit_enabled (void) { return atomic_load (&jit) != 0 ; }

int gbgpu_current_device (void) { return (int) atomic_load (&device_id) ; }
bool gbgpu_device_broken (void) { return atomic_load (&device_broken) ; }

bool gbgpu_device_ready (void)
{
    int64_t d = atomic_load (&device_id) ;
    return d >= 0 && d < device_count && !gbgpu_device_broken () ;
}

GBGPU_EXPORT int gbgpu_device_available (void)
{
    gbgpu_ensure_initialized () ;
    if (!gbgpu_device_ready ()) return false ;
    int previous ;
    bool usable = gbgpu_cuda_enter_device (gbgpu_current_device (), &previous) == GBGPU_CUDA_OK ;
    gbgpu_cuda_restore_device (previous) ;
    return usable ;
}

GBGPU_EXPORT GrB_Info gbgpu_set (gbgpu_option option, int64_t value)
{
    gbgpu_ensure_initialized () ;
    switch (option)
    {
        case GBGPU_POLICY:
            if (value < GBGPU_POLICY_AUTO || value > GBGPU_POLICY_CPU) return GrB_INVALID_VALUE ;
            policy = value ;
            return GrB_SUCCESS ;
        case GBGPU_MIN_WORK:
            if (value < 0) return GrB_INVALID_VALUE ;
            min_work = value ;
            return GrB_SUCCESS ;
        case GBGPU_DEVICE:
            if (value < 0) return GrB_INVALID_VALUE ;
            device_id = value ;
            return GrB_SUCCESS ;
        case GBGPU_PRINT_STATS:
            print_stats = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_ZERO_COPY:
            zero_copy = (value != 0) ;
            return GrB_SUCCESS ;
        case GBGPU_DEVICE_MEMORY_LIMIT:
            if (value < 0) return GrB_INVALID_VALUE ;
            device_memory_limit = value ;
            gbgpu_cuda_set_memory_limit ((size_t) value) ;
            return GrB_SUCCESS ;
        case GBGPU_JIT:
            jit = (value != 0) ;
            return GrB_SUCCESS ;
        default:
            return GrB_INVALID_VALUE ;
    }
}

GBGPU_EXPORT GrB_Info gbgpu_get (gbgpu_option option, int64_t *value)
{
    gbgpu_ensure_initialized () ;
    if (value == NULL) return GrB_NULL_POINTER ;
    switch (option)
    {
        case GBGPU_POLICY:      *value = policy ;      return GrB_SUCCESS ;
        case GBGPU_MIN_WORK:    *value = min_work ;    return GrB_SUCCESS ;
        case GBGPU_DEVICE:      *value = device_id ;   return GrB_SUCCESS ;
        case GBGPU_PRINT_STATS: *value = print_stats ; return GrB_SUCCESS ;
        case GBGPU_ZERO_COPY:   *value = zero_copy ;   return GrB_SUCCESS ;
        case GBGPU_DEVICE_MEMORY_LIMIT: *value = device_memory_limit ; return GrB_SUCCESS ;
        case GBGPU_JIT:         *value = jit ;         return GrB_SUCCESS ;
        default:                return GrB_INVALID_VALUE ;
    }
}

void gbgpu_count_call (void) { atomic_fetch_add (&n_calls, 1) ; }

void gbgpu_count_delegated (gbgpu_delegate_reason reason)
{
    atomic_fetch_add (&n_delegated [reason], 1) ;
}

void gbgpu_count_gpu (double seconds, uint64_t products)
{
    atomic_fetch_add (&n_gpu, 1) ;
    atomic_fetch_add (&n_products, products) ;
    atomic_fetch_add (&gpu_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_masked_dot (void) { atomic_fetch_add (&n_masked_dot, 1) ; }

void gbgpu_count_jit_compile (double seconds)
{
    atomic_fetch_add (&n_jit_compiles, 1) ;
    atomic_fetch_add (&jit_compile_nanoseconds, (uint64_t) (seconds * 1e9)) ;
}

void gbgpu_count_jit_hit (bool from_disk)
{
    atomic_fetch_add (from_disk ? &n_jit_disk_hits : &n_jit_memory_hits, 1) ;
}

void gbgpu_count_bytes (uint64_t to_device, uint64_t to_host)
{
    atomic_fetch_add (&n_to_device, to_device) ;
    atomic_fetch_add (&n_to_host, to_host) ;
}

void gbgpu_count_row_blocks (uint64_t blocks, uint64_t retries)
{
    atomic_fetch_add (&n_row_block_calls, 1) ;
    atomic_fetch_add (&n_row_blocks, blocks) ;
    atomic_fetch_add (&n_row_block_retries, retries) ;
}

void gbgpu_count_cuda_status (gbgpu_cuda_status status)
{
    switch (status)
    {
        case GBGPU_CUDA_OK:
            break ;
        case GBGPU_CUDA_OUT_OF_MEMORY:
            atomic_fetch_add (&n_out_of_memory, 1) ;
            break ;
        case GBGPU_CUDA_FAULT:
            atomic_fetch_add (&n_faults, 1) ;
            atomic_store (&device_broken, true) ;
            atomic_fetch_add (&n_cuda_errors, 1) ;
            break ;
        default:
            atomic_fetch_add (&n_cuda_errors, 1) ;
            break ;
    }
}

GBGPU_EXPORT GrB_Info gbgpu_stats (gbgpu_stats_t *stats)
{
    if (stats == NULL) return GrB_NULL_POINTER ;
    stats->calls = n_calls ;
    stats->gpu_calls = n_gpu ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++) stats->delegated [r] = n_delegated [r] ;
    stats->bytes_to_device = n_to_device ;
    stats->bytes_to_host = n_to_host ;
    stats->products = n_products ;
    stats->gpu_seconds = (double) gpu_nanoseconds * 1e-9 ;
    stats->row_block_calls = n_row_block_calls ;
    stats->row_blocks = n_row_blocks ;
    stats->row_block_retries = n_row_block_retries ;
    stats->device_out_of_memory = n_out_of_memory ;
    stats->cuda_errors = n_cuda_errors ;
    stats->device_faults = n_faults ;
    stats->masked_dot_calls = n_masked_dot ;
    stats->jit_compiles = n_jit_compiles ;
    stats->jit_compile_seconds = (double) jit_compile_nanoseconds * 1e-9 ;
    stats->jit_memory_hits = n_jit_memory_hits ;
    stats->jit_disk_hits = n_jit_disk_hits ;
    return GrB_SUCCESS ;
}

GBGPU_EXPORT void gbgpu_stats_reset (void)
{
    n_calls = 0 ; n_gpu = 0 ; n_to_device = 0 ; n_to_host = 0 ;
    n_products = 0 ; gpu_nanoseconds = 0 ;
    n_row_block_calls = 0 ; n_row_blocks = 0 ; n_row_block_retries = 0 ;
    n_out_of_memory = 0 ; n_cuda_errors = 0 ; n_faults = 0 ;
    n_masked_dot = 0 ;
    n_jit_compiles = 0 ; jit_compile_nanoseconds = 0 ; n_jit_memory_hits = 0 ; n_jit_disk_hits = 0 ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++) n_delegated [r] = 0 ;
}

GBGPU_EXPORT const char *gbgpu_delegate_reason_name (gbgpu_delegate_reason reason)
{
    return (reason >= 0 && reason < GBGPU_DELEGATED_NREASONS)
        ? reason_names [reason] : "unknown" ;
}

GBGPU_EXPORT void gbgpu_stats_print (FILE *f)
{
    if (f == NULL) return ;     // no stream: nothing to print to (fprintf would crash)
    gbgpu_stats_t s ;
    gbgpu_stats (&s) ;
    fprintf (f, "gbgpu: %llu GrB_mxm calls, %llu on the GPU (%.3f s, %.3g products, "
        "%.3g MB to the device, %.3g MB back)\n",
        (unsigned long long) s.calls, (unsigned long long) s.gpu_calls,
        s.gpu_seconds, (double) s.products, s.bytes_to_device / 1e6, s.bytes_to_host / 1e6) ;
    if (s.row_block_calls > 0)
        fprintf (f, "gbgpu:   in row blocks: %llu calls, %llu blocks, %llu halved\n",
            (unsigned long long) s.row_block_calls, (unsigned long long) s.row_blocks,
            (unsigned long long) s.row_block_retries) ;
    if (s.device_out_of_memory > 0 || s.cuda_errors > 0)
        fprintf (f, "gbgpu:   device out of memory %llu times, %llu CUDA errors (%llu faults)%s\n",
            (unsigned long long) s.device_out_of_memory, (unsigned long long) s.cuda_errors,
            (unsigned long long) s.device_faults,
            gbgpu_device_broken () ? ": the device is not used any more" : "") ;
    if (s.masked_dot_calls > 0)
        fprintf (f, "gbgpu:   by masked dot products: %llu\n",
            (unsigned long long) s.masked_dot_calls) ;
    if (s.jit_compiles > 0 || s.jit_memory_hits > 0 || s.jit_disk_hits > 0)
        fprintf (f, "gbgpu:   run-time semirings: %llu compiled (%.3f s), %llu calls found "
            "theirs in memory, %llu read from the disk cache\n",
            (unsigned long long) s.jit_compiles, s.jit_compile_seconds,
            (unsigned long long) s.jit_memory_hits, (unsigned long long) s.jit_disk_hits) ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS ; r++)
    {
        if (s.delegated [r] == 0) continue ;
        fprintf (f, "gbgpu:   delegated (%s): %llu\n",
            reason_names [r], (unsigned long long) s.delegated [r]) ;
    }
}
