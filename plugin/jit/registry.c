// plugin/jit/registry.c: the C definitions of user types and binary operators, for
// run-time compiled semirings.
// SPDX-License-Identifier: Apache-2.0
//
// SuiteSparse:GraphBLAS 7.4 keeps the name and definition given to
// GxB_Type_new and GxB_BinaryOp_new but has no call that returns them.
// libgbgpu exports both functions in front of the library's (as it does
// GrB_mxm, interpose.c), forwards each call to the library's own
// (graphblas/library.c), and remembers object -> (name, definition, and the sizes or
// types it was made with).  GrB_Type_new and GrB_BinaryOp_new are macros
// over them with no definition in 7.x, functions of their own from 9.0 on
// (interposed as well): either way their objects are known, without one.
//
// A freed object's address may be reused by the next one.  GrB_free (the
// _Generic macro) calls GrB_Type_free / GrB_BinaryOp_free, which are
// interposed too and drop the entry before the library frees the object, so
// an entry never outlives its object's name.  Each lookup also checks the
// object's size or types against the entry's, so an object freed some other
// way (GrB_free without _Generic, a call gbgpu does not see) and replaced by
// one of another shape reads as unknown rather than with a wrong definition.

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "jit/jit.h"

typedef struct
{
    const void *object ;        // a GrB_Type or GrB_BinaryOp
    size_t size ;               // a type's size
    GrB_Type ztype, xtype, ytype ;  // an operator's types
    char *name, *definition ;   // malloc'd; definition NULL when none given
}
entry ;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER ;

// fork: the lock is held across it, so a child never finds it held by a
// thread it does not have (its own interposed constructors take it).
__attribute__ ((constructor)) static void watch_fork (void)
{
    gbgpu_hold_across_fork (&lock) ;
}
static entry *entries = NULL ;
static size_t n_entries = 0, capacity = 0 ;

static char *copy_of (const char *s)
{
    if (s == NULL) return NULL ;
    char *c = malloc (strlen (s) + 1) ;
    if (c != NULL) strcpy (c, s) ;
    return c ;
}

static void drop_locked (const void *object)
{
    for (size_t k = 0 ; k < n_entries ; k++)
    {
        if (entries [k].object != object) continue ;
        free (entries [k].name) ;
        free (entries [k].definition) ;
        entries [k] = entries [--n_entries] ;
        return ;
    }
}

// Remembers e (its strings copied); out of memory: the object stays unknown
// (its semirings go to the library: "no definition").
static void remember (const entry *e)
{
    entry copy = *e ;
    copy.name = copy_of (e->name) ;
    copy.definition = copy_of (e->definition) ;
    pthread_mutex_lock (&lock) ;
    drop_locked (e->object) ;
    bool room = n_entries < capacity ;
    if (!room)
    {
        size_t more = 2 * capacity + 16 ;
        entry *grown = realloc (entries, more * sizeof (entry)) ;
        if (grown != NULL)
        {
            entries = grown ;
            capacity = more ;
            room = true ;
        }
    }
    bool whole = copy.name != NULL && (copy.definition != NULL || e->definition == NULL) ;
    if (room && whole) entries [n_entries++] = copy ;
    pthread_mutex_unlock (&lock) ;
    if (!room || !whole)
    {
        free (copy.name) ;
        free (copy.definition) ;
    }
}

static void forget (const void *object)
{
    if (object == NULL) return ;
    pthread_mutex_lock (&lock) ;
    drop_locked (object) ;
    pthread_mutex_unlock (&lock) ;
}

// Copies of the entry of `object` when `matches` holds for it.
static bool look_up (const void *object, bool (*matches) (const entry *, const void *),
    const void *shape, gbgpu_definition *d)
{
    d->name = NULL ;
    d->definition = NULL ;
    bool found = false, copied = true ;
    pthread_mutex_lock (&lock) ;
    for (size_t k = 0 ; k < n_entries && !found ; k++)
    {
        if (entries [k].object != object || !matches (&entries [k], shape)) continue ;
        found = true ;
        d->name = copy_of (entries [k].name) ;
        d->definition = copy_of (entries [k].definition) ;
        copied = d->name != NULL && (d->definition != NULL || entries [k].definition == NULL) ;
    }
    pthread_mutex_unlock (&lock) ;
    if (!copied) gbgpu_definition_free (d) ;
    return found && copied ;
}

