// plugin/api/library.c: the program's own GraphBLAS, found at run time: the
// functions gbgpu stands in front of (GrB_mxm, GxB_init, GrB_finalize, the
// constructors the run-time compiler learns from) and calls on.
// SPDX-License-Identifier: Apache-2.0
//
// RTLD_NEXT finds the library when gbgpu comes first (LD_PRELOAD, or linked
// before -lgraphblas).  Linked after -lgraphblas, gbgpu comes later in the
// search order and RTLD_NEXT finds nothing; the global scope then has the
// library's definition first.  Either way the answer must never be gbgpu's
// own function (a call to it would call itself).

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include "api/api.h"

// Is `f` defined in the object gbgpu is part of?
static bool defined_by_gbgpu (void *f)
{
    Dl_info mine, theirs ;
    return dladdr ((void *) gbgpu_library_symbol, &mine) != 0
        && dladdr (f, &theirs) != 0 && mine.dli_fbase == theirs.dli_fbase ;
}

void *gbgpu_library_symbol (const char *name)
{
    void *f = dlsym (RTLD_NEXT, name) ;
    if (f == NULL)
    {
        f = dlsym (RTLD_DEFAULT, name) ;
        if (f != NULL && defined_by_gbgpu (f)) f = NULL ;
    }
    return f ;
}
