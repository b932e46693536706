// plugin/plan/dispatch.c: decide whether one GrB_mxm call runs on the GPU, and how.
// SPDX-License-Identifier: Apache-2.0
//
// Reads the descriptor, the semiring's parts and the matrices' types and
// dimensions, and fills a plan, or names the reason the call stays with the
// library; under policy auto the last word is the cost model's
// (cost_model.c), whose sizes stay in the plan even when it keeps the call
// on the CPU (interpose.c times it there, to learn).  A semiring that is
// not compiled in is described for the run-time compiler (jit/semiring.c)
// and planned with its entry (jit/modules.c), which the GPU call builds and
// loads.  Anything odd (NULL, uninitialized objects, mismatched dimensions)
// goes to the library too: it returns the GrB_Info it always returns, so
// gbgpu never has to imitate the library's error checks.

#include "plan/plan.h"

// Column indices are 32-bit on the device, and the hash tables use the top bit.
#define GBGPU_MAX_DEVICE_DIM ((GrB_Index) INT32_MAX - 1)

// Row pointers (8 bytes a row) are worth it up to a few rows per entry (an
// entry costs 12 or more bytes), and always for a few million rows.
#define HYPERSPARSE_ROWS_PER_ENTRY 8.0
#define HYPERSPARSE_ROWS_ALWAYS ((double) (1 << 22))

typedef struct
{
    int32_t outp, mask, inp0, inp1 ;
}
descriptor_fields ;

static bool read_descriptor (descriptor_fields *d, const GrB_Descriptor desc)
{
    // A NULL descriptor means the defaults, which GxB_Desc_get reports.
    return GxB_Desc_get_INT32 (desc, GrB_OUTP, &d->outp) == GrB_SUCCESS
        && GxB_Desc_get_INT32 (desc, GrB_MASK, &d->mask) == GrB_SUCCESS
        && GxB_Desc_get_INT32 (desc, GrB_INP0, &d->inp0) == GrB_SUCCESS
        && GxB_Desc_get_INT32 (desc, GrB_INP1, &d->inp1) == GrB_SUCCESS ;
}

// Fills dims and type; false for a NULL or unusable matrix.
static bool read_matrix (const GrB_Matrix X, GrB_Index *nrows, GrB_Index *ncols,
    GrB_Type *type)
{
    return X != NULL
        && GrB_Matrix_nrows (nrows, X) == GrB_SUCCESS
        && GrB_Matrix_ncols (ncols, X) == GrB_SUCCESS
        && GxB_Matrix_type (type, X) == GrB_SUCCESS ;
}

static bool is_builtin_type (GrB_Type type)
{
    gbgpu_type t ;
    return gbgpu_type_code (type, &t) ;
}

// A mask's values go to the device as booleans; a complex mask's stay with
// the library.
static bool is_builtin_real_type (GrB_Type type)
{
    gbgpu_type t ;
    return gbgpu_type_code (type, &t) && !GBGPU_TYPE_IS_COMPLEX (t) ;
}

static void set_operand (gbgpu_operand *X, GrB_Matrix matrix, bool transpose,
    GrB_Index nrows, GrB_Index ncols, bool values_needed, GrB_Type type)
{
    X->matrix = matrix ;
    X->transpose = transpose ;
    X->nrows = transpose ? ncols : nrows ;
    X->ncols = transpose ? nrows : ncols ;
    X->values_needed = values_needed ;
    X->type = type ;
}

// The library refuses these as accumulators (GrB_DOMAIN_MISMATCH): such a
// call must not run its product on the GPU first.
static bool is_positional (GrB_BinaryOp op)
{
    const GrB_BinaryOp positional [ ] =
    {
        GxB_FIRSTI_INT32,  GxB_FIRSTI_INT64,  GxB_FIRSTI1_INT32,  GxB_FIRSTI1_INT64,
        GxB_FIRSTJ_INT32,  GxB_FIRSTJ_INT64,  GxB_FIRSTJ1_INT32,  GxB_FIRSTJ1_INT64,
        GxB_SECONDI_INT32, GxB_SECONDI_INT64, GxB_SECONDI1_INT32, GxB_SECONDI1_INT64,
        GxB_SECONDJ_INT32, GxB_SECONDJ_INT64, GxB_SECONDJ1_INT32, GxB_SECONDJ1_INT64,
    } ;
    for (size_t k = 0 ; k < sizeof (positional) / sizeof (positional [0]) ; k++)
    {
        if (op == positional [k]) return true ;
    }
    return false ;
}

