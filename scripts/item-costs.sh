#!/usr/bin/env bash
# Per-item cost of every spec (or the specs given) and what `make reproduce` would take on 1, 16
# and 256 cores: each spec runs with at most TRIALS trials on one thread (docs/scale-out.md "Sweeps across
# machines"); the per-trial algorithm wall times (dplab export) times the paper's trial counts
# give the work; a run on C cores takes at least work / C and at least its longest item.
#   scripts/item-costs.sh [BUILD] [SPEC...]      (TRIALS=2 by default; output: a table per spec)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}; shift || true
DPLAB=$BUILD/dplab
TRIALS=${TRIALS:-2}
OUT=${OUT:-$(mktemp -d /tmp/dplab-item-costs.XXXXXX)}
mkdir -p "$OUT"
specs=("$@")
[ ${#specs[@]} -eq 0 ] && specs=(experiments/*/*.yaml)
list=$OUT/list.tsv
: > "$list"
for spec in "${specs[@]}"; do
  paper=$(basename "$(dirname "$spec")"); name=$(basename "$spec" .yaml)
  full=$(awk '/^trials:/ {print $2; exit}' "$spec")
  n=$(( full < TRIALS ? full : TRIALS ))
  mkdir -p "$OUT/$paper"
  # CPU seconds of the run: on a loaded machine the per-trial wall times are stretched by the
  # load, so they give each item's share of the work and the CPU time gives the total.
  cpu=$( { /usr/bin/time -f "%U %S" "$DPLAB" run "$spec" --trials "$n" --threads 1 -q --out "$OUT/$paper/$name.h5" > /dev/null; } 2>&1 | tail -1 | awk '{print $1 + $2}')
  "$DPLAB" export "$OUT/$paper/$name.h5" --per-trial --out "$OUT/$paper/$name.csv" > /dev/null
  printf '%s\t%s\t%s\t%s\t%s\n' "$paper" "$name" "$full" "$n" "$cpu" >> "$list"
done
python3 - "$list" "$OUT" <<'PY'
import csv, sys, statistics, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
papers = collections.defaultdict(lambda: [0.0, 0, 0.0])  # work seconds, items, longest item
print("%-16s %-12s %8s %10s %10s %10s %10s %12s" % ("paper", "spec", "items", "mean ms", "median ms", "p99 ms", "max ms", "work s"))
for paper, name, full, n, cpu in rows:
    full, n, cpu = int(full), int(n), float(cpu)
    costs = collections.defaultdict(list)
    for r in csv.DictReader(open(f"{sys.argv[2]}/{paper}/{name}.csv")):
        if r["metric"] == "wall_time":
            costs[r["algorithm"] + "|" + str([r[k] for k in r if k not in ("trial", "metric", "index", "value")])].append(float(r["value"]))
    # Item costs in CPU seconds: wall times scaled so that they add up to the run's CPU time
    # (which also holds metrics and dataset loading, so this errs on the long side).
    scale = cpu / max(sum(x for v in costs.values() for x in v), 1e-9)
    costs = {k: [x * scale for x in v] for k, v in costs.items()}
    per_point = [statistics.mean(v) for v in costs.values()]
    allc = sorted(x for v in costs.values() for x in v)
    items = len(per_point) * full
    work = sum(per_point) * full
    p99 = allc[min(len(allc) - 1, int(0.99 * len(allc)))]
    print("%-16s %-12s %8d %10.3f %10.3f %10.3f %10.1f %12.1f" % (paper, name, items, 1e3 * work / max(items, 1),
          1e3 * statistics.median(allc), 1e3 * p99, 1e3 * allc[-1], work))
    papers[paper][0] += work; papers[paper][1] += items; papers[paper][2] = max(papers[paper][2], allc[-1])
print()
print("%-16s %10s %12s %12s %12s %12s" % ("paper", "items", "work s", "1 core", "16 cores", "256 cores"))
def fmt(s):
    return "%.0fs" % s if s < 120 else ("%.1fmin" % (s / 60) if s < 7200 else "%.1fh" % (s / 3600))
tot = [0.0, 0, 0.0]
for p, (w, i, m) in sorted(papers.items()):
    print("%-16s %10d %12.0f %12s %12s %12s" % (p, i, w, fmt(w), fmt(max(w / 16, m)), fmt(max(w / 256, m))))
    tot = [tot[0] + w, tot[1] + i, max(tot[2], m)]
print("%-16s %10d %12.0f %12s %12s %12s" % ("all", tot[1], tot[0], fmt(tot[0]), fmt(max(tot[0] / 16, tot[2])), fmt(max(tot[0] / 256, tot[2]))))
PY
