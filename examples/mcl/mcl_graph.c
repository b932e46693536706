// examples/mcl/mcl_graph.c: read the program's input into an mcl_graph (see mcl_graph.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "example_try.h"
#include "graph_io.h"
#include "mcl_graph.h"
#include "mcl_read_abc.h"

// A Matrix Market file or generator spec, as FP64.
static GrB_Matrix read_matrix (const char *input)
{
    GrB_Matrix read = NULL, A = NULL ;
    if (graph_parse_spec (&read, input) != GrB_SUCCESS)
    {
        fprintf (stderr, "gbgpu-mcl: %s\n", graph_io_error ()) ;
        return (NULL) ;
    }
    GrB_Index nrows, ncols ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&nrows, read)) ;
    EXAMPLE_TRY (GrB_Matrix_ncols (&ncols, read)) ;
    if (nrows != ncols)
    {
        fprintf (stderr, "gbgpu-mcl: %s is %llu-by-%llu, not square\n", input,
            (unsigned long long) nrows, (unsigned long long) ncols) ;
        GrB_Matrix_free (&read) ;
        return (NULL) ;
    }
    EXAMPLE_TRY (GrB_Matrix_new (&A, GrB_FP64, nrows, nrows)) ;
    EXAMPLE_TRY (GrB_Matrix_apply (A, NULL, NULL, GrB_IDENTITY_FP64, read, NULL)) ;
    GrB_Matrix_free (&read) ;
    return (A) ;
}

bool mcl_graph_read (mcl_graph *g, const char *input, bool abc)
{
    memset (g, 0, sizeof (*g)) ;
    GrB_Matrix A = NULL ;
    if (abc)
    {
        char error [1024] ;
        if (mcl_read_abc (&A, &g->labels, &g->n, input, error, sizeof (error))
            != GrB_SUCCESS)
        {
            fprintf (stderr, "gbgpu-mcl: %s\n", error) ;
            return (false) ;
        }
    }
    else
    {
        A = read_matrix (input) ;
        if (A == NULL) return (false) ;
        EXAMPLE_TRY (GrB_Matrix_nrows (&g->n, A)) ;
    }
    if (g->n == 0)
    {
        fprintf (stderr, "gbgpu-mcl: %s has no nodes\n", input) ;
        GrB_Matrix_free (&A) ;
        mcl_graph_free (g) ;
        return (false) ;
    }
    GrB_Index entries, positive ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&entries, A)) ;
    EXAMPLE_TRY (GrB_Matrix_new (&g->A, GrB_FP64, g->n, g->n)) ;
    EXAMPLE_TRY (GrB_Matrix_select_FP64 (g->A, NULL, NULL, GrB_VALUEGT_FP64, A, 0, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&positive, g->A)) ;
    g->dropped = entries - positive ;
    GrB_Matrix_free (&A) ;
    return (true) ;
}

void mcl_graph_free (mcl_graph *g)
{
    GrB_Matrix_free (&g->A) ;
    if (g->labels != NULL)
    {
        for (GrB_Index i = 0 ; i < g->n ; i++) free (g->labels [i]) ;
        free (g->labels) ;
    }
    memset (g, 0, sizeof (*g)) ;
}
