// examples/distributed/summa_grb.h: CombBLAS's 2D sparse product (SUMMA) with each
// rank's local multiply a GrB_mxm, so that gbgpu computes it on that rank's GPU.
// SPDX-License-Identifier: Apache-2.0
//
// The broadcasts are CombBLAS's own Mult_AnXBn_Synch (ParFriends.h): its
// process grid, its essentials (GetSetSizes) and its broadcasts
// (BCastMatrix) of A's blocks along the grid's rows and B's along its
// columns, one stage per block of the inner dimension.  Only the local
// product differs.  CombBLAS multiplies each stage's pair of blocks and
// merges the stages' tuples at the end; here a rank keeps the blocks it
// receives and multiplies them all at once, C_ij = [A_i1 .. A_is] [B_1j;
// .. ; B_sj], one GrB_mxm that sums the stages in the product's own
// accumulators (on the GPU) instead of adding each stage's product into C
// on the host.  Its inputs are copied once to put them side by side
// (GxB_Matrix_concat): a rank's row of A and column of B, a fraction of
// what C holds.
//
// A block's DCSC arrays (cp, jc, ir, numx) are the hypersparse by-row
// arrays of its transpose (Ap, Ah, Aj, Ax with 64-bit indices), so each
// block is lent to GraphBLAS as X' without a copy (GxB_Matrix_pack_HyperCSR)
// and taken back after (GxB_Matrix_unpack_HyperCSR): GraphBLAS only reads
// it, so it gives the same arrays back, and the block is whole again.  The
// rank computes C_ij' = [B_1j' .. B_sj'] [A_i1'; .. ; A_is'] held by row,
// gbgpu's own layout (a sparse input goes up as it is, a hypersparse one,
// with few rows in use, through a copy; T is packed straight into the
// result), and C_ij' by row is C_ij's DCSC (its unpack as hypersparse is a
// pass over its rows).  Transposed, the multiply takes its operands the
// other way round: the caller passes the semiring for that (the same one
// where the multiply commutes, as PLUS_TIMES's and MIN_PLUS's do).

#ifndef GBGPU_SUMMA_GRB_H
#define GBGPU_SUMMA_GRB_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>
#include <sys/mman.h>
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

typedef SpDCCols <int64_t, double> block ;

