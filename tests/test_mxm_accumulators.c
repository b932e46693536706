// tests/test_mxm_accumulators.c: every accumulator of the kernels gives the
// library's result, and the selector sends rows where it should (GPU test:
// exits 77 without a usable device).
// SPDX-License-Identifier: Apache-2.0
//
// This test calls the kernel-level interface (gbgpu_cuda_upload,
// gbgpu_cuda_spgemm with a profile, gbgpu_cuda_download) so that the
// profile's per-bin row counts prove which accumulator ran: a test that
// passed because every row went to the hash tables would prove nothing
// about the segmented merge.  For each accumulator setting (the test and
// tuning knob GBGPU_ACCUMULATOR, set here through gbgpu_cuda_configure: auto,
// and each accumulator the registry, kernels/accumulators.h, marks
// forcible: hash, dense, merge), each shape and each semiring: C = A*B on
// the device must equal SuiteSparse's own GrB_mxm (exact, or within a
// tolerance for floating PLUS/TIMES), its rows must come back sorted, and
// the bins must be the expected ones:
//
//   auto, "few long rows of B": rows with one entry of A go to the copy bin,
//       rows with a few go to the merge bin;
//   auto, "rows of a few products": some rows go to the shuffle bin;
//   auto, the same with B's rows stored unsorted: neither copy nor merge
//       (they read B's rows as sorted runs), and the result is still right;
//   a forced accumulator: every nonempty row in its bins, in both phases
//       (hash: its shared and global bins; merge: whatever a row's number
//       of segments).
//
// Semirings: every monoid, and multiply ops whose operand order matters
// (MINUS, DIV, FIRST, SECOND), positional ones, and pattern-only products.
//
// And masked products wider than a dense value chunk, T<M> and T<!M>, under
// auto and with the dense accumulator forced: C<M> = A*B and
// C<!M,struct> = A*B by the library.  Auto must send no row to copy, merge
// or shuffle (they take unmasked products only) and some to the dense
// accumulator.

#define _POSIX_C_SOURCE 200809L
#include "test_support.h"
#include "gbgpu_cuda.h"

#include <stdlib.h>
#include <string.h>

//------------------------------------------------------------------------------
// the cases
//------------------------------------------------------------------------------

static const gbgpu_semiring semirings [ ] =
{
    { GBGPU_ADD_PLUS,  GBGPU_MULT_TIMES,   GBGPU_TYPE_FP64 },
    { GBGPU_ADD_PLUS,  GBGPU_MULT_TIMES,   GBGPU_TYPE_INT32 },
    { GBGPU_ADD_PLUS,  GBGPU_MULT_MINUS,   GBGPU_TYPE_FP32 },
    { GBGPU_ADD_PLUS,  GBGPU_MULT_DIV,     GBGPU_TYPE_INT64 },
    { GBGPU_ADD_TIMES, GBGPU_MULT_PLUS,    GBGPU_TYPE_INT32 },
    { GBGPU_ADD_TIMES, GBGPU_MULT_FIRST,   GBGPU_TYPE_UINT32 },
    { GBGPU_ADD_MIN,   GBGPU_MULT_PLUS,    GBGPU_TYPE_INT64 },
    { GBGPU_ADD_MIN,   GBGPU_MULT_MINUS,   GBGPU_TYPE_FP64 },
    { GBGPU_ADD_MAX,   GBGPU_MULT_SECOND,  GBGPU_TYPE_UINT64 },
    { GBGPU_ADD_MAX,   GBGPU_MULT_DIV,     GBGPU_TYPE_FP32 },
    { GBGPU_ADD_PLUS,  GBGPU_MULT_PAIR,    GBGPU_TYPE_INT64 },
    { GBGPU_ADD_ANY,   GBGPU_MULT_PAIR,    GBGPU_TYPE_BOOL },
    { GBGPU_ADD_LOR,   GBGPU_MULT_LAND,    GBGPU_TYPE_BOOL },
    { GBGPU_ADD_LAND,  GBGPU_MULT_LOR,     GBGPU_TYPE_BOOL },
    { GBGPU_ADD_LXOR,  GBGPU_MULT_LXOR,    GBGPU_TYPE_BOOL },
    { GBGPU_ADD_EQ,    GBGPU_MULT_FIRST,   GBGPU_TYPE_BOOL },
    { GBGPU_ADD_MIN,   GBGPU_MULT_SECONDI, GBGPU_TYPE_INT32 },
    { GBGPU_ADD_MIN,   GBGPU_MULT_SECONDJ, GBGPU_TYPE_INT64 },
} ;
#define NSEMIRINGS ((int) (sizeof (semirings) / sizeof (semirings [0])))