static bool same_size (const entry *e, const void *shape)
{
    return e->size == *(const size_t *) shape ;
}

static bool same_types (const entry *e, const void *shape)
{
    const GrB_Type *t = shape ;
    return e->ztype == t [0] && e->xtype == t [1] && e->ytype == t [2] ;
}

bool gbgpu_registry_type (GrB_Type type, gbgpu_definition *d)
{
    size_t size ;
    if (type == NULL || GxB_Type_size (&size, type) != GrB_SUCCESS)
    {
        d->name = d->definition = NULL ;
        return false ;
    }
    return look_up (type, same_size, &size, d) ;
}

bool gbgpu_registry_op (GrB_BinaryOp op, gbgpu_definition *d)
{
    GrB_Type types [3] ;
    if (op == NULL
     || GxB_BinaryOp_ztype (&types [0], op) != GrB_SUCCESS
     || GxB_BinaryOp_xtype (&types [1], op) != GrB_SUCCESS
     || GxB_BinaryOp_ytype (&types [2], op) != GrB_SUCCESS)
    {
        d->name = d->definition = NULL ;
        return false ;
    }
    return look_up (op, same_types, types, d) ;
}

void gbgpu_definition_free (gbgpu_definition *d)
{
    free (d->name) ;
    free (d->definition) ;
    d->name = d->definition = NULL ;
}

//------------------------------------------------------------------------------
// the interposed constructors and destructors
//------------------------------------------------------------------------------

GBGPU_EXPORT GrB_Info GxB_Type_new
(
    GrB_Type *type, size_t sizeof_ctype, const char *type_name, const char *type_defn
)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GxB_Type_new (type, sizeof_ctype, type_name, type_defn) ;
    if (info == GrB_SUCCESS && type_name != NULL)
    {
        entry e = { .object = *type, .size = sizeof_ctype,
            .name = (char *) type_name, .definition = (char *) type_defn } ;
        remember (&e) ;
    }
    return info ;
}

GBGPU_EXPORT GrB_Info GxB_BinaryOp_new
(
    GrB_BinaryOp *op, GxB_binary_function function, GrB_Type ztype,
    GrB_Type xtype, GrB_Type ytype, const char *binop_name, const char *binop_defn
)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GxB_BinaryOp_new (op, function, ztype, xtype, ytype,
        binop_name, binop_defn) ;
    if (info == GrB_SUCCESS && binop_name != NULL)
    {
        entry e = { .object = *op, .ztype = ztype, .xtype = xtype, .ytype = ytype,
            .name = (char *) binop_name, .definition = (char *) binop_defn } ;
        remember (&e) ;
    }
    return info ;
}

#if GxB_IMPLEMENTATION_MAJOR >= 9
// Known, with no definition (and no name: "").
GBGPU_EXPORT GrB_Info GrB_Type_new (GrB_Type *type, size_t sizeof_ctype)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GrB_Type_new (type, sizeof_ctype) ;
    if (info == GrB_SUCCESS)
    {
        entry e = { .object = *type, .size = sizeof_ctype, .name = (char *) "", .definition = NULL } ;
        remember (&e) ;
    }
    return info ;
}

GBGPU_EXPORT GrB_Info GrB_BinaryOp_new
(
    GrB_BinaryOp *op, GxB_binary_function function, GrB_Type ztype,
    GrB_Type xtype, GrB_Type ytype
)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    GrB_Info info = gbgpu_library ()->GrB_BinaryOp_new (op, function, ztype, xtype, ytype) ;
    if (info == GrB_SUCCESS)
    {
        entry e = { .object = *op, .ztype = ztype, .xtype = xtype, .ytype = ytype,
            .name = (char *) "", .definition = NULL } ;
        remember (&e) ;
    }
    return info ;
}
#endif

GBGPU_EXPORT GrB_Info GrB_Type_free (GrB_Type *type)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    if (type != NULL) forget (*type) ;
    return gbgpu_library ()->GrB_Type_free (type) ;
}

GBGPU_EXPORT GrB_Info GrB_BinaryOp_free (GrB_BinaryOp *op)
{
    if (gbgpu_library_bind () == GBGPU_LIBRARY_ABSENT) return GrB_NOT_IMPLEMENTED ;
    if (op != NULL) forget (*op) ;
    return gbgpu_library ()->GrB_BinaryOp_free (op) ;
}
