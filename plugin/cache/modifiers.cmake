# plugin/cache/modifiers.cmake: writes modifiers.c, gbgpu's wrapper of every
# GraphBLAS function that may change a matrix, and the classification of every
# function of GraphBLAS.h (and of the library's own declarations, when given)
# that the run-time proof (cache/exports.c) checks.
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
# return type than GrB_Info) fails the configure.  A statement it does not
# read as a prototype at all (a ';' inside an attribute's string) is not
# classified: the run-time proof then finds the function undeclared, and the
# cache stays off.
#
# The library in use may export functions that GraphBLAS.h does not declare
# (pip's suitesparse-graphblas 9.4.5 with the 9.4.0 header: 15 of them), and
# the run-time proof then turns the cache off.  Such a library's own
# declarations (the wheel's suitesparse_graphblas.h, one prototype a line;
# it lacks a few that GraphBLAS.h has, such as GxB_Matrix_resize) are read
# too when given (GBGPU_LIBRARY_DECLARATIONS): the functions only they
# declare are classified by the same rules, and their wrappers go to a file
# of their own that includes those declarations instead of GraphBLAS.h,
# which lacks some of their types.  A function both declare must classify
# the same from both (a const dropped in a newer library would otherwise be
# a modifier the older header hides); GraphBLAS.h's prototype is wrapped.
# Sets GBGPU_MODIFIERS_C, the generated files.

# Within gbgpu_write_modifiers' loop: the class of the statement's function
# (`name`), kept; for a function both headers declare (`duplicate`), the
# library's prototype's class, which must be GraphBLAS.h's.
macro(gbgpu_record_class class_text)
  if(duplicate)
    if(NOT "${class_of_${name}}" STREQUAL "${class_text}")
      string(APPEND failures "gbgpu: ${M_HEADER} and ${M_LIBRARY_HEADER} declare ${name} "
        "differently (${class_of_${name}}; ${class_text}): the library's own declarations "
        "do not match the header's\n")
    endif()
  else()
    list(APPEND classification "${name} ${class_text}")
    set(class_of_${name} "${class_text}")
  endif()
endmacro()

# ... and a failure to report, once (not again for the library's prototype
# of a function GraphBLAS.h declares).
macro(gbgpu_record_failure)
  if(NOT duplicate)
    string(APPEND failures ${ARGN})
  endif()
endmacro()

