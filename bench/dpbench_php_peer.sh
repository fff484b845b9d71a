#!/usr/bin/env bash
# P-HP against DPBench's own code, same run, same sampled data (ektelo has no P-HP, so
# bench/dpbench_ektelo.sh cannot check it). dplab's baselines.php and DPBench's
# thirdparty/Acs12 Clustering (bench/dpbench_php_peer.py, which only calls it) each run TRIALS
# trials on every (shape, scale) file; the table gives each side's mean scaled L2 error per query
# with its 95% CI and whether they agree (Welch; bench/dpbench_ektelo_table.py), then the mean
# number of intervals of the chosen partition on each side (and on DPBench's, how many are one
# cell and how long the longest is).
#   DPCOMP_CORE=DIR bench/dpbench_php_peer.sh [BUILD] [TRIALS] [EPS]   (defaults: build, 30, 0.1)
# DPLAB_TRIALS gives dplab's side more trials than DPBench's TRIALS (dplab's take milliseconds,
# DPBench's about a second); Welch's test takes the unequal counts.
# DIR: a checkout of github.com/dpcomp-org/dpcomp_core (not part of dplab; read, never copied).
# Shapes (DPBENCH_SHAPES, files under the data root) default to ADULT, LC-DTIR-ALL and BIDS-FM,
# scales (DPBENCH_SCALES) to 10^5 .. 10^8: where dplab's PHP error, scaled, rises with the scale
# (docs/papers/dpbench.md, "Shape x scale"), to see whether DPBench's code does the same.
set -euo pipefail
BUILD=${1:-build}
TRIALS=${2:-30}
EPS=${3:-0.1}
here=$(cd "$(dirname "$0")" && pwd)
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if [ -z "${DPCOMP_CORE:-}" ] || [ ! -f "$DPCOMP_CORE/dpcomp_core/algorithm/thirdparty/Acs12/lib/Clustering.py" ]; then
  echo "dpbench_php_peer.sh: set DPCOMP_CORE to a checkout of github.com/dpcomp-org/dpcomp_core" >&2
  echo "  (e.g. git clone https://github.com/dpcomp-org/dpcomp_core /tmp/dpcomp_core)" >&2
  exit 2
fi
export DPBENCH_SHAPES=${DPBENCH_SHAPES:-"dpbench_1d/ADULTFRANK.n4096.txt:adult dpbench_1d/RejectStats_4_4096_no_outliers.txt:lc-dtir-all dpbench_1d/bids_m.txt:bids-fm"}
export DPBENCH_SCALES=${DPBENCH_SCALES:-"100000 1000000 10000000 100000000"}
tmp=$(mktemp -d)
trap '[ -n "${DPBENCH_KEEP:-}" ] && mkdir -p "$DPBENCH_KEEP" && cp "$tmp"/*.txt "$tmp"/*.yaml "$tmp"/*.csv "$DPBENCH_KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT
"$PY" "$here/dpbench_samples.py" "$data" "$tmp" 1

{
  echo "name: dpbench_php_peer"
  echo "paper: dpbench"
  echo "description: P-HP against DPBench's code (bench/dpbench_php_peer.sh)"
  echo "datasets:"
  for f in "$tmp"/*.txt; do echo "  - {file: $f, kind: histogram, label: $(basename "$f" .txt)}"; done
  echo "algorithms:"
  echo "  - {name: baselines.php, label: php}"
  echo "params: {eps: $EPS, workload: random_range, queries: 2000}"
  echo "trials: ${DPLAB_TRIALS:-$TRIALS}"
  echo "seed: 5"
  echo "metrics: [scaled_l2_error_per_query, buckets]"
} > "$tmp/spec.yaml"
echo "== dplab: ${DPLAB_TRIALS:-$TRIALS} trials per cell" >&2
"$BUILD/dplab" run "$tmp/spec.yaml" --out "$tmp/ours.h5" --force -q >&2
"$BUILD/dplab" show "$tmp/ours.h5" --csv > "$tmp/ours.csv"

echo "== DPBench's P-HP: $TRIALS trials per cell" >&2
for f in "$tmp"/*.txt; do
  echo "   $(basename "$f")" >&2
  PHP_CLUSTERS="$tmp/clusters.csv" "$PY" "$here/dpbench_php_peer.py" --dpcomp "$DPCOMP_CORE" "$f" "$EPS" "$TRIALS" >> "$tmp/peer.csv"
done

DPBENCH_PEER=dpbench "$PY" "$here/dpbench_ektelo_table.py" "$tmp/ours.csv" "$tmp/peer.csv" "$EPS" php
"$PY" - "$tmp/ours.csv" "$tmp/clusters.csv" <<'EOF'
import csv, statistics, sys
ours = {r["dataset"]: (float(r["mean"]), float(r["sd"])) for r in csv.DictReader(open(sys.argv[1])) if r["metric"] == "buckets"}
theirs = {}
for line in open(sys.argv[2]):
    ds, _, k, ones, longest = line.strip().split(",")
    theirs.setdefault(ds, []).append((int(k), int(ones), int(longest)))
print("\nIntervals of the chosen partition: number, mean (sd); DPBench's also how many are one cell")
print("and the cells of the longest (means)")
print("| data | dplab | DPBench | DPBench: one-cell intervals | DPBench: longest interval (cells) |")
print("|---|---|---|---|---|")
for ds in sorted(ours):
    v = theirs.get(ds, [])
    if len(v) < 2:
        print("| %s | %.1f (%.1f) | - | - | - |" % (ds, ours[ds][0], ours[ds][1]))
        continue
    k, ones, longest = zip(*v)
    print("| %s | %.1f (%.1f) | %.1f (%.1f) | %.1f | %.0f |" % (ds, ours[ds][0], ours[ds][1], statistics.mean(k),
          statistics.stdev(k), statistics.mean(ones), statistics.mean(longest)))
EOF