// A CombBLAS block X lent to GraphBLAS as X', a hypersparse by-row matrix
// of doubles; give_back returns its arrays to the block.
class lent_block
{
public:
    lent_block (block &X) : X_ (X)
    {
        check (GrB_Matrix_new (&G_, GrB_FP64, (GrB_Index) X.getncol (), (GrB_Index) X.getnrow ()),
            "GrB_Matrix_new") ;
        check (GxB_Matrix_Option_set (G_, GxB_FORMAT, GxB_BY_ROW), "GxB_Matrix_Option_set") ;
        if (X.getnnz () == 0) return ;     // an empty block: an empty matrix
        auto *d = X.GetDCSC () ;
        // a block split for CombBLAS's threads has its entries in pieces
        if (d == nullptr) throw std::runtime_error ("a block split into pieces cannot be lent") ;
        GrB_Index *Ap = reinterpret_cast <GrB_Index *> (d->cp) ;
        static_assert (sizeof (GrB_Index) == sizeof (int64_t), "64-bit indices on both sides") ;
        GrB_Index *Ah = reinterpret_cast <GrB_Index *> (d->jc) ;
        GrB_Index *Aj = reinterpret_cast <GrB_Index *> (d->ir) ;
        void *Ax = d->numx ;
        const GrB_Index nvec = (GrB_Index) d->nzc, nz = (GrB_Index) d->nz ;
        // row ids sorted in each column: CombBLAS builds blocks from sorted tuples
        GrB_Info info = GxB_Matrix_pack_HyperCSR (G_, &Ap, &Ah, &Aj, &Ax,
            (nvec + 1) * sizeof (GrB_Index), nvec * sizeof (GrB_Index), nz * sizeof (GrB_Index),
            nz * sizeof (double), false, nvec, false, nullptr) ;
        if (info != GrB_SUCCESS) GrB_Matrix_free (&G_) ;
        check (info, "GxB_Matrix_pack_HyperCSR") ;
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
    // an input only (else the block would now hold freed arrays).
    void give_back ()
    {
        lent_ = false ;
        auto *d = X_.GetDCSC () ;
        GrB_Index *Ap, *Ah, *Aj, Ap_size, Ah_size, Aj_size, Ax_size, nvec ;
        void *Ax ;
        bool iso, jumbled ;
        GrB_Info info = GxB_Matrix_unpack_HyperCSR (G_, &Ap, &Ah, &Aj, &Ax, &Ap_size, &Ah_size,
            &Aj_size, &Ax_size, &iso, &nvec, &jumbled, nullptr) ;
        if (info != GrB_SUCCESS || (void *) Ap != (void *) d->cp || (void *) Ah != (void *) d->jc
         || (void *) Aj != (void *) d->ir || Ax != (void *) d->numx || iso || jumbled)
        {
            // cannot go on safely: the block's memory is GraphBLAS's now
            fprintf (stderr, "gbgpu-distributed: a block lent to GraphBLAS came back changed\n") ;
            MPI_Abort (MPI_COMM_WORLD, 1) ;
        }
    }
    block &X_ ;
    GrB_Matrix G_ = nullptr ;
    bool lent_ = false ;
} ;

// The transposes of `blocks` (each lent for the while) side by side, or one
// above the other, copied into one by-row matrix.
static GrB_Matrix transposes_joined (const std::vector <block *> &blocks, bool side_by_side)
{
    std::vector <std::unique_ptr <lent_block>> lent ;
    std::vector <GrB_Matrix> tiles ;
    GrB_Index rows = 0, columns = 0 ;
    for (block *X : blocks)
    {
        lent.push_back (std::make_unique <lent_block> (*X)) ;
        tiles.push_back (lent.back ()->get ()) ;
        // X' is X.getncol () by X.getnrow ()
        if (side_by_side) { rows = (GrB_Index) X->getncol () ; columns += (GrB_Index) X->getnrow () ; }
        else { rows += (GrB_Index) X->getncol () ; columns = (GrB_Index) X->getnrow () ; }
    }
    const GrB_Index n = (GrB_Index) blocks.size () ;
    GrB_Matrix G = nullptr ;
    check (GrB_Matrix_new (&G, GrB_FP64, rows, columns), "GrB_Matrix_new") ;
    GrB_Info info = GxB_Matrix_Option_set (G, GxB_FORMAT, GxB_BY_ROW) ;
    if (info == GrB_SUCCESS)
        info = GxB_Matrix_concat (G, tiles.data (), side_by_side ? 1 : n, side_by_side ? n : 1, nullptr) ;
    if (info != GrB_SUCCESS) GrB_Matrix_free (&G) ;
    check (info, "GxB_Matrix_concat") ;
    return G ;
}

// Copies `bytes` from `source` into `fresh`, an array just allocated and
// not yet touched (CombBLAS's new[]).  The copy faults its pages in, and
// the kernel zeroes each, which costs more than the bytes: C's arrays are
// the most a rank writes on the host (11.8 GB a rank for rmat:18's A*A on
// 4 ranks; docs/distributed.md).  So the array's 2 MiB-aligned part is
// advised huge (one fault per 2 MiB), and the faults are spread over the
// rank's OpenMP threads (as many as its binding gives), a contiguous range
// each.  CombBLAS's mallopt keeps every array on the heap, where the advice
// outlives the array; it is this program's, not the plugin's, so
// GBGPU_XFER_HUGEPAGES does not cover it.
static void copy_into_fresh (void *fresh, const void *source, size_t bytes)
{
    const size_t huge_page = (size_t) 2 << 20 ;
#if defined (MADV_HUGEPAGE)
    const uintptr_t start = ((uintptr_t) fresh + huge_page - 1) & ~(uintptr_t) (huge_page - 1) ;
    const uintptr_t end = ((uintptr_t) fresh + bytes) & ~(uintptr_t) (huge_page - 1) ;
    // advice only: where the kernel gives no huge pages the copy still runs
    if (end > start) (void) madvise ((void *) start, end - start, MADV_HUGEPAGE) ;
#endif
    const int64_t pieces = (int64_t) ((bytes + huge_page - 1) / huge_page) ;
    #pragma omp parallel for schedule(static) if (pieces > 1)
    for (int64_t k = 0 ; k < pieces ; k++)
    {
        const size_t first = (size_t) k * huge_page ;
        memcpy (static_cast <char *> (fresh) + first, static_cast <const char *> (source) + first,
            std::min (huge_page, bytes - first)) ;
    }
}

// C's block from C' (held by row), copied array by array: the sorted
// hypersparse by-row arrays of C' are C's DCSC once the empty rows of C'
// are left out (CombBLAS lists only nonempty columns).  The arrays are
// packed back, so that GraphBLAS frees them with its own allocator.
static block *block_of_transpose (GrB_Matrix Ct)
{
    GrB_Index m, n ;
    check (GrB_Matrix_ncols (&m, Ct), "GrB_Matrix_ncols") ;
    check (GrB_Matrix_nrows (&n, Ct), "GrB_Matrix_nrows") ;
    GrB_Index *Cp, *Ch, *Cj, Cp_size, Ch_size, Cj_size, Cx_size, nvec ;
    void *Cx ;
    bool iso ;
    // no jumbled flag asked for: the column ids come out sorted in each row
    check (GxB_Matrix_unpack_HyperCSR (Ct, &Cp, &Ch, &Cj, &Cx, &Cp_size, &Ch_size, &Cj_size,
        &Cx_size, &iso, &nvec, nullptr, nullptr), "GxB_Matrix_unpack_HyperCSR") ;
    const int64_t nz = (int64_t) Cp [nvec] ;
    int64_t nzc = 0 ;
    for (GrB_Index k = 0 ; k < nvec ; k++) nzc += (Cp [k + 1] > Cp [k]) ;
    auto *local = new block (nz, (int64_t) m, (int64_t) n, nzc) ;
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
        copy_into_fresh (d->ir, Cj, (size_t) nz * sizeof (int64_t)) ;
        if (iso) std::fill (d->numx, d->numx + nz, *static_cast <double *> (Cx)) ;
        else copy_into_fresh (d->numx, Cx, (size_t) nz * sizeof (double)) ;
    }
    check (GxB_Matrix_pack_HyperCSR (Ct, &Cp, &Ch, &Cj, &Cx, Cp_size, Ch_size, Cj_size, Cx_size,
        iso, nvec, false, nullptr), "GxB_Matrix_pack_HyperCSR") ;
    return local ;
}

