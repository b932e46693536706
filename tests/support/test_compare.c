// tests/support/test_compare.c: what a matrix holds, and the checks the tests make on it:
// the same content as a reference (exact, or within a tolerance after a
// floating-point reduction whose order may differ), the same pattern, values
// between two references (ANY monoid), an input left intact, and snapshots
// of any matrix to check that a call left it alone.
// SPDX-License-Identifier: Apache-2.0

#include "test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

//------------------------------------------------------------------------------
// content
//------------------------------------------------------------------------------

typedef struct { GrB_Index i, j, k ; } position ;

static int position_order (const void *a, const void *b)
{
    const position *x = a, *y = b ;
    if (x->i != y->i) return (x->i < y->i) ? -1 : 1 ;
    if (x->j != y->j) return (x->j < y->j) ? -1 : 1 ;
    return 0 ;
}

static void extract (GrB_Matrix A, GrB_Type type, GrB_Index *I, GrB_Index *J,
                     void *X, GrB_Index *n)
{
    if      (type == GrB_BOOL)   TS_OK (GrB_Matrix_extractTuples_BOOL   (I, J, X, n, A)) ;
    else if (type == GrB_INT8)   TS_OK (GrB_Matrix_extractTuples_INT8   (I, J, X, n, A)) ;
    else if (type == GrB_INT16)  TS_OK (GrB_Matrix_extractTuples_INT16  (I, J, X, n, A)) ;
    else if (type == GrB_INT32)  TS_OK (GrB_Matrix_extractTuples_INT32  (I, J, X, n, A)) ;
    else if (type == GrB_INT64)  TS_OK (GrB_Matrix_extractTuples_INT64  (I, J, X, n, A)) ;
    else if (type == GrB_UINT8)  TS_OK (GrB_Matrix_extractTuples_UINT8  (I, J, X, n, A)) ;
    else if (type == GrB_UINT16) TS_OK (GrB_Matrix_extractTuples_UINT16 (I, J, X, n, A)) ;
    else if (type == GrB_UINT32) TS_OK (GrB_Matrix_extractTuples_UINT32 (I, J, X, n, A)) ;
    else if (type == GrB_UINT64) TS_OK (GrB_Matrix_extractTuples_UINT64 (I, J, X, n, A)) ;
    else if (type == GrB_FP32)   TS_OK (GrB_Matrix_extractTuples_FP32   (I, J, X, n, A)) ;
    else if (type == GrB_FP64)   TS_OK (GrB_Matrix_extractTuples_FP64   (I, J, X, n, A)) ;
    else if (type == GxB_FC32)   TS_OK (GxB_Matrix_extractTuples_FC32   (I, J, X, n, A)) ;
    else if (type == GxB_FC64)   TS_OK (GxB_Matrix_extractTuples_FC64   (I, J, X, n, A)) ;
    else                         TS_OK (GrB_Matrix_extractTuples_UDT    (I, J, X, n, A)) ;
}

static bool sorted (const GrB_Index *I, const GrB_Index *J, GrB_Index n)
{
    for (GrB_Index k = 1 ; k < n ; k++)
    {
        if (I [k-1] > I [k] || (I [k-1] == I [k] && J [k-1] >= J [k])) return false ;
    }
    return true ;
}

