// examples/bfs/bfs_check.h: check a multi-source BFS against the textbook single-source
// BFS.
// SPDX-License-Identifier: Apache-2.0
//
// For each source, a plain BFS in C (a queue over the CSR arrays of S, read
// with GrB_Matrix_extractTuples) gives the true levels.  The GraphBLAS search
// must have reached exactly the same nodes at exactly the same levels.
// Parents are not unique (any node one level up with an edge to v will do),
// so they are checked for validity: the parent p of v at level L > 0 is at
// level L-1 and p -> v is an edge of S; a source is its own parent.  The
// first few errors are printed to stderr.

#ifndef BFS_CHECK_H
#define BFS_CHECK_H

#include <GraphBLAS.h>

typedef struct
{
    GrB_Index sources ;         // sources checked
    GrB_Index level_errors ;    // nodes at a wrong level, or reached by one
                                // search and not the other
    GrB_Index parent_errors ;   // nodes with an invalid or missing parent
    double seconds ;
}
bfs_check_result ;

// levels, parents (NULL: not checked): k-by-n, from bfs_multi_source.
bfs_check_result bfs_check (GrB_Matrix S, const GrB_Index *sources,
    GrB_Index k, GrB_Matrix levels, GrB_Matrix parents) ;

#endif