// The block of stage `stage` from its owner along `world` (the rank's own
// when it is that owner; else a new block).
static block *receive (MPI_Comm world, block &own, int64_t **sizes, int stage, int self)
{
    block *received = &own ;
    std::vector <int64_t> ess ;
    if (stage != self)
    {
        for (int j = 0 ; j < block::esscount ; j++) ess.push_back (sizes [j][stage]) ;
        received = new block () ;
    }
    combblas::SpParHelper::BCastMatrix (world, *received, ess, stage) ;
    return received ;
}

// What a rank's product moved and held, for docs/distributed.md's model:
// the blocks it received, and all the blocks it held at the join (its own
// among them), in entries and in the bytes of a DCSC block as BCastMatrix
// sends it (8-byte column pointers and column ids for its nonempty columns,
// row ids and values for its entries).
struct volume
{
    int64_t received_entries = 0, received_bytes = 0 ;
    int64_t held_entries = 0, held_bytes = 0 ;
    void add (int64_t **sizes, int stage, bool received)
    {
        const int64_t entries = sizes [0][stage], columns = sizes [3][stage] ;   // nnz, nzc
        const int64_t bytes = (entries > 0) ? 16 * entries + 8 * (2 * columns + 1) : 0 ;
        held_entries += entries ;
        held_bytes += bytes ;
        if (!received) return ;
        received_entries += entries ;
        received_bytes += bytes ;
    }
} ;

// Where a rank's product spent its time (MPI_Wtime seconds): what the
// SUMMA costs besides the local multiply, and so what a faster GrB_mxm
// cannot take off (docs/distributed.md).  GraphBLAS is nonblocking here,
// so work a call leaves pending (a jumbled C sorted) lands in the phase
// that first needs it: C's block for the product's.
struct phases
{
    double broadcasts = 0 ;     // the blocks of the rank's row of A and column of B
    double join = 0 ;           // the blocks side by side (GxB_Matrix_concat)
    double product = 0 ;        // the one GrB_mxm
    double block = 0 ;          // C' into CombBLAS's block (block_of_transpose)
} ;

