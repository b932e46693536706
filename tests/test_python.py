# tests/test_python.py: [host, GPU] python-graphblas under
# LD_PRELOAD=libgbgpu.so: A.mxm(B, semiring) and A @ B reach gbgpu, run on
# the GPU where a device is, and equal the library's own results; the device
# cache's proof holds (every call that changes a matrix reaches gbgpu).
# SPDX-License-Identifier: Apache-2.0
#
# Whatever GraphBLAS python-graphblas brings (Debian's python3-suitesparse-graphblas
# with its libgraphblas.so.7, or a pip wheel's bundled copy, loaded privately),
# gbgpu must use that one and load no other: exactly one GraphBLAS file is
# mapped, the one gbgpu names, and the library still answers its own calls
# after a product (ss.about: the call that failed when a second GraphBLAS
# took the extension's calls).  When that library is another major version
# than libgbgpu was built for (the argument: the major version of the
# GraphBLAS the build used), gbgpu steps aside: no call counted, the results
# still the library's.  Exit 77 (skipped) without python-graphblas.
#
#   LD_PRELOAD=libgbgpu.so python3 test_python.py MAJOR

import ctypes
import os
import re
import sys

try:
    import numpy as np
    import graphblas as gb
except ImportError as e:
    print(f"python-graphblas is not importable ({e}): skipped")
    sys.exit(77)

GBGPU_POLICY = 0
POLICY_GPU, POLICY_CPU = 1, 2

preloaded = [p for p in os.environ.get("LD_PRELOAD", "").split(":") if "gbgpu" in p]
if not preloaded:
    sys.exit("run with LD_PRELOAD=libgbgpu.so")
gbgpu = ctypes.CDLL(preloaded[0])       # the preloaded object itself
gbgpu.gbgpu_graphblas_library.restype = ctypes.c_char_p
gbgpu.gbgpu_device_cache_state.restype = ctypes.c_char_p
gbgpu.gbgpu_set.argtypes = [ctypes.c_int, ctypes.c_int64]


def stats():
    """calls, gpu_calls: gbgpu_stats_t's first two fields."""
    buffer = (ctypes.c_uint64 * 2)()
    assert gbgpu.gbgpu_stats_get(buffer, ctypes.sizeof(buffer)) == 0
    return buffer[0], buffer[1]


def random_matrix(n, per_row, seed):
    rng = np.random.default_rng(seed)
    rows = np.repeat(np.arange(n), per_row)
    cols = rng.integers(0, n, n * per_row)
    values = rng.random(n * per_row)
    return gb.Matrix.from_coo(rows, cols, values, nrows=n, ncols=n, dup_op=gb.binary.plus)


def products(A, B):
    return [A.mxm(B, gb.semiring.min_plus).new(), (A @ B).new()]


failures = []


def check(condition, message):
    print(("ok: " if condition else "FAILED: ") + message)
    if not condition:
        failures.append(message)


# 5000 x 5000, 32 entries a row: about 5e6 multiply-adds a product.  Policy
# gpu: the path from Python to the device is what is checked here; whether
# it pays is policy auto's cost model's call (test_cost_model).
A, B = random_matrix(5000, 32, 1), random_matrix(5000, 32, 2)
gbgpu.gbgpu_set(GBGPU_POLICY, POLICY_CPU)
reference = products(A, B)
calls_before, _ = stats()
gbgpu.gbgpu_set(GBGPU_POLICY, POLICY_GPU)
results = products(A, B)
calls, gpu_calls = stats()
calls -= calls_before

library = gbgpu.gbgpu_graphblas_library().decode()
version = gb.ss.about["library_version"]
print(f"python-graphblas {gb.__version__}; its library says {version}; gbgpu uses: {library}")
check(results[0].isequal(reference[0]), "A.mxm(B, min_plus) equals the library's")
check(results[1].isclose(reference[1], rel_tol=1e-12), "A @ B equals the library's")

named = re.search(r"\((/[^)]*)\)$", library)
mapped = set()
with open("/proc/self/maps") as maps:
    for line in maps:
        path = line.split(maxsplit=5)[-1].strip()
        if os.path.basename(path).startswith("libgraphblas") and path.startswith("/"):
            mapped.add(path)
for path in sorted(mapped):
    print(f"mapped: {path}")
check(len(mapped) == 1, f"one GraphBLAS file mapped ({len(mapped)})")
check(named is not None and os.path.realpath(named.group(1)) in mapped,
      "gbgpu uses the mapped one")

ours = re.search(r"GraphBLAS (\d+)\.(\d+)\.(\d+)", library)
check(ours is not None and tuple(map(int, ours.groups())) == tuple(version),
      "gbgpu and python-graphblas see the same version")
if version[0] == int(sys.argv[1]):
    check(calls == 2, f"both products went through gbgpu ({calls})")
    state = gbgpu.gbgpu_device_cache_state().decode()
    # a library newer than gbgpu's header (pip's 9.4.5 beside the sources'
    # 9.4.0) may export what the header does not declare: the cache is off then
    header = tuple(map(int, sys.argv[2].split(".")))
    newer = tuple(version) != header and "which the declarations gbgpu was built with (GraphBLAS.h) do not declare" in state
    if newer:
        print(f"library {tuple(version)}, header {header}: {state}")
    check(state.startswith("on:") or newer,
          f"python-graphblas's calls that change a matrix reach gbgpu: {state}")
    if gbgpu.gbgpu_device_available():
        check(gpu_calls == 2, f"both ran on the GPU ({gpu_calls})")
    else:
        print("no CUDA device: interposition only")
else:
    check(calls == 0, f"gbgpu, built for {sys.argv[1]}.x, stepped aside ({calls} calls)")
sys.stdout.flush()
libc = ctypes.CDLL(None)
gbgpu.gbgpu_stats_print(ctypes.c_void_p.in_dll(libc, "stdout"))
libc.fflush(None)
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
