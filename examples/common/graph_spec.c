// examples/common/graph_spec.c: one command-line word names an input, generated or read:
// "rmat:16", "grid3d27:50", "uniform:100000:8", or a Matrix Market path.
// SPDX-License-Identifier: Apache-2.0

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph_error.h"
#include "graph_io.h"
#include "wall_clock.h"

const char graph_spec_usage [] =
    "  INPUT is a Matrix Market file or a generator spec:\n"
    "    rmat:SCALE[:EDGE_FACTOR[:SEED]]   Graph500 R-MAT, 2^SCALE nodes (edge factor 16, seed 1)\n"
    "    uniform:N:AVG_DEGREE[:SEED]       uniform random symmetric graph (seed 1)\n"
    "    grid2d:N | grid2d:NXxNY           2D 5-point stencil\n"
    "    grid3d7:N | grid3d7:NXxNYxNZ      3D 7-point stencil\n"
    "    grid3d27:N | grid3d27:NXxNYxNZ    3D 27-point stencil\n"
    "    banded:N:HALF_BANDWIDTH           band matrix\n" ;

typedef enum { RMAT, UNIFORM, GRID2D, GRID3D7, GRID3D27, BANDED, NGENERATORS } generator ;

static const struct { const char *prefix, *syntax ; } generators [NGENERATORS] =
{
    [RMAT]     = { "rmat:",     "rmat:SCALE[:EDGE_FACTOR[:SEED]]" },
    [UNIFORM]  = { "uniform:",  "uniform:N:AVG_DEGREE[:SEED]" },
    [GRID2D]   = { "grid2d:",   "grid2d:N or grid2d:NXxNY" },
    [GRID3D7]  = { "grid3d7:",  "grid3d7:N or grid3d7:NXxNYxNZ" },
    [GRID3D27] = { "grid3d27:", "grid3d27:N or grid3d27:NXxNYxNZ" },
    [BANDED]   = { "banded:",   "banded:N:HALF_BANDWIDTH" },
} ;

// Which generator spec names, or NGENERATORS for a path.
static generator generator_of (const char *spec)
{
    for (int g = 0 ; g < NGENERATORS ; g++)
    {
        const char *prefix = generators [g].prefix ;
        if (strncmp (spec, prefix, strlen (prefix)) == 0) return ((generator) g) ;
    }
    return (NGENERATORS) ;
}

int graph_spec_is_generator (const char *spec)
{
    return (generator_of (spec) != NGENERATORS) ;
}

// Between min_count and max_count nonnegative integers separated by
// `separator`, and nothing else.  Returns how many, or -1.
static int parse_numbers (const char *text, char separator, int64_t *values,
    int min_count, int max_count)
{
    int count = 0 ;
    while (count < max_count)
    {
        if (!isdigit ((unsigned char) *text)) return (-1) ;
        char *end ;
        values [count++] = strtoll (text, &end, 10) ;
        text = end ;
        if (*text == '\0') break ;
        if (*text++ != separator) return (-1) ;
    }
    return (*text == '\0' && count >= min_count ? count : -1) ;
}

// "N" (a cube or square of side N) or "NXxNY[xNZ]" with exactly ndims sides.
static int parse_dims (const char *text, int64_t *dims, int ndims)
{
    int count = parse_numbers (text, 'x', dims, 1, ndims) ;
    if (count == 1) for (int d = 1 ; d < ndims ; d++) dims [d] = dims [0] ;
    return (count == 1 || count == ndims) ;
}

GrB_Info graph_parse_spec (GrB_Matrix *A, const char *spec)
{
    *A = NULL ;
    generator g = generator_of (spec) ;
    if (g == NGENERATORS) return (graph_read_mtx (A, spec)) ;
    const char *args = spec + strlen (generators [g].prefix) ;
    int64_t v [3] = { 0, 0, 0 } ;
    int count = -1 ;
    switch (g)
    {
        case RMAT:
            count = parse_numbers (args, ':', v, 1, 3) ;
            if (count < 0) break ;
            return (graph_rmat (A, (int) v [0], count > 1 ? (int) v [1] : 16,
                count > 2 ? (uint64_t) v [2] : 1)) ;
        case UNIFORM:
            count = parse_numbers (args, ':', v, 2, 3) ;
            if (count < 0) break ;
            return (graph_uniform_random (A, v [0], v [1],
                count > 2 ? (uint64_t) v [2] : 1)) ;
        case GRID2D:
            if (!parse_dims (args, v, 2)) break ;
            return (graph_grid2d_5pt (A, v [0], v [1])) ;
        case GRID3D7:
        case GRID3D27:
            if (!parse_dims (args, v, 3)) break ;
            return (graph_grid3d (A, v [0], v [1], v [2], g == GRID3D7 ? 7 : 27)) ;
        case BANDED:
            count = parse_numbers (args, ':', v, 2, 2) ;
            if (count < 0) break ;
            return (graph_banded (A, v [0], v [1])) ;
        default:
            break ;
    }
    return (graph_io_fail (GrB_INVALID_VALUE, "bad input spec '%s': expected %s",
        spec, generators [g].syntax)) ;
}

const char *graph_spec_label (char *label, size_t size, const char *spec)
{
    const char *name = spec ;
    size_t length = strlen (spec) ;
    if (!graph_spec_is_generator (spec))
    {
        const char *slash = strrchr (spec, '/') ;
        if (slash != NULL) name = slash + 1 ;
        length = strlen (name) ;
        if (length > 4 && strcmp (name + length - 4, ".mtx") == 0) length -= 4 ;
    }
    snprintf (label, size, "%.*s", (int) length, name) ;
    return (label) ;
}

GrB_Matrix graph_load_or_exit (const char *program, const char *spec, double *seconds)
{
    double start = wall_clock_seconds () ;
    GrB_Matrix A = NULL ;
    if (graph_parse_spec (&A, spec) != GrB_SUCCESS)
    {
        fprintf (stderr, "%s: %s\n", program, graph_io_error ()) ;
        exit (EXIT_FAILURE) ;
    }
    *seconds = wall_clock_seconds () - start ;
    return (A) ;
}
