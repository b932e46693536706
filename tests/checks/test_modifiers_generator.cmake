# tests/checks/test_modifiers_generator.cmake: plugin/cache/modifiers.cmake
# on a sample header (modifiers_sample.h) and a library's own declarations
# beside it (modifiers_sample_library.h), with the rules of
# plugin/cache/modifiers.txt and modifiers_sample.txt: the class of each
# function must be that of modifiers_sample.expected, and the two generated
# files must hold one wrapper per function classified "wrapped".
# SPDX-License-Identifier: Apache-2.0
#
#   cmake -DCMAKE_C_COMPILER=cc -DSOURCE_DIR=<repository> -DOUTPUT_DIR=<folder>
#         -P tests/checks/test_modifiers_generator.cmake

foreach(variable CMAKE_C_COMPILER SOURCE_DIR OUTPUT_DIR)
  if(NOT ${variable})
    message(FATAL_ERROR "test_modifiers_generator: -D${variable}=... is missing")
  endif()
endforeach()
set(checks ${SOURCE_DIR}/tests/checks)
set(classification ${OUTPUT_DIR}/modifiers_sample.classes)
set(modifiers_c ${OUTPUT_DIR}/modifiers_sample.c)
set(modifiers_library_c ${OUTPUT_DIR}/modifiers_sample_library.c)
file(REMOVE ${classification} ${modifiers_c} ${modifiers_library_c})

include(${SOURCE_DIR}/plugin/cache/modifiers.cmake)
# KEEP_GOING: the sample's errors are classes to compare, not a failure
gbgpu_write_modifiers(HEADER ${checks}/modifiers_sample.h
  RULES ${SOURCE_DIR}/plugin/cache/modifiers.txt ${checks}/modifiers_sample.txt
  OUTPUT ${modifiers_c} CLASSIFICATION ${classification}
  LIBRARY_HEADER ${checks}/modifiers_sample_library.h LIBRARY_OUTPUT ${modifiers_library_c} KEEP_GOING)

file(READ ${classification} got)
file(READ ${checks}/modifiers_sample.expected expected)
if(NOT got STREQUAL expected)
  message(FATAL_ERROR "test_modifiers_generator: the classification differs from "
    "${checks}/modifiers_sample.expected\n--- expected\n${expected}--- got (${classification})\n${got}")
endif()

string(REGEX MATCHALL "[^\n]* wrapped[^\n]*" wrapped "${got}")
list(LENGTH wrapped wrapped_count)
file(READ ${modifiers_c} code)
file(READ ${modifiers_library_c} library_code)
string(REGEX MATCHALL "GBGPU_EXPORT GrB_Info" wrappers "${code}${library_code}")
list(LENGTH wrappers wrapper_count)
string(FIND "${library_code}" "GrB_Info (GxB_Sample_Matrix_opaque)" in_library)
string(FIND "${code}" "GrB_Info (GxB_Sample_Matrix_opaque)" in_header_file)
if(in_library EQUAL -1 OR NOT in_header_file EQUAL -1)
  message(FATAL_ERROR "test_modifiers_generator: the library's own functions' wrappers belong in "
    "${modifiers_library_c}, and only there")
endif()
if(NOT wrapped_count EQUAL wrapper_count OR wrapper_count EQUAL 0)
  message(FATAL_ERROR "test_modifiers_generator: ${wrapped_count} functions classified wrapped, "
    "but ${wrapper_count} wrappers in ${modifiers_c} and ${modifiers_library_c}")
endif()

# A function both headers declare must classify the same from both: a
# library prototype without GraphBLAS.h's const fails the configure.
file(WRITE ${OUTPUT_DIR}/mismatch_header.h
  "GrB_Info GrB_Matrix_nvals (GrB_Index *nvals, const GrB_Matrix A) ;\n"
  "GrB_Info GxB_Sample_reader (const GrB_Matrix A) ;\n")
file(WRITE ${OUTPUT_DIR}/mismatch_library.h "GrB_Info GxB_Sample_reader(GrB_Matrix A);\n")
file(WRITE ${OUTPUT_DIR}/mismatch.cmake
  "include(${SOURCE_DIR}/plugin/cache/modifiers.cmake)\n"
  "gbgpu_write_modifiers(HEADER ${OUTPUT_DIR}/mismatch_header.h\n"
  "  RULES ${SOURCE_DIR}/plugin/cache/modifiers.txt OUTPUT ${OUTPUT_DIR}/mismatch.c\n"
  "  LIBRARY_HEADER ${OUTPUT_DIR}/mismatch_library.h LIBRARY_OUTPUT ${OUTPUT_DIR}/mismatch_library.c)\n")
execute_process(COMMAND ${CMAKE_COMMAND} -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} -P ${OUTPUT_DIR}/mismatch.cmake
  RESULT_VARIABLE failed OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[ \n]+" " " err "${err}")     # CMake wraps its messages
if(NOT failed OR NOT err MATCHES "declare GxB_Sample_reader differently")
  message(FATAL_ERROR "test_modifiers_generator: a function the two headers classify differently "
    "did not fail the generator (${failed}): ${err}")
endif()
message(STATUS "test_modifiers_generator: ${wrapper_count} wrappers, classification as expected; "
  "a prototype that differs between the headers fails")
