// tests/test_example_mcl_compare.h: how far apart two clusterings of the same
// nodes are, for test_example_mcl (gbgpu-mcl against mcl and HipMCL).
// SPDX-License-Identifier: Apache-2.0
//
// A clustering file has one cluster a line, node ids (integers) separated by
// white space, as mcl writes label output for integer labels.  Clusterings
// from different programs need not cover the same nodes (mcl's abc output
// leaves out nodes without edges; a program may number nodes from 1): the
// comparison is over the nodes both have.
//
//   identical: non-singleton clusters of A whose member set is exactly a
//              cluster of B (both restricted to the common nodes);
//   ARI:       the adjusted Rand index over the common nodes (1: the same
//              partition; about 0: as alike as chance; Hubert and Arabie).

#ifndef TEST_EXAMPLE_MCL_COMPARE_H
#define TEST_EXAMPLE_MCL_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct
{
    int64_t nodes ;             // cluster_of has ids 0..nodes-1
    int64_t *cluster_of ;       // cluster of each id, -1 when absent
    int64_t clusters ;          // lines read
}
clustering ;

// Read path; every id is shifted by id_shift (ids that end up negative are
// left out).  Returns false after printing why.
bool clustering_read (clustering *c, const char *path, int64_t id_shift) ;

void clustering_free (clustering *c) ;

typedef struct
{
    int64_t common_nodes ;      // ids in both
    int64_t clusters_a ;        // non-singleton clusters of A (common nodes)
    int64_t clusters_b ;        // same, B
    int64_t identical ;         // of clusters_a, those that are clusters of B
    double ari ;                // adjusted Rand index
}
clustering_agreement ;

clustering_agreement clustering_compare (const clustering *a,
    const clustering *b) ;

#endif
