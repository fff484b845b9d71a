#!/usr/bin/env bash
# DPBench cross-check: dplab against ektelo (DPBench's lineage, ../shared/peers) on the same sampled
# data, in one run: for every algorithm both have, 2 shapes x 3 scales, the mean scaled L2 error per
# query (DPBench's measure) of each side with its 95% CI, and whether the two agree (the CI of the
# difference of the means covers 0; Welch). Data: each (shape, scale) is drawn once here as
# `scale` records i.i.d. from the shape (DPBench's generator, as transform dpbench_sample does) and
# written to a file both sides read, so they see the very same x. Workloads: 2,000 RandomRange
# queries, a fresh one per trial on each side (independent draws of the same law).
#   bench/dpbench_ektelo.sh [BUILD] [TRIALS] [EPS]     (defaults: build, 30, 0.1)
# DPBENCH_DIM=2: the 2-D algorithms on ADULT-2D and GOWALLA (256 x 256) at scales 10^4, 10^6 and
# 10^8, 2,000 random rectangles. Default 2-D set: identity_2d uniform_2d quadtree ugrid agrid
# hb_2d. ektelo's 2-D DAWA asks for 32 GiB (a dense 65,536^2 matrix), its 2-D Privelet overflows
# Python's recursion, its AHP on 65,536 cells takes > 2 min a trial and its MWEM ~190 s: not run.
# Speed is not measured here (bench/peers.sh does it with warm-up and matched clocks).
set -euo pipefail
BUILD=${1:-build}
TRIALS=${2:-30}
EPS=${3:-0.1}
DIM=${DPBENCH_DIM:-1}
if [ "$DIM" = 2 ]; then
  ALGS=${DPBENCH_ALGS:-"identity_2d uniform_2d quadtree ugrid agrid hb_2d"}
else
  ALGS=${DPBENCH_ALGS:-"identity uniform h2 hb privelet ahp dawa greedy_h mwem"}
fi
here=$(cd "$(dirname "$0")" && pwd)
peers=${DPLAB_PEERS:-$here/../../shared/peers}
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
ektelo=$(bash "$peers/setup-ektelo.sh")
# AHP's Cython extension, built in the private copy when ahp is asked for (needs cython3).
case " $ALGS " in *" ahp "*|*" ahp_2d "*)
  if ! ls "$ektelo"/ektelo/algorithm/ahp/ahp_fast*.so > /dev/null 2>&1; then
    (cd "$ektelo/ektelo/algorithm/ahp" && "$PY" setup.py build_ext --inplace >&2) ||
      { echo "dpbench_ektelo.sh: cannot build ektelo's AHP extension (apt-get install cython3)" >&2; exit 1; }
  fi ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The samples (numpy's multinomial of the shape; seeded).
"$PY" - "$data" "$tmp" "$DIM" <<'PY'
import sys, numpy as np
src, out, dim = sys.argv[1], sys.argv[2], sys.argv[3]
rng = np.random.RandomState(33)
if dim == "2":
    sets = (("dpbench_2d/Adult_2D_256_256.txt.gz", "adult2d"), ("dpbench_2d/checkin_256_256.txt.gz", "gowalla"))
    scales = (10000, 1000000, 100000000)
else:
    sets = (("dpbench_1d/ADULTFRANK.n4096.txt", "adult"), ("dpbench_1d/HEPTH.n4096.txt", "hepth"))
    scales = (1000, 100000, 10000000)
for shape, short in sets:
    x = np.loadtxt(src + "/" + shape)
    for scale in scales:
        s = rng.multinomial(scale, (x / x.sum()).ravel()).reshape(x.shape)
        np.savetxt("%s/%s_%d.txt" % (out, short, scale), s, fmt="%d")
PY
kind=histogram; params="workload: random_range, "
[ "$DIM" = 2 ] && { kind=histogram2d; params=""; }

# dplab: one spec over the six files.
{
  echo "name: dpbench_ektelo"
  echo "paper: dpbench"
  echo "description: cross-check against ektelo (bench/dpbench_ektelo.sh)"
  echo "datasets:"
  for f in "$tmp"/*.txt; do b=$(basename "$f" .txt); echo "  - {file: $f, kind: $kind, label: $b}"; done
  echo "algorithms:"
  for a in $ALGS; do
    echo "  - {name: baselines.$a, label: $a}"
    # H2 and Hb also without the root, as ektelo measures them (DPBench's code measures it).
    case $a in h2|hb) echo "  - {name: baselines.$a, label: ${a}_noroot, params: {root: false}}" ;; esac
  done
  echo "params: {eps: $EPS, ${params}queries: 2000}"
  echo "trials: $TRIALS"
  echo "seed: 5"
  echo "metrics: [scaled_l2_error_per_query]"
} > "$tmp/spec.yaml"
echo "== dplab: $TRIALS trials per cell" >&2
"$BUILD/dplab" run "$tmp/spec.yaml" --out "$tmp/ours.h5" --force -q >&2
"$BUILD/dplab" show "$tmp/ours.h5" --csv > "$tmp/ours.csv"

echo "== ektelo: $TRIALS trials per cell" >&2
for a in $ALGS; do
  for f in "$tmp"/*.txt; do
    echo "   $a $(basename "$f")" >&2
    "$PY" "$here/dpbench_ektelo.py" --ektelo "$ektelo" "$a" "$f" "$EPS" "$TRIALS" >> "$tmp/ektelo.csv"
  done
done

"$PY" - "$tmp/ours.csv" "$tmp/ektelo.csv" "$EPS" "$ALGS" <<'PY'
import csv, math, statistics, sys
from scipy.stats import t as student_t
ours = {}
only = sys.argv[4].split()[0]  # a spec of one algorithm has no algorithm column
for row in csv.DictReader(open(sys.argv[1])):
    if row["metric"] != "scaled_l2_error_per_query": continue
    ours[(row.get("algorithm") or only, row["dataset"])] = (float(row["mean"]), float(row["sd"]), int(row["trials"]))
ek = {}
for line in open(sys.argv[2]):
    f = line.strip().split(",")
    if len(f) == 6 and f[0] == "ektelo":
        ek.setdefault((f[1], f[2][:-4]), []).append(float(f[4]))
print("DPBench cross-check, eps = %s: scaled L2 error per query, mean [95%% CI]" % sys.argv[3])
print("| algorithm | data | dplab | ektelo | ektelo / dplab | agree (Welch 95%) |")
print("|---|---|---|---|---|---|")
agree = total = 0
for (alg, ds), (m, sd, n) in sorted(ours.items()):
    v = ek.get((alg.replace("_noroot", ""), ds))
    if not v: continue
    me, se_ = statistics.mean(v), statistics.stdev(v)
    a, b = sd * sd / n, se_ * se_ / len(v)
    df = (a + b) ** 2 / (a * a / (n - 1) + b * b / (len(v) - 1)) if a + b > 0 else 1
    half = student_t.ppf(0.975, df) * math.sqrt(a + b)
    ok = abs(me - m) <= half
    agree += ok; total += 1
    ci = lambda mu, s, k: "%.4g [%.4g, %.4g]" % (mu, mu - student_t.ppf(0.975, k - 1) * s / math.sqrt(k),
                                                 mu + student_t.ppf(0.975, k - 1) * s / math.sqrt(k))
    print("| %s | %s | %s | %s | %.3f | %s |" % (alg, ds, ci(m, sd, n), ci(me, se_, len(v)), me / m, "yes" if ok else "**no**"))
print("\n%d of %d cells agree (at 95%%, about 1 in 20 disagrees by chance)" % (agree, total))
PY
