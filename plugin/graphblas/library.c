// plugin/graphblas/library.c: the program's own GraphBLAS, found at run time, and
// the table of what gbgpu calls in it (graphblas/library.h).
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu has no GraphBLAS of its own: a second one in the process would take
// the program's calls away from the library it was built with (pip's
// python-graphblas loads its bundled copy privately, RTLD_LOCAL).  The
// library is the object that defines GrB_Matrix_nvals, which gbgpu never
// defines (it wraps the functions that may change a matrix; this one is
// cache/modifiers.txt's library_marker, which modifiers.cmake checks is not
// among them): first in
// the global scope (the program linked it, or loaded it RTLD_GLOBAL), else
// among the objects loaded privately (dl_iterate_phdr,
// then dlopen (RTLD_NOLOAD) of each to ask it).  Every entry of the table is
// then looked up in that object alone, so gbgpu's own interposed functions
// are never found there.
//
// A program may call gbgpu before it has a GraphBLAS (Python: anything
// before `import graphblas`), so a search that finds none is made again at
// the next need, until one is found; what is found is kept for the process.
// Its version can only be asked once the program has called GrB_init: so
// the version check is made at the first product after it, and its answer is
// then read without the lock.  A library of another major version than gbgpu
// was built for (its GxB_Iterator and options differ) is used for nothing
// but the interposed calls, each handed to it unchanged.
//
// The lock is held across fork, so that a child never finds it held by a
// thread it does not have; first of the plugin's locks (a constructor of the
// lowest priority), as a thread that holds another may still come here.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fork.h"
#include "graphblas/library.h"

static gbgpu_library_table table ;

// Taken to search for the library and to check its version.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;
static void *library_handle = NULL ;
// ABSENT until a search finds the library, then USED or STEP_ASIDE (stored
// once the table is filled); at most once more, to STEP_ASIDE, by the
// version check, which then sets version_known
static _Atomic gbgpu_library_state state = GBGPU_LIBRARY_ABSENT ;
static _Atomic bool version_known = false ;
static char library_path [4096] ;
// what gbgpu_graphblas_library says: "", then named, then versioned
static char named [4200], versioned [4200] ;
static _Atomic (const char *) description = "" ;

__attribute__ ((constructor (101))) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}

//------------------------------------------------------------------------------
// finding the library
//------------------------------------------------------------------------------

// The symbol every GraphBLAS defines and gbgpu does not (it only reads).
static const char *const marker = "GrB_Matrix_nvals" ;

typedef struct
{
    char **names ;
    size_t count, capacity ;
}
object_list ;

static int collect_object (struct dl_phdr_info *info, size_t size, void *data)
{
    (void) size ;
    object_list *list = data ;
    if (info->dlpi_name == NULL || info->dlpi_name [0] == '\0') return 0 ;
    if (list->count == list->capacity)
    {
        size_t capacity = 2 * list->capacity + 64 ;
        char **names = realloc (list->names, capacity * sizeof (char *)) ;
        if (names == NULL) return 1 ;
        list->names = names ;
        list->capacity = capacity ;
    }
    list->names [list->count] = strdup (info->dlpi_name) ;
    if (list->names [list->count] != NULL) list->count++ ;
    return 0 ;
}

// The marker in a privately loaded GraphBLAS; NULL when none is loaded.  The
// objects are listed first and asked after: dlopen may not be called while
// dl_iterate_phdr holds the loader's list.
static void *private_marker (void)
{
    object_list list = { NULL, 0, 0 } ;
    (void) dl_iterate_phdr (collect_object, &list) ;
    void *found = NULL ;
    Dl_info first, other ;
    for (size_t k = 0 ; k < list.count ; k++)
    {
        void *handle = dlopen (list.names [k], RTLD_NOLOAD | RTLD_LAZY) ;
        void *f = (handle != NULL) ? dlsym (handle, marker) : NULL ;
        if (f != NULL && found == NULL)
        {
            found = f ;
            (void) dladdr (found, &first) ;
        }
        else if (f != NULL && dladdr (f, &other) != 0 && other.dli_fbase != first.dli_fbase)
        {
            fprintf (stderr, "gbgpu: two GraphBLAS libraries loaded privately (%s, %s); "
                "gbgpu uses the first\n", first.dli_fname, other.dli_fname) ;
        }
        if (handle != NULL) dlclose (handle) ;
        free (list.names [k]) ;
    }
    free (list.names) ;
    return found ;
}

static void say_step_aside (const char *why)
{
    fprintf (stderr, "gbgpu: %s: every call goes to %s unchanged\n", why, library_path) ;
}

