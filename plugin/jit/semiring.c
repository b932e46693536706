// plugin/jit/semiring.c: a GrB_Semiring that is not compiled in, described for the
// run-time compiler (compiler.h's gbgpu_jit_semiring), or the reason it cannot be.
// SPDX-License-Identifier: Apache-2.0
//
// Each part is either built in, by the codes the compiled-in kernels use
// (builtin_ops.c), or a user object with a C definition (jit/registry.c).
// The kernels hold one type for the monoid and the multiply op's inputs and
// output: a semiring that mixes types stays with the library.  A user
// monoid updates its slots by compare-and-swap of the whole value, so its
// type has 4, 8 or 16 bytes (16: compute capability 9.0).  A built-in
// monoid runs as it does compiled in, so its identity and terminal must be
// the standard ones, as for the compiled-in semirings.

#include <string.h>
#include "jit/jit.h"
#include "graphblas/builtin_ops.h"

// The C name of a built-in type the kernels have a code for.
static const char *c_type_name (gbgpu_type t)
{
    switch (t)
    {
        case GBGPU_TYPE_BOOL:   return "bool" ;
        case GBGPU_TYPE_INT32:  return "int32_t" ;
        case GBGPU_TYPE_INT64:  return "int64_t" ;
        case GBGPU_TYPE_UINT32: return "uint32_t" ;
        case GBGPU_TYPE_UINT64: return "uint64_t" ;
        case GBGPU_TYPE_FP32:   return "float" ;
        case GBGPU_TYPE_INT8:   return "int8_t" ;
        case GBGPU_TYPE_INT16:  return "int16_t" ;
        case GBGPU_TYPE_UINT8:  return "uint8_t" ;
        case GBGPU_TYPE_UINT16: return "uint16_t" ;
        case GBGPU_TYPE_FC32:   return "gbgpu::complex <float>" ;
        case GBGPU_TYPE_FC64:   return "gbgpu::complex <double>" ;
        default:                return "double" ;
    }
}

static bool op_types (GrB_BinaryOp op, GrB_Type *z, GrB_Type *x, GrB_Type *y)
{
    return GxB_BinaryOp_ztype (z, op) == GrB_SUCCESS
        && GxB_BinaryOp_xtype (x, op) == GrB_SUCCESS
        && GxB_BinaryOp_ytype (y, op) == GrB_SUCCESS ;
}

// A definition is compiled for the device only if it includes no file: an
// #include can name anything readable, a FIFO or a terminal that blocks the
// compile for ever, and NVRTC lets one compile at a time run, so every other
// run-time semiring's compile would wait too.  (Device code has no use for
// host headers; the kernels' own headers are not files.)
static bool includes_a_file (const char *definition)
{
    for (const char *line = definition ; line != NULL && *line != '\0' ; )
    {
        const char *c = line ;
        while (*c == ' ' || *c == '\t') c++ ;
        if (*c == '#')
        {
            c++ ;
            while (*c == ' ' || *c == '\t') c++ ;
            if (strncmp (c, "include", 7) == 0) return true ;
        }
        line = strchr (line, '\n') ;
        if (line != NULL) line++ ;
    }
    return false ;
}

// A user operator's definition into *d; the reason when there is none.  An
// operator gbgpu never saw made over a built-in type is most likely a
// built-in one the kernels lack ("semiring"); over a user type it can only
// be a user's ("no definition").  A definition over a complex type is C99
// complex arithmetic, which the device compiler does not have.
static gbgpu_delegate_reason user_op (gbgpu_definition *d, GrB_BinaryOp op, bool builtin_type,
    gbgpu_type type)
{
    if (builtin_type && GBGPU_TYPE_IS_COMPLEX (type)) return GBGPU_DELEGATED_SEMIRING ;
    if (!gbgpu_registry_op (op, d))
        return builtin_type ? GBGPU_DELEGATED_SEMIRING : GBGPU_DELEGATED_NO_DEFINITION ;
    if (d->definition == NULL) return GBGPU_DELEGATED_NO_DEFINITION ;
    if (includes_a_file (d->definition)) return GBGPU_DELEGATED_COMPILE_FAILED ;
    return GBGPU_NOT_DELEGATED ;
}