void ts_content_get (ts_content *c, GrB_Matrix A)
{
    memset (c, 0, sizeof (*c)) ;
    TS_OK (GxB_Matrix_type (&c->type, A)) ;
    c->size = ts_type_size (c->type) ;
    TS_OK (GrB_Matrix_nrows (&c->nrows, A)) ;
    TS_OK (GrB_Matrix_ncols (&c->ncols, A)) ;
    TS_OK (GrB_Matrix_nvals (&c->nvals, A)) ;
    GrB_Index n = c->nvals ;
    c->I = malloc ((n + 1) * sizeof (GrB_Index)) ;
    c->J = malloc ((n + 1) * sizeof (GrB_Index)) ;
    c->X = malloc ((n + 1) * c->size) ;
    if (!c->I || !c->J || !c->X) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    extract (A, c->type, c->I, c->J, c->X, &n) ;
    if (sorted (c->I, c->J, n)) return ;

    // a by-column matrix gives its tuples column by column: sort them
    position *order = malloc ((n + 1) * sizeof (position)) ;
    GrB_Index *I = malloc ((n + 1) * sizeof (GrB_Index)) ;
    GrB_Index *J = malloc ((n + 1) * sizeof (GrB_Index)) ;
    uint8_t *X = malloc ((n + 1) * c->size) ;
    if (!order || !I || !J || !X) { fprintf (stderr, "out of memory\n") ; exit (1) ; }
    for (GrB_Index k = 0 ; k < n ; k++)
    {
        order [k] = (position) { c->I [k], c->J [k], k } ;
    }
    qsort (order, n, sizeof (position), position_order) ;
    for (GrB_Index k = 0 ; k < n ; k++)
    {
        I [k] = order [k].i ;
        J [k] = order [k].j ;
        memcpy (X + k * c->size, (uint8_t *) c->X + order [k].k * c->size, c->size) ;
    }
    free (order) ;
    free (c->I) ; free (c->J) ; free (c->X) ;
    c->I = I ; c->J = J ; c->X = X ;
}

void ts_content_free (ts_content *c)
{
    free (c->I) ; free (c->J) ; free (c->X) ;
    memset (c, 0, sizeof (*c)) ;
}

//------------------------------------------------------------------------------
// values
//------------------------------------------------------------------------------

static const void *value_at (const ts_content *c, GrB_Index k)
{
    return (const uint8_t *) c->X + k * c->size ;
}

static const char *format_value (GrB_Type type, const void *x, char *buf, size_t n)
{
    switch (ts_type_code (type))
    {
        case GBGPU_TYPE_BOOL:   snprintf (buf, n, "%d", (int) *(const bool *) x) ; break ;
        case GBGPU_TYPE_INT32:  snprintf (buf, n, "%d", *(const int32_t *) x) ; break ;
        case GBGPU_TYPE_INT64:  snprintf (buf, n, "%lld", (long long) *(const int64_t *) x) ; break ;
        case GBGPU_TYPE_UINT32: snprintf (buf, n, "%u", *(const uint32_t *) x) ; break ;
        case GBGPU_TYPE_UINT64: snprintf (buf, n, "%llu", (unsigned long long) *(const uint64_t *) x) ; break ;
        case GBGPU_TYPE_FP32:   snprintf (buf, n, "%.9g", (double) *(const float *) x) ; break ;
        case GBGPU_TYPE_FP64:   snprintf (buf, n, "%.17g", *(const double *) x) ; break ;
        case GBGPU_TYPE_INT8:   snprintf (buf, n, "%d", *(const int8_t *) x) ; break ;
        case GBGPU_TYPE_INT16:  snprintf (buf, n, "%d", *(const int16_t *) x) ; break ;
        case GBGPU_TYPE_UINT8:  snprintf (buf, n, "%u", *(const uint8_t *) x) ; break ;
        case GBGPU_TYPE_UINT16: snprintf (buf, n, "%u", *(const uint16_t *) x) ; break ;
        case GBGPU_TYPE_FC32:
            snprintf (buf, n, "%.9g%+.9gi", (double) ((const float *) x) [0],
                (double) ((const float *) x) [1]) ;
            break ;
        case GBGPU_TYPE_FC64:
            snprintf (buf, n, "%.17g%+.17gi", ((const double *) x) [0], ((const double *) x) [1]) ;
            break ;
        default:                snprintf (buf, n, "(%zu bytes)", ts_type_size (type)) ; break ;
    }
    return buf ;
}

static double float_value (GrB_Type type, const void *x)
{
    return (type == GrB_FP32) ? (double) *(const float *) x : *(const double *) x ;
}

// The type of a complex type's real and imaginary parts.
static GrB_Type part_type (GrB_Type type)
{
    return (type == GxB_FC32) ? GrB_FP32 : GrB_FP64 ;
}

