# cmake/GbgpuSanitize.cmake: -DGBGPU_SANITIZE=address,undefined instruments the C code
# (plugin host side, tests, examples, bench) with the compiler's sanitizers.
# SPDX-License-Identifier: Apache-2.0
#
# CUDA sources are left alone: device code cannot be instrumented, and the
# CUDA runtime is not built for it either.  Only executables link the
# sanitizer runtimes; libgbgpu.so (linked by the CUDA host compiler, which
# may not be the C compiler: clang for the fuzz target, g++ for CUDA) takes
# them from the program that loads it, so one runtime serves the process.
set(GBGPU_SANITIZE "" CACHE STRING
    "Sanitizers for the C code, as -fsanitize= takes them (address,undefined); empty: none")

if(GBGPU_SANITIZE)
  # An error stops the program: a test that "passes" with a report is no use.
  set(_gbgpu_sanitize_flags
    -fsanitize=${GBGPU_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  foreach(_flag IN LISTS _gbgpu_sanitize_flags)
    add_compile_options($<$<COMPILE_LANGUAGE:C>:${_flag}>)
    add_link_options($<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:${_flag}>)
  endforeach()
  message(STATUS "gbgpu: C code instrumented with -fsanitize=${GBGPU_SANITIZE}")
endif()

# gbgpu_sanitize_tests(): run this directory's tests under the sanitizers'
# options (call it after the tests are added).  The CUDA runtime maps memory
# where ASan keeps its shadow gap (protect_shadow_gap=0); errors abort with a
# stack.  GraphBLAS itself is not instrumented: its reads and writes are not
# checked, but what it allocates is (malloc goes through ASan).
function(gbgpu_sanitize_tests)
  if(NOT GBGPU_SANITIZE)
    return()
  endif()
  get_property(tests DIRECTORY PROPERTY TESTS)
  if(tests)
    set_property(TEST ${tests} APPEND PROPERTY ENVIRONMENT
      "ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1:abort_on_error=1"
      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  endif()
endfunction()
