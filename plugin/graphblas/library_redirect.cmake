# plugin/graphblas/library_redirect.cmake: writes library_redirect.h, which points
# each name of graphblas/library_symbols.h at the table of the program's GraphBLAS.
# SPDX-License-Identifier: Apache-2.0
#
# Included by plugin/CMakeLists.txt at configure time (the C preprocessor
# cannot make a #define from a list): FUNCTION (name) becomes
# `#define name (gbgpu_library ()->name)`, OBJECT (name)
# `#define name (*gbgpu_library ()->name)`; INTERPOSED names stay gbgpu's
# own.  Sets GBGPU_LIBRARY_REDIRECT_DIR, the folder to include it from.

set(symbols ${CMAKE_CURRENT_LIST_DIR}/library_symbols.h)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${symbols})
file(READ ${symbols} text)
string(FIND "${text}" "#define GBGPU_LIBRARY_SYMBOLS" list_start)
string(SUBSTRING "${text}" ${list_start} -1 text)
string(REGEX MATCHALL "(FUNCTION|OBJECT) \\([A-Za-z0-9_]+\\)" entries "${text}")
set(redirects "")
foreach(entry IN LISTS entries)
  string(REGEX MATCH "(FUNCTION|OBJECT) \\(([A-Za-z0-9_]+)\\)" unused "${entry}")
  if(CMAKE_MATCH_1 STREQUAL "OBJECT")
    string(APPEND redirects "#define ${CMAKE_MATCH_2} (*gbgpu_library ()->${CMAKE_MATCH_2})\n")
  else()
    string(APPEND redirects "#define ${CMAKE_MATCH_2} (gbgpu_library ()->${CMAKE_MATCH_2})\n")
  endif()
endforeach()
set(GBGPU_LIBRARY_REDIRECT_DIR ${CMAKE_CURRENT_BINARY_DIR}/library_redirect)
file(CONFIGURE OUTPUT ${GBGPU_LIBRARY_REDIRECT_DIR}/library_redirect.h CONTENT
"// library_redirect.h: generated from plugin/graphblas/library_symbols.h by
// plugin/graphblas/library_redirect.cmake; included by plugin/graphblas/graphblas.h.
#ifndef GBGPU_LIBRARY_REDIRECT_H
#define GBGPU_LIBRARY_REDIRECT_H
${redirects}#endif
" @ONLY)
