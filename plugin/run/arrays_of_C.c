// plugin/run/arrays_of_C.c: C's old arrays for the result, when T replaces C's content.
// SPDX-License-Identifier: Apache-2.0
//
// A result packed straight into C (plan->direct_to_C: no accumulator, no
// typecast, and no mask or a structural one the device applied, with
// replace) replaces C's content: nothing reads C's old entries afterwards.
// Its arrays are then taken (GxB_Matrix_unpack_CSR: no copy for a matrix
// held sparse by row) and T is downloaded into them where they are large
// enough (host_result.c).  Their pages are in memory already; fresh arrays from
// the allocator cost a page fault and the kernel's zeroing of every page: a
// 1.9 GB download took 94-123 ms into fresh arrays and 36 ms into resident
// ones on the H100 host (docs/memory.md).  A program that writes the
// same C again and again (MCL's expansion E = P*P, a loop of products) gets
// this from its second call on.
//
// Only when gbgpu knows GraphBLAS's allocator (graphblas/allocator.c): C's arrays
// are the library's, and gbgpu may grow or free them.  Only when C is none
// of A, B and M: until T is back, any failure sends the
// call to the library, which must still find its inputs there, while C's
// old content it replaces as gbgpu would.  Only when C is held sparse (a
// bitmap, full or hypersparse C would be converted first).  Its pending work,
// if any, is finished by the unpack (a matrix written by a product has none).
// C keeps its type, size and settings; the caller packs T into it.  C has
// changed: its device copies go at once, through the function every write
// of C passes (cache/c_written.c), so that their memory is free for the
// inputs and T; the call's end passes C through it again.

#include "run/run.h"
#include "cache/device_cache.h"

static bool is_input (GrB_Matrix C, const GrB_Matrix M, const gbgpu_plan *plan)
{
    return C == M || C == plan->A.matrix || C == plan->B.matrix || C == plan->M.matrix ;
}

void gbgpu_take_arrays_of_C (gbgpu_host_arrays *old, GrB_Matrix C, const GrB_Matrix M,
    const gbgpu_plan *plan)
{
    gbgpu_host_arrays none = { 0 } ;
    *old = none ;
    int32_t sparsity ;
    if (!plan->direct_to_C || !gbgpu_host_allocator_known () || is_input (C, M, plan)
     || GxB_Matrix_Option_get_INT32 (C, GxB_SPARSITY_STATUS, &sparsity) != GrB_SUCCESS
     || sparsity != GxB_SPARSE) return ;
    // direct_to_C: C is held by row, so these are its CSR arrays as they are
    bool iso = false, jumbled = false ;
    GrB_Index p_size, j_size, x_size ;
    if (GxB_Matrix_unpack_CSR (C, &old->p, &old->j, &old->x, &p_size, &j_size, &x_size,
        &iso, &jumbled, NULL) != GrB_SUCCESS)
    {
        *old = none ;       // C unchanged: the result gets fresh arrays
        return ;
    }
    old->p_size = (size_t) p_size ;
    old->j_size = (size_t) j_size ;
    old->x_size = (size_t) x_size ;
    gbgpu_cache_C_written (C, NULL, false) ;
}
