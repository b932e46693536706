// tests/test_host.c: what gbgpu must do on every machine, GPU or not (the CI test).
// SPDX-License-Identifier: Apache-2.0
//
// - GrB_mxm is gbgpu's (interposed), and counts every call it sees;
// - the policy and the device decide the path, and the counters say which
//   one ran: CPU policy -> "policy"; no device -> "no device"; a semiring,
//   operator or type the GPU lacks -> "semiring" or "type", or "no
//   definition" for user ones made without a C definition (built-in
//   combinations outside the table are compiled at run time), dimensions past
//   32-bit column indices -> "dimension" (on a machine with a device;
//   without one "no device" comes first);
// - whatever path ran, the result is the library's (checked against an
//   independent product computed here, or against the CPU policy's result);
// - bad input (NULL, freed or uninitialized objects, dimension and domain
//   mismatches, a positional accumulator) returns what the library's own
//   GrB_mxm returns, through GrB_mxm and gbgpu_mxm under the policies gpu and
//   cpu; nothing runs on the GPU, and no operand (C included) changes
//   content, format or sparsity control; descriptor values the library
//   refuses leave the descriptor as it was.
// (Options and stats calls: test_host_options.c.)
//
// Every assertion holds with and without a usable device.

#define _GNU_SOURCE
#include "test_support.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static bool device ;        // gbgpu_device_available () at the start
static char why [512] ;

#define DELEGATED(r) TS_PATH_DELEGATED (GBGPU_DELEGATED_ ## r)

// A table semiring on valid input, under the GPU policy.
static unsigned gpu_or_no_device (void)
{
    return device ? TS_PATH_GPU : DELEGATED (NO_DEVICE) ;
}

// Something the GPU does not compute, under the GPU policy (a user type or
// operator made without a C definition: "no definition").
static unsigned not_on_gpu (void)
{
    return device ? (DELEGATED (SEMIRING) | DELEGATED (TYPE) | DELEGATED (NO_DEFINITION))
                  : DELEGATED (NO_DEVICE) ;
}

//------------------------------------------------------------------------------
// an independent reference: C = A*B over PLUS_TIMES_INT64, from the tuples
//------------------------------------------------------------------------------

static void naive_plus_times_int64 (GrB_Matrix *C, GrB_Matrix A, GrB_Matrix B)
{
    ts_content a, b ;
    ts_content_get (&a, A) ;
    ts_content_get (&b, B) ;
    GrB_Index m = a.nrows, n = b.ncols ;
    int64_t *sum = calloc (m * n + 1, sizeof (int64_t)) ;
    bool *present = calloc (m * n + 1, sizeof (bool)) ;
    for (GrB_Index p = 0 ; p < a.nvals ; p++)
    {
        for (GrB_Index q = 0 ; q < b.nvals ; q++)
        {
            if (a.J [p] != b.I [q]) continue ;
            GrB_Index cell = a.I [p] * n + b.J [q] ;
            sum [cell] += ((int64_t *) a.X) [p] * ((int64_t *) b.X) [q] ;
            present [cell] = true ;
        }
    }
    TS_OK (GrB_Matrix_new (C, GrB_INT64, m, n)) ;
    for (GrB_Index cell = 0 ; cell < m * n ; cell++)
    {
        if (!present [cell]) continue ;
        TS_OK (GrB_Matrix_setElement_INT64 (*C, sum [cell], cell / n, cell % n)) ;
    }
    TS_OK (GrB_Matrix_wait (*C, GrB_MATERIALIZE)) ;
    free (sum) ;
    free (present) ;
    ts_content_free (&a) ;
    ts_content_free (&b) ;
}

//------------------------------------------------------------------------------
// one valid product, its path and its result
//------------------------------------------------------------------------------

typedef struct
{
    ts_input A, B ;
    GrB_Matrix expected ;       // C = A*B
}
int64_product ;

static int64_product int64_product_new (uint64_t seed)
{
    int64_product p ;
    ts_matrix_spec a = ts_spec (GrB_INT64, 12, 9, 0.35, seed) ;
    ts_matrix_spec b = ts_spec (GrB_INT64, 9, 14, 0.3, seed + 1) ;
    a.empty_rows = 0.2 ;
    ts_input_make (&p.A, &a) ;
    ts_input_make (&p.B, &b) ;
    naive_plus_times_int64 (&p.expected, p.A.matrix, p.B.matrix) ;
    return p ;
}

static void int64_product_free (int64_product *p)
{
    ts_input_free (&p->A) ;
    ts_input_free (&p->B) ;
    TS_OK (GrB_Matrix_free (&p->expected)) ;
}

// C = A*B under a policy: GrB_SUCCESS, an allowed path, the right result,
// inputs intact.
static void check_int64_product (const char *what, gbgpu_policy policy,
    unsigned allowed, GrB_Semiring semiring)
{
    int64_product p = int64_product_new (ts_seed_mix (42, (uint64_t) policy)) ;
    GrB_Matrix C ;
    TS_OK (GrB_Matrix_new (&C, GrB_INT64, 12, 14)) ;
    gbgpu_stats_t delta ;
    GrB_Info info = ts_mxm_under (policy, &delta, C, NULL, NULL, semiring,
        p.A.matrix, p.B.matrix, NULL) ;
    ts_check (info == GrB_SUCCESS, "%s: GrB_mxm returned %d", what, (int) info) ;
    ts_check (ts_path_in (&delta, allowed, why, sizeof (why)), "%s: %s", what, why) ;
    ts_check (ts_same_content (C, p.expected, 0, why, sizeof (why)),
        "%s: result: %s", what, why) ;
    ts_check (ts_input_intact (&p.A, why, sizeof (why)), "%s: A changed: %s", what, why) ;
    ts_check (ts_input_intact (&p.B, why, sizeof (why)), "%s: B changed: %s", what, why) ;
    TS_OK (GrB_Matrix_free (&C)) ;
    int64_product_free (&p) ;
}

