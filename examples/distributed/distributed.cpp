// examples/distributed/distributed.cpp (program gbgpu-distributed): C = A*A over an MPI
// process grid with CombBLAS, each rank's local products a GrB_mxm (summa_grb.h),
// against CombBLAS's own local multiply on the same grid.
// SPDX-License-Identifier: Apache-2.0
//
//      mpirun -n P gbgpu-distributed [--cpu | --gpu] [--semiring plus_times|min_plus | --mcl] INPUT
//
// P must be a square (1, 4, 9, ...): CombBLAS 1.16's products need a square
// grid.  INPUT is a Matrix Market file or a generator spec (rmat:16, ...;
// examples/common/graph_io.h): rank 0 makes the matrix and writes it to a
// temporary Matrix Market file in the current folder, which every rank
// reads its block of (ParallelReadMM): run it from a folder every node
// sees.  Every entry is 1, so that both products are exact and must be
// equal, entry for entry.  --mcl: an expansion step of Markov clustering instead, M*M with
// M = A + I scaled to columns that sum to 1 (HipMCL's first product); its
// sums round in each product's own order, so the two must agree to a
// relative 1e-12 an entry.  --cpu/--gpu set gbgpu's policy; each rank uses
// the GPU of its rank on the node (modulo the GPUs there).  Prints both
// times, what the ranks received and held (docs/distributed.md's model
// beside it), where the SUMMA's time went (each phase's slowest rank), and
// "equal: yes", and exits 1 when the results differ.

#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <unistd.h>
#include "summa_grb.h"
extern "C" {
#include "gbgpu_optional.h"
#include "graph_io.h"
}

using gbgpu_summa::matrix ;

// MIN_PLUS for CombBLAS's own product (its MinPlusSRing does not compile for
// doubles in 1.16: inf_plus takes no two arguments).
struct min_plus_semiring
{
    typedef double T_promote ;
    static double id () { return std::numeric_limits <double>::infinity () ; }
    static bool returnedSAID () { return false ; }
    static MPI_Op mpi_op () { return MPI_MIN ; }
    static double add (const double &x, const double &y) { return std::min (x, y) ; }
    static double multiply (const double &x, const double &y) { return x + y ; }
    static void axpy (double a, const double &x, double &y) { y = std::min (y, a + x) ; }
} ;

static void usage (int status, int rank)
{
    if (rank != 0)
    {
        MPI_Finalize () ;
        exit (status) ;
    }
    fprintf (status == 0 ? stdout : stderr,
        "usage: mpirun -n P gbgpu-distributed [--cpu | --gpu] [--semiring plus_times|min_plus | --mcl] INPUT\n"
        "  C = A*A with CombBLAS (P a square), the local products by GrB_mxm through gbgpu,\n"
        "  against CombBLAS's own; A's entries are all 1.  --mcl: M*M, M = A + I with\n"
        "  columns scaled to sum to 1 (a Markov clustering expansion step).\n") ;
    MPI_Finalize () ;
    exit (status) ;
}

// Rank 0 writes the input to a temporary Matrix Market file in the current
// folder (which every node must see); every rank gets its name.
static std::string input_file (const char *spec, int rank)
{
    char path [256] = "" ;
    if (rank == 0)
    {
        double seconds ;
        GrB_Matrix A = graph_load_or_exit ("gbgpu-distributed", spec, &seconds) ;
        strcpy (path, "gbgpu-distributed-XXXXXX") ;
        int fd = mkstemp (path) ;
        if (fd < 0 || graph_write_mtx (path, A) != GrB_SUCCESS)
        {
            fprintf (stderr, "gbgpu-distributed: cannot write %s\n", path) ;
            MPI_Abort (MPI_COMM_WORLD, 1) ;
        }
        close (fd) ;
        GrB_Matrix_free (&A) ;
    }
    MPI_Bcast (path, sizeof (path), MPI_CHAR, 0, MPI_COMM_WORLD) ;
    return path ;
}

