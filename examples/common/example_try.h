// examples/common/example_try.h: the example programs' error handling: a failing GraphBLAS
// call is fatal; say which call failed, and why, and exit.
// SPDX-License-Identifier: Apache-2.0

#ifndef EXAMPLE_TRY_H
#define EXAMPLE_TRY_H

#include <stdio.h>
#include <stdlib.h>
#include "graph_io.h"

#define EXAMPLE_TRY(call)                                                   \
    do {                                                                    \
        GrB_Info example_info_ = (call) ;                                   \
        if (example_info_ != GrB_SUCCESS)                                   \
        {                                                                   \
            fprintf (stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,  \
                #call, graph_info_name (example_info_)) ;                   \
            exit (EXIT_FAILURE) ;                                           \
        }                                                                   \
    } while (0)

#endif
