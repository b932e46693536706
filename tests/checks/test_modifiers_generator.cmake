# tests/checks/test_modifiers_generator.cmake: plugin/cache/modifiers.cmake
# on a sample header (modifiers_sample.h), with the rules of
# plugin/cache/modifiers.txt and modifiers_sample.txt: the class of each
# function must be that of modifiers_sample.expected, and modifiers.c must
# hold one wrapper per function classified "wrapped".
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
file(REMOVE ${classification} ${modifiers_c})

include(${SOURCE_DIR}/plugin/cache/modifiers.cmake)
# KEEP_GOING: the sample's errors are classes to compare, not a failure
gbgpu_write_modifiers(HEADER ${checks}/modifiers_sample.h
  RULES ${SOURCE_DIR}/plugin/cache/modifiers.txt ${checks}/modifiers_sample.txt
  OUTPUT ${modifiers_c} CLASSIFICATION ${classification} KEEP_GOING)

file(READ ${classification} got)
file(READ ${checks}/modifiers_sample.expected expected)
if(NOT got STREQUAL expected)
  message(FATAL_ERROR "test_modifiers_generator: the classification differs from "
    "${checks}/modifiers_sample.expected\n--- expected\n${expected}--- got (${classification})\n${got}")
endif()

string(REGEX MATCHALL "[^\n]* wrapped[^\n]*" wrapped "${got}")
list(LENGTH wrapped wrapped_count)
file(READ ${modifiers_c} code)
string(REGEX MATCHALL "GBGPU_EXPORT GrB_Info" wrappers "${code}")
list(LENGTH wrappers wrapper_count)
if(NOT wrapped_count EQUAL wrapper_count OR wrapper_count EQUAL 0)
  message(FATAL_ERROR "test_modifiers_generator: ${wrapped_count} functions classified wrapped, "
    "but ${wrapper_count} wrappers in ${modifiers_c}")
endif()
message(STATUS "test_modifiers_generator: ${wrapper_count} wrappers, classification as expected")