# gbgpu_write_modifiers(HEADER h RULES files... OUTPUT c [CLASSIFICATION f]
#                       [LIBRARY_HEADER l LIBRARY_OUTPUT c2]
#                       [MIN_PROTOTYPES n] [KEEP_GOING])
#   HEADER          the GraphBLAS.h to read (preprocessed by CMAKE_C_COMPILER)
#   RULES           rule files (cache/modifiers.txt), read in order
#   OUTPUT          the modifiers.c to write
#   LIBRARY_HEADER  the library's own declarations (suitesparse_graphblas.h):
#                   the functions HEADER does not declare are classified too
#   LIBRARY_OUTPUT  the wrappers of those that may change a matrix
#   CLASSIFICATION  also write each prototype's class, one a line, in the
#                   header's order: "name class [forgotten parameters]"
#   MIN_PROTOTYPES  fail when the header declares fewer functions
#   KEEP_GOING      an error is a class of the classification, not a failure
#                   (the test of the generator)
function(gbgpu_write_modifiers)
  cmake_parse_arguments(M "KEEP_GOING"
    "HEADER;OUTPUT;CLASSIFICATION;MIN_PROTOTYPES;LIBRARY_HEADER;LIBRARY_OUTPUT" "RULES" ${ARGN})
  if(M_LIBRARY_HEADER AND NOT M_LIBRARY_OUTPUT)
    message(FATAL_ERROR "gbgpu_write_modifiers: LIBRARY_HEADER needs LIBRARY_OUTPUT")
  endif()

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

  # Each header's statements, one a list element, tagged with the header:
  # H (GraphBLAS.h) first, then L (the library's declarations).  A CMake
  # list splits at ';' (and would not inside brackets, nor after a
  # backslash).
  set(text "")
  foreach(tag H L)
    if(tag STREQUAL "H")
      set(file ${M_HEADER})
    elseif(M_LIBRARY_HEADER)
      set(file ${M_LIBRARY_HEADER})
    else()
      break()
    endif()
    execute_process(COMMAND ${CMAKE_C_COMPILER} -E -P -x c ${file}
      OUTPUT_VARIABLE header_text ERROR_VARIABLE errors RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "gbgpu: cannot preprocess ${file}: ${errors}")
    endif()
    string(REPLACE "\\" " " header_text "${header_text}")
    string(REPLACE "[" " GBGPU_ARRAY " header_text "${header_text}")
    string(REPLACE "]" " " header_text "${header_text}")
    string(REGEX REPLACE "[\n\r\t ]+" " " header_text "${header_text}")
    string(REPLACE "{" ";" header_text "${header_text}")
    string(REPLACE "}" ";" header_text "${header_text}")
    string(REPLACE ";" ";${tag} " header_text "${tag} ${header_text}")
    list(APPEND text ${header_text})
  endforeach()

  set(c_keywords void char short int long float double signed unsigned _Bool bool _Complex)
  set(all_names "")
  set(wrapped_names "")
  set(kept_names "")
  set(wrappers "")
  set(wrapper_names "")
  set(wrapper_count 0)
  set(library_wrappers "")
  set(library_wrapper_names "")
  set(library_wrapper_count 0)
  set(library_names_count 0)
  set(header_names_count 0)
  set(classification "")
  set(failures "")

  foreach(statement IN LISTS text)
    if(NOT statement MATCHES "^([HL]) *(extern )?([^()]*[ *])(G[rxz]?B_[A-Za-z0-9_]+) ?\\((.*)\\) *$")
      continue()
    endif()
    set(tag "${CMAKE_MATCH_1}")
    set(return_type "${CMAKE_MATCH_3}")
    set(name "${CMAKE_MATCH_4}")
    set(params "${CMAKE_MATCH_5}")
    if(return_type MATCHES "typedef|static|=")
      continue()
    endif()
    # A function both declare is GraphBLAS.h's (its wrapper, if any); the
    # library's prototype must classify the same (a const dropped in a newer
    # library would be a modifier GraphBLAS.h hides).
    set(duplicate FALSE)
    if(tag STREQUAL "L")
      set(header ${M_LIBRARY_HEADER})
      set(output library_)
      list(FIND all_names ${name} at)
      if(NOT at EQUAL -1)
        set(duplicate TRUE)
      else()
        math(EXPR library_names_count "${library_names_count} + 1")
      endif()
    else()
      set(header ${M_HEADER})
      set(output "")
      math(EXPR header_names_count "${header_names_count} + 1")
    endif()
    string(STRIP "${return_type}" return_type)
    if(NOT duplicate)
      list(APPEND all_names ${name})
    endif()

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
      # an object the call may change, or a handle it may free or replace;
      # GxB_Scalar and the opaque structs are other names of the same types
      string(REGEX REPLACE "struct GB_(Matrix|Vector|Scalar)_opaque \\*" "GrB_\\1" object_type "${type}")
      string(REGEX REPLACE "(^| )GxB_Scalar( |$)" "\\1GrB_Scalar\\2" object_type "${object_type}")
      if(object_type MATCHES "(^| )Gr[B]_(Matrix|Vector|Scalar)( |$)"
         AND NOT object_type MATCHES "(^| )const( |$)")
        string(REGEX MATCHALL "\\*" stars "${object_type}")
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
      gbgpu_record_class("not_modifier")
      continue()
    endif()
    list(FIND library_markers ${name} at)
    if(NOT at EQUAL -1)
      gbgpu_record_failure("gbgpu: ${name}, by which graphblas/library.c finds the library, is a "
        "modifier: gbgpu would define it; choose another marker there (library_marker in ${M_RULES})\n")
      gbgpu_record_class("error:library_marker")
      continue()
    endif()
    list(FIND self_forgetting ${name} at)
    if(NOT at EQUAL -1)
      gbgpu_record_class("self_forgetting")
      if(NOT duplicate)
        list(APPEND wrapped_names ${name})
      endif()
      continue()
    endif()
    list(FIND content_kept ${name} at)
    if(NOT at EQUAL -1)
      gbgpu_record_class("content_kept")
      if(NOT duplicate)
        list(APPEND kept_names ${name})
      endif()
      continue()
    endif()
    if(variadic)
      gbgpu_record_failure("gbgpu: ${header} declares ${name}, a variadic function that may change a "
        "matrix: it cannot be wrapped.  If it keeps the content of every matrix it takes, add it "
        "as content_kept to ${M_RULES}; otherwise the device cache cannot be built for this "
        "GraphBLAS\n")
      gbgpu_record_class("error:variadic")
      continue()
    endif()
    if(unclassified_handle)
      gbgpu_record_failure("gbgpu: ${header} declares ${name}, which takes a handle (${params}): "
        "add a rule handle_made (the call makes the object) or handle_taken (it frees or takes the "
        "caller's object) to ${M_RULES}\n")
      gbgpu_record_class("error:handle")
      continue()
    endif()
    if(unreadable OR NOT return_type STREQUAL "GrB_Info")
      gbgpu_record_failure("gbgpu: cannot wrap ${name} (${return_type}; ${params}) from ${header}\n")
      gbgpu_record_class("error:unwrappable")
      continue()
    endif()

    string(REPLACE ";" " " forgotten "${forgotten}")
    gbgpu_record_class("wrapped ${forgotten}")
    if(duplicate)
      continue()
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
    string(APPEND ${output}wrappers "
GBGPU_EXPORT GrB_Info (${name}) (${decl_text})
{
    __typeof__ (${name}) *f = gbgpu_library_target (&targets [${${output}wrapper_count}], \"${name}\") ;
${before_text}    GrB_Info info = (f == NULL) ? GrB_NOT_IMPLEMENTED : f (${arg_text}) ;
${after_text}    return info ;
}
")
    list(APPEND wrapped_names ${name})
    list(APPEND ${output}wrapper_names ${name})
    math(EXPR ${output}wrapper_count "${${output}wrapper_count} + 1")
  endforeach()

  if(M_MIN_PROTOTYPES AND header_names_count LESS M_MIN_PROTOTYPES)
    string(APPEND failures "gbgpu: only ${header_names_count} GraphBLAS prototypes read from ${M_HEADER}\n")
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
  foreach(list_name all_names wrapped_names)
    string(REPLACE ";" "\",\n    \"" ${list_name}_text "${${list_name}}")
  endforeach()
  get_filename_component(header_name ${M_HEADER} NAME)
  set(declarations "${header_name}")
  if(M_LIBRARY_HEADER)
    get_filename_component(library_header_name ${M_LIBRARY_HEADER} NAME)
    string(APPEND declarations " and the library's ${library_header_name} (${library_names_count} more)")
  endif()

  # Each file's wrappers find the library's function once, in their own
  # slot (no array where a file has no wrapper: C has no empty arrays).
  foreach(prefix "" library_)
    set(${prefix}targets_text "")
    if(${prefix}wrapper_count GREATER 0)
      set(${prefix}targets_text "static void *_Atomic targets [${${prefix}wrapper_count}] ;\n")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${M_OUTPUT} CONTENT
"// modifiers.c: generated from ${M_HEADER}
// by plugin/cache/modifiers.cmake: gbgpu's wrapper of each GraphBLAS
// function that may change a matrix (${wrapper_count}), and the classification
// of every function the header declares (cache/exports.h).
// SPDX-License-Identifier: Apache-2.0

#include <stdatomic.h>
#include <stddef.h>
#include \"cache/forget.h\"
#include \"cache/exports.h\"
#include \"cache/library_target.h\"
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
const char *const gbgpu_declarations = \"${declarations}\" ;

${targets_text}${wrappers}" @ONLY)

  if(M_LIBRARY_HEADER)
    file(CONFIGURE OUTPUT ${M_LIBRARY_OUTPUT} CONTENT
"// modifiers_library.c: generated from ${M_LIBRARY_HEADER}
// by plugin/cache/modifiers.cmake: gbgpu's wrapper of each function that the
// library's own declarations add to ${header_name} and that may change a
// matrix (${library_wrapper_count} of ${library_names_count}).  It includes those declarations, not
// ${header_name}, which lacks some of their types.
// SPDX-License-Identifier: Apache-2.0

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include \"${M_LIBRARY_HEADER}\"
#include \"gbgpu_export.h\"
#include \"cache/forget.h\"
#include \"cache/library_target.h\"

${library_targets_text}${library_wrappers}" @ONLY)
  endif()
  message(STATUS "gbgpu: ${all_count} GraphBLAS functions classified (${declarations}): "
    "${wrapped_count} may change a matrix (${wrapper_count} + ${library_wrapper_count} wrapped), "
    "${kept_count} keep its content (not wrapped)")
endfunction()

if(NOT CMAKE_SCRIPT_MODE_FILE)
    # The library's own declarations: a file, AUTO (suitesparse_graphblas.h
  # beside GraphBLAS.h, where cmake/graphblas_root.sh puts a wheel's, if
  # there at configure time) or OFF
  set(GBGPU_LIBRARY_DECLARATIONS AUTO CACHE STRING
    "The GraphBLAS library's own declarations (a suitesparse-graphblas wheel's suitesparse_graphblas.h): a file, AUTO (suitesparse_graphblas.h beside GraphBLAS.h, if there) or OFF")
  set(library_declarations "")
  if(GBGPU_LIBRARY_DECLARATIONS STREQUAL "AUTO")
    if(EXISTS ${GraphBLAS_INCLUDE_DIR}/suitesparse_graphblas.h)
      set(library_declarations ${GraphBLAS_INCLUDE_DIR}/suitesparse_graphblas.h)
    endif()
  elseif(GBGPU_LIBRARY_DECLARATIONS)
    set(library_declarations ${GBGPU_LIBRARY_DECLARATIONS})
  endif()
  set(GBGPU_MODIFIERS_C ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers.c)
  set(library_arguments "")
  if(library_declarations)
    if(NOT EXISTS ${library_declarations})
      message(FATAL_ERROR "gbgpu: GBGPU_LIBRARY_DECLARATIONS: no file ${library_declarations}")
    endif()
    set(library_arguments LIBRARY_HEADER ${library_declarations}
      LIBRARY_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers_library.c)
    list(APPEND GBGPU_MODIFIERS_C ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers_library.c)
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
    ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h ${CMAKE_CURRENT_LIST_DIR}/modifiers.txt ${library_declarations})
  gbgpu_write_modifiers(HEADER ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h
    RULES ${CMAKE_CURRENT_LIST_DIR}/modifiers.txt OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/cache/modifiers.c
    ${library_arguments} MIN_PROTOTYPES 100)
endif()
