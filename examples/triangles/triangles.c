// examples/triangles/triangles.c: count the triangles of an undirected graph in plain GraphBLAS,
// the way LAGraph does it:
// SPDX-License-Identifier: Apache-2.0
//
//      S = pattern of A, without self-loops (made symmetric with --symmetrize)
//      L = tril (S,-1), U = triu (S,1)
//      C<L> = L * U'   or   C<L> = L * L     over PLUS_PAIR, structural mask
//      triangles = sum (C)
//
// C(i,j) counts the k with j < k < i adjacent to both i and j, so each
// triangle is counted once.  The two forms compute the same C by different
// algorithms (dot products or saxpy); triangle_form.h says which one the
// program picks and why.  The one GrB_mxm is where the work is; with libgbgpu
// in front of SuiteSparse it may run on the GPU, and the program says whether
// it did.  It never calls gbgpu directly (gbgpu_optional.h), so it runs the
// same without gbgpu.
//
//      triangles [--cpu | --gpu] [--form LUt|LL|auto] [--method dot|saxpy]
//                [--symmetrize] [INPUT]
//
// INPUT defaults to rmat:16.  --cpu / --gpu set gbgpu's policy (for comparing
// the two); --method asks SuiteSparse for one algorithm; without
// --symmetrize an input whose pattern is not symmetric is refused.

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "example_try.h"
#include "gbgpu_optional.h"
#include "graph_io.h"
#include "triangle_form.h"
#include "triangle_operands.h"
#include "wall_clock.h"

typedef struct
{
    const char *input ;
    int policy ;                    // a gbgpu_policy, or -1: leave gbgpu's default
    bool auto_form ;                // pick the form by the rule
    triangle_form form ;            // else this one
    GrB_Desc_Value method ;         // GxB_DEFAULT, GxB_AxB_DOT or GxB_AxB_SAXPY
    bool symmetrize ;
}
options ;

typedef struct
{
    int64_t triangles ;
    GrB_Index nodes, edges ;        // edges: undirected, self-loops removed
    GrB_Index input_entries ;       // entries of A
    triangle_form form ;
    char why [256] ;                // why this form
    double mxm_seconds, total_seconds ;
    gbgpu_stats_t before_mxm, after_mxm ;
}
triangle_count ;

static void usage (int status)
{
    fprintf (status ? stderr : stdout,
        "usage: triangles [--cpu | --gpu] [--form LUt|LL|auto] [--method dot|saxpy]\n"
        "                 [--symmetrize] [INPUT]\n"
        "  Counts the triangles of the undirected graph of INPUT's pattern\n"
        "  (default rmat:16), self-loops removed.\n"
        "  --cpu/--gpu    gbgpu's policy, when it is loaded\n"
        "  --form         C<L> = L*U' (LUt, dot products) or C<L> = L*L (LL, saxpy);\n"
        "                 auto (default): by estimated work, LL when the GPU runs it\n"
        "  --method       ask SuiteSparse for one algorithm\n"
        "  --symmetrize   count the undirected graph of a directed input (S = S | S');\n"
        "                 without it the input's pattern must be symmetric\n"
        "%s", graph_spec_usage) ;
    exit (status) ;
}

