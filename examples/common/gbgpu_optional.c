// examples/common/gbgpu_optional.c: look gbgpu's API up at run time (see gbgpu_optional.h).
// SPDX-License-Identifier: Apache-2.0

#define _GNU_SOURCE     // RTLD_DEFAULT
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gbgpu_optional.h"
#include "wall_clock.h"

typedef GrB_Info (*set_fn) (gbgpu_option, int64_t) ;
typedef GrB_Info (*stats_fn) (gbgpu_stats_t *, size_t) ;
typedef GrB_Info (*get_fn) (gbgpu_option, int64_t *) ;
typedef int (*available_fn) (void) ;
typedef GrB_Info (*start_fn) (void) ;
typedef const char *(*reason_name_fn) (gbgpu_delegate_reason) ;

// The address of gbgpu's `name` in the process, or NULL.
static void *gbgpu_symbol (const char *name)
{
    return (dlsym (RTLD_DEFAULT, name)) ;
}

bool gbgpu_optional_loaded (void)
{
    return (gbgpu_symbol ("gbgpu_stats_get") != NULL) ;
}

GrB_Info gbgpu_optional_set_policy (gbgpu_policy policy)
{
    set_fn set = (set_fn) gbgpu_symbol ("gbgpu_set") ;
    return (set == NULL ? GrB_NO_VALUE : set (GBGPU_POLICY, policy)) ;
}

void gbgpu_optional_apply_policy (const char *program, int policy)
{
    if (policy < 0) return ;
    GrB_Info info = gbgpu_optional_set_policy ((gbgpu_policy) policy) ;
    if (info == GrB_NO_VALUE)
    {
        fprintf (stderr, "%s: gbgpu is not loaded: %s ignored\n", program,
            policy == GBGPU_POLICY_GPU ? "--gpu" : "--cpu") ;
    }
    else if (info != GrB_SUCCESS)
    {
        fprintf (stderr, "%s: gbgpu_set (GBGPU_POLICY) failed: GrB_Info %d\n",
            program, (int) info) ;
        exit (EXIT_FAILURE) ;
    }
}

void gbgpu_optional_use_device_of (int local_rank)
{
    // the CUDA runtime that libgbgpu brought: counting its devices opens no
    // context on any of them
    typedef int (*count_fn) (int *) ;
    set_fn set = (set_fn) gbgpu_symbol ("gbgpu_set") ;
    count_fn count_devices = (count_fn) gbgpu_symbol ("cudaGetDeviceCount") ;
    int count = 0 ;
    if (set == NULL || count_devices == NULL || getenv ("GBGPU_DEVICE") != NULL
     || count_devices (&count) != 0 || count <= 0) return ;
    (void) set (GBGPU_DEVICE, local_rank % count) ;
}

void gbgpu_optional_start_device (FILE *report)
{
    start_fn start = (start_fn) gbgpu_symbol ("gbgpu_start_device") ;
    if (start == NULL) return ;
    double t0 = wall_clock_seconds () ;
    if (start () == GrB_SUCCESS && report != NULL)
    {
        fprintf (report, "device     started in %.3f s (once per process, before "
            "anything timed)\n", wall_clock_seconds () - t0) ;
    }
}

bool gbgpu_optional_gpu_expected (void)
{
    get_fn get = (get_fn) gbgpu_symbol ("gbgpu_get") ;
    available_fn available = (available_fn) gbgpu_symbol ("gbgpu_device_available") ;
    int64_t policy ;
    return (get != NULL && available != NULL
        && get (GBGPU_POLICY, &policy) == GrB_SUCCESS
        && policy != GBGPU_POLICY_CPU && available ()) ;
}

gbgpu_stats_t gbgpu_optional_stats (void)
{
    gbgpu_stats_t stats ;
    memset (&stats, 0, sizeof (stats)) ;
    stats_fn get = (stats_fn) gbgpu_symbol ("gbgpu_stats_get") ;
    if (get != NULL && get (&stats, sizeof (stats)) != GrB_SUCCESS) memset (&stats, 0, sizeof (stats)) ;
    return (stats) ;
}

// "policy, no_device" for the reasons that grew between the snapshots.
static void describe_reasons (char *text, size_t size,
    const gbgpu_stats_t *before, const gbgpu_stats_t *after)
{
    reason_name_fn name = (reason_name_fn) gbgpu_symbol ("gbgpu_delegate_reason_name") ;
    size_t used = 0 ;
    text [0] = '\0' ;
    for (int r = 0 ; r < GBGPU_DELEGATED_NREASONS && used < size ; r++)
    {
        if (after->delegated [r] == before->delegated [r]) continue ;
        char number [32] ;
        snprintf (number, sizeof (number), "reason %d", r) ;
        int n = snprintf (text + used, size - used, "%s%s", used ? ", " : "",
            name != NULL ? name ((gbgpu_delegate_reason) r) : number) ;
        if (n > 0) used += (size_t) n ;
    }
}

void gbgpu_optional_describe (char *line, size_t size,
    const gbgpu_stats_t *before, const gbgpu_stats_t *after)
{
    uint64_t calls = after->calls - before->calls ;
    uint64_t gpu_calls = after->gpu_calls - before->gpu_calls ;
    if (!gbgpu_optional_loaded ())
    {
        snprintf (line, size, "CPU (gbgpu not loaded: SuiteSparse's own GrB_mxm)") ;
    }
    else if (calls == 0)
    {
        snprintf (line, size, "CPU (gbgpu loaded but saw no GrB_mxm call: "
            "GrB_mxm is bound to SuiteSparse's)") ;
    }
    else if (gpu_calls > 0)
    {
        // where the GPU calls' time went (the stats' parts)
        snprintf (line, size, "GPU (%llu of %llu GrB_mxm calls; setup %.4f s, upload %.4f s, "
            "kernels %.4f s, download %.4f s, finish %.4f s; %.3g MB up, %.3g MB back)",
            (unsigned long long) gpu_calls, (unsigned long long) calls,
            after->setup_seconds - before->setup_seconds,
            after->upload_seconds - before->upload_seconds,
            after->kernel_seconds - before->kernel_seconds,
            after->download_seconds - before->download_seconds,
            after->finish_seconds - before->finish_seconds,
            (double) (after->bytes_to_device - before->bytes_to_device) / 1e6,
            (double) (after->bytes_to_host - before->bytes_to_host) / 1e6) ;
    }
    else
    {
        char reasons [256] ;
        describe_reasons (reasons, sizeof (reasons), before, after) ;
        snprintf (line, size, "CPU (gbgpu delegated: %s)", reasons) ;
    }
}
