// examples/common/graph_error.c: the error messages of graph_io (one per thread) and the
// names of GraphBLAS status codes, shared by every program that prints them.
// SPDX-License-Identifier: Apache-2.0

#include <stdarg.h>
#include <stdio.h>
#include "graph_error.h"
#include "graph_io.h"

static _Thread_local char last_error [512] ;

GrB_Info graph_io_fail (GrB_Info info, const char *format, ...)
{
    va_list args ;
    va_start (args, format) ;
    vsnprintf (last_error, sizeof (last_error), format, args) ;
    va_end (args) ;
    return (info) ;
}

GrB_Info graph_io_fail_grb (GrB_Info info, const char *call)
{
    return (graph_io_fail (info, "%s: %s", call, graph_info_name (info))) ;
}

const char *graph_io_error (void)
{
    return (last_error [0] ? last_error : "no error") ;
}

const char *graph_info_name (GrB_Info info)
{
    switch (info)
    {
        case GrB_SUCCESS:                return ("GrB_SUCCESS") ;
        case GrB_NO_VALUE:               return ("GrB_NO_VALUE") ;
        case GxB_EXHAUSTED:              return ("GxB_EXHAUSTED") ;
        case GrB_UNINITIALIZED_OBJECT:   return ("GrB_UNINITIALIZED_OBJECT") ;
        case GrB_NULL_POINTER:           return ("GrB_NULL_POINTER") ;
        case GrB_INVALID_VALUE:          return ("GrB_INVALID_VALUE") ;
        case GrB_INVALID_INDEX:          return ("GrB_INVALID_INDEX") ;
        case GrB_DOMAIN_MISMATCH:        return ("GrB_DOMAIN_MISMATCH") ;
        case GrB_DIMENSION_MISMATCH:     return ("GrB_DIMENSION_MISMATCH") ;
        case GrB_OUTPUT_NOT_EMPTY:       return ("GrB_OUTPUT_NOT_EMPTY") ;
        case GrB_NOT_IMPLEMENTED:        return ("GrB_NOT_IMPLEMENTED") ;
        case GrB_PANIC:                  return ("GrB_PANIC") ;
        case GrB_OUT_OF_MEMORY:          return ("GrB_OUT_OF_MEMORY") ;
        case GrB_INSUFFICIENT_SPACE:     return ("GrB_INSUFFICIENT_SPACE") ;
        case GrB_INVALID_OBJECT:         return ("GrB_INVALID_OBJECT") ;
        case GrB_INDEX_OUT_OF_BOUNDS:    return ("GrB_INDEX_OUT_OF_BOUNDS") ;
        case GrB_EMPTY_OBJECT:           return ("GrB_EMPTY_OBJECT") ;
        default:                         return ("unknown GrB_Info") ;
    }
}