// Under the lock, while the state is ABSENT: the search, and the table filled
// from what it found.  The state is stored last, so a thread that reads it
// without the lock finds the table filled.
static void bind (void)
{
    void *f = dlsym (RTLD_DEFAULT, marker) ;
    if (f == NULL) f = private_marker () ;
    Dl_info info ;
    if (f == NULL || dladdr (f, &info) == 0 || info.dli_fname == NULL) return ;
    // loaded already: this only names it, the count of references it adds
    // is kept for the life of the process, as the table's pointers are
    void *handle = dlopen (info.dli_fname, RTLD_NOLOAD | RTLD_LAZY) ;
    if (handle == NULL) return ;
    library_handle = handle ;
    snprintf (library_path, sizeof (library_path), "%s", info.dli_fname) ;
    snprintf (named, sizeof (named), "SuiteSparse:GraphBLAS (%s)", library_path) ;
    atomic_store (&description, named) ;

    #define GBGPU_LIBRARY_FIND(name) \
        table.name = (__typeof__ (table.name)) dlsym (library_handle, #name) ;
    GBGPU_LIBRARY_SYMBOLS (GBGPU_LIBRARY_FIND, GBGPU_LIBRARY_FIND, GBGPU_LIBRARY_FIND)
    #undef GBGPU_LIBRARY_FIND

    const char *missing = NULL ;
    #define GBGPU_LIBRARY_CHECK(name) \
        if (missing == NULL && table.name == NULL) missing = #name ;
    #define GBGPU_LIBRARY_IGNORE(name)
    GBGPU_LIBRARY_SYMBOLS (GBGPU_LIBRARY_CHECK, GBGPU_LIBRARY_CHECK, GBGPU_LIBRARY_IGNORE)
    #undef GBGPU_LIBRARY_CHECK
    #undef GBGPU_LIBRARY_IGNORE
    if (missing != NULL)
    {
        char why [128] ;
        snprintf (why, sizeof (why), "the library has no %s", missing) ;
        say_step_aside (why) ;
    }
    atomic_store (&state, (missing == NULL) ? GBGPU_LIBRARY_USED : GBGPU_LIBRARY_STEP_ASIDE) ;
}

//------------------------------------------------------------------------------
// its version
//------------------------------------------------------------------------------

// The library's version, asked as that version expects: GrB_Global_get_INT32
// from 9.0 on (the C API 2.1 numbers its fields: GrB_LIBRARY_VER_MAJOR is 11,
// MINOR 12, PATCH 13), GxB_Global_Option_get before (GxB_LIBRARY_VERSION,
// numbered 9 there, gives three ints).  The numbers are written out because
// the header gbgpu is built with names only one of the two.
static GrB_Info read_version (int version [3])
{
    typedef GrB_Info (*global_get_int32) (void *, int32_t *, int) ;
    typedef GrB_Info (*global_option_get) (int, ...) ;
    global_get_int32 get = (global_get_int32) dlsym (library_handle, "GrB_Global_get_INT32") ;
    void **global = (void **) dlsym (library_handle, "GrB_GLOBAL") ;
    if (get != NULL && global != NULL)
    {
        int32_t part [3] = { 0, 0, 0 } ;
        GrB_Info info = GrB_SUCCESS ;
        for (int k = 0 ; k < 3 && info == GrB_SUCCESS ; k++)
        {
            info = get (*global, &part [k], 11 + k) ;
            version [k] = part [k] ;
        }
        return info ;
    }
    global_option_get option_get =
        (global_option_get) dlsym (library_handle, "GxB_Global_Option_get") ;
    return (option_get == NULL) ? GrB_NOT_IMPLEMENTED : option_get (9, version) ;
}

// Under the lock, once the library is USED.
static void check_version (void)
{
    int version [3] = { 0, 0, 0 } ;
    GrB_Info info = read_version (version) ;
    if (info == GrB_PANIC) return ;     // before GrB_init: asked again next time
    if (info != GrB_SUCCESS)
    {
        say_step_aside ("the library's version cannot be read") ;
        atomic_store (&state, GBGPU_LIBRARY_STEP_ASIDE) ;
    }
    else
    {
        snprintf (versioned, sizeof (versioned), "SuiteSparse:GraphBLAS %d.%d.%d (%s)",
            version [0], version [1], version [2], library_path) ;
        atomic_store (&description, versioned) ;
        if (version [0] != GxB_IMPLEMENTATION_MAJOR)
        {
            char why [128] ;
            snprintf (why, sizeof (why), "GraphBLAS %d.%d.%d, but this libgbgpu is built for %d.x",
                version [0], version [1], version [2], GxB_IMPLEMENTATION_MAJOR) ;
            say_step_aside (why) ;
            atomic_store (&state, GBGPU_LIBRARY_STEP_ASIDE) ;
        }
    }
    atomic_store (&version_known, true) ;
}

//------------------------------------------------------------------------------
// the interface
//------------------------------------------------------------------------------

gbgpu_library_state gbgpu_library_bind (void)
{
    gbgpu_library_state now = atomic_load (&state) ;
    if (now != GBGPU_LIBRARY_ABSENT) return now ;
    pthread_mutex_lock (&lock) ;
    if (atomic_load (&state) == GBGPU_LIBRARY_ABSENT) bind () ;
    now = atomic_load (&state) ;
    pthread_mutex_unlock (&lock) ;
    return now ;
}

const gbgpu_library_table *gbgpu_library (void)
{
    (void) gbgpu_library_bind () ;
    return &table ;
}

gbgpu_library_state gbgpu_library_usable (void)
{
    if (gbgpu_library_bind () != GBGPU_LIBRARY_USED) return atomic_load (&state) ;
    if (!atomic_load (&version_known))
    {
        pthread_mutex_lock (&lock) ;
        if (!atomic_load (&version_known)) check_version () ;
        pthread_mutex_unlock (&lock) ;
    }
    // before GrB_init the version is not known yet: nothing but the
    // interposed calls until it is
    return atomic_load (&version_known) ? atomic_load (&state) : GBGPU_LIBRARY_STEP_ASIDE ;
}

GBGPU_EXPORT const char *gbgpu_graphblas_library (void)
{
    (void) gbgpu_library_usable () ;
    return atomic_load (&description) ;
}

void *gbgpu_library_object (const char *name)
{
    return (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) ? NULL : dlsym (library_handle, name) ;
}

const struct link_map *gbgpu_library_link_map (void)
{
    struct link_map *map = NULL ;
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT
     || dlinfo (library_handle, RTLD_DI_LINKMAP, &map) != 0) return NULL ;
    return map ;
}
