// examples/triangles/triangle_form.h: the two masked products that count triangles, and the
// rule that picks one.
// SPDX-License-Identifier: Apache-2.0
//
//      LUt:  C<L> = L*U'   descriptor ST1: SuiteSparse computes one dot
//                          product per entry of L (its "dot3" method)
//      LL:   C<L> = L*L    descriptor S:   SuiteSparse's masked saxpy
//                          (Gustavson/hash, the mask scattered first)
//
// Both over PLUS_PAIR_INT64, structural mask L.  Since U' = L they are the
// same matrix; C(i,j) counts the k with j < k < i adjacent to both i and j,
// so sum (C) counts each triangle once (LAGraph's "SandiaDot" and "Sandia"
// methods, LAGr_TriangleCount.c).  They differ in the algorithm and its work:
// the saxpy form visits, for each entry L(i,k), all of row L(k,:) (a hub of
// degree d costs about d^2/4 probes of a hash or dense accumulator), the dot
// form intersects L(i,:) with U(j,:) for each entry L(i,j) (merge, or binary
// search when one is much shorter).
//
// The rule (triangle_form_choose), from degree statistics only:
//   1. GPU expected (gbgpu loaded, a device, policy not cpu): LL.  gbgpu
//      runs LUt as masked dot products, which win on small graphs but lose
//      3-4x to LL on power-law graphs, whose hub rows serialize (R-MAT
//      18-20 on an H200; docs/performance.md): LL for the graphs a GPU is for.
//   2. A regular graph, max degree <= TRIANGLE_REGULAR_DEGREE_RATIO x mean
//      degree (meshes, stencils): LUt.  Every dot product is a merge of two
//      short, similar lists.
//   3. Otherwise: LL.
// Where 2 and 3 come from: LAGraph's notes (its LAGr_TriangleCount.c: the
// saxpy method fastest on uniform random and on small graphs, the dot
// method on the largest ones, after a degree presort this program does not
// do) and SuiteSparse 7.4 measured on 2 cores with both forms: LUt 2-5x
// faster on grid3d27:30/50 and grid2d:500, tied on banded and grid3d7; LL
// 1.3-2.3x faster on R-MAT 14/16 (tied on 17), uniform random, the SNAP
// graphs, luxembourg, pushpull and bcsstk33 (docs/performance.md, "Triangle
// counting: which form").  gbgpu-bench --graph-suite times both forms on the CPU and
// the GPU, to check the rule on the device.

#ifndef TRIANGLE_FORM_H
#define TRIANGLE_FORM_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stddef.h>
#include "triangle_operands.h"

typedef enum { TRIANGLE_FORM_LUT, TRIANGLE_FORM_LL } triangle_form ;

#define TRIANGLE_REGULAR_DEGREE_RATIO 1.5

// "LUt" or "LL"; the reverse (case-insensitive), false for anything else.
const char *triangle_form_name (triangle_form form) ;
bool triangle_form_parse (triangle_form *form, const char *name) ;

// "C<L> = L*U' (dot products)", "C<L> = L*L (saxpy)".
const char *triangle_form_formula (triangle_form form) ;

typedef struct
{
    GrB_Index max_degree ;  // of S
    double mean_degree ;    // of S, over the nodes with an edge
}
triangle_degrees ;

GrB_Info triangle_degrees_of (triangle_degrees *degrees, const triangle_operands *op) ;

// The rule above; why: one line saying which part of it decided.
triangle_form triangle_form_choose (const triangle_degrees *degrees,
    bool gpu_expected, char *why, size_t why_size) ;

// The form's second operand: U (read transposed) or L.
GrB_Matrix triangle_form_B (triangle_form form, const triangle_operands *op) ;

// A new descriptor for the form: structural mask, B transposed for LUt,
// GxB_AxB_METHOD = method (GxB_DEFAULT, GxB_AxB_DOT, GxB_AxB_SAXPY, ...).
GrB_Info triangle_form_descriptor (GrB_Descriptor *desc, triangle_form form,
    GrB_Desc_Value method) ;

#endif
