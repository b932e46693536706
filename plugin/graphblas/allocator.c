// plugin/graphblas/allocator.c: host arrays that GraphBLAS will own are allocated with
// GraphBLAS's own allocator, when gbgpu knows which one that is.
// SPDX-License-Identifier: Apache-2.0
//
// GxB_Matrix_pack_CSR takes ownership of its arrays and frees them with the
// free function given to GxB_init (libc's after GrB_init).  gbgpu exports
// GrB_init and GxB_init in front of the library's, as it does GrB_mxm, to
// learn them.  A program that starts GraphBLAS without passing through gbgpu
// (linked with the library first, it calls the library's GxB_init directly)
// may have given it any allocator: then gbgpu hands GraphBLAS no array of
// its own and frees none of GraphBLAS's (gbgpu_host_allocator_known: the
// result is lent to the library and taken back, and C's arrays are never
// reused).  Realloc grows a result assembled from row blocks (libc's moves
// the pages of a large block instead of copying them).

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "core/options.h"
#include "graphblas/allocator.h"
#include "graphblas/graphblas.h"

typedef void *(*malloc_function) (size_t) ;
typedef void *(*calloc_function) (size_t, size_t) ;
typedef void *(*realloc_function) (void *, size_t) ;
typedef void (*free_function) (void *) ;

static malloc_function library_malloc = NULL ;
static realloc_function library_realloc = NULL ;
static free_function library_free = NULL ;
static _Atomic bool known = false ;

GBGPU_EXPORT GrB_Info GrB_init (GrB_Mode mode)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GrB_init (mode) ;
    if (info == GrB_SUCCESS) atomic_store (&known, true) ;
    return info ;
}

GBGPU_EXPORT GrB_Info GxB_init
(
    GrB_Mode mode, malloc_function user_malloc, calloc_function user_calloc,
    realloc_function user_realloc, free_function user_free
)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GxB_init (mode, user_malloc, user_calloc, user_realloc,
        user_free) ;
    if (info == GrB_SUCCESS)
    {
        library_malloc = user_malloc ;
        library_realloc = user_realloc ;
        library_free = user_free ;
        atomic_store (&known, true) ;
    }
    return info ;
}

bool gbgpu_host_allocator_known (void) { return atomic_load (&known) ; }

void *gbgpu_host_malloc (size_t size)
{
    return (library_malloc != NULL) ? library_malloc (size) : malloc (size) ;
}

void *gbgpu_host_realloc (void *p, size_t old_size, size_t size)
{
    if (library_malloc == NULL) return realloc (p, size) ;
    if (library_realloc != NULL) return library_realloc (p, size) ;
    // GxB_init allows a NULL realloc (GraphBLAS then allocates and copies)
    void *q = library_malloc (size) ;
    if (q == NULL) return NULL ;
    memcpy (q, p, old_size < size ? old_size : size) ;
    library_free (p) ;
    return q ;
}

void gbgpu_host_free (void *p)
{
    if (library_free != NULL) library_free (p) ; else free (p) ;
}