// The semiring as the kernels name it, or false when it is not instantiated.
static bool classify_semiring (gbgpu_semiring *s, const GrB_Semiring semiring)
{
    GrB_Monoid monoid ;
    GrB_BinaryOp add_op, mult_op ;
    if (GxB_Semiring_add (&monoid, semiring) != GrB_SUCCESS
     || GxB_Semiring_multiply (&mult_op, semiring) != GrB_SUCCESS
     || GxB_Monoid_operator (&add_op, monoid) != GrB_SUCCESS) return false ;
    gbgpu_builtin_op add = gbgpu_classify_add (add_op) ;
    gbgpu_builtin_op mult = gbgpu_classify_mult (mult_op) ;
    if (!add.known || !mult.known || add.type != mult.type) return false ;
    s->add = (gbgpu_add) add.code ;
    s->mult = (gbgpu_mult) mult.code ;
    s->type = add.type ;
    return gbgpu_monoid_identity_is_standard (monoid, s->add, s->type)
        && gbgpu_monoid_terminal_is_standard (monoid, s->add, s->type)
        && gbgpu_cuda_semiring_supported (*s) ;
}

// What the plan needs of the semiring, compiled in or compiled at run time.
typedef struct
{
    gbgpu_semiring codes ;          // compiled in
    gbgpu_jit_description jit ;     // run_time: the description
    bool run_time ;
    GrB_Type ttype ;
    GrB_Type input_type ;           // A's and B's on the device (jit/compiler/compiler.h)
    bool reads_a, reads_b ;
}
semiring_parts ;

// GBGPU_NOT_DELEGATED with *p filled, or why the semiring stays with
// the library.
static gbgpu_delegate_reason semiring_parts_of (semiring_parts *p, const GrB_Semiring semiring)
{
    p->run_time = false ;
    if (classify_semiring (&p->codes, semiring))
    {
        p->ttype = gbgpu_grb_type (p->codes.type) ;
        p->input_type = p->ttype ;
        p->reads_a = GBGPU_MULT_READS_A (p->codes.mult) ;
        p->reads_b = GBGPU_MULT_READS_B (p->codes.mult) ;
        return GBGPU_NOT_DELEGATED ;
    }
    if (!gbgpu_jit_enabled ()) return GBGPU_DELEGATED_SEMIRING ;
    gbgpu_delegate_reason reason = gbgpu_jit_describe (&p->jit, semiring) ;
    if (reason != GBGPU_NOT_DELEGATED) return reason ;
    p->run_time = true ;
    p->codes = p->jit.s.codes ;
    p->ttype = p->jit.ttype ;
    p->input_type = p->jit.input_type ;
    p->reads_a = p->jit.reads_a ;
    p->reads_b = p->jit.reads_b ;
    return GBGPU_NOT_DELEGATED ;
}

// The matrices' types: T's built-in type and any built-in type for the rest
// (typecast on the host; the mask real), or T's user type for A, B, C and
// the accumulator (a built-in real mask).
static bool types_supported (GrB_Type ttype, GrB_Type atype, GrB_Type btype, GrB_Type ctype,
    GrB_Type mtype, GrB_BinaryOp accum, GrB_Type accum_x, GrB_Type accum_y, GrB_Type accum_z)
{
    gbgpu_type t ;
    if (!gbgpu_type_code (ttype, &t))
    {
        return atype == ttype && btype == ttype && ctype == ttype
            && (mtype == NULL || is_builtin_real_type (mtype))
            && (accum == NULL || (accum_x == ttype && accum_y == ttype && accum_z == ttype)) ;
    }
    return is_builtin_type (atype) && is_builtin_type (btype)
        && is_builtin_type (ctype) && (mtype == NULL || is_builtin_real_type (mtype))
        && (accum == NULL || (is_builtin_type (accum_x)
            && is_builtin_type (accum_y) && is_builtin_type (accum_z))) ;
}

