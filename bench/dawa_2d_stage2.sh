#!/usr/bin/env bash
# DAWA in 2-D against ektelo, stage by stage (issue 33). The 64 x 64 cross-check
# (results/summary/dpbench/ektelo_2d_side64.md, 10 trials a side) found ektelo's 2-D DAWA error above
# dplab's in all six cells (1.05-1.21x, one cell outside the interval). This script measures each stage
# on its own and writes results/summary/dpbench/dawa_2d_stage2.md:
#   1. the cross-check's samples (bench/dpbench_samples.py DATA DIR 2 64: the very same files);
#   2. ektelo's DAWA trials on them, one case each (bench/dpbench_greedy_h_fixture.py ... dawa-2d, seeds
#      1000-1029 by default: the cross-check's ektelo trials, reproduced): partition, workload on the
#      Hilbert order, DPBench's strategy error, the partition's bias, the trial's error;
#   3. dplab's greedyH on the same cases (tests/test_greedy_h.cpp with DPLAB_GREEDY_H_MORE);
#   4. dplab's baselines.dawa_2d with DPBench's partition noise on the same samples, DAWA_TRIALS trials
#      (default 100), with its diagnostics buckets, strategy_error and partition_bias_sq;
#   5. bench/dawa_2d_stage2.py: the tables.
#   bench/dawa_2d_stage2.sh [BUILD] [OUT]   (defaults: build, results/summary/dpbench/dawa_2d_stage2.md)
# DAWA_SEEDS="s1,s2,..." picks ektelo's trials (about 2 CPU s each, six samples per seed); DAWA_KEEP=DIR
# keeps the case files and the logs there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-build}" && pwd)
OUT=${2:-$here/../results/summary/dpbench/dawa_2d_stage2.md}
peers=${DPLAB_PEERS:-$here/../../shared/peers}
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
SEEDS=${DAWA_SEEDS:-$(seq -s, 1000 1029)}
TRIALS=${DAWA_TRIALS:-100}
SAMPLES="adult2d_10000 adult2d_1000000 adult2d_100000000 gowalla_10000 gowalla_1000000 gowalla_100000000"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/header.md
step() { echo "== $*" >&2; }
took() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

{
  echo "# DAWA in 2-D against ektelo at 64 x 64 cells, stage by stage (eps 0.1)"
  echo
  echo "Written by \`bench/dawa_2d_stage2.sh\` (dplab $(git -C "$here" rev-parse --short HEAD), binaries of $BUILD, ektelo 53129fc,"
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d" " -f1-3 /proc/loadavg) at the start)."
  echo "The question: the 64 x 64 cross-check (\`results/summary/dpbench/ektelo_2d_side64.md\`, 10 trials a side) found"
  echo "ektelo's 2-D DAWA error above dplab's in all six cells (1.05-1.21x), both with DPBench's partition noise."
  echo
  echo "Steps (wall clock):"
} > "$log"

step "samples"
"$PY" "$here/dpbench_samples.py" "$data" "$tmp" 2 64
echo "1. \`bench/dpbench_samples.py DATA DIR 2 64\`: the cross-check's six samples (numpy seed 33)." >> "$log"

ektelo=$(bash "$peers/setup-ektelo.sh")
step "ektelo's trials as cases (seeds $SEEDS)"
t0=$SECONDS
"$PY" "$here/dpbench_greedy_h_fixture.py" --ektelo "$ektelo" "$tmp/cases" dawa-2d "$tmp" "${SAMPLES// /,}" "$SEEDS" >&2
echo "2. \`bench/dpbench_greedy_h_fixture.py --ektelo DIR CASES dawa-2d DIR SAMPLES SEEDS\`, ektelo's trial seeds ${DAWA_SEEDS:-1000-1029}: $(took $((SECONDS - t0)))." >> "$log"

step "dplab's greedyH on the cases"
t0=$SECONDS
tests=$BUILD/dplab_tests
[ -x "$tests" ] || tests=$BUILD/tests/dplab_tests
status=0
DPLAB_GREEDY_H_MORE=$tmp/cases "$tests" -ts=greedy_h -tc="ours is at least*" > "$tmp/test.log" 2>&1 || status=$?
echo "3. \`DPLAB_GREEDY_H_MORE=CASES dplab_tests -ts=greedy_h -tc=\"ours is at least*\"\`: exit status $status ($(grep -o 'assertions:.*' "$tmp/test.log" | head -1)), $(took $((SECONDS - t0)))." >> "$log"

step "dplab's DAWA, $TRIALS trials"
t0=$SECONDS
{
  echo "name: dawa_2d_stage2"
  echo "paper: dpbench"
  echo "description: dplab's 2-D DAWA with DPBench's partition noise on the 64 x 64 cross-check's samples (bench/dawa_2d_stage2.sh)"
  echo "datasets:"
  for s in $SAMPLES; do echo "  - {file: $tmp/$s.txt, kind: histogram2d, label: $s}"; done
  echo "algorithms:"
  echo "  - {name: baselines.dawa_2d, label: dawa_2d, params: {partition_noise: reference}}"
  echo "params: {eps: 0.1, queries: 2000}"
  echo "trials: $TRIALS"
  echo "seed: 5"
  echo "metrics: [scaled_l2_error_per_query, buckets, strategy_error, partition_bias_sq]"
} > "$tmp/spec.yaml"
"$BUILD/dplab" run "$tmp/spec.yaml" --out "$tmp/dawa.h5" --force -q >&2
"$BUILD/dplab" export "$tmp/dawa.h5" --per-trial --out "$tmp/dawa.csv"
echo "4. \`dplab run\` of baselines.dawa_2d (partition_noise: reference, eps 0.1, 2,000 random rectangles), $TRIALS trials at spec seed 5, metrics scaled_l2_error_per_query, buckets, strategy_error, partition_bias_sq: $(took $((SECONDS - t0)))." >> "$log"
echo "5. \`bench/dawa_2d_stage2.py\` on the files above." >> "$log"

"$PY" "$here/dawa_2d_stage2.py" "$tmp/cases" "$tmp/test.log" "$tmp/dawa.csv" --header "$log" > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
if [ -n "${DAWA_KEEP:-}" ]; then mkdir -p "$DAWA_KEEP" && cp -r "$tmp/cases" "$tmp/test.log" "$tmp/dawa.csv" "$DAWA_KEEP/"; fi
echo "wrote $OUT" >&2
