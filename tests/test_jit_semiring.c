// tests/test_jit_semiring.c: [host] what run-time compiled semirings are made from,
// without a device: the registry of definitions (plugin/jit/registry.c) and
// the description of a GrB_Semiring for the compiler (jit/semiring.c).
// SPDX-License-Identifier: Apache-2.0
//
// Linked with those objects in front of GraphBLAS (not with libgbgpu), so
// its GxB_Type_new, GxB_BinaryOp_new and frees are the interposed ones:
// definitions given are recorded, GrB_Type_new / GrB_BinaryOp_new objects
// are known without one, freed objects are dropped.  Descriptions: a user
// type with user ops, a user multiply op under a built-in monoid, a user
// monoid over a built-in multiply op, a built-in combination, and every
// reason to refuse (no definition, parts the kernels cannot take).  The
// sources of the descriptions accepted compile with NVRTC for sm_90.

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "plan/plan.h"
#include "test_user_ops.h"

static int failures = 0 ;

#define CHECK(cond)                                                         \
    do { if (!(cond)) { fprintf (stderr, "%s:%d: CHECK failed: %s\n",       \
         __FILE__, __LINE__, #cond) ; failures++ ; } } while (0)
#define OK(call) CHECK ((call) == GrB_SUCCESS)

static void int16_plus (void *z, const void *x, const void *y)
{
    *(int16_t *) z = (int16_t) (*(const int16_t *) x + *(const int16_t *) y) ;
}

static void scale (void *z, const void *x, const void *y)
{
    *(double *) z = *(const double *) x * *(const int32_t *) y ;
}

static void first_fc64 (void *z, const void *x, const void *y)
{
    (void) y ;
    *(GxB_FC64_t *) z = *(const GxB_FC64_t *) x ;
}

//------------------------------------------------------------------------------
// the registry
//------------------------------------------------------------------------------

static void test_registry (void)
{
    GrB_Type pair_type, plain_type ;
    OK (GxB_Type_new (&pair_type, sizeof (max_with_index), "max_with_index", MAX_WITH_INDEX_DEFN)) ;
    OK (GrB_Type_new (&plain_type, sizeof (max_with_index))) ;
    gbgpu_definition d ;
    CHECK (gbgpu_registry_type (pair_type, &d)) ;
    CHECK (d.name != NULL && strcmp (d.name, "max_with_index") == 0) ;
    CHECK (d.definition != NULL && strcmp (d.definition, MAX_WITH_INDEX_DEFN) == 0) ;
    gbgpu_definition_free (&d) ;
    // GrB_Type_new: known, with no definition
    CHECK (gbgpu_registry_type (plain_type, &d)) ;
    CHECK (d.definition == NULL) ;
    gbgpu_definition_free (&d) ;
    // built-in objects are none of the registry's
    CHECK (!gbgpu_registry_type (GrB_FP64, &d)) ;
    CHECK (!gbgpu_registry_op (GrB_PLUS_FP64, &d)) ;

    GrB_BinaryOp with_definition, without ;
    OK (GxB_BinaryOp_new (&with_definition, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64,
        "times_plus_one", TIMES_PLUS_ONE_DEFN)) ;
    OK (GrB_BinaryOp_new (&without, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64)) ;
    CHECK (gbgpu_registry_op (with_definition, &d)) ;
    CHECK (d.name != NULL && strcmp (d.name, "times_plus_one") == 0) ;
    CHECK (d.definition != NULL && strcmp (d.definition, TIMES_PLUS_ONE_DEFN) == 0) ;
    gbgpu_definition_free (&d) ;
    CHECK (gbgpu_registry_op (without, &d)) ;
    CHECK (d.definition == NULL) ;
    gbgpu_definition_free (&d) ;

    // freed objects are dropped: a new object at the same address is not
    // taken for the old one
    GrB_BinaryOp freed = with_definition ;
    OK (GrB_free (&with_definition)) ;
    CHECK (!gbgpu_registry_op (freed, &d)) ;
    GrB_Type freed_type = pair_type ;
    OK (GrB_free (&pair_type)) ;
    CHECK (!gbgpu_registry_type (freed_type, &d)) ;
    GrB_BinaryOp again ;
    OK (GrB_BinaryOp_new (&again, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64)) ;
    CHECK (gbgpu_registry_op (again, &d) && d.definition == NULL) ;
    gbgpu_definition_free (&d) ;
    OK (GrB_free (&again)) ;
    OK (GrB_free (&without)) ;
    OK (GrB_free (&plain_type)) ;
}

//------------------------------------------------------------------------------
// descriptions
//------------------------------------------------------------------------------

// The description's source compiles for sm_90.
static void check_compiles (const gbgpu_jit_description *d)
{
    char *source = gbgpu_jit_source (&d->s, GBGPU_JIT_KERNELS_ALL) ;
    CHECK (source != NULL) ;
    gbgpu_jit_binary b ;
    char *log = NULL ;
    bool ok = source != NULL && gbgpu_jit_compile (&b, &log, source, 90) ;
    if (!ok) fprintf (stderr, "compile failed:\n%s\nsource:\n%s\n", log ? log : "(none)",
        source ? source : "(none)") ;
    CHECK (ok) ;
    if (ok) gbgpu_jit_binary_free (&b) ;
    free (log) ;
    free (source) ;
}

static gbgpu_delegate_reason describe_and_free (GrB_Semiring semiring)
{
    gbgpu_jit_description d ;
    gbgpu_delegate_reason reason = gbgpu_jit_describe (&d, semiring) ;
    if (reason == GBGPU_NOT_DELEGATED) gbgpu_jit_description_free (&d) ;
    return reason ;
}

static void test_user_type (void)
{
    max_with_index_semiring pair ;
    OK (max_with_index_semiring_new (&pair)) ;
    GrB_Type type = pair.type ;
    GrB_Monoid monoid = pair.monoid ;
    max_with_index identity = pair.identity ;

    gbgpu_jit_description d ;
    CHECK (gbgpu_jit_describe (&d, pair.semiring) == GBGPU_NOT_DELEGATED) ;
    CHECK (!d.s.builtin && d.ttype == type) ;
    CHECK (strcmp (d.s.type_name, "max_with_index") == 0) ;
    CHECK (strcmp (d.s.type_definition, MAX_WITH_INDEX_DEFN) == 0) ;
    CHECK (d.s.type_size == 16 && d.s.value_slot_size == 16) ;
    CHECK (strcmp (d.s.add_name, "pair_max") == 0 && strcmp (d.s.mult_name, "pair_times") == 0) ;
    CHECK (memcmp (d.s.identity, &identity, sizeof (identity)) == 0) ;
    CHECK (d.s.terminal == NULL) ;
    CHECK (d.reads_a && d.reads_b) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;

    // a definition that includes a file is not compiled ("compile failed"):
    // it could block every run-time compile (a FIFO, a terminal)
    GrB_BinaryOp including_op ;
    GrB_Semiring including ;
    OK (GxB_BinaryOp_new (&including_op, pair_times, type, type, type, "pair_times",
        "  #  include \"/dev/tty\"\n" PAIR_TIMES_DEFN)) ;
    OK (GrB_Semiring_new (&including, monoid, including_op)) ;
    CHECK (describe_and_free (including) == GBGPU_DELEGATED_COMPILE_FAILED) ;
    GrB_free (&including) ;
    GrB_free (&including_op) ;

    // the same semiring over a multiply op with no definition
    GrB_BinaryOp plain_op ;
    GrB_Semiring plain ;
    OK (GrB_BinaryOp_new (&plain_op, pair_times, type, type, type)) ;
    OK (GrB_Semiring_new (&plain, monoid, plain_op)) ;
    CHECK (describe_and_free (plain) == GBGPU_DELEGATED_NO_DEFINITION) ;

    // a type with no definition
    GrB_Type plain_type ;
    GrB_BinaryOp op_of_plain ;
    GrB_Monoid monoid_of_plain ;
    GrB_Semiring semiring_of_plain ;
    OK (GrB_Type_new (&plain_type, sizeof (max_with_index))) ;
    OK (GxB_BinaryOp_new (&op_of_plain, pair_max, plain_type, plain_type, plain_type,
        "pair_max", PAIR_MAX_DEFN)) ;
    OK (GrB_Monoid_new_UDT (&monoid_of_plain, op_of_plain, &identity)) ;
    OK (GrB_Semiring_new (&semiring_of_plain, monoid_of_plain, op_of_plain)) ;
    CHECK (describe_and_free (semiring_of_plain) == GBGPU_DELEGATED_NO_DEFINITION) ;

    GrB_free (&semiring_of_plain) ;
    GrB_free (&monoid_of_plain) ;
    GrB_free (&op_of_plain) ;
    GrB_free (&plain_type) ;
    GrB_free (&plain) ;
    GrB_free (&plain_op) ;
    max_with_index_semiring_free (&pair) ;
}

static void test_one_part_built_in (void)
{
    // a user multiply op under PLUS_FP64
    GrB_BinaryOp mult_op ;
    GrB_Semiring semiring ;
    OK (GxB_BinaryOp_new (&mult_op, times_plus_one, GrB_FP64, GrB_FP64, GrB_FP64,
        "times_plus_one", TIMES_PLUS_ONE_DEFN)) ;
    OK (GrB_Semiring_new (&semiring, GrB_PLUS_MONOID_FP64, mult_op)) ;
    gbgpu_jit_description d ;
    CHECK (gbgpu_jit_describe (&d, semiring) == GBGPU_NOT_DELEGATED) ;
    CHECK (!d.s.builtin && d.s.add_name == NULL && d.s.codes.add == GBGPU_ADD_PLUS) ;
    CHECK (d.s.codes.type == GBGPU_TYPE_FP64 && strcmp (d.s.type_name, "double") == 0) ;
    CHECK (d.s.type_definition == NULL && d.s.value_slot_size == 8) ;
    CHECK (strcmp (d.s.mult_name, "times_plus_one") == 0 && d.reads_a && d.reads_b) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;

    // a user monoid over TIMES_INT32, with its identity and terminal
    GrB_BinaryOp add_op ;
    GrB_Monoid monoid ;
    GrB_Semiring min_times ;
    OK (GxB_BinaryOp_new (&add_op, my_min, GrB_INT32, GrB_INT32, GrB_INT32, "my_min", MY_MIN_DEFN)) ;
    OK (GxB_Monoid_terminal_new_INT32 (&monoid, add_op, INT32_MAX, INT32_MIN)) ;
    OK (GrB_Semiring_new (&min_times, monoid, GrB_TIMES_INT32)) ;
    CHECK (gbgpu_jit_describe (&d, min_times) == GBGPU_NOT_DELEGATED) ;
    CHECK (!d.s.builtin && d.s.mult_name == NULL && d.s.codes.mult == GBGPU_MULT_TIMES) ;
    CHECK (strcmp (d.s.add_name, "my_min") == 0 && d.s.value_slot_size == 4) ;
    int32_t identity = 0, terminal = 0 ;
    memcpy (&identity, d.s.identity, 4) ;
    CHECK (identity == INT32_MAX) ;
    CHECK (d.s.terminal != NULL) ;
    if (d.s.terminal != NULL) memcpy (&terminal, d.s.terminal, 4) ;
    CHECK (terminal == INT32_MIN) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;

    GrB_free (&min_times) ;
    GrB_free (&monoid) ;
    GrB_free (&add_op) ;
    GrB_free (&semiring) ;
    GrB_free (&mult_op) ;
}

static void test_builtin (void)
{
    // PLUS_LXOR_INT32 and MAX_SECONDI_INT64 are not compiled in
    GrB_Semiring plus_lxor, max_secondi ;
    OK (GrB_Semiring_new (&plus_lxor, GrB_PLUS_MONOID_INT32, GxB_LXOR_INT32)) ;
    OK (GrB_Semiring_new (&max_secondi, GrB_MAX_MONOID_INT64, GxB_SECONDI_INT64)) ;
    gbgpu_jit_description d ;
    CHECK (gbgpu_jit_describe (&d, plus_lxor) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.add == GBGPU_ADD_PLUS && d.s.codes.mult == GBGPU_MULT_LXOR
        && d.s.codes.type == GBGPU_TYPE_INT32 && d.s.value_slot_size == 4) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;
    CHECK (gbgpu_jit_describe (&d, max_secondi) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.mult == GBGPU_MULT_SECONDI && !d.reads_a && !d.reads_b) ;
    gbgpu_jit_description_free (&d) ;

    // outside the table: a comparison (inputs of the type, boolean values), an
    // 8-bit type (32-bit slots), a bitwise monoid
    CHECK (gbgpu_jit_describe (&d, GxB_LOR_EQ_INT32) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.add == GBGPU_ADD_LOR && d.s.codes.mult == GBGPU_MULT_EQ
        && d.s.codes.type == GBGPU_TYPE_INT32 && d.ttype == GrB_BOOL && d.input_type == GrB_INT32
        && d.s.value_slot_size == 4) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;
    CHECK (gbgpu_jit_describe (&d, GrB_PLUS_TIMES_SEMIRING_INT8) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.type == GBGPU_TYPE_INT8 && d.ttype == GrB_INT8
        && d.input_type == GrB_INT8 && d.s.value_slot_size == 4) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;
    CHECK (gbgpu_jit_describe (&d, GxB_BXNOR_BOR_UINT16) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.add == GBGPU_ADD_BXNOR && d.s.codes.mult == GBGPU_MULT_BOR
        && d.s.codes.type == GBGPU_TYPE_UINT16 && d.s.value_slot_size == 4) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;
    GrB_Semiring isgt ;
    OK (GrB_Semiring_new (&isgt, GrB_PLUS_MONOID_INT32, GxB_ISGT_INT32)) ;
    CHECK (describe_and_free (isgt) == GBGPU_NOT_DELEGATED) ;

    CHECK (describe_and_free (GxB_PLUS_FIRSTI_INT64) == GBGPU_NOT_DELEGATED) ;

    // complex: 16-byte slots (compare-and-swap of 16 bytes for TIMES)
    CHECK (gbgpu_jit_describe (&d, GxB_TIMES_DIV_FC64) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.add == GBGPU_ADD_TIMES && d.s.codes.mult == GBGPU_MULT_DIV
        && d.s.codes.type == GBGPU_TYPE_FC64 && d.s.value_slot_size == 16) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;
    CHECK (gbgpu_jit_describe (&d, GxB_ANY_RMINUS_FC32) == GBGPU_NOT_DELEGATED) ;
    CHECK (d.s.builtin && d.s.codes.type == GBGPU_TYPE_FC32 && d.s.value_slot_size == 8) ;
    check_compiles (&d) ;
    gbgpu_jit_description_free (&d) ;

    // what stays with the library: a user op over a complex type (C99
    // complex arithmetic), a logical monoid over integers (the kernels' are
    // boolean), and a user monoid under a comparison (its policy has one type)
    GrB_BinaryOp complex_first ;
    GrB_Semiring plus_complex_first ;
    OK (GxB_BinaryOp_new (&complex_first, first_fc64, GxB_FC64, GxB_FC64, GxB_FC64,
        "first_fc64", "void first_fc64 (GxB_FC64_t *z, const GxB_FC64_t *x, "
        "const GxB_FC64_t *y) { *z = *x ; }")) ;
    OK (GrB_Semiring_new (&plus_complex_first, GxB_PLUS_FC64_MONOID, complex_first)) ;
    CHECK (describe_and_free (plus_complex_first) == GBGPU_DELEGATED_SEMIRING) ;
    GrB_free (&plus_complex_first) ;
    GrB_free (&complex_first) ;
    GrB_Monoid lor_int32 ;
    GrB_Semiring lor_times ;
    OK (GrB_Monoid_new_INT32 (&lor_int32, GxB_LOR_INT32, 0)) ;
    OK (GrB_Semiring_new (&lor_times, lor_int32, GrB_TIMES_INT32)) ;
    CHECK (describe_and_free (lor_times) == GBGPU_DELEGATED_SEMIRING) ;
    GrB_free (&lor_times) ;
    GrB_free (&lor_int32) ;
    GrB_free (&isgt) ;
    GrB_free (&max_secondi) ;
    GrB_free (&plus_lxor) ;
}

static void test_refused (void)
{
    // a user monoid of 2 bytes: no compare-and-swap of that width
    GrB_BinaryOp plus16 ;
    GrB_Monoid monoid16 ;
    GrB_Semiring semiring16 ;
    OK (GxB_BinaryOp_new (&plus16, int16_plus, GrB_INT16, GrB_INT16, GrB_INT16, "int16_plus",
        "void int16_plus (int16_t *z, const int16_t *x, const int16_t *y) { *z = *x + *y ; }")) ;
    OK (GrB_Monoid_new_INT16 (&monoid16, plus16, 0)) ;
    OK (GrB_Semiring_new (&semiring16, monoid16, plus16)) ;
    CHECK (describe_and_free (semiring16) == GBGPU_DELEGATED_SEMIRING) ;

    // a multiply op over mixed types
    GrB_BinaryOp mixed ;
    GrB_Semiring mixed_semiring ;
    OK (GxB_BinaryOp_new (&mixed, scale, GrB_FP64, GrB_FP64, GrB_INT32, "scale",
        "void scale (double *z, const double *x, const int32_t *y) { *z = *x * *y ; }")) ;
    OK (GrB_Semiring_new (&mixed_semiring, GrB_PLUS_MONOID_FP64, mixed)) ;
    CHECK (describe_and_free (mixed_semiring) == GBGPU_DELEGATED_SEMIRING) ;

    GrB_free (&mixed_semiring) ;
    GrB_free (&mixed) ;
    GrB_free (&semiring16) ;
    GrB_free (&monoid16) ;
    GrB_free (&plus16) ;
}

int main (void)
{
    OK (GrB_init (GrB_NONBLOCKING)) ;
    test_registry () ;
    test_user_type () ;
    test_one_part_built_in () ;
    test_builtin () ;
    test_refused () ;
    GrB_finalize () ;
    if (failures == 0) printf ("test_jit_semiring: all passed\n") ;
    return failures == 0 ? 0 : 1 ;
}
