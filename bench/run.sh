#!/usr/bin/env bash
# make bench: the C++ benchmarks, then the same measurements of the reference implementations
# (numpy's Laplace sampler) in the same run, and the ratios docs/benchmarks.md reports.
set -euo pipefail
BUILD=${1:-build}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
json=$(mktemp)
# lu_thesis ch. 7: the data and starts of bench_lu_kmeans.cpp, for scikit-learn's Lloyd below.
export DPLAB_BENCH_EXPORT=$(mktemp -d)
"$BUILD/bench/dplab_bench" --benchmark_out="$json" --benchmark_out_format=json \
    --benchmark_counters_tabular=true "$@"
# The sampler once more, back to back with numpy and by the same statistic: numpy_laplace.py
# keeps the best of 20 calls, so ours is the best of 10 repetitions (a single mean of a noisy
# shared machine understates either side).
laplace_json=$(mktemp)
"$BUILD/bench/dplab_bench" --benchmark_filter='^BM_LaplaceSample/' --benchmark_repetitions=10 \
    --benchmark_min_time=0.05 --benchmark_out="$laplace_json" --benchmark_out_format=json > /dev/null
numpy_small=$("$PY" "$here/numpy_laplace.py" 65536)
root=$("$BUILD/dplab" datasets list 2>/dev/null | sed -n 's/^datasets (data root: \(.*\)):$/\1/p')
sklearn_ms=$("$PY" "$here/sklearn_kmeans.py" "$root" 2>/dev/null || echo nan)
numpy_large=$("$PY" "$here/numpy_laplace.py" 1048576)
sklearn_lu=$("$PY" "$here/sklearn_lu_lloyd.py" "$DPLAB_BENCH_EXPORT" 2>/dev/null | tr '\n' ' ' || true)
wavecluster_ref=$("$PY" "$here/wavecluster_reference.py" "$root" 2>/dev/null || echo "nan nan nan")
"$PY" - "$json" "$numpy_small" "$numpy_large" "$sklearn_ms" "$wavecluster_ref" "$sklearn_lu" "$laplace_json" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
laplace_runs = json.load(open(sys.argv[7]))["benchmarks"]
sk_lu = sys.argv[6].split()
numpy_ns = {65536: float(sys.argv[2]), 1048576: float(sys.argv[3])}
sklearn_ms = float(sys.argv[4])
by = {b["name"]: b for b in data["benchmarks"]}
eff = next(b for n, b in by.items() if n.startswith("BM_RunnerParallelEfficiency"))
print()
print("summary")
try:
    load = open("/proc/loadavg").read().split()[:3]
    print(f"  load average at the end of the C++ benchmarks' run: {' '.join(load)} (2 cores; shared machine)")
except OSError:
    pass
words = {b.get("label", n): b["ns_per_word"] for n, b in by.items() if n.startswith("BM_PhiloxBlocks/") and "ns_per_word" in b}
if words:
    print("  Philox4x64-10 words: " + ", ".join(f"{k} {v * 1e9:.2f} ns" for k, v in words.items()))
scalar = by.get("BM_LaplaceSampleScalar/65536")
for n in (65536, 1048576):
    mean = 1e9 / by[f"BM_LaplaceSample/{n}"]["items_per_second"]
    ours = min(1e9 / b["items_per_second"] for b in laplace_runs
               if b.get("run_name") == f"BM_LaplaceSample/{n}" and b.get("run_type") == "iteration")
    print(f"  Laplace, {n} samples per call: dplab {ours:.2f} ns/sample/core (best of 10; {mean:.2f} in the long run above), "
          f"numpy default_rng().laplace {numpy_ns[n]:.2f} ns (best of 20) -> numpy/dplab = {numpy_ns[n] / ours:.1f}x "
          f"(target: dplab <= 3 ns and >= 5x numpy)")
if scalar and scalar.get("items_per_second"):
    print(f"  Laplace, 65536 samples, vector paths off (DPLAB_SIMD=scalar): {1e9 / scalar['items_per_second']:.2f} ns/sample")
def ms(b):
    return b["real_time"] if b.get("time_unit") == "ms" else b["real_time"] / 1e6
km = by.get("BM_KmeansIterationBirch3/20")
km_scalar = by.get("BM_KmeansIterationBirch3Scalar/20")
def per_lloyd_iteration(b):  # BM_KmeansIteration* time `lloyd_iterations` iterations from one start
    return ms(b) / b.get("lloyd_iterations", 1)
if km and "real_time" in km:
    ours_ms = per_lloyd_iteration(km)
    line = (f"  k-means iteration, Birch3, k = 20, one thread: dplab {ours_ms:.2f} ms, scikit-learn Lloyd "
            f"{sklearn_ms:.2f} ms -> sklearn/dplab = {sklearn_ms / ours_ms:.1f}x (target >= 3x)")
    if km_scalar and "real_time" in km_scalar:
        line += f"; vector paths off {per_lloyd_iteration(km_scalar):.2f} ms"
    print(line)
