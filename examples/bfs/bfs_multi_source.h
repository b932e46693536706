// examples/bfs/bfs_multi_source.h: breadth-first search from k sources at once, in plain
// GraphBLAS, one GrB_mxm per level.
// SPDX-License-Identifier: Apache-2.0
//
// The k frontiers are the rows of one k-by-n matrix q, so each level is a
// single product over all sources (a matrix times a matrix, where a one-source
// BFS would be a vector times a matrix): that is what makes the search worth
// a GPU.  With S the pattern of A (edges i -> j, self-loops dropped):
//
//      q<!visited, replace> = q * S       structural complemented mask
//      levels<q>  = level                 (GrB_assign of a scalar)
//      parents<q> = q                     (GrB_assign of q's values)
//
// until q is empty.  With parents, q holds INT64 and the semiring is
// ANY_SECONDI_INT64: q(s,k) * S(k,j) gives k, the row of S, which is the node
// that reached j, so q's new values are parents.  Levels only: q is BOOL and
// the semiring ANY_PAIR_BOOL.  "visited" is the pattern of levels.

#ifndef BFS_MULTI_SOURCE_H
#define BFS_MULTI_SOURCE_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stdint.h>

// Called after each level with the level number (1, 2, ...), the number of
// (source, node) pairs reached at that level and the level's seconds.
typedef void (*bfs_progress) (int64_t level, GrB_Index frontier_entries,
    double seconds, void *context) ;

typedef struct
{
    GrB_Matrix levels ;     // k-by-n INT64: levels(s,v) = hops from sources[s]
                            // to v; an entry for every node s reached
    GrB_Matrix parents ;    // k-by-n INT64, same pattern: v's parent in the
                            // tree of sources[s] (a source is its own parent);
                            // NULL when only levels were asked for
    int64_t depth ;         // the deepest level reached
    GrB_Index reached ;     // entries of levels
    double seconds ;        // the whole search
    double mxm_seconds ;    // its GrB_mxm calls
}
bfs_result ;

// The pattern S of square A (off-diagonal entries, value 1) in the type of
// the semiring the search will use: INT64 with parents, BOOL without.
GrB_Matrix bfs_graph_pattern (GrB_Matrix A, bool with_parents) ;

// Search S from sources[0..k-1] (k > 0, each < n).  progress may be NULL.
bfs_result bfs_multi_source (GrB_Matrix S, const GrB_Index *sources,
    GrB_Index k, bool with_parents, bfs_progress progress, void *context) ;

void bfs_result_free (bfs_result *result) ;

#endif
