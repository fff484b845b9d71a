#!/usr/bin/env bash
# make bench: the C++ benchmarks, then the same-run comparisons with the references and peers.
#
# Every ratio compares CPU time with CPU time and the same statistic: ours is Google Benchmark's
# cpu_time (the benchmark thread's CPU time over a run, divided by the iterations: a mean), the
# Python side time.process_time over a run of the same kind, divided likewise (a mean, never a
# best-of). The ratios of the first table are measured ROUNDS times, ours and theirs back to back
# in each round so that both see the same load, and printed as the range over the rounds.
# scikit-learn runs on Debian's reference BLAS and on OpenBLAS (libopenblas0), each selected for
# its process alone with LD_LIBRARY_PATH; the BLAS numpy actually loaded is printed beside it.
#   bash bench/run.sh [BUILD] [Google Benchmark flags for the full run]
# Environment: BENCH_ROUNDS (default 5), DPLAB_PEERS (default ../shared/peers: diffprivlib).
set -euo pipefail
BUILD=${1:-build}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
ROUNDS=${BENCH_ROUNDS:-5}
peers=${DPLAB_PEERS:-$here/../../shared/peers}
bench="$BUILD/bench/dplab_bench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The data and starts of bench_kmeans.cpp and bench_lu_kmeans.cpp, for the Python peers.
export DPLAB_BENCH_EXPORT="$tmp/export"
mkdir -p "$DPLAB_BENCH_EXPORT"
lib=/usr/lib/x86_64-linux-gnu
reference_blas="$lib/blas:$lib/lapack"   # Debian's libblas3 / liblapack3
openblas="$lib/openblas-pthread"         # Debian's libopenblas0 (scripts/install-deps.sh)

echo "== the C++ benchmarks (one run each; the same-run comparisons follow)" >&2
"$bench" --benchmark_out="$tmp/full.json" --benchmark_out_format=json --benchmark_counters_tabular=true "$@"
load_full=$(cut -d' ' -f1-3 /proc/loadavg)

echo "== $ROUNDS rounds of same-run comparisons (ours, then the references, back to back)" >&2
for r in $(seq 1 "$ROUNDS"); do
  echo "   round $r" >&2
  "$bench" --benchmark_filter='^BM_LaplaceSample/|^BM_KmeansIterationBirch3/20/1$|^BM_DpKmeansSu$|^BM_SecureDiscreteLaplaceBatch$|^BM_ZigguratLaplaceBatch$' \
      --benchmark_min_time=0.3 --benchmark_out="$tmp/round$r.json" --benchmark_out_format=json > /dev/null
  numpy_small=$("$PY" "$here/numpy_laplace.py" 65536)
  numpy_large=$("$PY" "$here/numpy_laplace.py" 1048576)
  sk_ref=$(LD_LIBRARY_PATH=$reference_blas "$PY" "$here/sklearn_kmeans.py" "$DPLAB_BENCH_EXPORT" 2>/dev/null || echo "none nan")
  sk_open=$(LD_LIBRARY_PATH=$openblas "$PY" "$here/sklearn_kmeans.py" "$DPLAB_BENCH_EXPORT" 2>/dev/null || echo "none nan")
  iters=$("$PY" -c 'import json,sys; b=[x for x in json.load(open(sys.argv[1]))["benchmarks"] if x["name"]=="BM_DpKmeansSu"]; print(int(b[0]["dp_iterations"]) if b else 0)' "$tmp/round$r.json")
  dpl="nan nan 0"
  if [ -d "$peers/diffprivlib" ] && [ "$iters" -gt 0 ]; then
    dpl=$(PYTHONPATH="$peers/diffprivlib" "$PY" "$here/diffprivlib_kmeans.py" "$DPLAB_BENCH_EXPORT" 20 0.5 "$iters" 2 \
          2>/dev/null || echo "nan nan 0")
  fi
  echo "$r $numpy_small $numpy_large $sk_ref $sk_open $dpl $(cut -d' ' -f1 /proc/loadavg)" >> "$tmp/rounds.txt"
done

# References that are timed once, beside the full run above.
root=$("$BUILD/dplab" datasets list 2>/dev/null | sed -n 's/^datasets (data root: \(.*\)):$/\1/p')
sklearn_lu=$("$PY" "$here/sklearn_lu_lloyd.py" "$DPLAB_BENCH_EXPORT" 2>/dev/null | tr '\n' ' ' || true)
wavecluster_ref=$("$PY" "$here/wavecluster_reference.py" "$root" 2>/dev/null || echo "nan nan nan")
lu_numpy=$("$PY" "$here/lu_noise_numpy.py")

"$PY" "$here/summary.py" "$tmp" "$ROUNDS" "$load_full" "$sklearn_lu" "$wavecluster_ref" "$lu_numpy"
