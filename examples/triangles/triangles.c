// triangles.c: count the triangles of an undirected graph in plain GraphBLAS,
// the way LAGraph does it (the "Sandia LUT" method):
//
//      S = pattern of A, without self-loops, made symmetric (S = S | S')
//      L = tril (S,-1), U = triu (S,1)
//      C<L> = L * U'       over PLUS_PAIR, structural mask, dot products
//      triangles = sum (C)
//
// C(i,j) counts the k with j < k < i adjacent to both i and j, so each
// triangle is counted once.  The one GrB_mxm is where the work is; with
// libgbgpu in front of SuiteSparse it may run on the GPU, and the program
// says whether it did.  It never calls gbgpu directly (gbgpu_optional.h), so
// it runs the same without gbgpu.
//
//      triangles [--cpu | --gpu] [--method dot|saxpy] [INPUT]
//
// INPUT defaults to rmat:16.  --cpu / --gpu set gbgpu's policy (for
// comparing the two); --method asks SuiteSparse for one algorithm.

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "example_try.h"
#include "gbgpu_optional.h"
#include "graph_io.h"
#include "wall_clock.h"

typedef struct
{
    const char *input ;
    int policy ;                    // a gbgpu_policy, or -1: leave gbgpu's default
    GrB_Desc_Value method ;         // GxB_DEFAULT, GxB_AxB_DOT or GxB_AxB_SAXPY
}
options ;

typedef struct
{
    int64_t triangles ;
    GrB_Index nodes, edges ;        // edges: undirected, self-loops removed
    GrB_Index input_entries ;       // entries of A before (entries of S = 2 edges)
    double mxm_seconds, total_seconds ;
    gbgpu_stats_t before_mxm, after_mxm ;
}
triangle_count ;

static void usage (int status)
{
    fprintf (status ? stderr : stdout,
        "usage: triangles [--cpu | --gpu] [--method dot|saxpy] [INPUT]\n"
        "  Counts the triangles of the undirected graph of INPUT's pattern\n"
        "  (default rmat:16).  --cpu/--gpu: gbgpu's policy, when it is loaded.\n"
        "%s", graph_spec_usage) ;
    exit (status) ;
}

static options parse_options (int argc, char **argv)
{
    options o = { .input = "rmat:16", .policy = -1, .method = GxB_DEFAULT } ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *arg = argv [k] ;
        if (strcmp (arg, "--cpu") == 0) o.policy = GBGPU_POLICY_CPU ;
        else if (strcmp (arg, "--gpu") == 0) o.policy = GBGPU_POLICY_GPU ;
        else if (strcmp (arg, "--method") == 0 && k + 1 < argc)
        {
            const char *method = argv [++k] ;
            if (strcmp (method, "dot") == 0) o.method = GxB_AxB_DOT ;
            else if (strcmp (method, "saxpy") == 0) o.method = GxB_AxB_SAXPY ;
            else usage (EXIT_FAILURE) ;
        }
        else if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0) usage (0) ;
        else if (arg [0] == '-') usage (EXIT_FAILURE) ;
        else o.input = arg ;
    }
    return (o) ;
}

// S = the pattern of A (BOOL), self-loops removed, symmetric.
static GrB_Matrix undirected_pattern (GrB_Matrix A, GrB_Index n)
{
    GrB_Matrix S = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&S, GrB_BOOL, n, n)) ;
    EXAMPLE_TRY (GrB_Matrix_select_INT64 (S, NULL, NULL, GrB_OFFDIAG, A, 0, NULL)) ;
    // a directed input counts as the undirected graph of its edges
    EXAMPLE_TRY (GrB_Matrix_eWiseAdd_BinaryOp (S, NULL, NULL, GrB_LOR, S, S,
        GrB_DESC_T1)) ;
    return (S) ;
}