//------------------------------------------------------------------------------
// GrB_mxm is gbgpu's
//------------------------------------------------------------------------------

static void test_interposition (void)
{
    Dl_info where ;
    bool found = dladdr ((void *) GrB_mxm, &where) != 0 && where.dli_fname != NULL ;
    ts_check (found && strstr (where.dli_fname, "gbgpu") != NULL,
        "GrB_mxm resolves to %s, not to libgbgpu",
        found ? where.dli_fname : "(unknown)") ;

    // GrB_mxm and gbgpu_mxm are the same call, and each is counted once
    int64_product p = int64_product_new (7) ;
    GrB_Matrix C1, C2 ;
    TS_OK (GrB_Matrix_new (&C1, GrB_INT64, 12, 14)) ;
    TS_OK (GrB_Matrix_new (&C2, GrB_INT64, 12, 14)) ;
    ts_set_policy (GBGPU_POLICY_CPU) ;
    gbgpu_stats_t s0 = ts_stats_now () ;
    GrB_Info info1 = GrB_mxm (C1, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_INT64,
        p.A.matrix, p.B.matrix, NULL) ;
    gbgpu_stats_t s1 = ts_stats_now () ;
    GrB_Info info2 = gbgpu_mxm (C2, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_INT64,
        p.A.matrix, p.B.matrix, NULL) ;
    gbgpu_stats_t s2 = ts_stats_now () ;
    ts_check (info1 == GrB_SUCCESS && info2 == GrB_SUCCESS,
        "GrB_mxm / gbgpu_mxm returned %d / %d", (int) info1, (int) info2) ;
    ts_check (s1.calls == s0.calls + 1, "GrB_mxm was not counted by gbgpu") ;
    ts_check (s2.calls == s1.calls + 1, "gbgpu_mxm was not counted") ;
    ts_check (ts_same_content (C1, p.expected, 0, why, sizeof (why)),
        "GrB_mxm result: %s", why) ;
    ts_check (ts_same_content (C2, p.expected, 0, why, sizeof (why)),
        "gbgpu_mxm result: %s", why) ;
    TS_OK (GrB_Matrix_free (&C1)) ;
    TS_OK (GrB_Matrix_free (&C2)) ;
    int64_product_free (&p) ;
}

//------------------------------------------------------------------------------
// policy and device decide the path; the result is always the library's
//------------------------------------------------------------------------------

static void test_policies (void)
{
    GrB_Semiring plus_times = GrB_PLUS_TIMES_SEMIRING_INT64 ;
    check_int64_product ("policy cpu", GBGPU_POLICY_CPU, DELEGATED (POLICY), plus_times) ;
    check_int64_product ("policy gpu", GBGPU_POLICY_GPU, gpu_or_no_device (), plus_times) ;

    // the same semiring built from its parts, as LAGraph does
    GrB_Semiring built ;
    TS_OK (ts_semiring_new (&built, (gbgpu_semiring)
        { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_INT64 })) ;
    check_int64_product ("policy gpu, semiring from parts", GBGPU_POLICY_GPU,
        gpu_or_no_device (), built) ;
    ts_semiring_free (&built) ;

    // auto: under the floor, not modelled; over it (floor 0), the cost
    // model keeps a 12 x 14 product on the CPU, and says so in the stats
    int64_t min_work ;
    TS_OK (gbgpu_get (GBGPU_MIN_WORK, &min_work)) ;
    TS_OK (gbgpu_set (GBGPU_MIN_WORK, INT64_MAX)) ;
    check_int64_product ("policy auto, small", GBGPU_POLICY_AUTO,
        device ? DELEGATED (SMALL) : DELEGATED (NO_DEVICE), plus_times) ;
    TS_OK (gbgpu_set (GBGPU_MIN_WORK, 0)) ;
    gbgpu_stats_t before = ts_stats_now () ;
    check_int64_product ("policy auto, min work 0", GBGPU_POLICY_AUTO,
        device ? DELEGATED (COST_MODEL) : DELEGATED (NO_DEVICE), plus_times) ;
    gbgpu_stats_t after = ts_stats_now () ;
    ts_check (!device || (after.model_cpu_calls == before.model_cpu_calls + 1
        && after.model_gpu_calls == before.model_gpu_calls
        && after.model_last_cpu_seconds > 0
        && after.model_last_gpu_seconds > after.model_last_cpu_seconds),
        "policy auto, min work 0: the model's decision in the stats: %llu kept on the CPU, "
        "%llu sent to the GPU, predicted GPU %.3g s, CPU %.3g s",
        (unsigned long long) (after.model_cpu_calls - before.model_cpu_calls),
        (unsigned long long) (after.model_gpu_calls - before.model_gpu_calls),
        after.model_last_gpu_seconds, after.model_last_cpu_seconds) ;
    TS_OK (gbgpu_set (GBGPU_MIN_WORK, min_work)) ;

    // a device id that no machine has: no device, on every machine
    int64_t device_id ;
    TS_OK (gbgpu_get (GBGPU_DEVICE, &device_id)) ;
    GrB_Info info = gbgpu_set (GBGPU_DEVICE, 1000) ;
    ts_check (info == GrB_SUCCESS || info == GrB_INVALID_VALUE,
        "gbgpu_set (DEVICE, 1000) returned %d", (int) info) ;
    if (info == GrB_SUCCESS)
    {
        ts_check (!gbgpu_device_available (), "device 1000 is available") ;
        check_int64_product ("policy gpu, device 1000", GBGPU_POLICY_GPU,
            DELEGATED (NO_DEVICE), plus_times) ;
    }
    TS_OK (gbgpu_set (GBGPU_DEVICE, device_id)) ;
    ts_check (gbgpu_device_available () == device,
        "device availability did not come back with device %lld",
        (long long) device_id) ;
}

