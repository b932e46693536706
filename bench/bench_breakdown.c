// bench/bench_breakdown.c: print one input's kernel breakdown (see bench_breakdown.h).
// SPDX-License-Identifier: Apache-2.0

#include "bench_breakdown.h"

void bench_breakdown_print (FILE *f, const bench_row *row)
{
    const gbgpu_cuda_profile *p = &row->breakdown ;
    fprintf (f, "  %s breakdown: analyse %.3f symbolic %.3f numeric %.3f sort %.3f ms,"
        " peak %.0f MiB\n", row->label, p->analyse_ms, p->symbolic_ms,
        p->numeric_ms, p->sort_ms, (double) row->peak_bytes / (1024.0 * 1024.0)) ;
    fprintf (f, "    %-10s %12s %12s %12s %12s\n", "bin", "sym_rows", "sym_ms",
        "num_rows", "num_ms") ;
    for (int b = 0 ; b < GBGPU_CUDA_BINS ; b++)
    {
        const gbgpu_cuda_bin_profile *s = &p->symbolic [b], *n = &p->numeric [b] ;
        if (s->rows == 0 && n->rows == 0) continue ;
        fprintf (f, "    %-10s %12lld %12.3f %12lld %12.3f\n", gbgpu_cuda_bin_name (b),
            (long long) s->rows, s->ms, (long long) n->rows, n->ms) ;
    }
    fflush (f) ;
}
