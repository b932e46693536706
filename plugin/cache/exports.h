// plugin/cache/exports.h: the classification of GraphBLAS.h's functions (and
// of those only the library's own declarations add, when given) that
// modifiers.cmake generates (modifiers.c), and the run-time proof that it
// covers the program's library (exports.c).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_EXPORTS_H
#define GBGPU_EXPORTS_H

// Every GrB_/GxB_ function the header declares, sorted (strcmp).
extern const char *const gbgpu_declared_functions [ ] ;
extern const int gbgpu_declared_function_count ;
// Those that may change a matrix: each is gbgpu's (a wrapper, or interposed
// and forgetting by itself).
extern const char *const gbgpu_modifier_functions [ ] ;
extern const int gbgpu_modifier_function_count ;
// Functions with non-const matrices that keep their content (settings,
// wait, reads: the content_kept rules of modifiers.txt), not wrapped.
extern const int gbgpu_content_kept_function_count ;
// Which declarations classified them: "GraphBLAS.h", or with the library's
// own ("GraphBLAS.h and the library's suitesparse_graphblas.h (15 more)").
extern const char *const gbgpu_declarations ;

// NULL when every GrB_/GxB_ function the program's library exports is one
// the header declares (classified), and every modifier the program calls
// reaches gbgpu first; else why not (a sentence).  *exported: how many such
// functions the library exports.  Once the library is bound.
const char *gbgpu_exports_unproved (int *exported) ;

#endif
