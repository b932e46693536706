// plugin/plan/call_sizes.c: one planned call's sizes for the cost model, read from its matrices.
// SPDX-License-Identifier: Apache-2.0
//
// The model (cost_model.c) prices bytes and entries, so they must be the
// ones the call will really move: an input goes up as run/upload.c sends it
// ( CSR of op(X) read in place, a bitmap or full matrix as its
// cells, anything else through a private copy on the host first), each
// matrix once however many roles it plays (run/mxm_gpu.c), none that the
// device cache holds unchanged from an earlier call, and the library
// on the CPU reads M and C as it holds them (a bitmap mask: every cell).
// Everything here is a few getters per matrix; none copies or converts.

#include "plan/plan.h"
#include "cache/device_cache.h"

// Column indices cross the bus as 32 bits (cuda/memory/transfer.cu; the
// whole CSR: gbgpu_csr_bus_bytes).
#define WIRE_INDEX_BYTES 4.0

// A matrix as the library holds it.
typedef struct
{
    GrB_Index nvals ;
    int32_t sparsity, format ;
    bool iso ;
    GrB_Type type ;
}
held_matrix ;

static bool held_of (held_matrix *h, const GrB_Matrix X)
{
    return GrB_Matrix_nvals (&h->nvals, X) == GrB_SUCCESS
        && GxB_Matrix_Option_get_INT32 (X, GxB_SPARSITY_STATUS, &h->sparsity) == GrB_SUCCESS
        && GxB_Matrix_Option_get_INT32 (X, GxB_FORMAT, &h->format) == GrB_SUCCESS
        && GxB_Matrix_iso (&h->iso, X) == GrB_SUCCESS
        && GxB_Matrix_type (&h->type, X) == GrB_SUCCESS ;
}

static bool held_as_cells (const held_matrix *h)
{
    return h->sparsity == GxB_BITMAP || h->sparsity == GxB_FULL ;
}

// Entries the library touches in X: every cell of a bitmap or full matrix.
static double stored_entries (const held_matrix *h, double cells)
{
    return held_as_cells (h) ? cells : (double) h->nvals ;
}

double gbgpu_held_entries (const GrB_Matrix X, double cells)
{
    held_matrix h ;
    return held_of (&h, X) ? stored_entries (&h, cells) : 0 ;
}

// op(X)'s bytes to the device, and the entries copied on the host first.
static void add_upload (gbgpu_cost_sizes *s, const gbgpu_operand *X)
{
    held_matrix h ;
    if (!held_of (&h, X->matrix)) return ;
    size_t value_size = 0 ;
    if (X->values_needed && GxB_Type_size (&value_size, X->type) != GrB_SUCCESS) value_size = 0 ;
    const double cells = (double) X->nrows * (double) X->ncols ;
    const bool in_place = gbgpu_zero_copy_enabled ()
        && (h.format == GxB_BY_COL) == X->transpose
        && (!X->values_needed || h.type == X->type)
        && (h.sparsity == GxB_SPARSE || held_as_cells (&h)) ;
    s->uploads += 1 ;
    if (in_place && held_as_cells (&h))
    {
        // a bitmap's cells as bits (packed on the host: the rate is
        // calibrated on the bytes a bitmap's upload reports), and every
        // cell's value
        s->cell_bytes_up += ((h.sparsity == GxB_BITMAP)
                ? 4.0 * (double) gbgpu_bitmap_words ((int64_t) cells) : 0)
            + (h.iso ? 1 : cells) * (double) value_size ;
        return ;
    }
    s->bytes_up += gbgpu_csr_bus_bytes ((double) X->nrows, (double) h.nvals,
        (double) value_size, h.iso) ;
    if (!in_place) s->host_copy_entries += (double) h.nvals ;
}

// Uploaded already as an earlier operand (the same matrix, the same way).
static bool uploaded_before (const gbgpu_operand *const *operands, int k)
{
    for (int e = 0 ; e < k ; e++)
    {
        if (operands [e]->matrix == operands [k]->matrix
         && operands [e]->transpose == operands [k]->transpose) return true ;
    }
    return false ;
}

void gbgpu_cost_sizes_of (gbgpu_cost_sizes *s, const gbgpu_plan *plan,
    const GrB_Matrix C, const GrB_Matrix M, const GrB_BinaryOp accum, double products,
    double work)
{
    gbgpu_cost_sizes empty = { 0 } ;
    *s = empty ;
    s->modelled = true ;
    s->kind = (M == NULL) ? GBGPU_COST_UNMASKED
        : plan->mask_complement ? GBGPU_COST_COMPLEMENTED
        : plan->masked_dot ? GBGPU_COST_MASKED_DOT : GBGPU_COST_MASKED ;
    s->products = products ;
    s->work = work ;
    // the kernels' first load in this process, less what the CPU forwent
    gbgpu_kernel_set kernels = gbgpu_kernel_set_of (plan) ;
    if (!gbgpu_kernel_set_loaded (&kernels, &s->first_use_forgone))
    {
        s->first_use = 1 ;
        // a compile no call waits for (GBGPU_JIT_WAIT 0) is charged to none:
        // the call the model sends to the GPU starts it and goes to the library
        s->first_use_run_time = (plan->run_time && gbgpu_jit_waits ()) ? 1 : 0 ;
    }
    const gbgpu_operand *operands [3] = { &plan->A, &plan->B, &plan->M } ;
    for (int k = 0 ; k < 3 ; k++)
    {
        if (operands [k]->matrix != NULL && !uploaded_before (operands, k)
         && !gbgpu_device_cache_holds (operands [k], gbgpu_current_device ()))
            add_upload (s, operands [k]) ;
    }

    // T is m x n (B's rows for a masked dot product, which reads B as stored)
    const double m = (double) plan->A.nrows ;
    const double n = (double) (plan->masked_dot ? plan->B.nrows : plan->B.ncols) ;
    const double cells = m * n ;
    held_matrix mask = { 0 } ;
    const bool have_mask = (M != NULL) && held_of (&mask, M) ;
    // the cells T may fill: a mask applied on the device limits them (a
    // masked dot product's T: at most M's entries, whatever the products)
    double allowed = cells ;
    if (plan->M.matrix != NULL && have_mask)
        allowed = plan->mask_complement ? cells - (double) mask.nvals : (double) mask.nvals ;
    const double t_entries = gbgpu_cost_t_entries (products, cells, allowed) ;
    s->rows = m ;
    s->t_entries = t_entries ;
    s->t_entry_bytes = WIRE_INDEX_BYTES + (double) plan->value_size ;
    s->bytes_down = gbgpu_csr_bus_bytes (m, t_entries, (double) plan->value_size, false) ;

    // C's entries survive into the result with an accumulator or no replace
    double c_entries = 0 ;
    held_matrix c ;
    if ((accum != NULL || !plan->replace) && held_of (&c, C)) c_entries = stored_entries (&c, cells) ;
    const double m_entries = have_mask ? stored_entries (&mask, cells) : 0 ;
    s->finish_entries = plan->direct_to_C ? 0 : t_entries + c_entries + m_entries ;
    s->cpu_entries = t_entries + c_entries + m_entries ;
}
