# plugin/cache/modifiers.cmake: writes modifiers.c, gbgpu's wrapper of every
# GraphBLAS function that may change a matrix, and the classification of every
# function of GraphBLAS.h that the run-time proof (cache/exports.c) checks.
# SPDX-License-Identifier: Apache-2.0
#
# Included by plugin/CMakeLists.txt at configure time.  The header the build
# uses (GraphBLAS_INCLUDE_DIR) is run through the C preprocessor, so that only
# the declarations that header really makes are read, and every prototype of
# a GrB_, GxB_, GzB_ (9.x's experimental) or GB_ (called by the header's
# macros) function is classified by its parameters alone:
#
#   a parameter GrB_Matrix, GrB_Vector or GrB_Scalar that is not const is an
#   output the call may change; GrB_Matrix *, GrB_Vector *, GrB_Scalar * may
#   free or replace the object (SuiteSparse lets a GrB_Vector or GrB_Scalar
#   stand for a GrB_Matrix, so all three count).  Such a function is a
#   modifier; every other one is not.
#
# Each modifier gets a wrapper with the header's exact prototype, exported by
# libgbgpu in front of the library's: it forgets those objects (their
# generation and device copies, cache/generations.c) before and after calling
# the library's own function, found at run time (api/library.c).  The
# exceptions, each checked here:
#
#   - HANDLE_MADE: functions whose handle parameter (GrB_Matrix * ...) is an
#     output, the object the call makes (new, dup, import, deserialize...):
#     before the call *handle is the caller's uninitialized variable, and
#     after a failed one it may still be, so the new object is forgotten only
#     after a successful call (GxB_Matrix_split: its first tile only; free
#     has already forgotten an object that stood at the same address, so
#     this is a safeguard).  HANDLE_TAKEN: functions that free or take the
#     object a handle holds (free, export, GxB_pack_HyperHash): read before
#     and after as any other.  A modifier with a handle in neither fails the
#     configure.
#   - functions gbgpu interposes already (api/library_symbols.h INTERPOSED):
#     only those of SELF_FORGETTING may be modifiers; they forget themselves
#     (GrB_mxm: api/interpose.c, run/mxm_gpu.c).
#   - CONTENT_KEPT: functions whose non-const matrices keep their content,
#     which is all the device cache holds (op(X) as CSR), are not wrapped:
#     they read or change a matrix's settings (format, sparsity control,
#     switches), finish its pending work (wait: the same entries after), or
#     only read it (print, attach an iterator, get a property).  Variadic
#     modifiers cannot be forwarded portably: each must be listed here.
#
# Anything else the generator cannot wrap (a variadic modifier not listed, a
# modifier with a function pointer or array parameter or another return type
# than GrB_Info, a prototype it cannot read) fails the configure.  Sets
# GBGPU_MODIFIERS_C, the generated file.

set(SELF_FORGETTING GrB_mxm)
set(HANDLE_MADE "_(new|dup|diag|split|deserialize|reshapeDup)$|_import(_[A-Za-z0-9]+)?$|^GxB_unpack_HyperHash$")
set(HANDLE_TAKEN "_free$|_export_[A-Za-z0-9]+$|^GxB_pack_HyperHash$")
set(CONTENT_KEPT
  # settings (the variadic ones cannot be wrapped)
  GxB_Matrix_Option_set GxB_Matrix_Option_get GxB_Vector_Option_set GxB_Vector_Option_get
  GxB_Matrix_Option_set_INT32 GxB_Matrix_Option_set_FP64
  GxB_Matrix_Option_get_INT32 GxB_Matrix_Option_get_FP64
  GxB_Vector_Option_set_INT32 GxB_Vector_Option_set_FP64
  GxB_Vector_Option_get_INT32 GxB_Vector_Option_get_FP64
  # pending work finished, the entries the same
  GrB_Matrix_wait GrB_Vector_wait GrB_Scalar_wait GxB_Scalar_wait
  # reads (9.x: the _Scalar getters write a GrB_Scalar: not listed)
  GxB_Matrix_fprint GxB_Vector_fprint GxB_Scalar_fprint
  GxB_Matrix_Iterator_attach GxB_rowIterator_attach GxB_colIterator_attach GxB_Vector_Iterator_attach
  GB_Iterator_attach
  GrB_Matrix_get_INT32 GrB_Matrix_get_SIZE GrB_Matrix_get_String GrB_Matrix_get_VOID
  GrB_Vector_get_INT32 GrB_Vector_get_SIZE GrB_Vector_get_String GrB_Vector_get_VOID)

set(header ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h)
set(symbols ${CMAKE_CURRENT_LIST_DIR}/../api/library_symbols.h)
set(library_c ${CMAKE_CURRENT_LIST_DIR}/../api/library.c)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${header} ${symbols} ${library_c})