// Equal values; floats within tol * max (1, |r|, scale), a complex value's
// parts each so.
static bool same_value (GrB_Type type, size_t size, const void *c, const void *r,
                        double tol, double scale)
{
    if (!ts_type_is_float (type)) return memcmp (c, r, size) == 0 ;
    if (ts_type_is_complex (type))
    {
        size_t half = size / 2 ;
        return same_value (part_type (type), half, c, r, tol, scale)
            && same_value (part_type (type), half, (const uint8_t *) c + half,
                           (const uint8_t *) r + half, tol, scale) ;
    }
    double x = float_value (type, c), y = float_value (type, r) ;
    if (isnan (x) || isnan (y)) return isnan (x) && isnan (y) ;
    if (x == y) return true ;           // also -0 == +0, inf == inf
    if (isinf (x) || isinf (y)) return false ;
    return fabs (x - y) <= tol * fmax (fmax (1.0, fabs (y)), scale) ;
}

// -1, 0, 1 as x <, ==, > y (x, y not NaN)
static int order_value (GrB_Type type, const void *x, const void *y)
{
    // by the type's kind (semiring_codes.h): complex values, which have no
    // order, and user types by their bytes
#define ORDER(ctype) { ctype a = *(const ctype *) x, b = *(const ctype *) y ; \
                       return (a < b) ? -1 : (a > b) ; }
#define ORDER_LOGICAL(ctype)  ORDER (ctype)
#define ORDER_SIGNED(ctype)   ORDER (ctype)
#define ORDER_UNSIGNED(ctype) ORDER (ctype)
#define ORDER_REAL(ctype)     ORDER (ctype)
#define ORDER_COMPLEX(ctype)  break ;
#define TYPE_ORDER(name, ctype, prefix, kind) case GBGPU_TYPE_ ## name: ORDER_ ## kind (ctype)
    switch (ts_type_code (type))
    {
        GBGPU_TYPE_LIST (TYPE_ORDER)
        default: break ;
    }
    return memcmp (x, y, ts_type_size (type)) ;
#undef TYPE_ORDER
#undef ORDER_COMPLEX
#undef ORDER_REAL
#undef ORDER_UNSIGNED
#undef ORDER_SIGNED
#undef ORDER_LOGICAL
#undef ORDER
}

static bool is_nan (GrB_Type type, const void *x)
{
    if (ts_type_is_complex (type))
    {
        GrB_Type part = part_type (type) ;
        return is_nan (part, x) || is_nan (part, (const uint8_t *) x + ts_type_size (part)) ;
    }
    return ts_type_is_float (type) && isnan (float_value (type, x)) ;
}

//------------------------------------------------------------------------------
// comparisons
//------------------------------------------------------------------------------

double ts_tolerance (GrB_Type type, bool inexact)
{
    if (!inexact) return 0 ;
    if (type == GrB_FP64 || type == GxB_FC64) return 1e-10 ;
    if (type == GrB_FP32 || type == GxB_FC32) return 1e-4 ;
    return 0 ;
}

// Same type, dimensions and pattern; else why.
static bool same_shape (const ts_content *c, const ts_content *r,
                        char *why, size_t n)
{
    if (c->type != r->type)
    {
        snprintf (why, n, "type %s, expected %s", ts_type_name (c->type),
            ts_type_name (r->type)) ;
        return false ;
    }
    if (c->nrows != r->nrows || c->ncols != r->ncols)
    {
        snprintf (why, n, "dimensions %llux%llu, expected %llux%llu",
            (unsigned long long) c->nrows, (unsigned long long) c->ncols,
            (unsigned long long) r->nrows, (unsigned long long) r->ncols) ;
        return false ;
    }
    GrB_Index k = 0 ;
    while (k < c->nvals && k < r->nvals && c->I [k] == r->I [k] && c->J [k] == r->J [k]) k++ ;
    if (k == c->nvals && k == r->nvals) return true ;
    bool extra = (k < c->nvals) && (k == r->nvals ||
        position_order (&(position) { c->I [k], c->J [k], 0 },
                        &(position) { r->I [k], r->J [k], 0 }) < 0) ;
    const ts_content *at = extra ? c : r ;
    snprintf (why, n, "nvals %llu, expected %llu; entry (%llu,%llu) only in the %s",
        (unsigned long long) c->nvals, (unsigned long long) r->nvals,
        (unsigned long long) at->I [k], (unsigned long long) at->J [k],
        extra ? "result" : "reference") ;
    return false ;
}

