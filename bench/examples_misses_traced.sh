#!/bin/bash
# bench/examples_misses_traced.sh: the cost model's trace of each examples-table row that misses
# issue 30's goal 1.
# SPDX-License-Identifier: Apache-2.0
#
# Usage: examples_misses_traced.sh TABLE.md BUILD_DIR OUT_DIR SECONDS.  For each row of a table
# from bench/examples_timing.sh whose better side took at least 1 ms and whose auto took over
# 1.15x it or over 1.05x the CPU (or failed), runs the row's program once more under policy auto
# with GBGPU_MODEL_TRACE=1 and keeps its output in OUT_DIR/trace_<example>_<input>.txt (':' as
# '-'); stops after SECONDS.  docs/policy.md reads the traces ("Goal 1's misses, traced").
T=$1 B=$2 O=$3 left=$4 t0=$(date +%s)
data=${GBGPU_DATA_DIR:-../shared/data}
M=$data/matrices
awk -F'|' 'NF > 12 && $3 !~ /input|---/ {
    cpu = $4 + 0; gpu = $6 + 0; auto = $9 + 0
    best = (gpu > 0 && gpu < cpu) ? gpu : cpu
    failed = ($9 ~ /fail/)
    if (best >= 0.001 && (failed || (auto > 0 && (auto / best > 1.15 || auto / cpu > 1.05)))) {
        gsub (/ /, "", $2); gsub (/ /, "", $3); print $2 "|" $3 }
}' $T | while IFS='|' read ex in; do
  rem=$(( left - ($(date +%s) - t0) ))
  [ $rem -lt 10 ] && { echo "examples_misses_traced: out of time at $ex $in"; break; }
  case $in in rmat:*) p=$in ;; *) p=$M/$in.mtx ;; esac
  case $ex in
    triangles)
      s=""; case $in in Wiki-Vote*|p2p*) s=--symmetrize ;; esac
      cmd="$B/examples/triangles/triangles $s $p" ;;
    bfs64) cmd="$B/examples/bfs/bfs $p" ;;
    bfs1024) cmd="$B/examples/bfs/bfs --sources 1024 $p" ;;
    mcl-I2)
      [ $in = hep-th ] && p=$data/mcl/hep-th.mtx
      cmd="$B/examples/mcl/gbgpu-mcl -I 2 $p -o /dev/null" ;;
    *) echo "examples_misses_traced: no command for $ex"; continue ;;
  esac
  f=$O/trace_$(printf %s "${ex}_$in" | tr : -).txt
  GBGPU_MODEL_TRACE=1 GBGPU_STATS=1 timeout $(( rem < 120 ? rem : 120 )) $cmd < /dev/null > $f 2>&1
  echo "trace $ex $in rc $? $(grep -c 'gbgpu model:' $f) lines"
done
