// plugin/run/host_result.c: a product's result in host arrays that
// GraphBLAS will own: made, filled from the device, packed into a matrix.
// SPDX-License-Identifier: Apache-2.0
//
// A result comes back into arrays that GxB_Matrix_pack_CSR takes over,
// whole or a block of rows at a time (row_blocks.c: the arrays grow as
// blocks arrive): C's old arrays where T replaces C's content and they are
// large enough (arrays_of_C.c), else fresh ones from GraphBLAS's allocator
// (graphblas/allocator.c; when gbgpu does not know it, fresh ones of its own,
// lent to the final step and taken back).  A fresh array's first touch (page
// faults, the kernel zeroing each page) costs as much as the bus, so fresh
// arrays are marked for transparent huge pages (one fault per 2 MiB instead
// of per 4 KiB; GBGPU_XFER_HUGEPAGES=0 turns that off), and large ones are
// touched by the transfer threads as soon as they are allocated, before the
// copy.  Into resident pages (C's, or touched) a large download writes with
// streaming stores, at the bus's pace (cuda/memory/transfer.cu): touching and
// then streaming took 80 ms for 1.9 GB on the H100 host, the copy faulting
// the pages in itself 94-123 ms (docs/memory.md).

#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "run/run.h"

// Host bytes past which fresh result arrays are touched ahead and a download
// into resident pages writes around the caches (at 67 MB both ways tied on
// the H100 host; smaller results stay in the cache for the final step).
#define LARGE_RESULT_BYTES ((size_t) 64 << 20)

// Asks for transparent huge pages in the 2 MiB-aligned part of a large fresh
// array (only a hint: nothing changes if the kernel has them off).  Arrays of
// 32 MiB and more come from mmap in glibc, so this never marks the heap.
static void advise_huge_pages (void *p, size_t bytes)
{
#if defined (MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t) 2 << 20 ;
    if (!gbgpu_huge_pages_enabled () || p == NULL || bytes < ((size_t) 32 << 20)) return ;
    uintptr_t start = ((uintptr_t) p + huge - 1) & ~(huge - 1) ;
    uintptr_t end = ((uintptr_t) p + bytes) & ~(huge - 1) ;
    if (end > start) (void) madvise ((void *) start, end - start, MADV_HUGEPAGE) ;
#else
    (void) p ; (void) bytes ;
#endif
}

int64_t gbgpu_host_result_capacity (const gbgpu_host_result *H)
{
    // j and x need not match when they are old arrays of different sizes
    int64_t j = (int64_t) (H->j_size / sizeof (GrB_Index)) ;
    if (H->iso || H->value_size == 0) return j ;
    int64_t x = (int64_t) (H->x_size / H->value_size) ;
    return (j < x) ? j : x ;
}

// Bytes of j and x for n entries (at least one, as GraphBLAS wants arrays).
static size_t j_bytes (int64_t n)
{
    return (size_t) (n > 0 ? n : 1) * sizeof (GrB_Index) ;
}

static size_t x_bytes (const gbgpu_host_result *H, int64_t n)
{
    return (size_t) (H->iso || n <= 0 ? 1 : n) * H->value_size ;
}

// Resizes j and x to n entries; on failure what they hold stays as it was.
static GrB_Info resize_entries (gbgpu_host_result *H, int64_t n)
{
    size_t new_j = j_bytes (n), new_x = x_bytes (H, n) ;
    GrB_Index *j = gbgpu_host_realloc (H->j, H->j_size, new_j) ;
    if (j == NULL) return GrB_OUT_OF_MEMORY ;
    H->j = j ;
    H->j_size = new_j ;
    if (new_x != H->x_size)
    {
        void *x = gbgpu_host_realloc (H->x, H->x_size, new_x) ;
        if (x == NULL) return GrB_OUT_OF_MEMORY ;
        H->x = x ;
        H->x_size = new_x ;
    }
    advise_huge_pages (H->j, H->j_size) ;
    advise_huge_pages (H->x, H->x_size) ;
    return GrB_SUCCESS ;
}

