# tests/library_links.cmake: test_library_links: libgbgpu brings no GraphBLAS
# of its own, calls none but through its table of the program's library, and
# has the binary interface's version in its name.
# SPDX-License-Identifier: Apache-2.0
#
#   cmake -DLIBRARY=libgbgpu.so -DABI=N -DREADELF=readelf -DNM=nm -P library_links.cmake
#
# Its SONAME is libgbgpu.so.N, N gbgpu.h's GBGPU_ABI_VERSION, so that a
# program built against another interface does not load it unawares; and it
# does not export gbgpu_stats, whose callers built with a header before ABI 1
# passed a smaller struct than it would fill (gbgpu_stats_get takes the size).
#
# A GraphBLAS among libgbgpu's needed libraries would be loaded into every
# program beside the program's own; a GrB_ or GxB_ symbol libgbgpu leaves
# undefined is a call site that bypasses graphblas/library_symbols.h, and would
# bind to whichever GraphBLAS the loader finds first.

execute_process(COMMAND ${READELF} -d ${LIBRARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${READELF} -d ${LIBRARY} failed")
endif()
string(REGEX MATCHALL "NEEDED[^\n]*graphblas[^\n]*" needed "${dynamic}")
if(needed)
  message(FATAL_ERROR "libgbgpu needs a GraphBLAS of its own: ${needed}")
endif()

if(NOT dynamic MATCHES "\\(SONAME\\)[^\n]*\\[libgbgpu\\.so\\.${ABI}\\]")
  string(REGEX MATCH "\\(SONAME\\)[^\n]*" soname "${dynamic}")
  message(FATAL_ERROR "libgbgpu's SONAME is not libgbgpu.so.${ABI}: ${soname}")
endif()
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY} OUTPUT_VARIABLE defined
  RESULT_VARIABLE failed)
if(failed OR NOT defined MATCHES " T gbgpu_stats_get\n" OR defined MATCHES " T gbgpu_stats\n")
  message(FATAL_ERROR "libgbgpu must export gbgpu_stats_get and not gbgpu_stats")
endif()

execute_process(COMMAND ${NM} -D --undefined-only ${LIBRARY} OUTPUT_VARIABLE undefined
  RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${NM} -D ${LIBRARY} failed")
endif()
string(REGEX MATCHALL "(GrB|GxB)_[A-Za-z0-9_]+" names "${undefined}")
if(names)
  list(REMOVE_DUPLICATES names)
  message(FATAL_ERROR "libgbgpu calls GraphBLAS around graphblas/library_symbols.h: ${names}")
endif()
message(STATUS "libgbgpu.so.${ABI}: no GraphBLAS needed, no GraphBLAS symbol undefined")
