// bench/bench_main.c: gbgpu-bench, the SpGEMM benchmark of issue #3.
// SPDX-License-Identifier: Apache-2.0
//
// For each input, C = A*A (A*A' when A is not square) by four methods, one
// table row: gbgpu's kernel alone (inputs and output on the device), gbgpu's
// GrB_mxm end to end, cuSPARSE's SpGEMM (PLUS_TIMES only) and SuiteSparse on
// the CPU; every result checked against the CPU's.  --graph-suite: the
// products of graph algorithms instead, rows of the same table
// (bench_graph.h).  --peers: the peer GPU SpGEMM programs first, on the same
// inputs, their GFLOPS in the same rows (bench_peers.h).  See bench_table.h
// for the columns, bench_measure.h for how each time is taken, and --help.
//
// Without a CUDA device it says so and still runs the CPU column.

#define _POSIX_C_SOURCE 200809L    // gmtime_r
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench_case.h"
#include "bench_columns.h"
#include "bench_cuda.h"
#include "bench_graph.h"
#include "bench_inputs.h"
#include "bench_jit.h"
#include "bench_first_call.h"
#include "bench_options.h"
#include "bench_peers.h"
#include "bench_table.h"
#include "gbgpu.h"
#include "gbgpu_cuda.h"
#include "graph_io.h"

#ifndef GBGPU_BENCH_COMMIT
#define GBGPU_BENCH_COMMIT "unknown"
#endif

// Use device o->device when there is one; false (after saying so) when not.
static bool select_device (const bench_options *o, char *name, size_t size)
{
    int count = gbgpu_cuda_device_count () ;
    if (count <= 0 || !gbgpu_device_available ())
    {
        snprintf (name, size, "no CUDA device") ;
        fprintf (stderr, "gbgpu-bench: no CUDA device present%s\n", o->cpu_only ? ""
            : ": GPU columns read nodev, the CPU column still runs") ;
        return (false) ;
    }
    if (o->device >= count)
    {
        fprintf (stderr, "gbgpu-bench: no device %d (%d present)\n", o->device, count) ;
        exit (EXIT_FAILURE) ;
    }
    cudaError_t error = cudaSetDevice (o->device) ;
    gbgpu_cuda_status status = gbgpu_cuda_set_device (o->device) ;
    GrB_Info info = gbgpu_set (GBGPU_DEVICE, o->device) ;
    if (error != cudaSuccess || status != GBGPU_CUDA_OK || info != GrB_SUCCESS)
    {
        fprintf (stderr, "gbgpu-bench: cannot use device %d: %s\n", o->device,
            error != cudaSuccess ? cudaGetErrorString (error)
                                 : gbgpu_cuda_last_error ()) ;
        exit (EXIT_FAILURE) ;
    }
    bench_device_name (o->device, name, size) ;
    return (true) ;
}

// The peers on every input, run before gbgpu's columns so that the device is
// gbgpu's alone while it is timed; NULL (after saying why) when they cannot run.
static bench_peer_row *run_peers (const bench_options *o, const bench_input *inputs,
    int count)
{
    if (strcmp (o->semiring->name, "plus_times_fp64") != 0)
    {
        fprintf (stderr, "gbgpu-bench: the peers compute plus_times_fp64, not %s: "
            "vs_best_peer compares different products\n", o->semiring->name) ;
    }
    bench_peer_row *peers = calloc ((size_t) count + 1, sizeof (bench_peer_row)) ;
    if (peers == NULL || !bench_peers_run (o->peers_dir, inputs, count, peers))
    {
        free (peers) ;
        return (NULL) ;
    }
    return (peers) ;
}

// "2025-01-31 12:00 UTC | NVIDIA H100 ... | SuiteSparse:GraphBLAS 7.4.0, 16
// threads | commit abc | plus_times_fp64, median of 5 runs"
static void describe_run (char *context, size_t size, const bench_options *o,
    const char *device)
{
    char date [32] ;
    time_t now = time (NULL) ;
    struct tm utc ;
    gmtime_r (&now, &utc) ;
    strftime (date, sizeof (date), "%Y-%m-%d %H:%M UTC", &utc) ;
    int threads = 0 ;
    if (GxB_Global_Option_get (GxB_NTHREADS, &threads) != GrB_SUCCESS) threads = 0 ;
    const char *commit = getenv ("GBGPU_COMMIT") ;
    snprintf (context, size,
        "%s | %s | SuiteSparse:GraphBLAS %d.%d.%d, %d threads | commit %s | "
        "%s, median of %d runs after 1 warm-up (fewer past %.0f s: *)%s",
        date, device, GxB_IMPLEMENTATION_MAJOR, GxB_IMPLEMENTATION_MINOR,
        GxB_IMPLEMENTATION_SUB, threads,
        commit != NULL && commit [0] ? commit : GBGPU_BENCH_COMMIT,
        o->graph_suite ? "graph suite (bench_graph.h)" : o->semiring->name,
        o->plan.runs, o->plan.max_seconds,
        o->plan.same_C ? ", every GrB_mxm run into the same C (--same-c)" : "") ;
}