# Reference timings given with the issues (same machine class, one thread): DPBench's Python
# MWEM (10 rounds) and DAWA (exact L1 partition) on 2,000 RandomRange queries, eps = 1; the
# DiffPart paper's "under 35 s" for the full STM set on a 2.26 GHz Core 2 Duo.
for name, what, ref_s, target in [
        ("BM_MwemTrial/0", "MWEM trial, ADULT", 1.9, 20), ("BM_MwemTrial/1", "MWEM trial, INCOME", 3.4, 20),
        ("BM_DawaAdultExact/real_time", "DAWA trial (exact partition), ADULT", 6.3, 20),
        ("BM_DawaIncomeExact/real_time", "DAWA trial (exact partition), INCOME", 20.2, 20),
        ("BM_DiffPartStmLike/450/real_time", "DiffPart, full STM-like set, C2 = 4.5", 35.0, 10)]:
    b = by.get(name)
    if b and "real_time" in b:
        print(f"  {what}: dplab {ms(b):.1f} ms, reference {ref_s:g} s -> {ref_s * 1000 / ms(b):.0f}x faster "
              f"(target >= {target}x)")
wc = by.get("BM_WaveCluster1M/80")
if wc and "real_time" in wc:
    ref_ms, ref_k, ref_clusters = sys.argv[5].split()
    print(f"  WaveCluster, 1M points, g = 80, one thread: dplab {ms(wc):.2f} ms (k {int(wc['k'])}, "
          f"{int(wc['clusters'])} clusters), numpy + PyWavelets + scipy {float(ref_ms):.2f} ms (k {ref_k}, "
          f"{ref_clusters} clusters) -> {float(ref_ms) / ms(wc):.1f}x (target >= 10x)")
# lu_thesis ch. 7: one run of Algorithm 7.1 and of Lloyd's algorithm from the same start, one
# thread, and scikit-learn's Lloyd on the same data and start in this run.
for i, (set_name, label) in enumerate([("s1", "S1"), ("image", "Image substitute (34,112 x 3)")]):
    runs = {z: by.get(f"BM_Algorithm71/{set_name}_{z}") for z in ("prior", "posterior")}
    lloyd = by.get(f"BM_LloydToConvergence/{set_name}")
    if not lloyd or "real_time" not in lloyd:
        continue
    line = f"  {label}: Algorithm 7.1 Prior {ms(runs['prior']):.2f} ms ({runs['prior']['kmeans_iterations']:.1f} it.), " \
           f"Posterior {ms(runs['posterior']):.2f} ms ({runs['posterior']['kmeans_iterations']:.1f} it.); Lloyd (ours) " \
           f"{ms(lloyd):.2f} ms ({lloyd['kmeans_iterations']:.0f} it.)"
    if len(sk_lu) >= 3 * (i + 1) and sk_lu[3 * i] == set_name:
        sk_ms, sk_it = float(sk_lu[3 * i + 1]), int(sk_lu[3 * i + 2])
        line += f", scikit-learn Lloyd {sk_ms:.2f} ms ({sk_it} it.) -> sklearn/dplab = {sk_ms / ms(lloyd):.1f}x"
    print(line)
print(f"  runner parallel efficiency: {eff['efficiency_pct']:.1f}% on {int(eff['threads'])} threads "
      f"(speedup {eff['speedup']:.2f}x; target >= 90%)")
PY
# lu_thesis chs. 4-5: ns per release of the sparse noise sum against numpy in the same run.
lu_numpy=$("$PY" "$here/lu_noise_numpy.py")
# shellcheck disable=SC2086  # three numbers, split on purpose
"$PY" - "$json" $lu_numpy <<'PY'
import json, sys
by = {b["name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
straight, binom, orig_np = map(float, sys.argv[2:5])
def ns(name):
    b = by.get(name)
    return 1e9 / b["items_per_second"] if b and b.get("items_per_second") else float("nan")
tw, orig, naive = ns("BM_LuThisWorkRun"), ns("BM_LuOrigRun"), ns("BM_LuThisWorkRunNaive")
print(f"  lu_thesis noise of one release, n = 10^4, c = 5, Pr_u = 1e-4, Pr_s = 1e-2: dplab {tw:.0f} ns; numpy with a "
      f"coin per curator {straight:.0f} ns -> {straight / tw:.0f}x (target >= 20x); numpy with a binomial count "
      f"{binom:.0f} ns -> {binom / tw:.1f}x; dplab with a coin per curator {naive:.0f} ns")
print(f"  lu_thesis Orig (every noise present): dplab {orig:.0f} ns, numpy with a coin per curator {orig_np:.0f} ns "
      f"-> {orig_np / orig:.0f}x")
PY
rm -f "$json" "$laplace_json"
rm -rf "$DPLAB_BENCH_EXPORT"