static options parse_options (int argc, char **argv)
{
    options o = { .input = "rmat:16", .policy = -1, .auto_form = true,
        .form = TRIANGLE_FORM_LL, .method = GxB_DEFAULT, .symmetrize = false } ;
    for (int k = 1 ; k < argc ; k++)
    {
        const char *arg = argv [k] ;
        if (strcmp (arg, "--cpu") == 0) o.policy = GBGPU_POLICY_CPU ;
        else if (strcmp (arg, "--gpu") == 0) o.policy = GBGPU_POLICY_GPU ;
        else if (strcmp (arg, "--symmetrize") == 0) o.symmetrize = true ;
        else if (strcmp (arg, "--form") == 0 && k + 1 < argc)
        {
            const char *form = argv [++k] ;
            o.auto_form = (strcmp (form, "auto") == 0) ;
            if (!o.auto_form && !triangle_form_parse (&o.form, form)) usage (EXIT_FAILURE) ;
        }
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

// S, L (and U when needed) from A; exits with a message when A is not square
// or, without --symmetrize, not symmetric.
static triangle_operands make_operands (GrB_Matrix A, bool symmetrize)
{
    triangle_operands op ;
    bool asymmetric ;
    GrB_Info info = triangle_operands_make (&op, A, symmetrize, &asymmetric) ;
    if (info == GrB_DIMENSION_MISMATCH)
    {
        fprintf (stderr, "triangles: the input is not square\n") ;
        exit (EXIT_FAILURE) ;
    }
    if (asymmetric)
    {
        fprintf (stderr, "triangles: the input's pattern is not symmetric "
            "(a directed graph): use --symmetrize to count its undirected graph\n") ;
        exit (EXIT_FAILURE) ;
    }
    EXAMPLE_TRY (info) ;
    return (op) ;
}

static triangle_count count_triangles (GrB_Matrix A, const options *o)
{
    triangle_count result ;
    memset (&result, 0, sizeof (result)) ;
    EXAMPLE_TRY (GrB_Matrix_nvals (&result.input_entries, A)) ;
    double start = wall_clock_seconds () ;
    triangle_operands op = make_operands (A, o->symmetrize) ;

    result.form = o->form ;
    if (o->auto_form)
    {
        triangle_degrees degrees ;
        EXAMPLE_TRY (triangle_degrees_of (&degrees, &op)) ;
        result.form = triangle_form_choose (&degrees, gbgpu_optional_gpu_expected (),
            result.why, sizeof (result.why)) ;
    }
    else
    {
        snprintf (result.why, sizeof (result.why), "--form") ;
    }
    if (result.form == TRIANGLE_FORM_LUT) EXAMPLE_TRY (triangle_operands_upper (&op)) ;

    GrB_Matrix C = NULL ;
    GrB_Descriptor desc = NULL ;
    EXAMPLE_TRY (GrB_Matrix_new (&C, GrB_INT64, op.n, op.n)) ;
    EXAMPLE_TRY (triangle_form_descriptor (&desc, result.form, o->method)) ;
    result.before_mxm = gbgpu_optional_stats () ;
    double mxm_start = wall_clock_seconds () ;
    EXAMPLE_TRY (GrB_mxm (C, op.L, NULL, GxB_PLUS_PAIR_INT64, op.L,
        triangle_form_B (result.form, &op), desc)) ;
    EXAMPLE_TRY (GrB_Matrix_wait (C, GrB_MATERIALIZE)) ;
    result.mxm_seconds = wall_clock_seconds () - mxm_start ;
    result.after_mxm = gbgpu_optional_stats () ;

    EXAMPLE_TRY (GrB_Matrix_reduce_INT64 (&result.triangles, NULL,
        GrB_PLUS_MONOID_INT64, C, NULL)) ;
    result.total_seconds = wall_clock_seconds () - start ;
    result.nodes = op.n ;
    result.edges = op.edges ;
    GrB_Descriptor_free (&desc) ;
    GrB_Matrix_free (&C) ;
    triangle_operands_free (&op) ;
    return (result) ;
}

int main (int argc, char **argv)
{
    options o = parse_options (argc, argv) ;
    EXAMPLE_TRY (GrB_init (GrB_NONBLOCKING)) ;
    gbgpu_optional_apply_policy ("triangles", o.policy) ;
    gbgpu_optional_start_device (stdout) ;

    double read_seconds ;
    GrB_Matrix A = graph_load_or_exit ("triangles", o.input, &read_seconds) ;

    triangle_count t = count_triangles (A, &o) ;
    char label [256], ran_on [512] ;
    gbgpu_optional_describe (ran_on, sizeof (ran_on), &t.before_mxm, &t.after_mxm) ;
    printf ("input      %s: %llu nodes, %llu undirected edges (%llu entries read in %.3f s)\n",
        graph_spec_label (label, sizeof (label), o.input),
        (unsigned long long) t.nodes, (unsigned long long) t.edges,
        (unsigned long long) t.input_entries, read_seconds) ;
    printf ("form       %s: %s (%s)\n", triangle_form_name (t.form),
        triangle_form_formula (t.form), t.why) ;
    printf ("triangles  %lld\n", (long long) t.triangles) ;
    printf ("GrB_mxm    %.6f s on %s\n", t.mxm_seconds, ran_on) ;
    printf ("total      %.6f s (pattern, %s, L%s, %sGrB_mxm, reduce)\n",
        t.total_seconds, o.symmetrize ? "symmetrize" : "symmetry check",
        t.form == TRIANGLE_FORM_LUT ? " and U" : "",
        o.auto_form ? "form rule, " : "") ;

    GrB_Matrix_free (&A) ;
    GrB_finalize () ;
    return (EXIT_SUCCESS) ;
}