//------------------------------------------------------------------------------
// what the GPU does not compute goes to the library, with the reason
//------------------------------------------------------------------------------

typedef struct { int32_t a, b ; } pair32 ;

static void pair_add (void *z, const void *x, const void *y)
{
    const pair32 *u = x, *v = y ;
    *(pair32 *) z = (pair32) { u->a + v->a, u->b + v->b } ;
}

static void pair_mult (void *z, const void *x, const void *y)
{
    const pair32 *u = x, *v = y ;
    *(pair32 *) z = (pair32) { u->a * v->a - u->b * v->b, u->a * v->b + u->b * v->a } ;
}

static void plus_twice (void *z, const void *x, const void *y)
{
    *(int32_t *) z = *(const int32_t *) x + 2 * *(const int32_t *) y ;
}

// An n-by-n matrix of user-defined type: diagonal and one off-diagonal.
static GrB_Matrix pair_matrix (GrB_Type pair, GrB_Index n)
{
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, pair, n, n)) ;
    for (GrB_Index i = 0 ; i < n ; i++)
    {
        pair32 x = { (int32_t) i + 1, 2 - (int32_t) i } ;
        TS_OK (GrB_Matrix_setElement_UDT (A, &x, i, i)) ;
        TS_OK (GrB_Matrix_setElement_UDT (A, &x, i, (i * 3 + 1) % n)) ;
    }
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    return A ;
}

// nrows x ncols FP64 (hypersparse where huge): entries at both ends of the
// range and on the product's path, (0,0) (0,last) (last,0) (last,last).
static GrB_Matrix scattered_fp64 (GrB_Index nrows, GrB_Index ncols, uint64_t seed)
{
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, GrB_FP64, nrows, ncols)) ;
    GrB_Index rows [2] = { 0, nrows - 1 }, cols [2] = { 0, ncols - 1 } ;
    for (int r = 0 ; r < 2 ; r++)
    {
        for (int c = 0 ; c < 2 ; c++)
        {
            TS_OK (GrB_Matrix_setElement_FP64 (A, (double) (seed + 2 * r + c),
                rows [r], cols [c])) ;
        }
    }
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    return A ;
}

// Inputs of another type than the spec's: x = (type) spec's matrix.
static GrB_Matrix cast_matrix (GrB_Type type, const ts_input *x)
{
    GrB_Matrix A ;
    TS_OK (GrB_Matrix_new (&A, type, x->spec.nrows, x->spec.ncols)) ;
    TS_OK (GrB_Matrix_assign (A, NULL, NULL, x->matrix, GrB_ALL, x->spec.nrows,
        GrB_ALL, x->spec.ncols, NULL)) ;
    TS_OK (GrB_Matrix_wait (A, GrB_MATERIALIZE)) ;
    return A ;
}

