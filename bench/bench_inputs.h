// bench/bench_inputs.h: the list of inputs the command line names: the default
// suite, the shared data folder, and explicit specs and paths.  An input of
// the suite that is missing stays in the list, marked absent with the reason,
// so that its row says so instead of silently disappearing.
// SPDX-License-Identifier: Apache-2.0

#ifndef BENCH_INPUTS_H
#define BENCH_INPUTS_H

#include "bench_options.h"

typedef struct
{
    char label [96] ;       // the row's name
    char spec [1024] ;      // a generator spec or a path, for graph_parse_spec
    char absent [256] ;     // non-empty: the input is not there, and why
}
bench_input ;

// The inputs, in order: --default-suite, the graph suite's (--graph-suite
// with no INPUT), --data, then the named ones.
// NULL (after saying why on stderr) when the list cannot be made.
bench_input *bench_inputs_collect (const bench_options *o, int *count) ;

// The shared data folder: $GBGPU_DATA_DIR, else the one CMake was given, else "".
const char *bench_data_dir (void) ;

#endif