// One array of a result: `old`'s when it holds `bytes` (*old then NULL),
// else a fresh one, touched if the result is large (the time it took added
// to H's download: its host side).  *resident: its pages are in memory (old,
// or touched).
static void *result_array (gbgpu_host_result *H, void **old, size_t *size, size_t bytes,
    bool large, bool *resident)
{
    void *p = NULL ;
    if (*old != NULL && *size >= bytes)
    {
        p = *old ;
        *old = NULL ;
        *resident = true ;
        return p ;
    }
    *size = bytes ;
    p = gbgpu_host_malloc (bytes) ;
    advise_huge_pages (p, bytes) ;
    *resident = (p != NULL && large) ;
    if (*resident)
    {
        double start = gbgpu_seconds_now () ;
        gbgpu_cuda_touch_host (p, bytes) ;
        double seconds = gbgpu_seconds_now () - start ;
        H->touch_seconds += seconds ;
        H->download_seconds += seconds ;
    }
    return p ;
}

void gbgpu_host_arrays_free (gbgpu_host_arrays *old)
{
    if (old->p != NULL) gbgpu_host_free (old->p) ;
    if (old->j != NULL) gbgpu_host_free (old->j) ;
    if (old->x != NULL) gbgpu_host_free (old->x) ;
    gbgpu_host_arrays none = { 0 } ;
    *old = none ;
}

GrB_Info gbgpu_host_result_init (gbgpu_host_result *H, int64_t nrows,
    int64_t capacity, size_t value_size, bool iso, gbgpu_host_arrays *old)
{
    // GraphBLAS's allocator: GxB_Matrix_pack_CSR takes ownership of them
    gbgpu_host_result empty = { 0 } ;
    gbgpu_host_arrays none = { 0 } ;
    if (old == NULL) old = &none ;
    *H = empty ;
    H->nrows = nrows ;
    H->value_size = value_size ;
    H->iso = iso ;
    // the sizes that old's arrays have, until a fresh one takes their place
    H->p_size = old->p_size ;
    H->j_size = old->j_size ;
    H->x_size = old->x_size ;
    bool j_resident, x_resident, had_x = (old->x != NULL) ;
    const bool large = j_bytes (capacity) + x_bytes (H, capacity) >= LARGE_RESULT_BYTES ;
    void *old_p = old->p, *old_j = old->j ;
    H->p = result_array (H, &old_p, &H->p_size, (size_t) (nrows + 1) * sizeof (GrB_Index),
        large, &H->p_resident) ;
    H->j = result_array (H, &old_j, &H->j_size, j_bytes (capacity), large, &j_resident) ;
    H->x = result_array (H, &old->x, &H->x_size, x_bytes (H, capacity), large, &x_resident) ;
    // both index and value arrays are C's (a fresh one is faulted in)
    H->in_old_arrays = (old->j != NULL && old_j == NULL && had_x && old->x == NULL) ;
    old->p = old_p ;
    old->j = old_j ;
    if (H->p == NULL || H->j == NULL || H->x == NULL)
    {
        gbgpu_host_result_free (H) ;
        return GrB_OUT_OF_MEMORY ;
    }
    H->p [0] = 0 ;
    H->resident_entries = (j_resident && x_resident) ? gbgpu_host_result_capacity (H) : 0 ;
    return GrB_SUCCESS ;
}

GrB_Info gbgpu_host_result_reserve (gbgpu_host_result *H, int64_t capacity)
{
    return (capacity <= gbgpu_host_result_capacity (H)) ? GrB_SUCCESS
                                                         : resize_entries (H, capacity) ;
}

void gbgpu_host_result_free (gbgpu_host_result *H)
{
    if (H->p != NULL) gbgpu_host_free (H->p) ;
    if (H->j != NULL) gbgpu_host_free (H->j) ;
    if (H->x != NULL) gbgpu_host_free (H->x) ;
    H->p = NULL ; H->j = NULL ; H->x = NULL ;
    H->p_size = 0 ; H->j_size = 0 ; H->x_size = 0 ;
    H->nvals = 0 ;
    H->p_resident = false ;
    H->resident_entries = 0 ;
}