static void test_not_in_table (void)
{
    ts_input A, B ;
    ts_matrix_spec a = ts_spec (GrB_INT32, 15, 11, 0.3, 101) ;
    ts_matrix_spec b = ts_spec (GrB_INT32, 11, 13, 0.3, 102) ;
    ts_input_make (&A, &a) ;
    ts_input_make (&B, &b) ;

    // a built-in semiring over a type no kernel is compiled in for: compiled
    // at run time
    GrB_Matrix A8 = cast_matrix (GrB_INT8, &A), B8 = cast_matrix (GrB_INT8, &B) ;
    ts_check_like_library ("GxB_PLUS_TIMES_INT8", gpu_or_no_device (), GrB_INT8,
        GxB_PLUS_TIMES_INT8, A8, B8, NULL, 0) ;
    // those inputs through a table semiring: typecast, so the GPU may run it
    ts_check_like_library ("INT8 inputs, PLUS_TIMES_INT32", gpu_or_no_device (),
        GrB_INT32, GrB_PLUS_TIMES_SEMIRING_INT32, A8, B8, NULL, 0) ;
    GrB_Matrix_free (&A8) ; GrB_Matrix_free (&B8) ;

    // a user-defined multiply operator
    GrB_BinaryOp twice ;
    GrB_Semiring user_mult ;
    TS_OK (GrB_BinaryOp_new (&twice, plus_twice, GrB_INT32, GrB_INT32, GrB_INT32)) ;
    TS_OK (GrB_Semiring_new (&user_mult, GrB_PLUS_MONOID_INT32, twice)) ;
    ts_check_like_library ("user multiply op", not_on_gpu (), GrB_INT32,
        user_mult, A.matrix, B.matrix, NULL, 0) ;

    // built-in parts, but a combination not instantiated (MAX with SECONDI):
    // compiled at run time
    GrB_Semiring max_secondi ;
    TS_OK (ts_semiring_new (&max_secondi, (gbgpu_semiring)
        { GBGPU_ADD_MAX, GBGPU_MULT_SECONDI, GBGPU_TYPE_INT32 })) ;
    ts_check_like_library ("MAX_SECONDI_INT32", gpu_or_no_device (), GrB_INT32,
        max_secondi, A.matrix, B.matrix, NULL, 0) ;
    // a built-in operator no kernel is compiled in for
    GrB_Semiring plus_isgt ;
    TS_OK (GrB_Semiring_new (&plus_isgt, GrB_PLUS_MONOID_INT32, GxB_ISGT_INT32)) ;
    ts_check_like_library ("PLUS_ISGT_INT32", gpu_or_no_device (), GrB_INT32,
        plus_isgt, A.matrix, B.matrix, NULL, 0) ;
    TS_OK (GrB_Semiring_free (&plus_isgt)) ;
    // a complex type: compiled at run time
    GrB_Matrix Ac = cast_matrix (GxB_FC64, &A), Bc = cast_matrix (GxB_FC64, &B) ;
    ts_check_like_library ("GxB_PLUS_TIMES_FC64", gpu_or_no_device (), GxB_FC64,
        GxB_PLUS_TIMES_FC64, Ac, Bc, NULL, 0) ;
    GrB_Matrix_free (&Ac) ; GrB_Matrix_free (&Bc) ;

    // a user-defined type with its own semiring
    GrB_Type pair ;
    GrB_BinaryOp add, mult ;
    GrB_Monoid monoid ;
    GrB_Semiring pair_semiring ;
    pair32 zero = { 0, 0 } ;
    TS_OK (GrB_Type_new (&pair, sizeof (pair32))) ;
    TS_OK (GrB_BinaryOp_new (&add, pair_add, pair, pair, pair)) ;
    TS_OK (GrB_BinaryOp_new (&mult, pair_mult, pair, pair, pair)) ;
    TS_OK (GrB_Monoid_new_UDT (&monoid, add, &zero)) ;
    TS_OK (GrB_Semiring_new (&pair_semiring, monoid, mult)) ;
    GrB_Matrix P = pair_matrix (pair, 9) ;
    ts_check_like_library ("user-defined type", not_on_gpu (), pair,
        pair_semiring, P, P, NULL, 0) ;

    // dimensions past the device's 32-bit column indices (2^32 + 3)
    GrB_Index huge = ((GrB_Index) 1 << 32) + 3 ;
    GrB_Matrix Along = scattered_fp64 (4, huge, 3), Blong = scattered_fp64 (huge, 3, 4) ;
    GrB_Matrix Bwide = scattered_fp64 (9, huge, 5) ;
    GrB_Matrix Asmall ;
    TS_OK (GrB_Matrix_new (&Asmall, GrB_FP64, 4, 9)) ;
    TS_OK (GrB_Matrix_assign_FP64 (Asmall, NULL, NULL, 0.5, GrB_ALL, 4, GrB_ALL, 9, NULL)) ;
    unsigned dimension = device ? DELEGATED (DIMENSION) : DELEGATED (NO_DEVICE) ;
    ts_check_like_library ("inner dimension 2^32+3", dimension, GrB_FP64,
        GxB_PLUS_TIMES_FP64, Along, Blong, NULL, 0) ;
    ts_check_like_library ("2^32+3 columns", dimension, GrB_FP64,
        GxB_PLUS_TIMES_FP64, Asmall, Bwide, NULL, 0) ;
    GrB_Matrix_free (&Along) ; GrB_Matrix_free (&Blong) ;
    GrB_Matrix_free (&Bwide) ; GrB_Matrix_free (&Asmall) ;

    // hypersparse: 2^28 x 2^28 with 10^5 entries (a permutation's pieces),
    // where CSR row pointers would take 2 GB: left to the library, at once
    const GrB_Index side = (GrB_Index) 1 << 28, entries = 100000 ;
    GrB_Index *I = malloc (entries * sizeof (GrB_Index)), *J = malloc (entries * sizeof (GrB_Index)) ;
    double *X = malloc (entries * sizeof (double)) ;
    if (I == NULL || J == NULL || X == NULL) { perror ("malloc") ; exit (1) ; }
    for (GrB_Index e = 0 ; e < entries ; e++)
    {
        I [e] = (e * 2654435761u) % side ;
        J [e] = (e * 40503u + 17) % side ;
        X [e] = (double) (e % 7) + 1 ;
    }
    GrB_Matrix H ;
    TS_OK (GrB_Matrix_new (&H, GrB_FP64, side, side)) ;
    TS_OK (GrB_Matrix_build_FP64 (H, I, J, X, entries, GrB_PLUS_FP64)) ;
    free (I) ; free (J) ; free (X) ;
    double start = ts_seconds () ;
    ts_check_like_library ("hypersparse 2^28 x 2^28, 10^5 entries",
        device ? DELEGATED (HYPERSPARSE) : DELEGATED (NO_DEVICE), GrB_FP64,
        GxB_PLUS_TIMES_FP64, H, H, NULL, 0) ;
    double seconds = ts_seconds () - start ;
    ts_check (seconds < 2.0, "hypersparse 2^28 x 2^28: %.2f s (the library alone: a tenth)", seconds) ;
    printf ("hypersparse 2^28 x 2^28, 10^5 entries: gbgpu's GrB_mxm and the library's, %.3f s\n", seconds) ;
    GrB_Matrix_free (&H) ;

    GrB_Matrix_free (&P) ;
    GrB_Semiring_free (&pair_semiring) ; GrB_Monoid_free (&monoid) ;
    GrB_BinaryOp_free (&add) ; GrB_BinaryOp_free (&mult) ; GrB_Type_free (&pair) ;
    ts_semiring_free (&max_secondi) ;
    GrB_Semiring_free (&user_mult) ; GrB_BinaryOp_free (&twice) ;
    ts_input_free (&A) ;
    ts_input_free (&B) ;
}

