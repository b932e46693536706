// examples/triangles/triangle_form.c: the two triangle-counting products and the rule that
// picks one (see triangle_form.h for the rule and where it comes from).
// SPDX-License-Identifier: Apache-2.0

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <strings.h>
#include "triangle_form.h"

const char *triangle_form_name (triangle_form form)
{
    return (form == TRIANGLE_FORM_LUT ? "LUt" : "LL") ;
}

bool triangle_form_parse (triangle_form *form, const char *name)
{
    if (strcasecmp (name, "LUt") == 0) *form = TRIANGLE_FORM_LUT ;
    else if (strcasecmp (name, "LL") == 0) *form = TRIANGLE_FORM_LL ;
    else return (false) ;
    return (true) ;
}

const char *triangle_form_formula (triangle_form form)
{
    return (form == TRIANGLE_FORM_LUT ? "C<L> = L*U' (dot products)"
                                      : "C<L> = L*L (saxpy)") ;
}

GrB_Info triangle_degrees_of (triangle_degrees *degrees, const triangle_operands *op)
{
    GrB_Vector degree = NULL ;
    GrB_Index entries = 0, nodes = 0 ;
    uint64_t max_degree = 0 ;
    GrB_Info info = GrB_Vector_new (&degree, GrB_INT64, op->n) ;
    // S is BOOL with every entry true: its PLUS over INT64 counts entries
    if (info == GrB_SUCCESS) info = GrB_Matrix_reduce_Monoid (degree, NULL, NULL,
        GrB_PLUS_MONOID_INT64, op->S, NULL) ;
    if (info == GrB_SUCCESS) info = GrB_Vector_reduce_UINT64 (&max_degree, NULL,
        GrB_MAX_MONOID_UINT64, degree, NULL) ;
    if (info == GrB_SUCCESS) info = GrB_Vector_nvals (&nodes, degree) ;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals (&entries, op->S) ;
    if (info == GrB_SUCCESS)
    {
        degrees->max_degree = max_degree ;
        degrees->mean_degree = nodes > 0 ? (double) entries / (double) nodes : 0 ;
    }
    GrB_Vector_free (&degree) ;
    return (info) ;
}

triangle_form triangle_form_choose (const triangle_degrees *degrees,
    bool gpu_expected, char *why, size_t why_size)
{
    if (gpu_expected)
    {
        snprintf (why, why_size, "on the GPU, LL is the faster form on "
            "large power-law graphs") ;
        return (TRIANGLE_FORM_LL) ;
    }
    bool regular = (double) degrees->max_degree
        <= TRIANGLE_REGULAR_DEGREE_RATIO * degrees->mean_degree ;
    snprintf (why, why_size, "max degree %llu %s %.1f x mean degree %.1f: %s",
        (unsigned long long) degrees->max_degree, regular ? "<=" : ">",
        TRIANGLE_REGULAR_DEGREE_RATIO, degrees->mean_degree,
        regular ? "regular, dot products" : "saxpy") ;
    return (regular ? TRIANGLE_FORM_LUT : TRIANGLE_FORM_LL) ;
}

GrB_Matrix triangle_form_B (triangle_form form, const triangle_operands *op)
{
    return (form == TRIANGLE_FORM_LUT ? op->U : op->L) ;
}

GrB_Info triangle_form_descriptor (GrB_Descriptor *desc, triangle_form form,
    GrB_Desc_Value method)
{
    GrB_Info info = GrB_Descriptor_new (desc) ;
    if (info == GrB_SUCCESS) info = GrB_Descriptor_set (*desc, GrB_MASK, GrB_STRUCTURE) ;
    if (info == GrB_SUCCESS && form == TRIANGLE_FORM_LUT)
    {
        info = GrB_Descriptor_set (*desc, GrB_INP1, GrB_TRAN) ;
    }
    if (info == GrB_SUCCESS) info = GrB_Descriptor_set (*desc, GxB_AxB_METHOD, method) ;
    if (info != GrB_SUCCESS) GrB_Descriptor_free (desc) ;
    return (info) ;
}