bool ts_same_content (GrB_Matrix C, GrB_Matrix Ref, double tol,
                      char *why, size_t why_size)
{
    return ts_same_content_scaled (C, Ref, NULL, tol, why, why_size) ;
}

bool ts_same_content_scaled (GrB_Matrix C, GrB_Matrix Ref, GrB_Matrix Scale,
    double tol, char *why, size_t why_size)
{
    ts_content c, r, s ;
    ts_content_get (&c, C) ;
    ts_content_get (&r, Ref) ;
    memset (&s, 0, sizeof (s)) ;
    if (Scale != NULL) ts_content_get (&s, Scale) ;
    bool ok = same_shape (&c, &r, why, why_size) ;
    if (ok && Scale != NULL && (s.type != GrB_FP64 || s.nvals != r.nvals))
    {
        snprintf (why, why_size, "the scale is not an FP64 matrix of the same pattern") ;
        ok = false ;
    }
    for (GrB_Index k = 0 ; ok && k < c.nvals ; k++)
    {
        double scale = (Scale != NULL) ? fabs (((double *) s.X) [k]) : 0 ;
        if (same_value (c.type, c.size, value_at (&c, k), value_at (&r, k), tol, scale)) continue ;
        char x [64], y [64] ;
        snprintf (why, why_size, "value at (%llu,%llu) is %s, expected %s",
            (unsigned long long) c.I [k], (unsigned long long) c.J [k],
            format_value (c.type, value_at (&c, k), x, sizeof (x)),
            format_value (r.type, value_at (&r, k), y, sizeof (y))) ;
        ok = false ;
    }
    ts_content_free (&c) ;
    ts_content_free (&r) ;
    if (Scale != NULL) ts_content_free (&s) ;
    return ok ;
}

bool ts_same_pattern (GrB_Matrix C, GrB_Matrix Ref, char *why, size_t why_size)
{
    ts_content c, r ;
    ts_content_get (&c, C) ;
    ts_content_get (&r, Ref) ;
    bool ok = same_shape (&c, &r, why, why_size) ;
    ts_content_free (&c) ;
    ts_content_free (&r) ;
    return ok ;
}

bool ts_between (GrB_Matrix C, GrB_Matrix Lo, GrB_Matrix Hi,
                 GrB_Matrix NaNRef, char *why, size_t why_size)
{
    ts_content c, lo, hi, nan ;
    ts_content_get (&c, C) ;
    ts_content_get (&lo, Lo) ;
    ts_content_get (&hi, Hi) ;
    memset (&nan, 0, sizeof (nan)) ;
    if (NaNRef != NULL) ts_content_get (&nan, NaNRef) ;
    bool ok = same_shape (&c, &lo, why, why_size)
           && same_shape (&c, &hi, why, why_size)
           && (NaNRef == NULL || same_shape (&c, &nan, why, why_size)) ;
    for (GrB_Index k = 0 ; ok && k < c.nvals ; k++)
    {
        const void *x = value_at (&c, k), *l = value_at (&lo, k), *h = value_at (&hi, k) ;
        bool fits ;
        if (is_nan (c.type, x))
        {
            fits = is_nan (c.type, l) || is_nan (c.type, h)
                || (NaNRef != NULL && is_nan (c.type, value_at (&nan, k))) ;
        }
        else
        {
            fits = (is_nan (c.type, l) || order_value (c.type, l, x) <= 0)
                && (is_nan (c.type, h) || order_value (c.type, x, h) <= 0) ;
        }
        if (fits) continue ;
        char xs [64], ls [64], hs [64] ;
        snprintf (why, why_size, "value at (%llu,%llu) is %s, not in [%s, %s]",
            (unsigned long long) c.I [k], (unsigned long long) c.J [k],
            format_value (c.type, x, xs, sizeof (xs)),
            format_value (c.type, l, ls, sizeof (ls)),
            format_value (c.type, h, hs, sizeof (hs))) ;
        ok = false ;
    }
    ts_content_free (&c) ;
    ts_content_free (&lo) ;
    ts_content_free (&hi) ;
    if (NaNRef != NULL) ts_content_free (&nan) ;
    return ok ;
}

