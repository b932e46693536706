// examples/common/graph_error.h (internal to graph_io): record why a graph_* call failed, so
// that graph_io_error () can tell the program in words.
// SPDX-License-Identifier: Apache-2.0

#ifndef GRAPH_ERROR_H
#define GRAPH_ERROR_H

#include <GraphBLAS.h>

// Record the message (printf format) for this thread and return info, so that
// a failing path reads: return graph_io_fail (GrB_INVALID_VALUE, "...", ...) ;
GrB_Info graph_io_fail (GrB_Info info, const char *format, ...)
#if defined(__GNUC__)
    __attribute__ ((format (printf, 2, 3)))
#endif
    ;

// Record a failing GraphBLAS call by name: "GrB_Matrix_build: GrB_OUT_OF_MEMORY".
GrB_Info graph_io_fail_grb (GrB_Info info, const char *call) ;

// Run a GraphBLAS call; on failure record it and jump to the function's
// "done:" label with `info` set.  The caller declares GrB_Info info.
#define GRAPH_TRY(call)                                                     \
    do {                                                                    \
        info = (call) ;                                                     \
        if (info != GrB_SUCCESS)                                            \
        {                                                                   \
            info = graph_io_fail_grb (info, #call) ;                        \
            goto done ;                                                     \
        }                                                                   \
    } while (0)

#endif
