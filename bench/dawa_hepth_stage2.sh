#!/usr/bin/env bash
# Does DAWA's stage 2 (greedyH) explain the one DAWA cell where the 1-D cross-check against ektelo
# disagrees (HEPTH sampled at 10^5 records, eps 0.1: ektelo 1.154x dplab, both seeds pooled;
# results/summary/dpbench/ektelo_1d.md)? Writes results/summary/dpbench/dawa_hepth_stage2.md:
#   1. the cross-check's samples (bench/dpbench_samples.py, numpy seed 33: the very same files);
#   2. ektelo's DAWA trials of the cross-check on hepth_100000, one case each (seeds 1000-1029 and
#      3000-3029 by default): bench/dpbench_greedy_h_fixture.py ... hepth-1e5 writes the partition,
#      workload, DPBench's exact strategy error and the trial's error, reproduced;
#   3. dplab's greedyH on the same cases: tests/test_greedy_h.cpp with DPLAB_GREEDY_H_MORE (it also
#      requires dplab's to be at least as good; its MESSAGE lines carry the strategy errors);
#   4. dplab's DAWA with DPBench's partition noise on the same sample, spec seeds 5 and 6 as the
#      cross-check ran it (other draws: the streams hash the file's path), with its diagnostics
#      buckets and strategy_error;
#   5. bench/dawa_hepth_stage2.py: stage-1 bias and stage-2 noise per case, the predicted
#      ektelo / dplab ratio against the measured one.
#   bench/dawa_hepth_stage2.sh [BUILD] [OUT]     (defaults: build, results/summary/dpbench/dawa_hepth_stage2.md)
# Needs BUILD's dplab and dplab_tests. DAWA_SEEDS="s1,s2,..." picks ektelo's trials (about 5 CPU s
# each); DAWA_CASES=DIR reuses case files step 2 wrote there (skips it); DAWA_TRIALS is
# dplab's trials per spec seed (default 150).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-build}" && pwd)
OUT=${2:-$here/../results/summary/dpbench/dawa_hepth_stage2.md}
peers=${DPLAB_PEERS:-$here/../../shared/peers}
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
SEEDS=${DAWA_SEEDS:-$(seq -s, 1000 1029),$(seq -s, 3000 3029)}
seeds_text=${DAWA_SEEDS:-"1000-1029 and 3000-3029"}
TRIALS=${DAWA_TRIALS:-150}
tmp=$(mktemp -d)
# dplab's random streams hash the dataset's file path: a fixed folder makes step 4 repeatable.
fixed=${TMPDIR:-/tmp}/dplab_dawa_hepth_stage2
mkdir -p "$fixed"
trap 'rm -rf "$tmp" "$fixed"' EXIT
log=$tmp/header.md
step() { echo "== $*" >&2; }
took() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

{
  echo "# DAWA on HEPTH at 10^5, eps 0.1: does stage 2 explain the cross-check's 1.154?"
  echo
  echo "Written by \`bench/dawa_hepth_stage2.sh\` (dplab $(git -C "$here" rev-parse --short HEAD), binaries of $BUILD, ektelo 53129fc,"
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d" " -f1-3 /proc/loadavg) at the start)."
  echo "The question: the cross-check (\`results/summary/dpbench/ektelo_1d.md\`) found ektelo's DAWA 1.154x"
  echo "dplab's on HEPTH sampled at 10^5 records, eps 0.1, both with DPBench's partition noise; the docs put it"
  echo "on stage 2 (dplab's greedyH keeps the best of 15 strategies by exact error). Measured here: both"
  echo "greedyHs on ektelo's own partitions of that cell, and what the difference does to DAWA's error."
  echo
  echo "Steps (times are wall clock on the shared machine):"
} > "$log"

step "samples"
"$PY" "$here/dpbench_samples.py" "$data" "$tmp"
cp "$tmp/hepth_100000.txt" "$fixed/"
echo "1. \`bench/dpbench_samples.py ../shared/datasets DIR\`: the cross-check's six samples (numpy seed 33); hepth_100000.txt used." >> "$log"

