// bench/bench_options.h: gbgpu-bench's command line.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_OPTIONS_H
#define BENCH_OPTIONS_H

#include <stdbool.h>
#include "bench_measure.h"
#include "bench_semiring.h"

typedef struct
{
    const char **inputs ;           // generator specs and paths, as given
    int ninputs ;
    bool default_suite ;            // --default-suite (also when no input is named)
    bool graph_suite ;              // --graph-suite: graph products (bench_graph.h)
    bool data ;                     // --data: every file of $GBGPU_DATA_DIR/matrices
    bool cpu_only ;                 // --cpu-only: the SuiteSparse column alone
    const bench_semiring *semiring ;
    bench_plan plan ;
    const char *csv_path ;          // --csv FILE
    const char *markdown_path ;     // --markdown FILE (appended to)
    int device ;                    // --device N
    bool breakdown ;                // --breakdown: per phase and per bin
    bool bus ;                      // --bus: transfer rates beside the pinned rate
    const char *peers_dir ;         // --peers, --peers-dir DIR: the peers' folder (bench_peers.h)
}
bench_options ;

// Parse argv into *o; prints the usage and exits on --help or a bad option.
void bench_options_parse (bench_options *o, int argc, char **argv) ;
void bench_options_free (bench_options *o) ;

#endif