// The plan, with the semiring's parts in *parts (run_time: a description
// the caller frees, whatever the answer).
static bool plan_product
(
    gbgpu_plan *plan,
    gbgpu_delegate_reason *reason,
    semiring_parts *parts,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    parts->run_time = false ;
    plan->cost.modelled = false ;
    *reason = GBGPU_DELEGATED_INVALID ;
    descriptor_fields d ;
    GrB_Index cm, cn, am, an, bm, bn, mm = 0, mn = 0 ;
    GrB_Type ctype, atype, btype, mtype = NULL ;
    if (semiring == NULL || !read_descriptor (&d, desc)
     || !read_matrix (C, &cm, &cn, &ctype)
     || !read_matrix (A, &am, &an, &atype)
     || !read_matrix (B, &bm, &bn, &btype)
     || (M != NULL && !read_matrix (M, &mm, &mn, &mtype))) return false ;
    GrB_Type accum_x = NULL, accum_y = NULL, accum_z = NULL ;
    if (accum != NULL
     && (is_positional (accum)
      || GxB_BinaryOp_xtype (&accum_x, accum) != GrB_SUCCESS
      || GxB_BinaryOp_ytype (&accum_y, accum) != GrB_SUCCESS
      || GxB_BinaryOp_ztype (&accum_z, accum) != GrB_SUCCESS)) return false ;

    bool ta = (d.inp0 == GrB_TRAN), tb = (d.inp1 == GrB_TRAN) ;
    GrB_Index m = ta ? an : am, k = ta ? am : an ;
    GrB_Index kb = tb ? bn : bm, n = tb ? bm : bn ;
    if (k != kb || cm != m || cn != n || (M != NULL && (mm != m || mn != n))) return false ;

    *reason = semiring_parts_of (parts, semiring) ;
    if (*reason != GBGPU_NOT_DELEGATED) return false ;

    // An accumulator over other types may not fit C or T: the library knows.
    GrB_Type ttype = parts->ttype ;
    *reason = GBGPU_DELEGATED_TYPE ;
    if (!types_supported (ttype, atype, btype, ctype, mtype, accum, accum_x, accum_y, accum_z))
        return false ;

    *reason = GBGPU_DELEGATED_MASK ;
    bool complement = (d.mask & GrB_COMP) != 0 ;
    if (M == NULL && complement) return false ;  // C<!NULL>: the library's odd case

    // Rows are bounded too: a CSR copy of a hypersparse matrix with 2^31 rows
    // would need 16 GB of row pointers.
    *reason = GBGPU_DELEGATED_DIMENSION ;
    if (m > GBGPU_MAX_DEVICE_DIM || k > GBGPU_MAX_DEVICE_DIM || n > GBGPU_MAX_DEVICE_DIM)
        return false ;

    GrB_Index anvals, bnvals ;
    *reason = GBGPU_DELEGATED_INVALID ;
    size_t value_size ;
    if (GrB_Matrix_nvals (&anvals, A) != GrB_SUCCESS
     || GrB_Matrix_nvals (&bnvals, B) != GrB_SUCCESS
     || GxB_Type_size (&value_size, ttype) != GrB_SUCCESS) return false ;

    // The device holds CSR: row pointers for the m rows of op(A), M and T and
    // the k rows of op(B).  For hypersparse inputs with far more rows than
    // entries they would cost more than everything else (a 2^28 x 2^28
    // matrix of 10^5 entries: 2 GB of pointers for 2 MB of entries).
    *reason = GBGPU_DELEGATED_HYPERSPARSE ;
    if ((double) m + (double) k > HYPERSPARSE_ROWS_PER_ENTRY * ((double) anvals + (double) bnvals)
        + HYPERSPARSE_ROWS_ALWAYS) return false ;

    // With no inner dimension there is no product; the library's answer for
    // bitmap or full operands is then its own (a full T of the monoid's
    // identity), so it gives it.
    *reason = GBGPU_DELEGATED_SMALL ;
    if (k == 0) return false ;
    // Expected products, from the matrices' arrays (product_estimate.c).
    // Policy auto: below the floor the GPU cannot pay, and nothing is
    // modelled; above it the cost model decides (below).  The CPU's work is
    // the products and the mask as it holds it: a BFS level of 10^5
    // products under a bitmap mask of 1024 x 62586 cells takes it 30 ms.
    double estimate = gbgpu_estimate_products (A, ta, (double) anvals, B, tb, (double) bnvals,
        (double) k) ;
    const bool auto_policy = (gbgpu_current_policy () == GBGPU_POLICY_AUTO) ;
    if (auto_policy && estimate + ((M == NULL) ? 0 : gbgpu_held_entries (M, (double) m * (double) n))
        < (double) gbgpu_current_min_work ()) return false ;

    plan->semiring = parts->codes ;
    plan->products = estimate ;
    plan->jit = NULL ;
    plan->run_time = parts->run_time ;
    plan->module = NULL ;
    plan->ttype = ttype ;
    plan->value_size = value_size ;
    // T<M> = A*B' may go by dot products of A's rows with B's own rows (B is
    // then read as stored, not transposed); a complemented mask never does,
    // nor does a run-time semiring (its kernels are the row-wise ones).
    GrB_Index mnvals = 0 ;
    const double dot_work = (M != NULL && !complement && tb && !parts->run_time
        && GrB_Matrix_nvals (&mnvals, M) == GrB_SUCCESS)
        ? gbgpu_masked_dot_work ((double) mnvals, (double) anvals, (double) m,
            (double) bnvals, (double) n) : -1 ;
    plan->masked_dot = dot_work >= 0 && gbgpu_masked_dot_chosen (dot_work, estimate) ;
    set_operand (&plan->A, A, ta, am, an, parts->reads_a, parts->input_type) ;
    set_operand (&plan->B, B, tb && !plan->masked_dot, bm, bn, parts->reads_b, parts->input_type) ;
    // A mask limits T to its pattern, or a structural complemented one to the
    // rest; a valued complemented mask allows entries where M holds false,
    // so it is left to the final step (the GPU computes all of T then).  The
    // dot products also skip entries where a valued mask is false (read as
    // bool); the row-wise kernels leave them to the final step.
    bool structure = (d.mask & GrB_STRUCTURE) != 0 ;
    bool mask_values = plan->masked_dot && !structure ;
    if (M != NULL && (!complement || structure))
        set_operand (&plan->M, M, false, mm, mn, mask_values, mask_values ? GrB_BOOL : mtype) ;
    else
        set_operand (&plan->M, NULL, false, 0, 0, false, NULL) ;
    plan->mask_complement = complement ;
    plan->mask_structure = structure ;
    plan->replace = (d.outp == GrB_REPLACE) ;
    // T is C's new content when nothing is left to apply: no accumulator, no
    // typecast, and no mask, or a structural one that the kernels applied
    // (T holds entries only where C<M> or C<!M> may) with replace (nothing
    // of C's old content stays).  BFS's q<!visited,replace> = q*A is one.
    // Packing T into C directly would also make a by-column C by-row.
    bool mask_done = (M == NULL) || (plan->M.matrix != NULL && structure && plan->replace) ;
    int32_t cformat ;
    plan->direct_to_C = (mask_done && accum == NULL && ctype == ttype
        && GxB_Matrix_Option_get_INT32 (C, GxB_FORMAT, &cformat) == GrB_SUCCESS
        && cformat == GxB_BY_ROW) ;

    // Policy auto: the whole call's predicted time on each side decides
    // (cost_model.c); the sizes stay in the plan, for the call to teach the
    // model what it took.
    if (!auto_policy) return true ;
    // the device's rates before the first decision (calibrate_device.c): a
    // call that calibrated inside its own GPU time (60 ms) taught the model
    // that time as its kernels'
    *reason = GBGPU_DELEGATED_DEVICE_ERROR ;
    if (!gbgpu_calibrate_before_deciding ()) return false ;
    gbgpu_cost_sizes_of (&plan->cost, plan, C, M, accum, estimate,
        plan->masked_dot ? dot_work : estimate) ;
    *reason = GBGPU_DELEGATED_COST_MODEL ;
    return gbgpu_auto_prefers_gpu (plan) ;
}

bool gbgpu_dispatch
(
    gbgpu_plan *plan,
    gbgpu_delegate_reason *reason,
    GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum,
    const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
    const GrB_Descriptor desc
)
{
    semiring_parts parts ;
    bool planned = plan_product (plan, reason, &parts, C, M, accum, semiring, A, B, desc) ;
    if (parts.run_time)
    {
        // found or added only now: a call that goes to the library for
        // another reason never generates a source
        if (planned)
        {
            plan->jit = gbgpu_jit_entry_for (&parts.jit.s,
                gbgpu_cuda_device_arch (gbgpu_current_device ())) ;
            planned = (plan->jit != NULL) ;
            if (!planned) *reason = GBGPU_DELEGATED_COMPILE_FAILED ;
        }
        gbgpu_jit_description_free (&parts.jit) ;
    }
    return planned ;
}