// The monoid's part of d: built in (standard identity and terminal), or a
// user op with its identity and terminal as bytes.
static gbgpu_delegate_reason describe_monoid (gbgpu_jit_description *d, GrB_Monoid monoid,
    GrB_BinaryOp add_op, bool builtin_type)
{
    gbgpu_jit_semiring *s = &d->s ;
    gbgpu_builtin_op add = gbgpu_classify_add (add_op) ;
    if (add.known && builtin_type && add.type == s->codes.type)
    {
        s->codes.add = (gbgpu_add) add.code ;
        // the kernels' logical monoids are boolean: GxB_LOR_INT32 and the
        // like (x != 0 || y != 0 as an integer) have no template
        bool logical = s->codes.add == GBGPU_ADD_LOR || s->codes.add == GBGPU_ADD_LAND
                    || s->codes.add == GBGPU_ADD_LXOR || s->codes.add == GBGPU_ADD_EQ ;
        if (logical && s->codes.type != GBGPU_TYPE_BOOL) return GBGPU_DELEGATED_SEMIRING ;
        return (gbgpu_monoid_identity_is_standard (monoid, s->codes.add, s->codes.type)
             && gbgpu_monoid_terminal_is_standard (monoid, s->codes.add, s->codes.type))
            ? GBGPU_NOT_DELEGATED : GBGPU_DELEGATED_SEMIRING ;
    }
    gbgpu_delegate_reason reason = user_op (&d->add, add_op, builtin_type, s->codes.type) ;
    if (reason != GBGPU_NOT_DELEGATED) return reason ;
    if (s->type_size != 4 && s->type_size != 8 && s->type_size != 16) return GBGPU_DELEGATED_SEMIRING ;
    bool has_terminal = false ;
    if (GxB_Monoid_identity (d->identity, monoid) != GrB_SUCCESS
     || GxB_Monoid_terminal (&has_terminal, d->terminal, monoid) != GrB_SUCCESS)
        return GBGPU_DELEGATED_INVALID ;
    s->add_name = d->add.name ;
    s->add_definition = d->add.definition ;
    s->identity = d->identity ;
    s->terminal = has_terminal ? d->terminal : NULL ;
    return GBGPU_NOT_DELEGATED ;
}

// A built-in comparison's codes name its inputs' type (semiring_codes.h).
static gbgpu_delegate_reason describe_multiply (gbgpu_jit_description *d, GrB_BinaryOp mult_op,
    bool builtin_type)
{
    gbgpu_jit_semiring *s = &d->s ;
    gbgpu_builtin_op mult = gbgpu_classify_mult (mult_op) ;
    bool comparison = mult.known && GBGPU_MULT_IS_COMPARISON (mult.code) ;
    if (mult.known && builtin_type && (mult.type == s->codes.type || comparison))
    {
        s->codes.mult = (gbgpu_mult) mult.code ;
        s->codes.type = (gbgpu_type) mult.type ;
        d->reads_a = GBGPU_MULT_READS_A (s->codes.mult) ;
        d->reads_b = GBGPU_MULT_READS_B (s->codes.mult) ;
        return GBGPU_NOT_DELEGATED ;
    }
    gbgpu_delegate_reason reason = user_op (&d->mult, mult_op, builtin_type, s->codes.type) ;
    if (reason != GBGPU_NOT_DELEGATED) return reason ;
    s->mult_name = d->mult.name ;
    s->mult_definition = d->mult.definition ;
    d->reads_a = d->reads_b = true ;
    return GBGPU_NOT_DELEGATED ;
}