//------------------------------------------------------------------------------
// bad input: the library's GrB_Info, nothing on the GPU, nothing changed
//------------------------------------------------------------------------------

typedef GrB_Info (*mxm_function)
(
    GrB_Matrix, const GrB_Matrix, const GrB_BinaryOp, const GrB_Semiring,
    const GrB_Matrix, const GrB_Matrix, const GrB_Descriptor
) ;

// The library's own GrB_mxm, looked up in libgraphblas itself (a lookup from
// the program finds gbgpu's): the reference every error code is checked with.
// The library is found by a function gbgpu does not wrap (it reads only).
static mxm_function library_mxm (void **library)
{
    Dl_info where ;
    *library = NULL ;
    if (dladdr ((void *) GrB_Matrix_nvals, &where) != 0 && where.dli_fname != NULL)
    {
        *library = dlopen (where.dli_fname, RTLD_LAZY | RTLD_NOLOAD) ;
    }
    mxm_function f = (*library != NULL) ? (mxm_function) dlsym (*library, "GrB_mxm") : NULL ;
    if (f == NULL || f == GrB_mxm)
    {
        fprintf (stderr, "the library's own GrB_mxm was not found\n") ;
        exit (1) ;
    }
    return f ;
}

// Zeroed memory, which GraphBLAS takes for an object never initialized (its
// magic number is missing).  GrB_mxm may clear the error string of such a
// C, which leaves the memory zeroed.
static void *uninitialized ;

// The operands of one call.  Matrices with a spec (checked) are compared with
// it afterwards, so they may carry pending work; every other real matrix is
// compared with a snapshot taken before the first call.
typedef struct
{
    const char *what ;
    GrB_Info expected ;
    GrB_Matrix C, M ;
    GrB_BinaryOp accum ;
    GrB_Semiring semiring ;
    GrB_Matrix A, B ;
    GrB_Descriptor desc ;
    const ts_input *checked [4] ;   // inputs made from specs (C, M, A, B)
}
bad_call ;

typedef struct
{
    GrB_Matrix matrix [4] ;         // C, M, A, B
    ts_snapshot snapshot [4] ;
    bool snapped [4] ;
}
operand_snapshots ;

static bool has_spec (const bad_call *c, GrB_Matrix X)
{
    for (int j = 0 ; j < 4 ; j++)
    {
        if (c->checked [j] != NULL && c->checked [j]->matrix == X) return true ;
    }
    return false ;
}

static void snapshots_take (operand_snapshots *s, const bad_call *c)
{
    GrB_Matrix m [4] = { c->C, c->M, c->A, c->B } ;
    for (int j = 0 ; j < 4 ; j++)
    {
        s->matrix [j] = m [j] ;
        bool seen = false ;
        for (int q = 0 ; q < j ; q++) seen |= (m [q] == m [j]) ;
        s->snapped [j] = m [j] != NULL && m [j] != uninitialized && !seen
            && !has_spec (c, m [j]) ;
        if (s->snapped [j]) ts_snapshot_take (&s->snapshot [j], m [j]) ;
    }
}

static void snapshots_free (operand_snapshots *s)
{
    for (int j = 0 ; j < 4 ; j++)
    {
        if (s->snapped [j]) ts_snapshot_free (&s->snapshot [j]) ;
    }
}

static void check_unchanged (const bad_call *c, const operand_snapshots *s,
    const char *after)
{
    static const char *names [4] = { "C", "M", "A", "B" } ;
    for (int j = 0 ; j < 4 ; j++)
    {
        if (c->checked [j] != NULL)
        {
            ts_check (ts_input_intact (c->checked [j], why, sizeof (why)),
                "%s (%s): %s changed: %s", c->what, after, names [j], why) ;
        }
        if (s->snapped [j])
        {
            ts_check (ts_snapshot_same (&s->snapshot [j], s->matrix [j], why, sizeof (why)),
                "%s (%s): %s changed: %s", c->what, after, names [j], why) ;
        }
    }
}

