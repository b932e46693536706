# cmake/FindGraphBLAS.cmake: SuiteSparse:GraphBLAS from the distribution (libgraphblas-dev)
# or from GraphBLAS_ROOT / CMAKE_PREFIX_PATH.  Defines the imported target
# GraphBLAS::GraphBLAS and GraphBLAS_VERSION.
# SPDX-License-Identifier: Apache-2.0
find_path(GraphBLAS_INCLUDE_DIR GraphBLAS.h
  HINTS ${GraphBLAS_ROOT} ENV GraphBLAS_ROOT
  PATH_SUFFIXES include include/suitesparse suitesparse)
find_library(GraphBLAS_LIBRARY NAMES graphblas
  HINTS ${GraphBLAS_ROOT} ENV GraphBLAS_ROOT
  PATH_SUFFIXES lib lib64 lib/x86_64-linux-gnu)
if(GraphBLAS_INCLUDE_DIR)
  file(STRINGS ${GraphBLAS_INCLUDE_DIR}/GraphBLAS.h _gb_lines
       REGEX "^#define GxB_IMPLEMENTATION_(MAJOR|MINOR|SUB) +[0-9]+")
  foreach(_part MAJOR MINOR SUB)
    string(REGEX MATCH "GxB_IMPLEMENTATION_${_part} +([0-9]+)" _m "${_gb_lines}")
    set(_gb_${_part} ${CMAKE_MATCH_1})
  endforeach()
  set(GraphBLAS_VERSION "${_gb_MAJOR}.${_gb_MINOR}.${_gb_SUB}")
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GraphBLAS
  REQUIRED_VARS GraphBLAS_LIBRARY GraphBLAS_INCLUDE_DIR
  VERSION_VAR GraphBLAS_VERSION
  FAIL_MESSAGE "SuiteSparse:GraphBLAS not found: install libgraphblas-dev (apt-get install libgraphblas-dev) or set GraphBLAS_ROOT")
if(GraphBLAS_FOUND AND NOT TARGET GraphBLAS::GraphBLAS)
  add_library(GraphBLAS::GraphBLAS UNKNOWN IMPORTED)
  set_target_properties(GraphBLAS::GraphBLAS PROPERTIES
    IMPORTED_LOCATION ${GraphBLAS_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${GraphBLAS_INCLUDE_DIR})
endif()
