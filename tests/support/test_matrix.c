// tests/support/test_matrix.c: reproducible random matrices in any storage.
// SPDX-License-Identifier: Apache-2.0
//
// A ts_matrix_spec's content is drawn first, as a list of tuples, from the
// spec's seed alone; the storage is then made from those tuples: options set
// before the build, a GxB pack of unsorted vectors for a jumbled matrix, or
// zombies (GrB_Matrix_removeElement) and pending tuples (setElement of new
// entries) left after the last wait.  So two specs that differ only in
// storage hold the same content, which is what the tests compare against.

#include "test_support.h"

#include <stdlib.h>
#include <string.h>

// The content of a spec, plus what pending work needs.
typedef struct
{
    GrB_Index n ;               // entries of the content
    GrB_Index *I, *J ;          // in row-major order
    void *X ;                   // n values (of the spec's type)
    bool *late ;                // entry k is set after the last wait
    GrB_Index ndoomed ;         // entries built, then removed (zombies)
    GrB_Index *DI, *DJ ;
    uint8_t iso_value [16] ;    // the value of every entry if iso
}
tuples ;

//------------------------------------------------------------------------------
// values
//------------------------------------------------------------------------------

static void random_value (ts_rng *rng, int code, void *x)
{
    switch (code)
    {
        case GBGPU_TYPE_BOOL:
            *(bool *) x = ts_rng_uniform (rng) < 0.7 ;
            break ;
        case GBGPU_TYPE_INT32:
            *(int32_t *) x = (int32_t) ts_rng_range (rng, -4, 4) ;
            break ;
        case GBGPU_TYPE_INT64:
            *(int64_t *) x = ts_rng_range (rng, -4, 4) ;
            break ;
        case GBGPU_TYPE_UINT32:
            *(uint32_t *) x = (uint32_t) ts_rng_range (rng, 0, 6) ;
            break ;
        case GBGPU_TYPE_UINT64:
            *(uint64_t *) x = (uint64_t) ts_rng_range (rng, 0, 6) ;
            break ;
        case GBGPU_TYPE_INT8:
            *(int8_t *) x = (int8_t) ts_rng_range (rng, -4, 4) ;
            break ;
        case GBGPU_TYPE_INT16:
            *(int16_t *) x = (int16_t) ts_rng_range (rng, -4, 4) ;
            break ;
        case GBGPU_TYPE_UINT8:
            *(uint8_t *) x = (uint8_t) ts_rng_range (rng, 0, 6) ;
            break ;
        case GBGPU_TYPE_UINT16:
            *(uint16_t *) x = (uint16_t) ts_rng_range (rng, 0, 6) ;
            break ;
        case GBGPU_TYPE_FP32:
        case GBGPU_TYPE_FP64:
        {
            double v = ts_rng_uniform (rng) ;
            v = (v < 0.1) ? 0.0 : -2.0 + 4.0 * ts_rng_uniform (rng) ;
            if (code == GBGPU_TYPE_FP32) *(float *) x = (float) v ;
            else *(double *) x = v ;
            break ;
        }
        case GBGPU_TYPE_FC32:
        case GBGPU_TYPE_FC64:
        {
            // each part as a real value
            gbgpu_type part = (code == GBGPU_TYPE_FC32) ? GBGPU_TYPE_FP32 : GBGPU_TYPE_FP64 ;
            size_t half = ts_type_size (ts_type (part)) ;
            random_value (rng, part, x) ;
            random_value (rng, part, (uint8_t *) x + half) ;
            break ;
        }
        default:
            break ;
    }
}

// A nonzero value for an iso matrix (zero would hide too much).
static void random_iso_value (ts_rng *rng, int code, void *x)
{
    random_value (rng, code, x) ;
    static const uint8_t zero [16] = { 0 } ;
    if (memcmp (x, zero, ts_type_size (ts_type ((gbgpu_type) code))) != 0) return ;
    switch (code)
    {
        case GBGPU_TYPE_BOOL:   *(bool *) x = true ; break ;
        case GBGPU_TYPE_INT32:  *(int32_t *) x = -3 ; break ;
        case GBGPU_TYPE_INT64:  *(int64_t *) x = 3 ; break ;
        case GBGPU_TYPE_UINT32: *(uint32_t *) x = 2 ; break ;
        case GBGPU_TYPE_UINT64: *(uint64_t *) x = 5 ; break ;
        case GBGPU_TYPE_FP32:   *(float *) x = 1.5f ; break ;
        case GBGPU_TYPE_FP64:   *(double *) x = -0.75 ; break ;
        case GBGPU_TYPE_INT8:   *(int8_t *) x = -2 ; break ;
        case GBGPU_TYPE_INT16:  *(int16_t *) x = 4 ; break ;
        case GBGPU_TYPE_UINT8:  *(uint8_t *) x = 3 ; break ;
        case GBGPU_TYPE_UINT16: *(uint16_t *) x = 7 ; break ;
        case GBGPU_TYPE_FC32:   ((float *) x) [0] = 1.5f ; ((float *) x) [1] = -0.5f ; break ;
        case GBGPU_TYPE_FC64:   ((double *) x) [0] = -0.75 ; ((double *) x) [1] = 2 ; break ;
        default: break ;
    }
}

