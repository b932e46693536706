# plugin/cache/modifiers.cmake: writes modifiers.c, gbgpu's wrapper of every
# GraphBLAS function that may change a matrix, and the classification of every
# function of GraphBLAS.h that the run-time proof (cache/exports.c) checks.
# SPDX-License-Identifier: Apache-2.0
#
# Included by plugin/CMakeLists.txt at configure time; tests/checks/ runs it
# on a sample header with `cmake -P` (gbgpu_write_modifiers below).  The
# header the build uses (GraphBLAS_INCLUDE_DIR) is run through the C
# preprocessor, so that only the declarations that header really makes are
# read, and every prototype of a GrB_, GxB_, GzB_ (9.x's experimental) or GB_
# (called by the header's macros) function is classified by its parameters:
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
# the library's own function, found at run time (graphblas/library.c).  The
# exceptions are rules of cache/modifiers.txt, which says why each one holds:
# functions that make the object their handle holds (forgotten after a
# successful call only), functions gbgpu interposes and that forget by
# themselves, functions that keep the content of their matrices (not wrapped),
# and the function by which graphblas/library.c finds the library (never a
# modifier).
#
# Anything else the generator cannot wrap (a variadic modifier not listed, a
# handle no rule explains, a function pointer or array parameter, another
# return type than GrB_Info, a prototype it cannot read) fails the configure.
# Sets GBGPU_MODIFIERS_C, the generated file.