ektelo=$(bash "$peers/setup-ektelo.sh")
if [ -n "${DAWA_CASES:-}" ]; then
  cases=$DAWA_CASES
  n=$(ls "$cases"/hepth_100000_eps0.1_s*.txt.gz | wc -l)
  # The fixture's own log, if kept beside the cases (`time` output), gives its run time.
  t=$(grep -s '^real' "$cases/fixture.log" | awk '{print $2}' || true)
  echo "2. \`bench/dpbench_greedy_h_fixture.py --ektelo DIR CASES hepth-1e5 DIR SEEDS\`, SEEDS = ektelo's trial seeds $seeds_text ($n case files, run before this script and read from DAWA_CASES${t:+; it took $t})." >> "$log"
else
  cases=$tmp/cases
  step "ektelo's trials as cases (seeds $SEEDS)"
  t0=$SECONDS
  "$PY" "$here/dpbench_greedy_h_fixture.py" --ektelo "$ektelo" "$cases" hepth-1e5 "$tmp" "$SEEDS" >&2
  echo "2. \`bench/dpbench_greedy_h_fixture.py --ektelo DIR CASES hepth-1e5 DIR SEEDS\`, SEEDS = ektelo's trial seeds $seeds_text: $(took $((SECONDS - t0)))." >> "$log"
fi

step "dplab's greedyH on the cases"
t0=$SECONDS
tests=$BUILD/dplab_tests
[ -x "$tests" ] || tests=$BUILD/tests/dplab_tests
status=0
DPLAB_GREEDY_H_MORE=$cases "$tests" -ts=greedy_h -tc="ours is at least*" > "$tmp/test.log" 2>&1 || status=$?
echo "3. \`DPLAB_GREEDY_H_MORE=CASES dplab_tests -ts=greedy_h -tc=\"ours is at least*\"\`: exit status $status ($(grep -o 'assertions:.*' "$tmp/test.log" | head -1)), $(took $((SECONDS - t0)))." >> "$log"

step "dplab's DAWA, $TRIALS trials at spec seeds 5 and 6"
t0=$SECONDS
csvs=()
for seed in 5 6; do
  cat > "$tmp/spec$seed.yaml" <<SPEC
name: dawa_hepth_stage2
paper: dpbench
description: DAWA with DPBench's partition noise on the cross-check's HEPTH sample at 10^5 (bench/dawa_hepth_stage2.sh)
datasets:
  - {file: $fixed/hepth_100000.txt, kind: histogram, label: hepth_100000}
algorithms:
  - {name: baselines.dawa, label: dawa, params: {partition_noise: reference}}
params: {eps: 0.1, workload: random_range, queries: 2000}
trials: $TRIALS
seed: $seed
metrics: [scaled_l2_error_per_query, buckets, strategy_error]
SPEC
  "$BUILD/dplab" run "$tmp/spec$seed.yaml" --out "$tmp/dawa$seed.h5" --force -q >&2
  "$BUILD/dplab" export "$tmp/dawa$seed.h5" --per-trial --out "$tmp/dawa$seed.csv"
  csvs+=("$tmp/dawa$seed.csv")
done
echo "4. \`dplab run\` of baselines.dawa (partition_noise: reference, eps 0.1, random_range, 2,000 queries) on hepth_100000.txt, $TRIALS trials at spec seed 5 and at seed 6 (the cross-check's seeds, other draws: the file path $fixed/hepth_100000.txt is part of the streams), metrics scaled_l2_error_per_query, buckets, strategy_error: $(took $((SECONDS - t0)))." >> "$log"
echo "5. \`bench/dawa_hepth_stage2.py\` on the files above and results/summary/dpbench/ektelo_1d.md." >> "$log"

"$PY" "$here/dawa_hepth_stage2.py" "$cases" "$tmp" "$tmp/test.log" "${csvs[@]}" \
  --xcheck "$here/../results/summary/dpbench/ektelo_1d.md" --header "$log" > "$OUT.tmp"
{
  cat "$OUT.tmp"
  echo
  echo "dplab_tests' output (step 3):"
  echo
  echo '```'
  grep -v -e '^\s*$' -e 'logged:' "$tmp/test.log" | sed -e 's/^.*MESSAGE: //' | grep -E 'hepth|test cases|assertions|ERROR' || true
  echo '```'
} > "$OUT"
rm -f "$OUT.tmp"
echo "wrote $OUT" >&2