// The largest difference between X and Y relative to the larger of the two
// entries, over all ranks; 1 where their patterns differ.  Both are on the
// same grid, so each rank compares its own blocks, whose DCSC arrays are
// sorted (CombBLAS merges its product's tuples; block_of_transpose copies
// sorted rows).
static double largest_relative_difference (matrix &X, matrix &Y)
{
    auto *x = X.seq ().GetDCSC (), *y = Y.seq ().GetDCSC () ;
    double largest = 0 ;
    const int64_t nnz = X.seq ().getnnz () ;
    if (nnz != Y.seq ().getnnz ()) largest = 1 ;
    else if (nnz > 0 && (x == nullptr || y == nullptr || x->nzc != y->nzc
          || !std::equal (x->jc, x->jc + x->nzc, y->jc) || !std::equal (x->cp, x->cp + x->nzc + 1, y->cp)
          || !std::equal (x->ir, x->ir + nnz, y->ir)))
        largest = 1 ;
    else
        for (int64_t k = 0 ; k < nnz ; k++)
        {
            const double a = x->numx [k], b = y->numx [k], larger = std::max (std::fabs (a), std::fabs (b)) ;
            if (larger > 0) largest = std::max (largest, std::fabs (a - b) / larger) ;
        }
    MPI_Allreduce (MPI_IN_PLACE, &largest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD) ;
    return largest ;
}

// The rank's number on its node: which GPU it takes.
static int local_rank ()
{
    MPI_Comm node ;
    int rank = 0 ;
    MPI_Comm_split_type (MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) ;
    MPI_Comm_rank (node, &rank) ;
    MPI_Comm_free (&node) ;
    return rank ;
}

