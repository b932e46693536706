#!/usr/bin/env bash
# cmake/graphblas_root.sh: a GraphBLAS_ROOT for building and testing gbgpu
# against a SuiteSparse:GraphBLAS other than the distribution's: the library
# from a suitesparse-graphblas wheel (pip), the header of the same version.
# SPDX-License-Identifier: Apache-2.0
#
#   cmake/graphblas_root.sh ROOT WHEEL HEADER
#
# ROOT (made; outside the tracked tree, e.g. .gbv/root9) gets include/GraphBLAS.h
# (a copy of HEADER: the wheel has no usable one; e.g. `git show
# v9.4.branch:Include/GraphBLAS.h` of DrTimothyAldenDavis/GraphBLAS), beside
# it the wheel's suitesparse_graphblas.h (its library's own declarations of
# every function it exports, which the build classifies too: the device cache
# then covers a library newer than HEADER), and lib/ with the wheel's
# libgraphblas-<hash>.so.<version> and its libgomp, plus libgraphblas.so
# pointing at it.  Then: cmake -DGraphBLAS_ROOT=ROOT ...
# Nothing of it belongs in the repository.
set -euo pipefail
if [ $# -ne 3 ]; then echo "usage: $0 ROOT WHEEL HEADER" >&2; exit 2; fi
root=$1 wheel=$2 header=$3
mkdir -p "$root/include" "$root/lib"
cp "$header" "$root/include/GraphBLAS.h"
rm -f "$root/include/suitesparse_graphblas.h"     # another wheel's
python3 - "$wheel" "$root/lib" <<'PYTHON'
import os, sys, zipfile
wheel, lib = sys.argv[1], sys.argv[2]
include = os.path.join(os.path.dirname(lib), "include")
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name.startswith("suitesparse_graphblas.libs/") and not name.endswith("/"):
            target = os.path.join(lib, os.path.basename(name))
        elif name == "suitesparse_graphblas/suitesparse_graphblas.h":
            target = os.path.join(include, "suitesparse_graphblas.h")
        else:
            continue
        with z.open(name) as src, open(target, "wb") as dst:
            dst.write(src.read())
PYTHON
library=$(cd "$root/lib" && ls libgraphblas-*.so.* | head -n 1)
ln -sf "$library" "$root/lib/libgraphblas.so"
declarations=""
[ -f "$root/include/suitesparse_graphblas.h" ] && declarations=" and suitesparse_graphblas.h"
echo "$root: include/GraphBLAS.h$declarations ($(grep -E '#define GxB_IMPLEMENTATION_(MAJOR|MINOR|SUB) ' "$root/include/GraphBLAS.h" | awk '{print $3}' | paste -sd.)), lib/$library"
