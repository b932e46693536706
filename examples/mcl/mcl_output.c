// examples/mcl/mcl_output.c: clusters to a file or stdout, one a line (see mcl_output.h).
// SPDX-License-Identifier: Apache-2.0

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "mcl_output.h"

bool mcl_write_clusters (const char *path, const mcl_clusters *clusters,
    char *const *labels)
{
    bool to_stdout = (path == NULL || strcmp (path, "-") == 0) ;
    FILE *f = to_stdout ? stdout : fopen (path, "w") ;
    if (f == NULL)
    {
        fprintf (stderr, "gbgpu-mcl: %s: %s\n", path, strerror (errno)) ;
        return (false) ;
    }
    for (GrB_Index c = 0 ; c < clusters->count ; c++)
    {
        for (GrB_Index m = clusters->start [c] ; m < clusters->start [c + 1] ; m++)
        {
            GrB_Index node = clusters->member [m] ;
            if (m > clusters->start [c]) fputc ('\t', f) ;
            if (labels != NULL) fputs (labels [node], f) ;
            else fprintf (f, "%llu", (unsigned long long) node) ;
        }
        fputc ('\n', f) ;
    }
    bool ok = (fflush (f) == 0 && !ferror (f)) ;
    if (!to_stdout && fclose (f) != 0) ok = false ;
    if (!ok) fprintf (stderr, "gbgpu-mcl: writing %s failed\n", to_stdout ? "stdout" : path) ;
    return (ok) ;
}