// The call through the library itself, then through GrB_mxm and gbgpu_mxm
// under the policies gpu and cpu: the library's GrB_Info every time, no GPU
// run, every operand as it was.
static void check_bad_call (const bad_call *c, mxm_function library)
{
    operand_snapshots s ;
    snapshots_take (&s, c) ;
    GrB_Info reference = library (c->C, c->M, c->accum, c->semiring, c->A, c->B, c->desc) ;
    ts_check (reference == c->expected, "%s: the library returned %d, expected %d",
        c->what, (int) reference, (int) c->expected) ;
    check_unchanged (c, &s, "the library") ;

    const mxm_function entries [2] = { GrB_mxm, gbgpu_mxm } ;
    const char *entry_names [2] = { "GrB_mxm", "gbgpu_mxm" } ;
    const gbgpu_policy policies [2] = { GBGPU_POLICY_GPU, GBGPU_POLICY_CPU } ;
    const unsigned allowed [2] =
    {
        DELEGATED (INVALID) | DELEGATED (NO_DEVICE) | DELEGATED (SEMIRING)
            | DELEGATED (TYPE) | DELEGATED (MASK) | DELEGATED (NO_DEFINITION),
        DELEGATED (POLICY)
    } ;
    for (int e = 0 ; e < 2 ; e++)
    {
        for (int k = 0 ; k < 2 ; k++)
        {
            char after [64] ;
            snprintf (after, sizeof (after), "%s, policy %s", entry_names [e],
                k == 0 ? "gpu" : "cpu") ;
            ts_set_policy (policies [k]) ;
            gbgpu_stats_t before = ts_stats_now () ;
            GrB_Info info = entries [e] (c->C, c->M, c->accum, c->semiring, c->A,
                c->B, c->desc) ;
            gbgpu_stats_t now = ts_stats_now () ;
            gbgpu_stats_t delta = ts_stats_delta (&before, &now) ;
            ts_check (info == reference, "%s (%s): returned %d, the library %d",
                c->what, after, (int) info, (int) reference) ;
            ts_check (ts_path_in (&delta, allowed [k], why, sizeof (why)),
                "%s (%s): %s", c->what, after, why) ;
            check_unchanged (c, &s, after) ;
        }
    }
    snapshots_free (&s) ;
}