int main (int argc, char **argv)
{
    bench_options o ;
    bench_options_parse (&o, argc, argv) ;
    char jit_cache [ ] = "/tmp/gbgpu_bench_jit_XXXXXX" ;
    char driver_cache [ ] = "/tmp/gbgpu_bench_nvrtc_XXXXXX" ;
    if (o.jit > 0)
    {
        // an empty disk cache (the child reads it), the GPU forced, no waiting;
        // and an empty driver cache, where NVRTC 12.9+ keeps what it compiled
        // for any process: a semiring an earlier run compiled came back from it
        // in a tenth of a cold compile (H200, measured)
        if (mkdtemp (jit_cache) == NULL || mkdtemp (driver_cache) == NULL) return (EXIT_FAILURE) ;
        setenv ("GBGPU_JIT_CACHE", jit_cache, 1) ;
        setenv ("CUDA_CACHE_PATH", driver_cache, 1) ;
        setenv ("GBGPU_POLICY", "gpu", 1) ;
        setenv ("GBGPU_JIT_WAIT", "0", 1) ;
    }
    GrB_Info info = GrB_init (GrB_NONBLOCKING) ;
    if (info == GrB_SUCCESS) info = gbgpu_init () ;
    if (info != GrB_SUCCESS)
    {
        fprintf (stderr, "gbgpu-bench: initialization: %s\n", graph_info_name (info)) ;
        return (EXIT_FAILURE) ;
    }
    char device [256], context [768] ;
    bool device_present = select_device (&o, device, sizeof (device)) ;
    describe_run (context, sizeof (context), &o, device) ;
    if (o.jit_disk_child > 0) return bench_jit_disk_child (o.jit_disk_child) ;
    if (o.first_call_child != NULL) return bench_first_call_child (o.first_call_child, o.semiring) ;
    if (o.jit > 0)
    {
        FILE *markdown = (o.markdown_path != NULL) ? fopen (o.markdown_path, "a") : NULL ;
        char self [4096] ;
        ssize_t length = readlink ("/proc/self/exe", self, sizeof (self) - 1) ;
        self [length > 0 ? length : 0] = '\0' ;
        int status = bench_jit_run (o.jit, self, context, markdown) ;
        if (markdown != NULL) fclose (markdown) ;
        char command [128] ;
        snprintf (command, sizeof (command), "rm -rf %s %s", jit_cache, driver_cache) ;
        if (system (command) != 0) status = 1 ;
        GrB_finalize () ;
        return status ;
    }

    int count = 0 ;
    bench_input *inputs = bench_inputs_collect (&o, &count) ;
    if (inputs == NULL) return (EXIT_FAILURE) ;
    if (o.first_call)
    {
        FILE *markdown = (o.markdown_path != NULL) ? fopen (o.markdown_path, "a") : NULL ;
        char self [4096] ;
        ssize_t length = readlink ("/proc/self/exe", self, sizeof (self) - 1) ;
        self [length > 0 ? length : 0] = '\0' ;
        int status = bench_first_call_run (inputs, count, self, context, markdown) ;
        if (markdown != NULL) fclose (markdown) ;
        free (inputs) ;
        GrB_finalize () ;
        return status ;
    }
    int label_width = 0 ;
    for (int k = 0 ; k < count ; k++)
    {
        int length = (int) strlen (inputs [k].label) ;
        if (length > label_width) label_width = length ;
    }
    if (o.graph_suite) label_width += GRAPH_CASE_LABEL_WIDTH ;
    bench_peer_row *peers = NULL ;
    if (o.peers_dir != NULL && (peers = run_peers (&o, inputs, count)) == NULL)
    {
        return (EXIT_FAILURE) ;
    }
    bench_table *table = bench_table_open (o.csv_path, o.markdown_path, context,
        label_width, peers != NULL, o.graph_suite) ;
    if (table == NULL) return (EXIT_FAILURE) ;
    fprintf (stderr, "gbgpu-bench: %s\n", context) ;
    bench_bus_rates pinned = { 0, 0 } ;
    char note [256] = "" ;
    if (o.bus && device_present && bench_bus_pinned (&pinned, note, sizeof (note)) != BENCH_OK)
        fprintf (stderr, "gbgpu-bench: --bus: %s\n", note) ;
    const gbgpu_stats_t stats_before = gbgpu_optional_stats () ;
    for (int k = 0 ; k < count ; k++)
    {
        bench_row row ;
        fprintf (stderr, "[%d/%d] ", k + 1, count) ;
        if (o.graph_suite)
        {
            bench_graph_run (table, &inputs [k], &o, device_present) ;
            continue ;
        }
        bench_case_run (&row, &inputs [k], &o, device_present) ;
        if (peers != NULL) row.peers = peers [k] ;
        bench_table_row (table, &row) ;
        if (row.have_breakdown) bench_breakdown_print (stdout, &row) ;
    }
    bench_table_close (table) ;
    if (o.bus)
    {
        const gbgpu_stats_t stats_after = gbgpu_optional_stats () ;
        bench_bus_print (stdout, &pinned, &stats_before, &stats_after) ;
    }
    free (peers) ;
    free (inputs) ;
    bench_options_free (&o) ;
    gbgpu_finalize () ;
    GrB_finalize () ;
    return (EXIT_SUCCESS) ;
}
