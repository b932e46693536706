// examples/mcl/mcl_output.h: write a clustering the way mcl writes label output: one
// cluster a line, members separated by tabs, as labels (abc input) or as
// 0-based node ids (Matrix Market input).
// SPDX-License-Identifier: Apache-2.0

#ifndef MCL_OUTPUT_H
#define MCL_OUTPUT_H

#include <stdbool.h>
#include "mcl_interpret.h"

// path: a file, or NULL or "-" for stdout; labels: NULL for node ids.
// Returns false after printing why to stderr.
bool mcl_write_clusters (const char *path, const mcl_clusters *clusters,
    char *const *labels) ;

#endif
