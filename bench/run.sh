#!/usr/bin/env bash
# make bench: the C++ benchmarks, then the same measurements of the reference implementations
# (numpy's Laplace sampler) in the same run, and the ratios the README reports.
set -euo pipefail
BUILD=${1:-build}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
json=$(mktemp)
"$BUILD/bench/dplab_bench" --benchmark_out="$json" --benchmark_out_format=json \
    --benchmark_counters_tabular=true "$@"
numpy_ns=$("$PY" "$here/numpy_laplace.py")
"$PY" - "$json" "$numpy_ns" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
numpy_ns = float(sys.argv[2])
by = {b["name"].split("/")[0]: b for b in data["benchmarks"]}
lap = by["BM_LaplaceSample"]
ours = 1e9 / lap["items_per_second"]
eff = by["BM_RunnerParallelEfficiency"]
print()
print("summary")
print(f"  Laplace sample: dplab {ours:.2f} ns/sample/core, numpy default_rng().laplace {numpy_ns:.2f} ns "
      f"-> numpy/dplab = {numpy_ns / ours:.1f}x (target: <= 8 ns)")
print(f"  runner parallel efficiency: {eff['efficiency_pct']:.1f}% on {int(eff['threads'])} threads "
      f"(speedup {eff['speedup']:.2f}x; target >= 90%)")
PY
rm -f "$json"