static triangle_count count_triangles (GrB_Matrix A, GrB_Desc_Value method)
{
    triangle_count result ;
    memset (&result, 0, sizeof (result)) ;
    GrB_Index nrows, ncols, entries ;
    EXAMPLE_TRY (GrB_Matrix_nrows (&nrows, A)) ;
    EXAMPLE_TRY (GrB_Matrix_ncols (&ncols, A)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&result.input_entries, A)) ;
    if (nrows != ncols)
    {
        fprintf (stderr, "triangles: the input is %llu-by-%llu, not square\n",
            (unsigned long long) nrows, (unsigned long long) ncols) ;
        exit (EXIT_FAILURE) ;
    }
    double start = wall_clock_seconds () ;
    GrB_Matrix S = undirected_pattern (A, nrows) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&entries, S)) ;
    GrB_Matrix L = NULL, U = NULL, C = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&L, GrB_BOOL, nrows, nrows)) ;
    EXAMPLE_TRY (GrB_Matrix_new (&U, GrB_BOOL, nrows, nrows)) ;
    EXAMPLE_TRY (GrB_Matrix_new (&C, GrB_INT64, nrows, nrows)) ;
    EXAMPLE_TRY (GrB_Matrix_select_INT64 (L, NULL, NULL, GrB_TRIL, S, -1, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_select_INT64 (U, NULL, NULL, GrB_TRIU, S, 1, NULL)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (L, GrB_MATERIALIZE)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (U, GrB_MATERIALIZE)) ;

    // C<L> = L*U': structural mask, U transposed
    GrB_Descriptor desc = NULL ;
    EXAMPLE_TRY (GrB_Descriptor_new (&desc)) ;
    EXAMPLE_TRY (GrB_Descriptor_set (desc, GrB_MASK, GrB_STRUCTURE)) ;
    EXAMPLE_TRY (GrB_Descriptor_set (desc, GrB_INP1, GrB_TRAN)) ;
    EXAMPLE_TRY (GrB_Descriptor_set (desc, GxB_AxB_METHOD, method)) ;
    result.before_mxm = gbgpu_optional_stats () ;
    double mxm_start = wall_clock_seconds () ;
    EXAMPLE_TRY (GrB_mxm (C, L, NULL, GxB_PLUS_PAIR_INT64, L, U, desc)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (C, GrB_MATERIALIZE)) ;
    result.mxm_seconds = wall_clock_seconds () - mxm_start ;
    result.after_mxm = gbgpu_optional_stats () ;

    EXAMPLE_TRY (GrB_Matrix_reduce_INT64 (&result.triangles, NULL,
        GrB_PLUS_MONOID_INT64, C, NULL)) ;
    result.total_seconds = wall_clock_seconds () - start ;
    result.nodes = nrows ;
    result.edges = entries / 2 ;
    GrB_Descriptor_free (&desc) ;
    GrB_Matrix_free (&C) ;
    GrB_Matrix_free (&U) ;
    GrB_Matrix_free (&L) ;
    GrB_Matrix_free (&S) ;
    return (result) ;
}

int main (int argc, char **argv)
{
    options o = parse_options (argc, argv) ;
    EXAMPLE_TRY (GrB_init (GrB_NONBLOCKING)) ;
    gbgpu_optional_apply_policy ("triangles", o.policy) ;

    double read_seconds ;
    GrB_Matrix A = graph_load_or_exit ("triangles", o.input, &read_seconds) ;

    triangle_count t = count_triangles (A, o.method) ;
    char label [256], ran_on [512] ;
    gbgpu_optional_describe (ran_on, sizeof (ran_on), &t.before_mxm, &t.after_mxm) ;
    printf ("input      %s: %llu nodes, %llu undirected edges (%llu entries read in %.3f s)\n",
        graph_spec_label (label, sizeof (label), o.input),
        (unsigned long long) t.nodes, (unsigned long long) t.edges,
        (unsigned long long) t.input_entries, read_seconds) ;
    printf ("triangles  %lld\n", (long long) t.triangles) ;
    printf ("GrB_mxm    %.6f s on %s\n", t.mxm_seconds, ran_on) ;
    printf ("total      %.6f s (pattern, tril/triu, GrB_mxm, reduce)\n",
        t.total_seconds) ;

    GrB_Matrix_free (&A) ;
    GrB_finalize () ;
    return (EXIT_SUCCESS) ;
}
