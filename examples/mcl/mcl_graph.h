// examples/mcl/mcl_graph.h: the graph mcl clusters, from any of the program's inputs: a
// square FP64 matrix of positive weights and, for label input, the labels.
// SPDX-License-Identifier: Apache-2.0
//
// Node i's edges are row i (entry (i,j): weight of the edge i -> j).  mcl
// itself keeps node j's edges in column j; the clustering code works on
// rows throughout (mcl_start.h), which is the same computation transposed.

#ifndef MCL_GRAPH_H
#define MCL_GRAPH_H

#include <GraphBLAS.h>
#include <stdbool.h>

typedef struct
{
    GrB_Matrix A ;          // n-by-n FP64, every entry > 0
    GrB_Index n ;
    char **labels ;         // n labels (--abc input), or NULL: nodes are
                            // named by their 0-based ids
    GrB_Index dropped ;     // entries of the input that were not > 0
}
mcl_graph ;

// input: a Matrix Market file or generator spec (graph_io.h), or with abc an
// abc file (mcl_read_abc.h).  Matrix Market values: pattern entries weigh 1;
// symmetric files hold both directions; a general file is taken as it is
// (mcl does not symmetrize its native input either).  Entries that are not
// positive are dropped (MCL reads weights as similarities).  Returns false
// after printing why to stderr.
bool mcl_graph_read (mcl_graph *g, const char *input, bool abc) ;

void mcl_graph_free (mcl_graph *g) ;

#endif