static void test_bad_input (void)
{
    ts_input C, M, A, B, Bwide, Mwide, Cpending ;
    ts_matrix_spec c = ts_spec (GrB_INT64, 10, 12, 0.3, 201) ;
    ts_matrix_spec m = ts_spec (GrB_BOOL, 10, 12, 0.5, 202) ;
    ts_matrix_spec a = ts_spec (GrB_INT64, 10, 8, 0.3, 203) ;
    ts_matrix_spec b = ts_spec (GrB_INT64, 8, 12, 0.3, 204) ;
    ts_matrix_spec bw = ts_spec (GrB_INT64, 9, 12, 0.3, 205) ;
    ts_matrix_spec mw = ts_spec (GrB_BOOL, 10, 13, 0.5, 206) ;
    // C by column, hypersparse, with zombies and pending tuples
    ts_matrix_spec cp = ts_spec (GrB_FP32, 10, 12, 0.4, 208) ;
    cp.by_col = true ;
    cp.sparsity = GxB_HYPERSPARSE ;
    cp.pending = true ;
    // other storage for the inputs too: A by column, B bitmap, M full
    a.by_col = true ;
    b.sparsity = GxB_BITMAP ;
    m.sparsity = GxB_FULL ;
    m.density = 1 ;
    ts_input_make (&C, &c) ;
    ts_input_make (&M, &m) ;
    ts_input_make (&A, &a) ;
    ts_input_make (&B, &b) ;
    ts_input_make (&Bwide, &bw) ;
    ts_input_make (&Mwide, &mw) ;
    ts_input_make (&Cpending, &cp) ;
    GrB_Semiring plus_times = GrB_PLUS_TIMES_SEMIRING_INT64 ;

    uninitialized = calloc (1, 1 << 16) ;
    if (uninitialized == NULL) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    void *library_handle ;
    mxm_function library = library_mxm (&library_handle) ;

    // freed objects: GrB_free leaves a NULL handle
    GrB_Matrix freed ;
    TS_OK (GrB_Matrix_dup (&freed, B.matrix)) ;
    TS_OK (GrB_Matrix_free (&freed)) ;
    GrB_Semiring freed_semiring ;
    TS_OK (ts_semiring_new (&freed_semiring, (gbgpu_semiring)
        { GBGPU_ADD_PLUS, GBGPU_MULT_TIMES, GBGPU_TYPE_INT64 })) ;
    ts_semiring_free (&freed_semiring) ;

    // a user-defined type, for domain mismatches
    GrB_Type pair ;
    GrB_BinaryOp pair_op, pair_times ;
    GrB_Monoid pair_monoid ;
    GrB_Semiring pair_semiring ;
    pair32 zero = { 0, 0 } ;
    TS_OK (GrB_Type_new (&pair, sizeof (pair32))) ;
    TS_OK (GrB_BinaryOp_new (&pair_op, pair_add, pair, pair, pair)) ;
    TS_OK (GrB_BinaryOp_new (&pair_times, pair_mult, pair, pair, pair)) ;
    TS_OK (GrB_Monoid_new_UDT (&pair_monoid, pair_op, &zero)) ;
    TS_OK (GrB_Semiring_new (&pair_semiring, pair_monoid, pair_times)) ;
    GrB_Matrix Ppair = pair_matrix (pair, 10) ;   // 10x10, for A*B with B 10x12
    GrB_Matrix P8 = pair_matrix (pair, 8) ;       // 8x8, as B of A*B with A 10x8
    GrB_Matrix Mpair, Cpair ;
    TS_OK (GrB_Matrix_new (&Mpair, pair, 10, 12)) ;
    TS_OK (GrB_Matrix_new (&Cpair, pair, 10, 12)) ;
    ts_input B10 ;
    ts_matrix_spec b10 = ts_spec (GrB_INT64, 10, 12, 0.3, 207) ;
    ts_input_make (&B10, &b10) ;
    GrB_Matrix U = uninitialized ;

    const bad_call calls [ ] =
    {
        // NULL, freed (NULL handles) and uninitialized objects
        { "NULL C", GrB_NULL_POINTER, NULL, NULL, NULL, plus_times,
          A.matrix, B.matrix, NULL, { NULL, NULL, &A, &B } },
        { "NULL semiring", GrB_NULL_POINTER, C.matrix, NULL, NULL, NULL,
          A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "NULL A", GrB_NULL_POINTER, C.matrix, NULL, NULL, plus_times,
          NULL, B.matrix, NULL, { &C, NULL, NULL, &B } },
        { "NULL B", GrB_NULL_POINTER, C.matrix, M.matrix, NULL, plus_times,
          A.matrix, NULL, NULL, { &C, &M, &A, NULL } },
        { "freed B", GrB_NULL_POINTER, C.matrix, M.matrix, NULL, plus_times,
          A.matrix, freed, NULL, { &C, &M, &A, NULL } },
        { "freed semiring", GrB_NULL_POINTER, C.matrix, NULL, GrB_PLUS_INT64,
          freed_semiring, A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "uninitialized C", GrB_UNINITIALIZED_OBJECT, U, NULL, NULL,
          plus_times, A.matrix, B.matrix, NULL, { NULL, NULL, &A, &B } },
        { "uninitialized mask", GrB_UNINITIALIZED_OBJECT, C.matrix, U, NULL,
          plus_times, A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "uninitialized A", GrB_UNINITIALIZED_OBJECT, C.matrix, NULL, NULL,
          plus_times, U, B.matrix, NULL, { &C, NULL, NULL, &B } },
        { "uninitialized B", GrB_UNINITIALIZED_OBJECT, C.matrix, M.matrix, NULL,
          plus_times, A.matrix, U, NULL, { &C, &M, &A, NULL } },
        { "uninitialized accum", GrB_UNINITIALIZED_OBJECT, C.matrix, NULL,
          (GrB_BinaryOp) uninitialized, plus_times, A.matrix, B.matrix, NULL,
          { &C, NULL, &A, &B } },
        { "uninitialized semiring", GrB_UNINITIALIZED_OBJECT, C.matrix, NULL,
          NULL, (GrB_Semiring) uninitialized, A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "uninitialized descriptor", GrB_UNINITIALIZED_OBJECT, C.matrix, NULL,
          NULL, plus_times, A.matrix, B.matrix, (GrB_Descriptor) uninitialized,
          { &C, NULL, &A, &B } },

        // dimensions
        { "inner dimensions differ", GrB_DIMENSION_MISMATCH, C.matrix, NULL,
          NULL, plus_times, A.matrix, Bwide.matrix, NULL, { &C, NULL, &A, &Bwide } },
        { "C of the wrong size", GrB_DIMENSION_MISMATCH, C.matrix, NULL, NULL,
          plus_times, A.matrix, B10.matrix, GrB_DESC_T1, { &C, NULL, &A, &B10 } },
        { "mask of the wrong size", GrB_DIMENSION_MISMATCH, C.matrix, Mwide.matrix,
          NULL, plus_times, A.matrix, B.matrix, NULL, { &C, &Mwide, &A, &B } },
        { "complemented structural mask of the wrong size", GrB_DIMENSION_MISMATCH,
          C.matrix, Mwide.matrix, NULL, plus_times, A.matrix, B.matrix, GrB_DESC_RSC,
          { &C, &Mwide, &A, &B } },
        { "A transposed: inner dimensions differ", GrB_DIMENSION_MISMATCH,
          C.matrix, NULL, NULL, plus_times, A.matrix, B.matrix, GrB_DESC_T0,
          { &C, NULL, &A, &B } },
        { "C is A, of the wrong size", GrB_DIMENSION_MISMATCH, A.matrix, NULL,
          GrB_PLUS_INT64, plus_times, A.matrix, B.matrix, NULL, { &A, NULL, &A, &B } },
        { "C with pending work, inner dimensions differ", GrB_DIMENSION_MISMATCH,
          Cpending.matrix, M.matrix, GrB_PLUS_FP32, plus_times, A.matrix,
          Bwide.matrix, GrB_DESC_R, { &Cpending, &M, &A, &Bwide } },

        // domains
        { "user-defined type A, built-in semiring", GrB_DOMAIN_MISMATCH,
          C.matrix, NULL, NULL, plus_times, Ppair, B10.matrix, NULL,
          { &C, NULL, NULL, &B10 } },
        { "user-defined type B, built-in semiring", GrB_DOMAIN_MISMATCH,
          C.matrix, NULL, NULL, plus_times, A.matrix, P8, NULL, { &C, NULL, &A, NULL } },
        { "user-defined semiring, built-in matrices", GrB_DOMAIN_MISMATCH,
          C.matrix, NULL, NULL, pair_semiring, A.matrix, B.matrix, NULL,
          { &C, NULL, &A, &B } },
        { "user-defined type valued mask", GrB_DOMAIN_MISMATCH, C.matrix, Mpair,
          NULL, plus_times, A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "accum of a user-defined type", GrB_DOMAIN_MISMATCH, C.matrix, NULL,
          pair_op, plus_times, A.matrix, B.matrix, NULL, { &C, NULL, &A, &B } },
        { "accum of C's user-defined type, T built-in", GrB_DOMAIN_MISMATCH, Cpair,
          NULL, pair_op, plus_times, A.matrix, B.matrix, NULL, { NULL, NULL, &A, &B } },
        { "C of a user-defined type", GrB_DOMAIN_MISMATCH, Cpair, NULL, NULL,
          plus_times, A.matrix, B.matrix, NULL, { NULL, NULL, &A, &B } },
        { "positional accum", GrB_DOMAIN_MISMATCH, C.matrix, M.matrix,
          GxB_FIRSTI_INT64, plus_times, A.matrix, B.matrix, GrB_DESC_S, { &C, &M, &A, &B } },
    } ;
    for (size_t k = 0 ; k < sizeof (calls) / sizeof (calls [0]) ; k++)
    {
        check_bad_call (&calls [k], library) ;
    }

    dlclose (library_handle) ;
    GrB_Matrix_free (&Ppair) ; GrB_Matrix_free (&P8) ;
    GrB_Matrix_free (&Mpair) ; GrB_Matrix_free (&Cpair) ;
    GrB_Semiring_free (&pair_semiring) ; GrB_Monoid_free (&pair_monoid) ;
    GrB_BinaryOp_free (&pair_op) ; GrB_BinaryOp_free (&pair_times) ;
    GrB_Type_free (&pair) ;
    free (uninitialized) ;
    ts_input_free (&C) ; ts_input_free (&M) ; ts_input_free (&A) ;
    ts_input_free (&B) ; ts_input_free (&Bwide) ; ts_input_free (&Mwide) ;
    ts_input_free (&B10) ; ts_input_free (&Cpending) ;
}

