// plugin/cuda/spgemm/sort_rows.cu: sort every row of C by column, carrying the values along.
// SPDX-License-Identifier: Apache-2.0
//
// Rows filled from shared-memory tables come out sorted; rows filled from
// global-memory tables do not, and are sorted here with CUB's segmented sort
// (one segment per row).  The values only move, so they are sorted as raw
// words of their size: five instantiations serve every type T can have (1
// and 2 bytes: built-in monoids on 8- and 16-bit integers; 16 bytes: user
// types of run-time compiled semirings, which take 4, 8 or 16, and FC64).

#include <cub/device/device_segmented_sort.cuh>
#include "spgemm/spgemm.cuh"

namespace gbgpu {

template <class Word>
static cudaError_t sort_rows_as (gbgpu_dev_result *C)
{
    const int64_t n = C->nvals ;
    device_array <int64_t> j_sorted ;
    device_array <Word> x_sorted ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (j_sorted.allocate (n)) ;
    GBGPU_TRY (x_sorted.allocate (n)) ;
    const Word *x = static_cast <const Word *> (C->x) ;
    size_t scratch_bytes = 0 ;
    GBGPU_TRY (cub::DeviceSegmentedSort::SortPairs (nullptr, scratch_bytes,
        C->j, j_sorted.get (), x, x_sorted.get (), n, C->nrows, C->p, C->p + 1, stream ())) ;
    GBGPU_TRY (scratch.allocate (scratch_bytes)) ;
    GBGPU_TRY (cub::DeviceSegmentedSort::SortPairs (scratch.get (), scratch_bytes,
        C->j, j_sorted.get (), x, x_sorted.get (), n, C->nrows, C->p, C->p + 1, stream ())) ;
    device_free (C->j) ;
    device_free (C->x) ;
    C->j = j_sorted.release () ;
    C->x = x_sorted.release () ;
    return cudaSuccess ;
}

// An iso result: only the column indices move.
static cudaError_t sort_row_keys (gbgpu_dev_result *C)
{
    const int64_t n = C->nvals ;
    device_array <int64_t> j_sorted ;
    device_array <unsigned char> scratch ;
    GBGPU_TRY (j_sorted.allocate (n)) ;
    size_t scratch_bytes = 0 ;
    GBGPU_TRY (cub::DeviceSegmentedSort::SortKeys (nullptr, scratch_bytes,
        C->j, j_sorted.get (), n, C->nrows, C->p, C->p + 1, stream ())) ;
    GBGPU_TRY (scratch.allocate (scratch_bytes)) ;
    GBGPU_TRY (cub::DeviceSegmentedSort::SortKeys (scratch.get (), scratch_bytes,
        C->j, j_sorted.get (), n, C->nrows, C->p, C->p + 1, stream ())) ;
    device_free (C->j) ;
    C->j = j_sorted.release () ;
    return cudaSuccess ;
}

cudaError_t sort_rows (gbgpu_dev_result *C)
{
    if (C->nvals == 0) return cudaSuccess ;
#if !defined (CCCL_VERSION) || CCCL_VERSION < 3000000
    // CUB before CCCL 3 counts items in int: a larger T is answered like one
    // that does not fit, by row blocks (halved until each block sorts)
    if (C->nvals > INT32_MAX) return cudaErrorMemoryAllocation ;
#endif
    if (C->iso) return sort_row_keys (C) ;
    // (2 bytes fell to the 8-byte words before: CUB read 8 bytes a value
    // from 2, and its rows came back with garbage, or the call faulted)
    switch (C->value_size)
    {
        case 1:  return sort_rows_as <uint8_t> (C) ;
        case 2:  return sort_rows_as <uint16_t> (C) ;
        case 4:  return sort_rows_as <uint32_t> (C) ;
        case 8:  return sort_rows_as <uint64_t> (C) ;
        case 16: return sort_rows_as <uint4> (C) ;
        default: return cudaErrorInvalidValue ;     // none: the call goes to the CPU
    }
}

}   // namespace gbgpu
