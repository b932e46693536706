# tests/library_links.cmake: test_library_links: libgbgpu brings no GraphBLAS
# of its own and calls none but through its table of the program's library.
# SPDX-License-Identifier: Apache-2.0
#
#   cmake -DLIBRARY=libgbgpu.so -DREADELF=readelf -DNM=nm -P library_links.cmake
#
# A GraphBLAS among libgbgpu's needed libraries would be loaded into every
# program beside the program's own; a GrB_ or GxB_ symbol libgbgpu leaves
# undefined is a call site that bypasses api/library_symbols.h, and would
# bind to whichever GraphBLAS the loader finds first.

execute_process(COMMAND ${READELF} -d ${LIBRARY} OUTPUT_VARIABLE dynamic RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${READELF} -d ${LIBRARY} failed")
endif()
string(REGEX MATCHALL "NEEDED[^\n]*graphblas[^\n]*" needed "${dynamic}")
if(needed)
  message(FATAL_ERROR "libgbgpu needs a GraphBLAS of its own: ${needed}")
endif()

execute_process(COMMAND ${NM} -D --undefined-only ${LIBRARY} OUTPUT_VARIABLE undefined
  RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${NM} -D ${LIBRARY} failed")
endif()
string(REGEX MATCHALL "(GrB|GxB)_[A-Za-z0-9_]+" names "${undefined}")
if(names)
  list(REMOVE_DUPLICATES names)
  message(FATAL_ERROR "libgbgpu calls GraphBLAS around api/library_symbols.h: ${names}")
endif()
message(STATUS "libgbgpu: no GraphBLAS needed, no GraphBLAS symbol undefined")