int main (int argc, char **argv)
{
    int provided, rank, ranks ;
    MPI_Init_thread (&argc, &argv, MPI_THREAD_SERIALIZED, &provided) ;
    MPI_Comm_rank (MPI_COMM_WORLD, &rank) ;
    MPI_Comm_size (MPI_COMM_WORLD, &ranks) ;
    int policy = -1 ;
    bool min_plus = false, mcl = false ;
    const char *spec = nullptr ;
    for (int k = 1 ; k < argc ; k++)
    {
        if (strcmp (argv [k], "--cpu") == 0) policy = GBGPU_POLICY_CPU ;
        else if (strcmp (argv [k], "--gpu") == 0) policy = GBGPU_POLICY_GPU ;
        else if (strcmp (argv [k], "--semiring") == 0 && k + 1 < argc)
        {
            const char *name = argv [++k] ;
            if (strcmp (name, "min_plus") == 0) min_plus = true ;
            else if (strcmp (name, "plus_times") != 0) usage (EXIT_FAILURE, rank) ;
        }
        else if (strcmp (argv [k], "--mcl") == 0) mcl = true ;
        else if (strcmp (argv [k], "--help") == 0 || strcmp (argv [k], "-h") == 0) usage (0, rank) ;
        else if (argv [k][0] == '-' || spec != nullptr) usage (EXIT_FAILURE, rank) ;
        else spec = argv [k] ;
    }
    if (spec == nullptr || (mcl && min_plus)) usage (EXIT_FAILURE, rank) ;
    if (GrB_init (GrB_NONBLOCKING) != GrB_SUCCESS) MPI_Abort (MPI_COMM_WORLD, 1) ;
    gbgpu_optional_apply_policy ("gbgpu-distributed", policy) ;
    gbgpu_optional_use_device_of (local_rank ()) ;
    // each rank's device starts before the timed products (0.4 s a rank on the
    // two-H200 host, where it was paid inside the first timed GrB_mxm)
    gbgpu_optional_start_device (rank == 0 ? stdout : nullptr) ;
    bool equal = false ;
    {
        const std::string path = input_file (spec, rank) ;
        auto grid = std::make_shared <combblas::CommGrid> (MPI_COMM_WORLD, 0, 0) ;
        matrix A (grid) ;
        A.ParallelReadMM (path, true, combblas::maximum <double> ()) ;
        MPI_Barrier (MPI_COMM_WORLD) ;     // every rank has read it
        if (rank == 0) unlink (path.c_str ()) ;
        A.Apply ([] (double) { return 1.0 ; }) ;
        if (mcl)
        {
            A.AddLoops (1.0, true) ;
            combblas::FullyDistVec <int64_t, double> sums = A.Reduce (combblas::Column,
                std::plus <double> (), 0.0) ;
            sums.Apply (combblas::safemultinv <double> ()) ;
            A.DimApply (combblas::Column, sums, std::multiplies <double> ()) ;
        }
        matrix B (A) ;      // the products take two objects

        MPI_Barrier (MPI_COMM_WORLD) ;
        double start = MPI_Wtime () ;
        matrix C_combblas = min_plus
            ? combblas::Mult_AnXBn_Synch <min_plus_semiring, double,
                combblas::SpDCCols <int64_t, double>> (A, B)
            : combblas::Mult_AnXBn_Synch <combblas::PlusTimesSRing <double, double>, double,
                combblas::SpDCCols <int64_t, double>> (A, B) ;
        MPI_Barrier (MPI_COMM_WORLD) ;
        double combblas_seconds = MPI_Wtime () - start ;

        gbgpu_stats_t before = gbgpu_optional_stats () ;
        start = MPI_Wtime () ;
        // both multiplies commute: each semiring serves the transposed product
        gbgpu_summa::volume moved ;
        gbgpu_summa::phases took ;
        matrix C = gbgpu_summa::multiply (A, B,
            min_plus ? GrB_MIN_PLUS_SEMIRING_FP64 : GrB_PLUS_TIMES_SEMIRING_FP64, &moved, &took) ;
        MPI_Barrier (MPI_COMM_WORLD) ;
        double grb_seconds = MPI_Wtime () - start ;
        gbgpu_stats_t after = gbgpu_optional_stats () ;

        const double difference = largest_relative_difference (C, C_combblas) ;
        equal = (difference <= (mcl ? 1e-12 : 0)) ;
        char where [512] ;
        gbgpu_optional_describe (where, sizeof (where), &before, &after) ;
        // collective calls: every rank makes them
        const int64_t a_entries = A.getnnz (), c_entries = C.getnnz () ;
        const int64_t nrows = A.getnrow (), ncols = A.getncol () ;
        int64_t mine [4] = { moved.received_entries, moved.received_bytes, moved.held_entries,
                             moved.held_bytes }, sum [4], most [4] ;
        MPI_Reduce (mine, sum, 4, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD) ;
        MPI_Reduce (mine, most, 4, MPI_INT64_T, MPI_MAX, 0, MPI_COMM_WORLD) ;
        double seconds [4] = { took.broadcasts, took.join, took.product, took.block }, slowest [4] ;
        MPI_Reduce (seconds, slowest, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD) ;
        if (rank == 0)
        {
            printf ("input      %s: %lld x %lld, %lld entries; %d ranks (%d x %d grid)\n", spec,
                (long long) nrows, (long long) ncols, (long long) a_entries, ranks,
                grid->GetGridRows (), grid->GetGridCols ()) ;
            printf ("product    C = %s over %s: %lld entries\n", mcl ? "M*M, M = A + I by columns summing to 1"
                : "A*A", min_plus ? "MIN_PLUS" : "PLUS_TIMES", (long long) c_entries) ;
            printf ("combblas   %.6f s (its own local multiply)\n", combblas_seconds) ;
            printf ("GrB_mxm    %.6f s (local products by GrB_mxm; rank 0: %s)\n", grb_seconds, where) ;
            printf ("phases     per rank, most: broadcasts %.3f s, join %.3f s, GrB_mxm %.3f s, "
                "C's block %.3f s\n", slowest [0], slowest [1], slowest [2], slowest [3]) ;
            // docs/distributed.md's model: a rank receives sqrt(p) - 1 blocks of
            // A and as many of B, each about E/p entries
            const double root = grid->GetGridRows () ;
            printf ("moved      per rank, mean (most): received %.4g entries (%.4g), %.4g MB (%.4g); "
                "blocks held at the join %.4g entries (%.4g), %.4g MB (%.4g); model: received "
                "2E(sqrt(p)-1)/p = %.4g entries, held 2E/sqrt(p) = %.4g\n",
                (double) sum [0] / ranks, (double) most [0], sum [1] / 1e6 / ranks, most [1] / 1e6,
                (double) sum [2] / ranks, (double) most [2], sum [3] / 1e6 / ranks, most [3] / 1e6,
                2.0 * a_entries * (root - 1) / ranks, 2.0 * a_entries / root) ;
            printf ("equal: %s (largest relative difference %.3g)\n", equal ? "yes" : "no", difference) ;
        }
    }
    GrB_finalize () ;
    MPI_Finalize () ;
    return equal ? 0 : 1 ;
}