// T's type into d: a built-in one the kernels have a code for, or a user
// type with a definition.
static gbgpu_delegate_reason describe_type (gbgpu_jit_description *d, bool *builtin_type)
{
    gbgpu_jit_semiring *s = &d->s ;
    if (GxB_Type_size (&s->type_size, d->ttype) != GrB_SUCCESS) return GBGPU_DELEGATED_INVALID ;
    gbgpu_type code ;
    *builtin_type = gbgpu_type_code (d->ttype, &code) ;
    if (*builtin_type)
    {
        s->codes.type = code ;
        s->type_name = c_type_name (code) ;
        return GBGPU_NOT_DELEGATED ;
    }
    if (!gbgpu_registry_type (d->ttype, &d->type) || d->type.definition == NULL)
        return GBGPU_DELEGATED_NO_DEFINITION ;
    if (includes_a_file (d->type.definition)) return GBGPU_DELEGATED_COMPILE_FAILED ;
    s->type_name = d->type.name ;
    s->type_definition = d->type.definition ;
    return GBGPU_NOT_DELEGATED ;
}

gbgpu_delegate_reason gbgpu_jit_describe (gbgpu_jit_description *d, GrB_Semiring semiring)
{
    memset (d, 0, sizeof (*d)) ;
    GrB_Monoid monoid ;
    GrB_BinaryOp add_op, mult_op ;
    GrB_Type add_z, add_x, add_y, mult_z, mult_x, mult_y ;
    if (semiring == NULL
     || GxB_Semiring_add (&monoid, semiring) != GrB_SUCCESS
     || GxB_Semiring_multiply (&mult_op, semiring) != GrB_SUCCESS
     || GxB_Monoid_operator (&add_op, monoid) != GrB_SUCCESS
     || !op_types (add_op, &add_z, &add_x, &add_y)
     || !op_types (mult_op, &mult_z, &mult_x, &mult_y)) return GBGPU_DELEGATED_INVALID ;
    d->ttype = add_z ;
    gbgpu_builtin_op mult = gbgpu_classify_mult (mult_op) ;
    bool comparison = mult.known && GBGPU_MULT_IS_COMPARISON (mult.code) ;
    d->input_type = comparison ? mult_x : add_z ;
    if (add_x != add_z || add_y != add_z || mult_z != add_z
     || mult_x != d->input_type || mult_y != d->input_type)
        return GBGPU_DELEGATED_SEMIRING ;

    bool builtin_type ;
    gbgpu_delegate_reason reason = describe_type (d, &builtin_type) ;
    if (reason == GBGPU_NOT_DELEGATED) reason = describe_monoid (d, monoid, add_op, builtin_type) ;
    // a user monoid's policy has one type, which a comparison's inputs are not
    if (reason == GBGPU_NOT_DELEGATED && comparison && d->s.add_name != NULL)
        reason = GBGPU_DELEGATED_SEMIRING ;
    if (reason == GBGPU_NOT_DELEGATED) reason = describe_multiply (d, mult_op, builtin_type) ;
    if (reason != GBGPU_NOT_DELEGATED)
    {
        gbgpu_jit_description_free (d) ;
        return reason ;
    }
    gbgpu_jit_semiring *s = &d->s ;
    s->builtin = (s->add_name == NULL && s->mult_name == NULL) ;
    // a built-in monoid accumulates booleans and 8- and 16-bit integers in
    // 32-bit words (semiring_ops.cuh)
    s->value_slot_size = (s->add_name == NULL && s->type_size < sizeof (uint32_t))
        ? sizeof (uint32_t) : s->type_size ;
    return GBGPU_NOT_DELEGATED ;
}

void gbgpu_jit_description_free (gbgpu_jit_description *d)
{
    gbgpu_definition_free (&d->type) ;
    gbgpu_definition_free (&d->add) ;
    gbgpu_definition_free (&d->mult) ;
}