// C = A*B, given `transposed`, the semiring of C' = B'*A' (doubles in,
// doubles out): the same one where the multiply commutes, else one whose
// multiply takes its operands the other way round (PLUS_FIRST's is
// PLUS_SECOND; a positional multiply also swaps its index: FIRSTI's is
// SECONDJ).  A and B must not be the same object (as for CombBLAS's own
// product).
typedef SpParMat <int64_t, double, block> matrix ;

static matrix multiply (matrix &A, matrix &B, GrB_Semiring transposed, volume *moved,
    phases *took)
{
    int stages, dummy ;
    // ProductGrid is CommGrid's friend: found through its arguments
    std::shared_ptr <combblas::CommGrid> grid = ProductGrid (A.getcommgrid ().get (),
        B.getcommgrid ().get (), stages, dummy, dummy) ;
    MPI_Barrier (grid->GetWorld ()) ;
    int64_t **a_sizes = combblas::SpHelper::allocate2D <int64_t> (block::esscount, stages) ;
    int64_t **b_sizes = combblas::SpHelper::allocate2D <int64_t> (block::esscount, stages) ;
    combblas::SpParHelper::GetSetSizes (A.seq (), a_sizes, A.getcommgrid ()->GetRowWorld ()) ;
    combblas::SpParHelper::GetSetSizes (B.seq (), b_sizes, B.getcommgrid ()->GetColWorld ()) ;
    const int a_self = A.getcommgrid ()->GetRankInProcRow () ;
    const int b_self = B.getcommgrid ()->GetRankInProcCol () ;
    std::vector <block *> a_row (stages), b_column (stages) ;
    *moved = volume () ;
    *took = phases () ;
    double since = MPI_Wtime () ;
    // the seconds since `since`, which becomes now
    auto lap = [&since] () { const double now = MPI_Wtime (), s = now - since ; since = now ; return s ; } ;
    for (int i = 0 ; i < stages ; i++)
    {
        a_row [i] = receive (grid->GetRowWorld (), A.seq (), a_sizes, i, a_self) ;
        b_column [i] = receive (grid->GetColWorld (), B.seq (), b_sizes, i, b_self) ;
        moved->add (a_sizes, i, i != a_self) ;
        moved->add (b_sizes, i, i != b_self) ;
    }
    combblas::SpHelper::deallocate2D (a_sizes, block::esscount) ;
    combblas::SpHelper::deallocate2D (b_sizes, block::esscount) ;
    took->broadcasts = lap () ;

    // C_ij' = [B_1j' .. B_sj'] [A_i1'; .. ; A_is']
    GrB_Matrix Bt = transposes_joined (b_column, true), At = transposes_joined (a_row, false) ;
    for (int i = 0 ; i < stages ; i++)
    {
        if (i != a_self) delete a_row [i] ;
        if (i != b_self) delete b_column [i] ;
    }
    GrB_Index n, m ;
    check (GrB_Matrix_nrows (&n, Bt), "GrB_Matrix_nrows") ;
    check (GrB_Matrix_ncols (&m, At), "GrB_Matrix_ncols") ;
    GrB_Matrix Ct = nullptr ;
    check (GrB_Matrix_new (&Ct, GrB_FP64, n, m), "GrB_Matrix_new") ;
    check (GxB_Matrix_Option_set (Ct, GxB_FORMAT, GxB_BY_ROW), "GxB_Matrix_Option_set") ;
    took->join = lap () ;
    check (GrB_mxm (Ct, nullptr, nullptr, transposed, Bt, At, nullptr), "GrB_mxm") ;
    took->product = lap () ;
    GrB_Matrix_free (&Bt) ;
    GrB_Matrix_free (&At) ;
    block *local = block_of_transpose (Ct) ;
    GrB_Matrix_free (&Ct) ;
    took->block = lap () ;
    return matrix (local, grid) ;
}

}   // namespace gbgpu_summa

#endif