//------------------------------------------------------------------------------
// content
//------------------------------------------------------------------------------

static void tuples_draw (tuples *t, const ts_matrix_spec *spec)
{
    int code = ts_type_code (spec->type) ;
    if (code < 0)
    {
        fprintf (stderr, "ts_matrix_spec: the type must be a table type\n") ;
        exit (1) ;
    }
    size_t size = ts_type_size (spec->type) ;
    GrB_Index cells = spec->nrows * spec->ncols ;
    memset (t, 0, sizeof (*t)) ;
    t->I = malloc ((cells + 1) * sizeof (GrB_Index)) ;
    t->J = malloc ((cells + 1) * sizeof (GrB_Index)) ;
    t->X = malloc ((cells + 1) * size) ;
    t->late = malloc ((cells + 1) * sizeof (bool)) ;
    t->DI = malloc ((cells + 1) * sizeof (GrB_Index)) ;
    t->DJ = malloc ((cells + 1) * sizeof (GrB_Index)) ;
    if (!t->I || !t->J || !t->X || !t->late || !t->DI || !t->DJ)
    {
        fprintf (stderr, "out of memory\n") ;
        exit (1) ;
    }

    ts_rng rng = ts_rng_new (spec->seed) ;
    random_iso_value (&rng, code, t->iso_value) ;
    bool iso = (spec->iso != TS_NOT_ISO) ;
    for (GrB_Index i = 0 ; i < spec->nrows ; i++)
    {
        if (ts_rng_uniform (&rng) < spec->empty_rows) continue ;
        for (GrB_Index j = 0 ; j < spec->ncols ; j++)
        {
            double u = ts_rng_uniform (&rng) ;
            if (u < spec->density)
            {
                // drawn whether or not the spec is iso or pending: the
                // content depends on the spec's content fields only
                uint8_t x [16] ;
                random_value (&rng, code, x) ;
                t->late [t->n] = ts_rng_uniform (&rng) < 0.3 ;
                t->I [t->n] = i ;
                t->J [t->n] = j ;
                memcpy ((uint8_t *) t->X + t->n * size,
                        iso ? t->iso_value : x, size) ;
                t->n++ ;
            }
            else if (u < spec->density + 0.05 * (1 - spec->density))
            {
                t->DI [t->ndoomed] = i ;
                t->DJ [t->ndoomed] = j ;
                t->ndoomed++ ;
            }
        }
    }
}

static void tuples_free (tuples *t)
{
    free (t->I) ; free (t->J) ; free (t->X ) ; free (t->late) ;
    free (t->DI) ; free (t->DJ) ;
}

//------------------------------------------------------------------------------
// typed GraphBLAS calls
//------------------------------------------------------------------------------