// GrB_Descriptor_set refuses values a field cannot take, and the descriptor
// keeps its settings: GrB_mxm with it is the library's, on the GPU or not.
static void test_descriptor_values (void)
{
    ts_input A, B ;
    ts_matrix_spec a = ts_spec (GrB_INT64, 9, 7, 0.4, 301) ;
    ts_matrix_spec b = ts_spec (GrB_INT64, 9, 8, 0.4, 302) ;
    ts_input_make (&A, &a) ;
    ts_input_make (&B, &b) ;
    GrB_Descriptor desc ;
    TS_OK (GrB_Descriptor_new (&desc)) ;
    TS_OK (GrB_Descriptor_set (desc, GrB_INP0, GrB_TRAN)) ;     // C = A'*B
    const struct { GrB_Desc_Field field ; int value ; const char *what ; } refused [ ] =
    {
        { GrB_OUTP, GrB_TRAN, "OUTP = TRAN" },
        { GrB_MASK, GrB_TRAN, "MASK = TRAN" },
        { GrB_INP0, GrB_REPLACE, "INP0 = REPLACE" },
        { GrB_INP1, 12345, "INP1 = 12345" },
        { GxB_AxB_METHOD, 12345, "AxB_METHOD = 12345" },
    } ;
    for (size_t k = 0 ; k < sizeof (refused) / sizeof (refused [0]) ; k++)
    {
        GrB_Info info = GrB_Descriptor_set (desc, refused [k].field,
            (GrB_Desc_Value) refused [k].value) ;
        ts_check (info == GrB_INVALID_VALUE, "GrB_Descriptor_set (%s) returned %d",
            refused [k].what, (int) info) ;
    }
    int32_t inp0 = 0, inp1 = 0 ;
    TS_OK (GxB_Desc_get_INT32 (desc, GrB_INP0, &inp0)) ;
    TS_OK (GxB_Desc_get_INT32 (desc, GrB_INP1, &inp1)) ;
    ts_check (inp0 == GrB_TRAN && inp1 == GxB_DEFAULT,
        "refused settings changed the descriptor: INP0 %d, INP1 %d", (int) inp0, (int) inp1) ;
    ts_check_like_library ("descriptor after refused settings", gpu_or_no_device (),
        GrB_INT64, GrB_PLUS_TIMES_SEMIRING_INT64, A.matrix, B.matrix, desc, 0) ;
    TS_OK (GrB_Descriptor_free (&desc)) ;
    ts_input_free (&A) ;
    ts_input_free (&B) ;
}

int main (void)
{
    ts_start () ;
    device = gbgpu_device_available () ;
    printf ("usable CUDA device: %s\n", device ? "yes" : "no") ;
    test_interposition () ;
    test_policies () ;
    test_not_in_table () ;
    test_bad_input () ;
    test_descriptor_values () ;
    printf ("stats:\n") ;
    gbgpu_stats_print (stdout) ;
    TS_OK (gbgpu_finalize ()) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