// The masked cases' semirings: value chunks of 8 and 4 bytes, a terminal
// monoid, a positional multiply (the column of a chunk's product), and a
// pattern-only product (no value chunks).
static const gbgpu_semiring masked_semirings [ ] =
{
    { GBGPU_ADD_PLUS,  GBGPU_MULT_TIMES,   GBGPU_TYPE_FP64 },
    { GBGPU_ADD_PLUS,  GBGPU_MULT_TIMES,   GBGPU_TYPE_INT32 },
    { GBGPU_ADD_LOR,   GBGPU_MULT_LAND,    GBGPU_TYPE_BOOL },
    { GBGPU_ADD_MIN,   GBGPU_MULT_SECONDJ, GBGPU_TYPE_INT64 },
    { GBGPU_ADD_ANY,   GBGPU_MULT_PAIR,    GBGPU_TYPE_BOOL },
} ;
#define NMASKED_SEMIRINGS ((int) (sizeof (masked_semirings) / sizeof (masked_semirings [0])))

typedef struct
{
    const char *name ;
    GrB_Index m, k, n ;         // C (m x n) = A (m x k) * B (k x n)
    double a_density, b_density ;
}
shape ;

// Few long rows of B per row of A: ~2.4 entries in a row of A, ~2400 in a
// row of B, so a row of C has ~1 to 6 segments of ~2400 products (merge and
// copy under auto; the rows with the most segments overlap enough to go back
// to a hash table in the numeric phase).  And a plain random product, with
// many short segments per row.  And rows of C wider than one of the dense
// accumulator's value chunks in shared memory (12288 columns for 8-byte
// values on an H100): ~6000 entries over 40000 columns, several chunks, and
// more rows than the dense kernel runs blocks (264 on an H100), so that a
// block takes several rows and each must leave its chunk clean.
// And rows of a few products (~2.4 entries a row of A and of B, ~6
// products a row over 60 columns, so that some share a column), as road
// networks have: the shuffle bin's.
static const shape shapes [ ] =
{
    { "few long rows of B", 60,  40, 6000, 0.06, 0.40 },
    { "many short rows",   300, 200,  250, 0.05, 0.05 },
    { "wider than a dense chunk", 600, 30, 40000, 0.10, 0.05 },
    { "rows of a few products", 400, 300, 60, 0.008, 0.04 },
} ;
#define NSHAPES ((int) (sizeof (shapes) / sizeof (shapes [0])))

// The masked cases' shape: as wide, and more rows than the dense kernel
// runs blocks (two a multiprocessor: 264 on an H100), so that a block takes
// several rows and each must leave the states clean for the next.
static const shape masked_shape = { "masked, wider than a dense chunk", 600, 30, 40000, 0.10, 0.01 } ;

typedef enum { EXPECT_AUTO, EXPECT_AUTO_UNSORTED, EXPECT_FORCED } expectation ;