//------------------------------------------------------------------------------
// inputs
//------------------------------------------------------------------------------

void ts_input_make (ts_input *x, const ts_matrix_spec *spec)
{
    x->spec = *spec ;
    ts_matrix_make (&x->matrix, spec) ;
}

void ts_input_free (ts_input *x)
{
    TS_OK (GrB_Matrix_free (&x->matrix)) ;
}

// GxB_FORMAT and GxB_SPARSITY_CONTROL are the user's settings: no call
// changes them (reading them finishes no pending work).
static bool same_storage_options (GrB_Matrix A, int32_t format, int32_t control,
                                  char *why, size_t n)
{
    int32_t now_format, now_control ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_FORMAT, &now_format)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_SPARSITY_CONTROL, &now_control)) ;
    if (now_format == format && now_control == control) return true ;
    snprintf (why, n, "format %d, sparsity control %d; were %d, %d",
        (int) now_format, (int) now_control, (int) format, (int) control) ;
    return false ;
}

bool ts_input_intact (const ts_input *x, char *why, size_t why_size)
{
    GrB_Matrix expected ;
    ts_matrix_expected (&expected, &x->spec) ;
    // a jumbled matrix is made by a pack, which leaves the library's choice
    bool chosen = (x->spec.sparsity != 0 && !x->spec.jumbled) ;
    bool ok = ts_same_content (x->matrix, expected, 0, why, why_size)
        && same_storage_options (x->matrix,
            x->spec.by_col ? GxB_BY_COL : GxB_BY_ROW,
            chosen ? x->spec.sparsity : GxB_AUTO_SPARSITY, why, why_size) ;
    TS_OK (GrB_Matrix_free (&expected)) ;
    return ok ;
}

//------------------------------------------------------------------------------
// snapshots
//------------------------------------------------------------------------------

void ts_snapshot_take (ts_snapshot *s, GrB_Matrix A)
{
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_FORMAT, &s->format)) ;
    TS_OK (GxB_Matrix_Option_get_INT32 (A, GxB_SPARSITY_CONTROL, &s->sparsity_control)) ;
    ts_content_get (&s->content, A) ;
}

bool ts_snapshot_same (const ts_snapshot *s, GrB_Matrix A, char *why, size_t why_size)
{
    if (!same_storage_options (A, s->format, s->sparsity_control, why, why_size)) return false ;
    ts_content now ;
    ts_content_get (&now, A) ;
    bool ok = same_shape (&now, &s->content, why, why_size) ;
    for (GrB_Index k = 0 ; ok && k < now.nvals ; k++)
    {
        if (memcmp (value_at (&now, k), value_at (&s->content, k), now.size) == 0) continue ;
        char x [64], y [64] ;
        snprintf (why, why_size, "value at (%llu,%llu) is %s, was %s",
            (unsigned long long) now.I [k], (unsigned long long) now.J [k],
            format_value (now.type, value_at (&now, k), x, sizeof (x)),
            format_value (now.type, value_at (&s->content, k), y, sizeof (y))) ;
        ok = false ;
    }
    ts_content_free (&now) ;
    return ok ;
}

void ts_snapshot_free (ts_snapshot *s)
{
    ts_content_free (&s->content) ;
}