# gbgpu_write_modifiers(HEADER h RULES files... OUTPUT c [CLASSIFICATION f]
#                       [MIN_PROTOTYPES n] [KEEP_GOING])
#   HEADER          the GraphBLAS.h to read (preprocessed by CMAKE_C_COMPILER)
#   RULES           rule files (cache/modifiers.txt), read in order
#   OUTPUT          the modifiers.c to write
#   CLASSIFICATION  also write each prototype's class, one a line, in the
#                   header's order: "name class [forgotten parameters]"
#   MIN_PROTOTYPES  fail when the header declares fewer functions
#   KEEP_GOING      an error is a class of the classification, not a failure
#                   (the test of the generator)
function(gbgpu_write_modifiers)
  cmake_parse_arguments(M "KEEP_GOING" "HEADER;OUTPUT;CLASSIFICATION;MIN_PROTOTYPES" "RULES"
    ${ARGN})
  set(header ${M_HEADER})

  # The rules: "kind value # why"
  set(self_forgetting "")
  set(library_markers "")
  set(handle_made "")
  set(handle_taken "")
  set(content_kept "")
  foreach(rules_file IN LISTS M_RULES)
    file(STRINGS ${rules_file} rule_lines)
    set(line_number 0)
    foreach(rule IN LISTS rule_lines)
      math(EXPR line_number "${line_number} + 1")
      string(REGEX REPLACE "#.*$" "" rule "${rule}")
      string(STRIP "${rule}" rule)
      if(rule STREQUAL "")
        continue()
      endif()
      if(NOT rule MATCHES "^(self_forgetting|library_marker|handle_made|handle_taken|content_kept)[ \t]+([^ \t]+)$")
        message(FATAL_ERROR "gbgpu: ${rules_file}:${line_number}: not a rule: '${rule}'")
      endif()
      if(CMAKE_MATCH_1 STREQUAL "library_marker")
        list(APPEND library_markers "${CMAKE_MATCH_2}")
      else()
        list(APPEND ${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
      endif()
    endforeach()
  endforeach()
  if(NOT library_markers)
    message(FATAL_ERROR "gbgpu: no library_marker rule in ${M_RULES}")
  endif()

  execute_process(COMMAND ${CMAKE_C_COMPILER} -E -P -x c ${header}
    OUTPUT_VARIABLE text ERROR_VARIABLE errors RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "gbgpu: cannot preprocess ${header}: ${errors}")
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
  set(classification "")
  set(failures "")

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
    set(forgotten "")         # for the classification
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
        set(made FALSE)
        set(taken FALSE)
        foreach(pattern IN LISTS handle_made)
          if(name MATCHES "${pattern}")
            set(made TRUE)
          endif()
        endforeach()
        foreach(pattern IN LISTS handle_taken)
          if(name MATCHES "${pattern}")
            set(taken TRUE)
          endif()
        endforeach()
        if(stars EQUAL 0)
          list(APPEND forgets "gbgpu_generation_forget (p${index})")
          list(APPEND forgotten "p${index}")
        elseif(stars GREATER 1)
          set(unreadable TRUE)
          list(APPEND forgets "?")
          list(APPEND forgotten "p${index}:?")
        elseif(made)
          list(APPEND forgets_after "if (info == GrB_SUCCESS) gbgpu_generation_forget (*p${index})")
          list(APPEND forgotten "*p${index}:made")
        elseif(taken)
          list(APPEND forgets "gbgpu_generation_forget ((p${index} == NULL) ? NULL : *p${index})")
          list(APPEND forgotten "*p${index}:taken")
        else()
          set(unclassified_handle TRUE)
          list(APPEND forgets "?")
          list(APPEND forgotten "*p${index}:?")
        endif()
      endif()
      math(EXPR index "${index} + 1")
    endforeach()

    if(NOT forgets AND NOT forgets_after)
      list(APPEND classification "${name} not_modifier")
      continue()
    endif()
    list(FIND library_markers ${name} at)
    if(NOT at EQUAL -1)
      string(APPEND failures "gbgpu: ${name}, by which graphblas/library.c finds the library, is a "
        "modifier: gbgpu would define it; choose another marker there (library_marker in ${M_RULES})\n")
      list(APPEND classification "${name} error:library_marker")
      continue()
    endif()
    list(FIND self_forgetting ${name} at)
    if(NOT at EQUAL -1)
      list(APPEND wrapped_names ${name})
      list(APPEND classification "${name} self_forgetting")
      continue()
    endif()
    list(FIND content_kept ${name} at)
    if(NOT at EQUAL -1)
      list(APPEND kept_names ${name})
      list(APPEND classification "${name} content_kept")
      continue()
    endif()
    if(variadic)
      string(APPEND failures "gbgpu: ${header} declares ${name}, a variadic function that may change a "
        "matrix: it cannot be wrapped.  If it keeps the content of every matrix it takes, add it "
        "as content_kept to ${M_RULES}; otherwise the device cache cannot be built for this "
        "GraphBLAS\n")
      list(APPEND classification "${name} error:variadic")
      continue()
    endif()
    if(unclassified_handle)
      string(APPEND failures "gbgpu: ${header} declares ${name}, which takes a handle (${params}): "
        "add a rule handle_made (the call makes the object) or handle_taken (it frees or takes the "
        "caller's object) to ${M_RULES}\n")
      list(APPEND classification "${name} error:handle")
      continue()
    endif()
    if(unreadable OR NOT return_type STREQUAL "GrB_Info")
      string(APPEND failures "gbgpu: cannot wrap ${name} (${return_type}; ${params}) from ${header}\n")
      list(APPEND classification "${name} error:unwrappable")
      continue()
    endif()

    string(REPLACE ";" " " forgotten "${forgotten}")
    list(APPEND classification "${name} wrapped ${forgotten}")
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
  if(M_MIN_PROTOTYPES AND all_count LESS M_MIN_PROTOTYPES)
    string(APPEND failures "gbgpu: only ${all_count} GraphBLAS prototypes read from ${header}\n")
  endif()
  if(M_CLASSIFICATION)
    list(JOIN classification "\n" classification_text)
    file(WRITE ${M_CLASSIFICATION} "${classification_text}\n")
  endif()
  if(failures AND NOT M_KEEP_GOING)
    message(FATAL_ERROR "${failures}")
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

  file(CONFIGURE OUTPUT ${M_OUTPUT} CONTENT
"// modifiers.c: generated from ${header}
// by plugin/cache/modifiers.cmake: gbgpu's wrapper of each GraphBLAS
// function that may change a matrix (${wrapper_count}), and the classification
// of every function the header declares (cache/exports.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdatomic.h>
#include <stddef.h>
#include \"cache/forget.h\"
#include \"cache/exports.h\"
#include \"graphblas/library.h\"

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
  message(STATUS "gbgpu: ${all_count} GraphBLAS functions classified: ${wrapped_count} may change a "
    "matrix (${wrapper_count} wrapped), ${kept_count} keep its content (not wrapped)")
endfunction()

if(NOT CMAKE_SCRIPT_MODE_FILE)
  set(GBGPU_MODIFIERS_C ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers.c)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h ${CMAKE_CURRENT_LIST_DIR}/modifiers.txt)
  gbgpu_write_modifiers(HEADER ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h
    RULES ${CMAKE_CURRENT_LIST_DIR}/modifiers.txt OUTPUT ${GBGPU_MODIFIERS_C} MIN_PROTOTYPES 100)
endif()
