// tests/fuzz/fuzz_libfuzzer.c: the fuzz target for libFuzzer (clang -fsanitize=fuzzer).
// SPDX-License-Identifier: Apache-2.0
//
// A disagreement between gbgpu and the library aborts, so that libFuzzer
// keeps the input (crash-<sha1>); fuzz_mxm_one has printed the case.  Build
// the rest of the C code with -fsanitize=fuzzer-no-link (GBGPU_SANITIZE) for
// coverage feedback from the decoder, the test library and gbgpu's host side.

#include "fuzz_mxm.h"

#include <stdlib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv)
{
    (void) argc ;
    (void) argv ;
    fuzz_mxm_start () ;
    return 0 ;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
    if (!fuzz_mxm_one (data, size, false)) abort () ;
    return 0 ;
}
