// examples/distributed/summa_grb.h: CombBLAS's 2D sparse product (SUMMA) with each
// rank's local multiply a GrB_mxm, so that gbgpu computes it on that rank's GPU.
// SPDX-License-Identifier: Apache-2.0
//
// The loop is CombBLAS's own Mult_AnXBn_Synch (ParFriends.h): its process
// grid, its essentials (GetSetSizes) and its broadcasts (BCastMatrix) of A's
// blocks along the grid's rows and B's along its columns, one stage per
// block of the inner dimension.  Only the local product differs: where
// CombBLAS calls LocalSpGEMM and merges the stages' tuples at the end, each
// stage here is one C += A_k * B_k over a GrB_Semiring, accumulated in
// GraphBLAS by the semiring's monoid, and C becomes CombBLAS's local block
// once.  A block's DCSC arrays (cp, jc, ir, numx) are GraphBLAS's
// hypersparse CSC exactly (Ap, Ah, Ai, Ax with 64-bit indices), so a block
// is lent to GraphBLAS without a copy (GxB_Matrix_pack_HyperCSC) and taken
// back after the product (GxB_Matrix_unpack_HyperCSC): GraphBLAS only reads
// an input, so it gives the same arrays back, and the block is whole again.

#ifndef GBGPU_SUMMA_GRB_H
#define GBGPU_SUMMA_GRB_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>
#include <CombBLAS/CombBLAS.h>
extern "C" {
#include <GraphBLAS.h>
}