static const struct
{
    const char *knob ;
    gbgpu_cuda_accumulator accumulator ;
    expectation expect ;
    gbgpu_accumulator forced ;      // EXPECT_FORCED: the one every row gets
    bool unsorted_B ;
}
settings [ ] =
{
    { "auto", GBGPU_CUDA_ACCUMULATOR_AUTO, EXPECT_AUTO,          GBGPU_ACCUMULATOR_COUNT, false },
    { "auto", GBGPU_CUDA_ACCUMULATOR_AUTO, EXPECT_AUTO_UNSORTED, GBGPU_ACCUMULATOR_COUNT, true },
    #define FORCED_SETTING(NAME, name, BIN, bin, kernel, launcher, counted, forcible) \
        GBGPU_IF (forcible, { #name, GBGPU_CUDA_ACCUMULATOR_ ## NAME, EXPECT_FORCED,  \
            GBGPU_ACCUMULATOR_ ## NAME, false },)
    GBGPU_ACCUMULATORS (FORCED_SETTING)
    #undef FORCED_SETTING
} ;
#define NSETTINGS ((int) (sizeof (settings) / sizeof (settings [0])))

// The settings the masked cases run under: auto (B sorted), and the dense
// accumulator forced, whose chunks have the masked variants under test.
static bool masked_setting (int setting)
{
    return (settings [setting].expect == EXPECT_AUTO)
        || (settings [setting].expect == EXPECT_FORCED
            && settings [setting].forced == GBGPU_ACCUMULATOR_DENSE) ;
}

// The accumulator of a bin (kernels/accumulators.h), GBGPU_ACCUMULATOR_COUNT
// for empty rows.
static gbgpu_accumulator accumulator_of_bin (int bin)
{
    if (bin < GBGPU_SHARED_HASH_BINS) return GBGPU_ACCUMULATOR_HASH ;
    #define OWN_BIN(NAME, name, BIN, bin_name, kernel, launcher, counted, forcible) \
        if (bin == GBGPU_BIN_ ## BIN) return GBGPU_ACCUMULATOR_ ## NAME ;
    GBGPU_ACCUMULATORS (OWN_BIN)
    #undef OWN_BIN
    return GBGPU_ACCUMULATOR_COUNT ;
}

// The rows of a phase's bins that belong to accumulator a.
static int64_t rows_of (const gbgpu_cuda_bin_profile *bins, gbgpu_accumulator a)
{
    int64_t rows = 0 ;
    for (int b = 0 ; b < GBGPU_CUDA_BINS ; b++) if (accumulator_of_bin (b) == a) rows += bins [b].rows ;
    return rows ;
}

//------------------------------------------------------------------------------
// host CSR of a matrix, and a matrix from a device result
//------------------------------------------------------------------------------

typedef struct
{
    GrB_Index nrows, ncols ;
    uint64_t *p, *j ;
    void *x ;
    size_t size ;
}
host_csr ;

static void host_csr_free (host_csr *h)
{
    free (h->p) ; free (h->j) ; free (h->x) ;
    memset (h, 0, sizeof (*h)) ;
}

// The CSR of A (sorted rows); reversed: each row's entries in reverse order.
static void host_csr_of (host_csr *h, GrB_Matrix A, bool reversed)
{
    ts_content c ;
    ts_content_get (&c, A) ;
    h->nrows = c.nrows ;
    h->ncols = c.ncols ;
    h->size = c.size ;
    h->p = calloc (c.nrows + 1, sizeof (uint64_t)) ;
    h->j = malloc ((c.nvals + 1) * sizeof (uint64_t)) ;
    h->x = malloc ((c.nvals + 1) * c.size) ;
    if (!h->p || !h->j || !h->x) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (GrB_Index e = 0 ; e < c.nvals ; e++) h->p [c.I [e] + 1]++ ;
    for (GrB_Index i = 0 ; i < c.nrows ; i++) h->p [i+1] += h->p [i] ;
    for (GrB_Index i = 0 ; i < c.nrows ; i++)
    {
        for (uint64_t e = h->p [i] ; e < h->p [i+1] ; e++)
        {
            uint64_t from = reversed ? h->p [i+1] - 1 - (e - h->p [i]) : e ;
            h->j [e] = c.J [from] ;
            memcpy ((char *) h->x + e * c.size, (char *) c.X + from * c.size, c.size) ;
        }
    }
    ts_content_free (&c) ;
}

static GrB_Info build (GrB_Matrix C, const GrB_Index *I, const GrB_Index *J,
    const void *X, GrB_Index n, gbgpu_type t)
{
    switch (t)
    {
        case GBGPU_TYPE_BOOL:   return GrB_Matrix_build_BOOL   (C, I, J, X, n, GrB_FIRST_BOOL) ;
        case GBGPU_TYPE_INT32:  return GrB_Matrix_build_INT32  (C, I, J, X, n, GrB_FIRST_INT32) ;
        case GBGPU_TYPE_INT64:  return GrB_Matrix_build_INT64  (C, I, J, X, n, GrB_FIRST_INT64) ;
        case GBGPU_TYPE_UINT32: return GrB_Matrix_build_UINT32 (C, I, J, X, n, GrB_FIRST_UINT32) ;
        case GBGPU_TYPE_UINT64: return GrB_Matrix_build_UINT64 (C, I, J, X, n, GrB_FIRST_UINT64) ;
        case GBGPU_TYPE_FP32:   return GrB_Matrix_build_FP32   (C, I, J, X, n, GrB_FIRST_FP32) ;
        default:                return GrB_Matrix_build_FP64   (C, I, J, X, n, GrB_FIRST_FP64) ;
    }
}

// The device result as a GrB_Matrix; false (with why) when a row is unsorted.
// Every other download writes with streaming stores (as into resident pages:
// here the arrays are fresh, which only costs speed), one element past the
// allocation's 16-byte alignment, so that the stores' unaligned heads and
// tails are checked for every value size.
static bool matrix_of_result (GrB_Matrix *C, const gbgpu_dev_result *T,
    gbgpu_type t, char *why, size_t why_size)
{
    static int downloads = 0 ;
    const int streamed = (downloads++ % 2) ;
    size_t size = gbgpu_type_size (t) ;
    GrB_Index n = (GrB_Index) T->nvals ;
    uint64_t *p_room = malloc ((T->nrows + 2) * sizeof (uint64_t)) ;
    GrB_Index *I = malloc ((n + 1) * sizeof (GrB_Index)) ;
    uint64_t *J_room = malloc ((n + 2) * sizeof (uint64_t)) ;
    char *X_room = malloc ((n + 2) * size) ;
    if (!p_room || !I || !J_room || !X_room) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    uint64_t *p = p_room + streamed, *J = J_room + streamed ;
    char *X = X_room + streamed * size ;
    bool ok = ts_check (gbgpu_cuda_download (T, p, J, X, streamed) == GBGPU_CUDA_OK,
        "gbgpu_cuda_download: %s", gbgpu_cuda_last_error ()) ;
    for (int64_t i = 0 ; ok && i < T->nrows ; i++)
    {
        for (uint64_t e = p [i] ; e < p [i+1] ; e++)
        {
            I [e] = (GrB_Index) i ;
            if (e > p [i] && J [e-1] >= J [e])
            {
                snprintf (why, why_size, "row %lld not sorted at %llu", (long long) i,
                    (unsigned long long) e) ;
                ok = false ;
                break ;
            }
        }
    }
    // an iso result brings one value
    for (GrB_Index e = 1 ; ok && T->iso && e < n ; e++) memcpy (X + e * size, X, size) ;
    TS_OK (GrB_Matrix_new (C, ts_type (t), T->nrows, T->ncols)) ;
    if (ok) TS_OK (build (*C, I, J, X, n, t)) ;
    free (p_room) ; free (I) ; free (J_room) ; free (X_room) ;
    return ok ;
}

//------------------------------------------------------------------------------
// the mask of the masked cases
//------------------------------------------------------------------------------

// A mask for the library, and its pattern on the device (the kernels read
// no mask values).
typedef struct
{
    GrB_Matrix M ;
    gbgpu_dev_csr d ;
}
device_mask ;

// a grown to room entries (exits when out of memory).
static GrB_Index *grown (GrB_Index *a, GrB_Index room)
{
    GrB_Index *b = realloc (a, room * sizeof (GrB_Index)) ;
    if (b == NULL) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    return b ;
}

// Row i of the mask, by i % 4: random over the whole width; a band of
// columns [4096, 8192), half of them, inside the first chunk (T<M>: the
// other chunks hold no mask column, and are skipped); empty (T<M>: an empty
// row; T<!M>: an unmasked one); every column below 16384, which covers the
// first chunk of 8-byte values (T<!M>: that chunk holds only the left-out
// columns' states, which its skip must clear).  Every value true, so that
// C<M> is C<M,struct>, as the kernels compute it.
static void device_mask_make (device_mask *mask, GrB_Index m, GrB_Index n, uint64_t seed)
{
    ts_rng rng = ts_rng_new (seed) ;
    GrB_Index count = 0, room = 0 ;
    GrB_Index *I = NULL, *J = NULL ;
    for (GrB_Index i = 0 ; i < m ; i++)
    {
        for (GrB_Index j = 0 ; j < n ; j++)
        {
            bool in ;
            switch (i % 4)
            {
                case 0:  in = ts_rng_uniform (&rng) < 0.10 ; break ;
                case 1:  in = j >= 4096 && j < 8192 && ts_rng_uniform (&rng) < 0.5 ; break ;
                case 2:  in = false ; break ;
                default: in = j < 16384 ; break ;
            }
            if (!in) continue ;
            if (count == room)
            {
                room = room ? 2 * room : (GrB_Index) 1 << 20 ;
                I = grown (I, room) ;
                J = grown (J, room) ;
            }
            I [count] = i ;
            J [count] = j ;
            count++ ;
        }
    }
    bool *X = malloc ((count + 1) * sizeof (bool)) ;
    if (X == NULL) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (GrB_Index e = 0 ; e < count ; e++) X [e] = true ;
    TS_OK (GrB_Matrix_new (&mask->M, GrB_BOOL, m, n)) ;
    TS_OK (GrB_Matrix_build_BOOL (mask->M, I, J, X, count, GrB_LOR)) ;
    free (I) ; free (J) ; free (X) ;

    host_csr h ;
    host_csr_of (&h, mask->M, false) ;
    memset (&mask->d, 0, sizeof (mask->d)) ;
    if (gbgpu_cuda_upload (&mask->d, (int64_t) h.nrows, (int64_t) h.ncols, h.p, h.j,
            NULL, h.size, false) != GBGPU_CUDA_OK)
    {
        fprintf (stderr, "mask upload: %s\n", gbgpu_cuda_last_error ()) ;
        exit (1) ;
    }
    host_csr_free (&h) ;
}

static void device_mask_free (device_mask *mask)
{
    gbgpu_cuda_free_csr (&mask->d) ;
    GrB_Matrix_free (&mask->M) ;
}

//------------------------------------------------------------------------------
// the bins a setting must produce
//------------------------------------------------------------------------------

// An accumulator's name, "empty" for GBGPU_ACCUMULATOR_COUNT.
static const char *accumulator_name (int a)
{
    #define ACCUMULATOR_NAME(NAME, name, BIN, bin, kernel, launcher, counted, forcible) #name,
    static const char *const names [ ] = { GBGPU_ACCUMULATORS (ACCUMULATOR_NAME) "empty" } ;
    #undef ACCUMULATOR_NAME
    return names [a] ;
}

// false with why when the profile's bins are not what the setting must give.
static bool bins_as_expected (const gbgpu_cuda_profile *pr, int setting,
    const shape *h, GrB_Index m, bool masked, char *why, size_t why_size)
{
    const expectation expect = settings [setting].expect ;
    const gbgpu_cuda_bin_profile *phases [2] = { pr->symbolic, pr->numeric } ;
    for (int phase = 0 ; phase < 2 ; phase++)
    {
        const gbgpu_cuda_bin_profile *bins = phases [phase] ;
        const char *name = phase ? "numeric" : "symbolic" ;
        int64_t total = 0 ;
        for (int b = 0 ; b < GBGPU_CUDA_BINS ; b++) total += bins [b].rows ;
        int64_t busy = (int64_t) m - bins [GBGPU_BIN_EMPTY].rows ;
        const char *wrong = NULL ;
        if (total != (int64_t) m) wrong = "rows in all bins != rows of C" ;
        else if (expect == EXPECT_AUTO && h == &shapes [0]
            && (bins [GBGPU_BIN_COPY].rows == 0 || bins [GBGPU_BIN_MERGE].rows == 0))
            wrong = "no row copied or no row merged" ;
        else if (expect == EXPECT_AUTO && h == &shapes [3] && bins [GBGPU_BIN_SHUFFLE].rows == 0)
            wrong = "no row shuffled" ;
        else if (expect == EXPECT_AUTO && masked
            && (bins [GBGPU_BIN_COPY].rows + bins [GBGPU_BIN_MERGE].rows
                + bins [GBGPU_BIN_SHUFFLE].rows > 0
                || rows_of (bins, GBGPU_ACCUMULATOR_DENSE) == 0))
            wrong = "masked: a row copied, merged or shuffled, or none dense" ;
        else if (expect == EXPECT_AUTO_UNSORTED
            && bins [GBGPU_BIN_COPY].rows + bins [GBGPU_BIN_MERGE].rows > 0)
            wrong = "a row copied or merged" ;
        else if (expect == EXPECT_FORCED && rows_of (bins, settings [setting].forced) != busy)
            wrong = "a nonempty row not on the forced accumulator" ;
        else
        {
            // per_bin: the bins that ran kernels took some time (the
            // symbolic copy bin and empty rows run none); else no time
            bool kernels = false ;
            float ms = 0 ;
            for (int b = 0 ; b < GBGPU_CUDA_BINS ; b++)
            {
                kernels |= bins [b].rows > 0 && b != GBGPU_BIN_EMPTY && !(phase == 0 && b == GBGPU_BIN_COPY) ;
                ms += bins [b].ms ;
            }
            if (pr->per_bin && kernels && !(ms > 0)) wrong = "bins ran, no time measured" ;
            if (!pr->per_bin && ms != 0) wrong = "bins timed without per_bin" ;
        }
        if (wrong != NULL)
        {
            int at = snprintf (why, why_size, "%s bins: %s (", name, wrong) ;
            for (int a = 0 ; a <= GBGPU_ACCUMULATOR_COUNT && at > 0 && (size_t) at < why_size ; a++)
            {
                at += snprintf (why + at, why_size - (size_t) at, "%s %lld%s",
                    accumulator_name (a), (long long) rows_of (bins, (gbgpu_accumulator) a),
                    a < GBGPU_ACCUMULATOR_COUNT ? ", " : ")") ;
            }
            return false ;
        }
    }
    return true ;
}

//------------------------------------------------------------------------------
// one case
//------------------------------------------------------------------------------

// mask NULL: T = A*B; else T<M> = A*B, or T<!M> with complement.
static bool run_case (gbgpu_semiring code, const shape *h, int setting,
    const device_mask *mask, bool complement, uint64_t seed, char *why, size_t why_size)
{
    GrB_Type type = ts_type (code.type) ;
    ts_matrix_spec a = ts_spec (type, h->m, h->k, h->a_density, ts_seed_mix (seed, 1)) ;
    ts_matrix_spec b = ts_spec (type, h->k, h->n, h->b_density, ts_seed_mix (seed, 2)) ;
    GrB_Matrix A, B, R, C = NULL ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    GrB_Semiring semiring ;
    TS_OK (ts_semiring_new (&semiring, code)) ;
    TS_OK (GrB_Matrix_new (&R, type, h->m, h->n)) ;
    TS_OK (ts_mxm_under (GBGPU_POLICY_CPU, NULL, R, mask ? mask->M : NULL, NULL, semiring, A, B,
        complement ? GrB_DESC_SC : NULL)) ;

    host_csr hA, hB ;
    host_csr_of (&hA, A, false) ;
    host_csr_of (&hB, B, settings [setting].unsorted_B) ;
    bool reads_a = GBGPU_MULT_READS_A (code.mult), reads_b = GBGPU_MULT_READS_B (code.mult) ;
    gbgpu_dev_csr dA, dB ;
    memset (&dA, 0, sizeof (dA)) ;
    memset (&dB, 0, sizeof (dB)) ;
    gbgpu_dev_result T ;
    memset (&T, 0, sizeof (T)) ;
    gbgpu_cuda_profile profile ;
    memset (&profile, 0, sizeof (profile)) ;
    profile.per_bin = (seed % 2 == 0) ;     // half the cases time the bins too
    bool ok = true ;
    if (gbgpu_cuda_upload (&dA, (int64_t) hA.nrows, (int64_t) hA.ncols, hA.p, hA.j,
            reads_a ? hA.x : NULL, hA.size, false) != GBGPU_CUDA_OK
     || gbgpu_cuda_upload (&dB, (int64_t) hB.nrows, (int64_t) hB.ncols, hB.p, hB.j,
            reads_b ? hB.x : NULL, hB.size, false) != GBGPU_CUDA_OK)
    {
        snprintf (why, why_size, "upload: %s", gbgpu_cuda_last_error ()) ;
        ok = false ;
    }
    if (ok)
    {
        gbgpu_cuda_knobs knobs = gbgpu_cuda_current_knobs () ;
        gbgpu_cuda_knobs forced = knobs ;
        forced.accumulator = settings [setting].accumulator ;
        gbgpu_cuda_configure (&forced) ;
        gbgpu_cuda_status s = gbgpu_cuda_spgemm (&T, code, mask ? &mask->d : NULL, complement,
            &dA, &dB, &profile) ;
        gbgpu_cuda_configure (&knobs) ;
        if (s != GBGPU_CUDA_OK)
        {
            snprintf (why, why_size, "gbgpu_cuda_spgemm: %s", gbgpu_cuda_last_error ()) ;
            ok = false ;
        }
    }
    if (ok) ok = bins_as_expected (&profile, setting, h, h->m, mask != NULL, why, why_size) ;
    if (ok) ok = matrix_of_result (&C, &T, code.type, why, why_size) ;
    if (ok)
    {
        bool inexact = ts_type_is_float (type)
            && (code.add == GBGPU_ADD_PLUS || code.add == GBGPU_ADD_TIMES) ;
        ok = ts_same_content (C, R, ts_tolerance (type, inexact), why, why_size) ;
    }
    gbgpu_cuda_free_result (&T) ;
    gbgpu_cuda_free_csr (&dA) ;
    gbgpu_cuda_free_csr (&dB) ;
    host_csr_free (&hA) ;
    host_csr_free (&hB) ;
    ts_semiring_free (&semiring) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&R) ; GrB_Matrix_free (&C) ;
    return ok ;
}

// test_mxm_accumulators [N]: only the first N semirings of each list
// (racecheck takes minutes for what runs in seconds without it).
int main (int argc, char **argv)
{
    ts_start () ;
    ts_require_device () ;
    const int nsemirings = (argc > 1 && atoi (argv [1]) > 0 && atoi (argv [1]) < NSEMIRINGS)
        ? atoi (argv [1]) : NSEMIRINGS ;
    const int nmasked = (nsemirings < NMASKED_SEMIRINGS) ? nsemirings : NMASKED_SEMIRINGS ;
    double t0 = ts_seconds () ;
    for (int setting = 0 ; setting < NSETTINGS ; setting++)
    {
        for (int h = 0 ; h < NSHAPES ; h++)
        {
            for (int s = 0 ; s < nsemirings ; s++)
            {
                char name [96], why [600] = "" ;
                uint64_t seed = ts_seed_mix ((uint64_t) (setting * 1000 + h), (uint64_t) s) ;
                bool ok = run_case (semirings [s], &shapes [h], setting, NULL, false, seed,
                    why, sizeof (why)) ;
                ts_check (ok, "GBGPU_ACCUMULATOR=%s%s, %s, %s: %s", settings [setting].knob,
                    settings [setting].unsorted_B ? " (B unsorted)" : "", shapes [h].name,
                    ts_semiring_name (semirings [s], name, sizeof (name)), why) ;
            }
        }
    }
    double t1 = ts_seconds () ;
    device_mask mask ;
    device_mask_make (&mask, masked_shape.m, masked_shape.n, ts_seed_mix (7, 7)) ;
    int masked_cases = 0 ;
    for (int setting = 0 ; setting < NSETTINGS ; setting++)
    {
        if (!masked_setting (setting)) continue ;
        for (int complement = 0 ; complement <= 1 ; complement++)
        {
            for (int s = 0 ; s < nmasked ; s++)
            {
                char name [96], why [600] = "" ;
                uint64_t seed = ts_seed_mix ((uint64_t) (setting * 1000 + 100 + complement), (uint64_t) s) ;
                bool ok = run_case (masked_semirings [s], &masked_shape, setting, &mask,
                    complement, seed, why, sizeof (why)) ;
                ts_check (ok, "GBGPU_ACCUMULATOR=%s, %s, %s: %s", settings [setting].knob,
                    complement ? "T<!M>" : "T<M>",
                    ts_semiring_name (masked_semirings [s], name, sizeof (name)), why) ;
                masked_cases++ ;
            }
        }
    }
    device_mask_free (&mask) ;
    printf ("%d settings x %d shapes x %d semirings, %.1f s; %d masked cases, %.1f s\n",
        NSETTINGS, NSHAPES, nsemirings, t1 - t0, masked_cases, ts_seconds () - t1) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