static void build (GrB_Matrix A, int code, const GrB_Index *I,
                   const GrB_Index *J, const void *X, GrB_Index n)
{
    switch (code)
    {
        #define TYPE_BUILD(name, ctype, prefix, kind) case GBGPU_TYPE_ ## name: \
            TS_OK (prefix ## _Matrix_build_ ## name (A, I, J, X, n, NULL)) ; break ;
        GBGPU_TYPE_LIST (TYPE_BUILD)
        #undef TYPE_BUILD
        default: break ;
    }
}

static void set_element (GrB_Matrix A, int code, const void *x,
                         GrB_Index i, GrB_Index j)
{
    switch (code)
    {
        #define TYPE_SET(name, ctype, prefix, kind) case GBGPU_TYPE_ ## name: \
            TS_OK (prefix ## _Matrix_setElement_ ## name (A, *(const ctype *) x, i, j)) ; break ;
        GBGPU_TYPE_LIST (TYPE_SET)
        #undef TYPE_SET
        default: break ;
    }
}

// A<A,struct> = x: every entry becomes x, and SuiteSparse makes A iso.
static void assign_iso (GrB_Matrix A, int code, const void *x)
{
    GrB_Index m, n ;
    TS_OK (GrB_Matrix_nrows (&m, A)) ;
    TS_OK (GrB_Matrix_ncols (&n, A)) ;
    GrB_Scalar s ;
    TS_OK (GrB_Scalar_new (&s, ts_type ((gbgpu_type) code))) ;
    switch (code)
    {
        #define TYPE_SET(name, ctype, prefix, kind) case GBGPU_TYPE_ ## name: \
            TS_OK (prefix ## _Scalar_setElement_ ## name (s, *(const ctype *) x)) ; break ;
        GBGPU_TYPE_LIST (TYPE_SET)
        #undef TYPE_SET
        default: break ;
    }
    TS_OK (GrB_Matrix_assign_Scalar (A, A, NULL, s, GrB_ALL, m, GrB_ALL, n,
                                     GrB_DESC_S)) ;
    TS_OK (GrB_Scalar_free (&s)) ;
}

//------------------------------------------------------------------------------
// jumbled: pack vectors whose indices are in descending order
//------------------------------------------------------------------------------

static void pack_jumbled (GrB_Matrix A, const tuples *t,
                          const ts_matrix_spec *spec)
{
    size_t size = ts_type_size (spec->type) ;
    bool by_col = spec->by_col ;
    bool hyper = (spec->sparsity == GxB_HYPERSPARSE) ;
    bool iso = (spec->iso != TS_NOT_ISO) ;
    GrB_Index nvec = by_col ? spec->ncols : spec->nrows ;

    // Ap: the start of each vector; Ai: its indices, in descending order
    GrB_Index *Ap = calloc (nvec + 1, sizeof (GrB_Index)) ;
    GrB_Index *filled = calloc (nvec + 1, sizeof (GrB_Index)) ;
    GrB_Index *Ai = malloc ((t->n + 1) * sizeof (GrB_Index)) ;
    void *Ax = malloc ((iso ? 1 : t->n + 1) * size) ;
    if (!Ap || !filled || !Ai || !Ax) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (GrB_Index k = 0 ; k < t->n ; k++)
    {
        Ap [(by_col ? t->J [k] : t->I [k]) + 1]++ ;
    }
    for (GrB_Index v = 0 ; v < nvec ; v++) Ap [v+1] += Ap [v] ;
    for (GrB_Index k = 0 ; k < t->n ; k++)
    {
        // tuples come in row-major order: ascending within each vector
        GrB_Index v = by_col ? t->J [k] : t->I [k] ;
        GrB_Index p = Ap [v+1] - 1 - filled [v]++ ;
        Ai [p] = by_col ? t->I [k] : t->J [k] ;
        if (!iso) memcpy ((uint8_t *) Ax + p * size, (uint8_t *) t->X + k * size, size) ;
    }
    if (iso) memcpy (Ax, t->iso_value, size) ;
    free (filled) ;

    GrB_Index Ai_size = (t->n + 1) * sizeof (GrB_Index) ;
    GrB_Index Ax_size = (iso ? 1 : t->n + 1) * size ;
    if (!hyper)
    {
        GrB_Index Ap_size = (nvec + 1) * sizeof (GrB_Index) ;
        TS_OK ((by_col ? GxB_Matrix_pack_CSC : GxB_Matrix_pack_CSR)
            (A, &Ap, &Ai, &Ax, Ap_size, Ai_size, Ax_size, iso, true, NULL)) ;
        return ;
    }

    // hypersparse: keep only the vectors that have entries
    GrB_Index *Hp = malloc ((nvec + 1) * sizeof (GrB_Index)) ;
    GrB_Index *Ah = malloc ((nvec + 1) * sizeof (GrB_Index)) ;
    if (!Hp || !Ah) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    GrB_Index nonempty = 0 ;
    Hp [0] = 0 ;
    for (GrB_Index v = 0 ; v < nvec ; v++)
    {
        if (Ap [v+1] == Ap [v]) continue ;
        Ah [nonempty] = v ;
        Hp [nonempty+1] = Ap [v+1] ;
        nonempty++ ;
    }
    free (Ap) ;
    GrB_Index Hp_size = (nvec + 1) * sizeof (GrB_Index) ;
    GrB_Index Ah_size = (nvec + 1) * sizeof (GrB_Index) ;
    TS_OK ((by_col ? GxB_Matrix_pack_HyperCSC : GxB_Matrix_pack_HyperCSR)
        (A, &Hp, &Ah, &Ai, &Ax, Hp_size, Ah_size, Ai_size, Ax_size, iso,
         nonempty, true, NULL)) ;
}

//------------------------------------------------------------------------------
// specs
//------------------------------------------------------------------------------

ts_matrix_spec ts_spec (GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                        double density, uint64_t seed)
{
    ts_matrix_spec spec ;
    memset (&spec, 0, sizeof (spec)) ;
    spec.type = type ;
    spec.nrows = nrows ;
    spec.ncols = ncols ;
    spec.density = density ;
    spec.seed = seed ;
    return spec ;
}

void ts_matrix_make (GrB_Matrix *A, const ts_matrix_spec *spec)
{
    int code = ts_type_code (spec->type) ;
    tuples t ;
    tuples_draw (&t, spec) ;

    TS_OK (GrB_Matrix_new (A, spec->type, spec->nrows, spec->ncols)) ;
    TS_OK (GxB_Matrix_Option_set (*A, GxB_FORMAT,
        spec->by_col ? GxB_BY_COL : GxB_BY_ROW)) ;
    if (spec->sparsity != 0)
    {
        TS_OK (GxB_Matrix_Option_set (*A, GxB_SPARSITY_CONTROL, spec->sparsity)) ;
    }

    if (spec->jumbled)
    {
        pack_jumbled (*A, &t, spec) ;
        tuples_free (&t) ;
        return ;
    }

    // build: everything, or, for pending work, the early entries plus the
    // doomed ones that will become zombies
    size_t size = ts_type_size (spec->type) ;
    GrB_Index nbuild = 0 ;
    GrB_Index *I = malloc ((t.n + t.ndoomed + 1) * sizeof (GrB_Index)) ;
    GrB_Index *J = malloc ((t.n + t.ndoomed + 1) * sizeof (GrB_Index)) ;
    uint8_t *X = malloc ((t.n + t.ndoomed + 1) * size) ;
    if (!I || !J || !X) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (GrB_Index k = 0 ; k < t.n ; k++)
    {
        if (spec->pending && t.late [k]) continue ;
        I [nbuild] = t.I [k] ;
        J [nbuild] = t.J [k] ;
        memcpy (X + nbuild * size, (uint8_t *) t.X + k * size, size) ;
        nbuild++ ;
    }
    for (GrB_Index k = 0 ; spec->pending && k < t.ndoomed ; k++)
    {
        I [nbuild] = t.DI [k] ;
        J [nbuild] = t.DJ [k] ;
        memcpy (X + nbuild * size, t.iso_value, size) ;
        nbuild++ ;
    }
    if (spec->iso == TS_ISO_ASSIGN)
    {
        // build with values that differ, then make them all the same
        ts_rng rng = ts_rng_new (~spec->seed) ;
        for (GrB_Index k = 0 ; k < nbuild ; k++)
        {
            random_value (&rng, code, X + k * size) ;
        }
    }
    build (*A, code, I, J, X, nbuild) ;
    free (I) ; free (J) ; free (X) ;
    if (spec->iso == TS_ISO_ASSIGN) assign_iso (*A, code, t.iso_value) ;
    TS_OK (GrB_Matrix_wait (*A, GrB_MATERIALIZE)) ;

    if (spec->pending)
    {
        // zombies first (removeElement), then pending tuples (setElement of
        // entries not yet present); no wait after this
        for (GrB_Index k = 0 ; k < t.ndoomed ; k++)
        {
            TS_OK (GrB_Matrix_removeElement (*A, t.DI [k], t.DJ [k])) ;
        }
        for (GrB_Index k = 0 ; k < t.n ; k++)
        {
            if (!t.late [k]) continue ;
            set_element (*A, code, (uint8_t *) t.X + k * size, t.I [k], t.J [k]) ;
        }
    }
    tuples_free (&t) ;
}

ts_matrix_spec ts_spec_plain (const ts_matrix_spec *spec)
{
    ts_matrix_spec plain = *spec ;
    plain.by_col = false ;
    plain.sparsity = 0 ;
    plain.jumbled = false ;
    plain.pending = false ;
    return plain ;
}

void ts_matrix_expected (GrB_Matrix *A, const ts_matrix_spec *spec)
{
    ts_matrix_spec plain = ts_spec_plain (spec) ;
    ts_matrix_make (A, &plain) ;
}

const char *ts_storage_name (const ts_matrix_spec *spec, char *buf, size_t n)
{
    const char *sparsity = "auto" ;
    switch (spec->sparsity)
    {
        case GxB_HYPERSPARSE: sparsity = "hyper" ; break ;
        case GxB_SPARSE:      sparsity = "sparse" ; break ;
        case GxB_BITMAP:      sparsity = "bitmap" ; break ;
        case GxB_FULL:        sparsity = "full" ; break ;
        default:              break ;
    }
    snprintf (buf, n, "%s/%s%s%s%s%s", spec->by_col ? "col" : "row", sparsity,
        spec->iso == TS_ISO_BUILD ? "/iso(build)" : "",
        spec->iso == TS_ISO_ASSIGN ? "/iso(assign)" : "",
        spec->jumbled ? "/jumbled" : "",
        spec->pending ? "/pending" : "") ;
    return buf ;
}