gbgpu_cuda_status gbgpu_host_result_download_at (gbgpu_host_result *H, int64_t first_row,
    int64_t first_entry, const gbgpu_dev_result *T, GrB_Index *row_pointers, void *iso_value,
    double *seconds)
{
    const double start = gbgpu_seconds_now () ;
    *seconds = 0 ;
    // a result that does not fit the arrays would be written past them
    if (first_entry + T->nvals > gbgpu_host_result_capacity (H) || first_row + T->nrows > H->nrows
     || T->iso != H->iso || T->value_size != H->value_size) return GBGPU_CUDA_ERROR ;
    void *x = !H->iso ? (unsigned char *) H->x + (size_t) first_entry * H->value_size
            : (iso_value != NULL) ? iso_value : H->x ;
    // a large download into pages already in memory: around the caches
    size_t host_bytes = j_bytes (T->nvals) + x_bytes (H, T->nvals) ;
    bool resident = H->p_resident && first_entry + T->nvals <= H->resident_entries
        && host_bytes >= LARGE_RESULT_BYTES ;
    gbgpu_cuda_status status = gbgpu_cuda_download (T, row_pointers, H->j + first_entry, x,
        resident) ;
    if (status != GBGPU_CUDA_OK) return status ;
    gbgpu_count_bytes (0, gbgpu_cuda_transfer_bytes ()) ;
    // T's row pointers start at 0: they follow the entries before them
    if (first_entry > 0)
    {
        for (int64_t r = 0 ; r <= T->nrows ; r++) row_pointers [r] += (GrB_Index) first_entry ;
    }
    *seconds = gbgpu_seconds_now () - start ;
    return GBGPU_CUDA_OK ;
}

gbgpu_cuda_status gbgpu_host_result_download (gbgpu_host_result *H,
    int64_t first_row, const gbgpu_dev_result *T)
{
    double seconds ;
    gbgpu_cuda_status status = gbgpu_host_result_download_at (H, first_row, H->nvals, T,
        H->p + first_row, NULL, &seconds) ;
    if (status != GBGPU_CUDA_OK) return status ;
    H->nvals += T->nvals ;
    H->download_seconds += seconds ;
    return GBGPU_CUDA_OK ;
}

void gbgpu_host_result_copy_at (gbgpu_host_result *H, int64_t first_row, int64_t first_entry,
    const gbgpu_host_result *P)
{
    memcpy (H->j + first_entry, P->j, (size_t) P->nvals * sizeof (GrB_Index)) ;
    if (!H->iso) memcpy ((unsigned char *) H->x + (size_t) first_entry * H->value_size, P->x,
        (size_t) P->nvals * H->value_size) ;
    for (int64_t r = 0 ; r < P->nrows ; r++)
        H->p [first_row + r] = P->p [r] + (GrB_Index) first_entry ;
}

bool gbgpu_host_result_take_back (GrB_Matrix R)
{
    // R is as packed: sparse by row (a pack converts nothing, and the final
    // step only reads R), so these are the arrays gbgpu allocated
    GrB_Index *p = NULL, *j = NULL, p_size, j_size, x_size ;
    void *x = NULL ;
    bool iso, jumbled ;
    if (GxB_Matrix_unpack_CSR (R, &p, &j, &x, &p_size, &j_size, &x_size, &iso, &jumbled,
        NULL) != GrB_SUCCESS) return false ;
    gbgpu_host_arrays lent = { .p = p, .j = j, .x = x } ;
    gbgpu_host_arrays_free (&lent) ;
    return true ;
}

GrB_Info gbgpu_host_result_pack (GrB_Matrix R, gbgpu_host_result *H)
{
    // Room reserved for an estimate of the entries, or left in C's old
    // arrays, is given back (if the allocator can shrink in place), rather
    // than held by GraphBLAS.
    const size_t j_need = j_bytes (H->nvals), x_need = x_bytes (H, H->nvals) ;
    if (H->j_size > j_need + j_need / 8 || H->x_size > x_need + x_need / 8)
        (void) resize_entries (H, H->nvals) ;
    GrB_Info info = GxB_Matrix_pack_CSR (R, &H->p, &H->j, &H->x, H->p_size,
        H->j_size, H->x_size, H->iso && H->nvals > 0, false, NULL) ;
    // pack took the arrays (and set the pointers to NULL) or left them to us
    gbgpu_host_result_free (H) ;
    return info ;
}