execute_process(COMMAND ${CMAKE_C_COMPILER} -E -P -x c ${header}
  OUTPUT_VARIABLE text ERROR_VARIABLE errors RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gbgpu: cannot preprocess ${header}: ${errors}")
endif()

# INTERPOSED names of api/library_symbols.h
file(READ ${symbols} symbols_text)
string(REGEX MATCHALL "INTERPOSED \\(([A-Za-z0-9_]+)\\)" interposed "${symbols_text}")
string(REGEX REPLACE "INTERPOSED \\(([A-Za-z0-9_]+)\\)" "\\1" interposed "${interposed}")
# the function by which api/library.c recognises the library: never wrapped
file(STRINGS ${library_c} marker_line REGEX "marker = \"[A-Za-z0-9_]+\"")
string(REGEX MATCH "\"([A-Za-z0-9_]+)\"" unused "${marker_line}")
set(marker ${CMAKE_MATCH_1})
if(NOT marker)
  message(FATAL_ERROR "gbgpu: no marker function read from ${library_c}")
endif()

# One statement per list element: a CMake list splits at ';' (and would not
# inside brackets, nor after a backslash).
string(REPLACE "\\" " " text "${text}")
string(REPLACE "[" " GBGPU_ARRAY " text "${text}")
string(REPLACE "]" " " text "${text}")
string(REGEX REPLACE "[\n\r\t ]+" " " text "${text}")
string(REPLACE "{" ";" text "${text}")
string(REPLACE "}" ";" text "${text}")

set(c_keywords void char short int long float double signed unsigned _Bool bool _Complex)
set(all_names "")
set(wrapped_names "")
set(kept_names "")
set(wrappers "")
set(wrapper_names "")
set(wrapper_count 0)

foreach(statement IN LISTS text)
  if(NOT statement MATCHES "^ *(extern )?([^()]*[ *])(G[rxz]?B_[A-Za-z0-9_]+) ?\\((.*)\\) *$")
    continue()
  endif()
  set(return_type "${CMAKE_MATCH_2}")
  set(name "${CMAKE_MATCH_3}")
  set(params "${CMAKE_MATCH_4}")
  if(return_type MATCHES "typedef|static|=")
    continue()
  endif()
  string(STRIP "${return_type}" return_type)
  list(APPEND all_names ${name})

  # nested parentheses (function pointers) become @
  while(params MATCHES "\\([^()]*\\)")
    string(REGEX REPLACE "\\([^()]*\\)" "@" params "${params}")
  endwhile()
  string(STRIP "${params}" params)
  if(params STREQUAL "void" OR params STREQUAL "")
    set(params "")
  endif()
  string(REPLACE "," ";" params "${params}")

  set(decls "")
  set(args "")
  set(forgets "")           # before and after the call
  set(forgets_after "")     # after it only
  set(variadic FALSE)
  set(unreadable FALSE)
  set(unclassified_handle FALSE)
  set(index 0)
  foreach(param IN LISTS params)
    string(REPLACE "*" " * " param "${param}")
    string(REGEX REPLACE " +" " " param "${param}")
    string(STRIP "${param}" param)
    if(param STREQUAL "...")
      set(variadic TRUE)
      continue()
    endif()
    if(param MATCHES "@|GBGPU_ARRAY")
      set(unreadable TRUE)
    endif()
    string(REPLACE " " ";" tokens "${param}")
    set(core ${tokens})
    list(REMOVE_ITEM core const volatile restrict "*")
    list(LENGTH core core_length)
    list(GET tokens -1 last)
    list(GET core 0 first)
    # named: a type and then a name (last, not a keyword, not `struct tag`)
    set(named FALSE)
    if(core_length GREATER 1 AND last MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
      list(FIND c_keywords ${last} keyword)
      if(keyword EQUAL -1 AND NOT (first MATCHES "^(struct|union|enum)$" AND core_length EQUAL 2))
        set(named TRUE)
      endif()
    endif()
    if(named)
      list(REMOVE_AT tokens -1)
    endif()
    string(REPLACE ";" " " type "${tokens}")
    list(APPEND decls "${type} p${index}")
    list(APPEND args "p${index}")
    # an object the call may change, or a handle it may free or replace
    if(type MATCHES "(^| )Gr[B]_(Matrix|Vector|Scalar)( |$)" AND NOT type MATCHES "(^| )const( |$)")
      string(REGEX MATCHALL "\\*" stars "${type}")
      list(LENGTH stars stars)
      if(stars EQUAL 0)
        list(APPEND forgets "gbgpu_generation_forget (p${index})")
      elseif(stars GREATER 1)
        set(unreadable TRUE)
        list(APPEND forgets "?")
      elseif(name MATCHES "${HANDLE_MADE}")
        list(APPEND forgets_after "if (info == GrB_SUCCESS) gbgpu_generation_forget (*p${index})")
      elseif(name MATCHES "${HANDLE_TAKEN}")
        list(APPEND forgets "gbgpu_generation_forget ((p${index} == NULL) ? NULL : *p${index})")
      else()
        set(unclassified_handle TRUE)
        list(APPEND forgets "?")
      endif()
    endif()
    math(EXPR index "${index} + 1")
  endforeach()

  if(NOT forgets AND NOT forgets_after)
    continue()      # not a modifier
  endif()
  if(name STREQUAL marker)
    message(FATAL_ERROR "gbgpu: ${name}, by which api/library.c finds the library, is a modifier: "
      "gbgpu would define it; choose another marker there")
  endif()
  list(FIND interposed ${name} at)
  if(NOT at EQUAL -1)
    list(FIND SELF_FORGETTING ${name} at)
    if(at EQUAL -1)
      message(FATAL_ERROR "gbgpu: ${name} is interposed (api/library_symbols.h) and may change a "
        "matrix: it must forget it (cache/generations.h); then add it to SELF_FORGETTING in ${CMAKE_CURRENT_LIST_FILE}")
    endif()
    list(APPEND wrapped_names ${name})
    continue()
  endif()
  list(FIND CONTENT_KEPT ${name} at)
  if(NOT at EQUAL -1)
    list(APPEND kept_names ${name})
    continue()
  endif()
  if(variadic)
    message(FATAL_ERROR "gbgpu: ${header} declares ${name}, a variadic function that may change a "
      "matrix: it cannot be wrapped.  If it keeps the content of every matrix it takes, add it to "
      "CONTENT_KEPT in ${CMAKE_CURRENT_LIST_FILE}; otherwise the device cache cannot be built for "
      "this GraphBLAS")
  endif()
  if(unclassified_handle)
    message(FATAL_ERROR "gbgpu: ${header} declares ${name}, which takes a handle (${params}): "
      "add it to HANDLE_MADE (the call makes the object) or HANDLE_TAKEN (it frees or takes the "
      "caller's object) in ${CMAKE_CURRENT_LIST_FILE}")
  endif()
  if(unreadable OR NOT return_type STREQUAL "GrB_Info")
    message(FATAL_ERROR "gbgpu: cannot wrap ${name} (${return_type}; ${params}) from ${header}")
  endif()

  string(REPLACE ";" ", " decl_text "${decls}")
  string(REPLACE ";" ", " arg_text "${args}")
  set(before_text "")
  foreach(forget IN LISTS forgets)
    string(APPEND before_text "    ${forget} ;\n")
  endforeach()
  set(after_text "${before_text}")
  foreach(forget IN LISTS forgets_after)
    string(APPEND after_text "    ${forget} ;\n")
  endforeach()
  string(APPEND wrappers "
GBGPU_EXPORT GrB_Info (${name}) (${decl_text})
{
    __typeof__ (${name}) *f = target (${wrapper_count}) ;
${before_text}    GrB_Info info = (f == NULL) ? GrB_NOT_IMPLEMENTED : f (${arg_text}) ;
${after_text}    return info ;
}
")
  list(APPEND wrapped_names ${name})
  list(APPEND wrapper_names ${name})
  math(EXPR wrapper_count "${wrapper_count} + 1")
endforeach()

list(LENGTH all_names all_count)
if(all_count LESS 100)
  message(FATAL_ERROR "gbgpu: only ${all_count} GraphBLAS prototypes read from ${header}")
endif()
list(REMOVE_DUPLICATES all_names)
list(SORT all_names)
list(LENGTH all_names all_count)
list(LENGTH wrapped_names wrapped_count)
list(LENGTH kept_names kept_count)

# C string lists
foreach(list_name all_names wrapped_names wrapper_names)
  string(REPLACE ";" "\",\n    \"" ${list_name}_text "${${list_name}}")
endforeach()

set(GBGPU_MODIFIERS_C ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers.c)
file(CONFIGURE OUTPUT ${GBGPU_MODIFIERS_C} CONTENT
"// modifiers.c: generated from ${header}
// by plugin/cache/modifiers.cmake: gbgpu's wrapper of each GraphBLAS
// function that may change a matrix (${wrapper_count}), and the classification
// of every function the header declares (cache/exports.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdatomic.h>
#include <stddef.h>
#include \"cache/generations.h\"
#include \"cache/exports.h\"
#include \"api/library.h\"

const char *const gbgpu_declared_functions [${all_count}] =
{
    \"${all_names_text}\",
} ;
const int gbgpu_declared_function_count = ${all_count} ;

const char *const gbgpu_modifier_functions [${wrapped_count}] =
{
    \"${wrapped_names_text}\",
} ;
const int gbgpu_modifier_function_count = ${wrapped_count} ;
const int gbgpu_content_kept_function_count = ${kept_count} ;

static const char *const wrapper_names [${wrapper_count}] =
{
    \"${wrapper_names_text}\",
} ;
static void *_Atomic targets [${wrapper_count}] ;

// The library's own function k, found once.
static void *target (int k)
{
    void *f = atomic_load_explicit (&targets [k], memory_order_acquire) ;
    if (f == NULL)
    {
        f = gbgpu_library_object (wrapper_names [k]) ;
        atomic_store_explicit (&targets [k], f, memory_order_release) ;
    }
    return f ;
}
${wrappers}" @ONLY)
message(STATUS "gbgpu: ${all_count} GraphBLAS functions classified: ${wrapped_count} may change a matrix "
  "(${wrapper_count} wrapped), ${kept_count} keep its content (not wrapped)")