namespace gbgpu_summa {

using combblas::SpDCCols ;
using combblas::SpParMat ;

static void check (GrB_Info info, const char *what)
{
    if (info != GrB_SUCCESS && info != GrB_NO_VALUE)
        throw std::runtime_error (std::string (what) + " failed: GrB_Info " + std::to_string (info)) ;
}

// A CombBLAS block lent to GraphBLAS as a hypersparse by-column matrix of
// doubles; give_back returns its arrays to the block.
class lent_block
{
public:
    lent_block (SpDCCols <int64_t, double> &X) : X_ (X)
    {
        check (GrB_Matrix_new (&G_, GrB_FP64, (GrB_Index) X.getnrow (), (GrB_Index) X.getncol ()),
            "GrB_Matrix_new") ;
        auto *d = X.GetDCSC () ;
        if (d == nullptr || X.getnnz () == 0) return ;     // an empty block: an empty matrix
        GrB_Index *Ap = reinterpret_cast <GrB_Index *> (d->cp) ;
        static_assert (sizeof (GrB_Index) == sizeof (int64_t), "64-bit indices on both sides") ;
        GrB_Index *Ah = reinterpret_cast <GrB_Index *> (d->jc) ;
        GrB_Index *Ai = reinterpret_cast <GrB_Index *> (d->ir) ;
        void *Ax = d->numx ;
        const GrB_Index nvec = (GrB_Index) d->nzc, nz = (GrB_Index) d->nz ;
        // row ids sorted in each column: CombBLAS builds blocks from sorted tuples
        GrB_Info info = GxB_Matrix_pack_HyperCSC (G_, &Ap, &Ah, &Ai, &Ax,
            (nvec + 1) * sizeof (GrB_Index), nvec * sizeof (GrB_Index), nz * sizeof (GrB_Index),
            nz * sizeof (double), false, nvec, false, nullptr) ;
        if (info != GrB_SUCCESS) GrB_Matrix_free (&G_) ;
        check (info, "GxB_Matrix_pack_HyperCSC") ;
        lent_ = true ;
    }
    lent_block (const lent_block &) = delete ;
    lent_block &operator= (const lent_block &) = delete ;
    ~lent_block ()
    {
        if (lent_) give_back () ;
        GrB_Matrix_free (&G_) ;
    }
    GrB_Matrix get () const { return G_ ; }

private:
    // The block's own arrays out of G again; GraphBLAS moved nothing, as
    // an input of GrB_mxm (else the block would now hold freed arrays).
    void give_back ()
    {
        lent_ = false ;
        auto *d = X_.GetDCSC () ;
        GrB_Index *Ap, *Ah, *Ai, Ap_size, Ah_size, Ai_size, Ax_size, nvec ;
        void *Ax ;
        bool iso, jumbled ;
        GrB_Info info = GxB_Matrix_unpack_HyperCSC (G_, &Ap, &Ah, &Ai, &Ax, &Ap_size, &Ah_size,
            &Ai_size, &Ax_size, &iso, &nvec, &jumbled, nullptr) ;
        if (info != GrB_SUCCESS || (void *) Ap != (void *) d->cp || (void *) Ah != (void *) d->jc
         || (void *) Ai != (void *) d->ir || Ax != (void *) d->numx || iso || jumbled)
        {
            // cannot go on safely: the block's memory is GraphBLAS's now
            fprintf (stderr, "gbgpu-distributed: a block lent to GraphBLAS came back changed\n") ;
            MPI_Abort (MPI_COMM_WORLD, 1) ;
        }
    }
    SpDCCols <int64_t, double> &X_ ;
    GrB_Matrix G_ = nullptr ;
    bool lent_ = false ;
} ;

// C (a GraphBLAS matrix held by column) as CombBLAS's local block, copied
// array by array: GraphBLAS's sorted hypersparse CSC is DCSC once its empty
// columns are left out (CombBLAS lists only the nonempty ones).  C's arrays
// are packed back, so that GraphBLAS frees them with its own allocator.
static SpDCCols <int64_t, double> *block_of (GrB_Matrix C)
{
    GrB_Index m, n ;
    check (GrB_Matrix_nrows (&m, C), "GrB_Matrix_nrows") ;
    check (GrB_Matrix_ncols (&n, C), "GrB_Matrix_ncols") ;
    GrB_Index *Cp, *Ch, *Ci, Cp_size, Ch_size, Ci_size, Cx_size, nvec ;
    void *Cx ;
    bool iso ;
    // no jumbled flag asked for: the row ids come out sorted in each column
    check (GxB_Matrix_unpack_HyperCSC (C, &Cp, &Ch, &Ci, &Cx, &Cp_size, &Ch_size, &Ci_size,
        &Cx_size, &iso, &nvec, nullptr, nullptr), "GxB_Matrix_unpack_HyperCSC") ;
    const int64_t nz = (int64_t) Cp [nvec] ;
    int64_t nzc = 0 ;
    for (GrB_Index k = 0 ; k < nvec ; k++) nzc += (Cp [k + 1] > Cp [k]) ;
    auto *local = new SpDCCols <int64_t, double> (nz, (int64_t) m, (int64_t) n, nzc) ;
    if (nz > 0)
    {
        combblas::Dcsc <int64_t, double> *d = local->GetDCSC () ;
        int64_t c = 0 ;
        for (GrB_Index k = 0 ; k < nvec ; k++)
        {
            if (Cp [k + 1] == Cp [k]) continue ;
            d->cp [c] = (int64_t) Cp [k] ;
            d->jc [c++] = (int64_t) Ch [k] ;
        }
        d->cp [nzc] = nz ;
        memcpy (d->ir, Ci, (size_t) nz * sizeof (int64_t)) ;
        if (iso) std::fill (d->numx, d->numx + nz, *static_cast <double *> (Cx)) ;
        else memcpy (d->numx, Cx, (size_t) nz * sizeof (double)) ;
    }
    check (GxB_Matrix_pack_HyperCSC (C, &Cp, &Ch, &Ci, &Cx, Cp_size, Ch_size, Ci_size, Cx_size,
        iso, nvec, false, nullptr), "GxB_Matrix_pack_HyperCSC") ;
    return local ;
}

// C = A*B over `semiring` (doubles in, doubles out), `monoid_op` the
// semiring's additive operator (it sums the stages).  A and B must not be
// the same object (as for CombBLAS's own product).
typedef SpParMat <int64_t, double, SpDCCols <int64_t, double>> matrix ;

static matrix multiply (matrix &A, matrix &B, GrB_Semiring semiring, GrB_BinaryOp monoid_op)
{
    typedef SpDCCols <int64_t, double> block ;
    int stages, dummy ;
    // ProductGrid is CommGrid's friend: found through its arguments
    std::shared_ptr <combblas::CommGrid> grid = ProductGrid (A.getcommgrid ().get (),
        B.getcommgrid ().get (), stages, dummy, dummy) ;
    const int64_t m = A.seq ().getnrow (), n = B.seq ().getncol () ;
    MPI_Barrier (grid->GetWorld ()) ;
    int64_t **a_sizes = combblas::SpHelper::allocate2D <int64_t> (block::esscount, stages) ;
    int64_t **b_sizes = combblas::SpHelper::allocate2D <int64_t> (block::esscount, stages) ;
    combblas::SpParHelper::GetSetSizes (A.seq (), a_sizes, A.getcommgrid ()->GetRowWorld ()) ;
    combblas::SpParHelper::GetSetSizes (B.seq (), b_sizes, B.getcommgrid ()->GetColWorld ()) ;
    const int a_self = A.getcommgrid ()->GetRankInProcRow () ;
    const int b_self = B.getcommgrid ()->GetRankInProcCol () ;

    GrB_Matrix C = nullptr ;
    check (GrB_Matrix_new (&C, GrB_FP64, (GrB_Index) m, (GrB_Index) n), "GrB_Matrix_new") ;
    check (GxB_Matrix_Option_set (C, GxB_FORMAT, GxB_BY_COL), "GxB_Matrix_Option_set") ;
    for (int i = 0 ; i < stages ; i++)
    {
        std::vector <int64_t> ess ;
        block *a_recv = &A.seq (), *b_recv = &B.seq () ;
        if (i != a_self)
        {
            for (int j = 0 ; j < block::esscount ; j++) ess.push_back (a_sizes [j][i]) ;
            a_recv = new block () ;
        }
        combblas::SpParHelper::BCastMatrix (grid->GetRowWorld (), *a_recv, ess, i) ;
        ess.clear () ;
        if (i != b_self)
        {
            for (int j = 0 ; j < block::esscount ; j++) ess.push_back (b_sizes [j][i]) ;
            b_recv = new block () ;
        }
        combblas::SpParHelper::BCastMatrix (grid->GetColWorld (), *b_recv, ess, i) ;
        {
            lent_block a (*a_recv), b (*b_recv) ;
            check (GrB_mxm (C, nullptr, monoid_op, semiring, a.get (), b.get (), nullptr), "GrB_mxm") ;
        }
        if (i != a_self) delete a_recv ;
        if (i != b_self) delete b_recv ;
    }
    combblas::SpHelper::deallocate2D (a_sizes, block::esscount) ;
    combblas::SpHelper::deallocate2D (b_sizes, block::esscount) ;
    block *local = block_of (C) ;
    GrB_Matrix_free (&C) ;
    return matrix (local, grid) ;
}

}   // namespace gbgpu_summa

#endif
