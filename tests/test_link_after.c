// tests/test_link_after.c: [host] libgbgpu linked after -lgraphblas: the
// program's GrB_mxm is then the library's own (the link order chose it), but
// gbgpu's calls must still find the library and work.
// SPDX-License-Identifier: Apache-2.0
//
// gbgpu comes after the library in the search order here, so nothing of the
// library is "next" from gbgpu (RTLD_NEXT would find nothing): gbgpu_init
// must still succeed, and gbgpu_mxm must compute what the library computes.
// The program's calls that change a matrix reach the library, not gbgpu's
// wrappers: the device cache must know it is off (its proof fails).

#include "test_support.h"

#include <string.h>

int main (void)
{
    ts_start () ;
    TS_OK (gbgpu_init ()) ;
    ts_matrix_spec a = ts_spec (GrB_FP64, 30, 20, 0.2, 1) ;
    ts_matrix_spec b = ts_spec (GrB_FP64, 20, 25, 0.2, 2) ;
    GrB_Matrix A, B, C, Ref ;
    ts_matrix_make (&A, &a) ;
    ts_matrix_make (&B, &b) ;
    TS_OK (GrB_Matrix_new (&C, GrB_FP64, 30, 25)) ;
    TS_OK (GrB_Matrix_new (&Ref, GrB_FP64, 30, 25)) ;
    TS_OK (GrB_mxm (Ref, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    gbgpu_stats_t s = ts_stats_now () ;
    ts_check (s.calls == 0, "GrB_mxm reached gbgpu though the library was linked first") ;
    TS_OK (gbgpu_mxm (C, NULL, NULL, GxB_PLUS_TIMES_FP64, A, B, NULL)) ;
    char why [256] ;
    ts_check (ts_same_content (C, Ref, ts_tolerance (GrB_FP64, true), why, sizeof (why)),
        "gbgpu_mxm differs from the library: %s", why) ;
    s = ts_stats_now () ;
    ts_check (s.calls == 1, "gbgpu_mxm counted %llu calls", (unsigned long long) s.calls) ;
    const char *state = gbgpu_device_cache_state () ;
    // (a library newer than the header is found out first: ts_library_is_header_version)
    ts_check (s.device_cache_on == 0 && strncmp (state, "off: ", 5) == 0
        && (strstr (state, "not libgbgpu") != NULL
            || (!ts_library_is_header_version () && ts_cache_proof_verdict_expected (state))),
        "the device cache is not off with the library first: %s", state) ;
    GrB_Matrix_free (&A) ; GrB_Matrix_free (&B) ; GrB_Matrix_free (&C) ; GrB_Matrix_free (&Ref) ;
    TS_OK (GrB_finalize ()) ;
    return ts_summary () ;
}
