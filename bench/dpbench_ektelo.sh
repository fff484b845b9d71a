#!/usr/bin/env bash
# DPBench cross-check: dplab against ektelo (DPBench's lineage, ../shared/peers) on the same sampled
# data, in one run: for every algorithm both have, 2 shapes x 3 scales, the mean scaled L2 error per
# query (DPBench's measure) of each side with its 95% CI, and whether the two agree (the CI of the
# difference of the means covers 0; Welch). Data: each (shape, scale) is drawn once here as
# `scale` records i.i.d. from the shape (DPBench's generator, as transform dpbench_sample does) and
# written to a file both sides read, so they see the very same x. Workloads: 2,000 RandomRange
# queries, a fresh one per trial on each side (independent draws of the same law). Within one
# side the cells are not independent: dplab's trial t answers the same workload in every cell, and
# ektelo's reruns the same seeds in every cell (bench/dpbench_ektelo_table.py, which prints the table).
#   bench/dpbench_ektelo.sh [BUILD] [TRIALS] [EPS]     (defaults: build, 30, 0.1)
# DPBENCH_ALGS picks the algorithms (default: all nine 1-D ones ektelo has); EKTELO_TRIALS="alg=N
# ..." gives ektelo fewer trials for a slow algorithm (e.g. "greedy_h=10": ektelo's GreedyH takes
# 25-30 CPU s a trial), dplab keeping TRIALS; Welch's test takes the unequal counts.
# DAWA runs on the dplab side twice: `dawa` with DPBench's partition noise (ektelo's, not eps-DP:
# the like-for-like comparison) and `dawa_provable` (dplab's default, eps-DP), which is compared
# with the same ektelo rows to show what the provable noise costs, not expected to agree.
# DPBENCH_DIM=2: the 2-D algorithms on ADULT-2D and GOWALLA (256 x 256) at scales 10^4, 10^6 and
# 10^8, 2,000 random rectangles. Default 2-D set: identity_2d uniform_2d quadtree ugrid agrid
# hb_2d. ektelo's 2-D DAWA asks for 32 GiB (a dense 65,536^2 matrix), its 2-D Privelet overflows
# Python's recursion, its AHP on 65,536 cells takes > 2 min a trial and its MWEM ~190 s: not run
# at 256 x 256. DPBENCH_SIDE=64 coarsens both shapes to 64 x 64 (4,096 cells; bench/dpbench_samples.py)
# so that these run: e.g. DPBENCH_DIM=2 DPBENCH_SIDE=64 DPBENCH_ALGS="dawa_2d ahp_2d mwem_2d agrid" (its 2-D
# Privelet fails at 64 x 64 too: ektelo's transpose and scipy's adjoint recurse into each other).
# dawa_2d runs on the dplab side twice, as 1-D's dawa: with DPBench's partition noise (`dawa_2d`,
# like for like) and dplab's provable default (`dawa_2d_provable`).
# EKTELO_AGRID_SPLIT=dpbench, a diagnostic (not ektelo as published): ektelo's AGrid with DPBench's
# level-2 cells (a fixed side, the last row and column clipped) instead of its near-equal parts
# (bench/dpbench_ektelo.py, agrid_level2_as_dpbench).
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
case " $ALGS " in *" ahp "*|*" ahp_2d "*) bash "$here/ektelo_ahp_ext.sh" "$ektelo" ;; esac
tmp=$(mktemp -d)
# DPBENCH_KEEP=DIR keeps the run's spec, samples and both sides' per-trial CSVs there.
trap '[ -n "${DPBENCH_KEEP:-}" ] && mkdir -p "$DPBENCH_KEEP" && cp "$tmp"/*.txt "$tmp"/*.yaml "$tmp"/*.csv "$DPBENCH_KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT

# The samples (numpy's multinomial of the shape; seeded): bench/dpbench_samples.py.
"$PY" "$here/dpbench_samples.py" "$data" "$tmp" "$DIM" "${DPBENCH_SIDE:-256}"
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
    case $a in
      dawa|dawa_2d) echo "  - {name: baselines.$a, label: $a, params: {partition_noise: reference}}" ;;
      *) echo "  - {name: baselines.$a, label: $a}" ;;
    esac
    # H2 and Hb also without the root, as ektelo measures them (DPBench's code measures it).
    case $a in h2|hb) echo "  - {name: baselines.$a, label: ${a}_noroot, params: {root: false}}" ;; esac
    # DAWA: `dawa` is DPBench's partition noise (ektelo's), `dawa_provable` dplab's eps-DP default.
    case $a in dawa|dawa_2d) echo "  - {name: baselines.$a, label: ${a}_provable, params: {partition_noise: provable}}" ;; esac
  done
  echo "params: {eps: $EPS, ${params}queries: 2000}"
  echo "trials: $TRIALS"
  echo "seed: 5"
  echo "metrics: [scaled_l2_error_per_query]"
} > "$tmp/spec.yaml"
echo "== dplab: $TRIALS trials per cell" >&2
"$BUILD/dplab" run "$tmp/spec.yaml" --out "$tmp/ours.h5" --force -q >&2
"$BUILD/dplab" show "$tmp/ours.h5" --csv > "$tmp/ours.csv"

echo "== ektelo: $TRIALS trials per cell${EKTELO_TRIALS:+ (except $EKTELO_TRIALS)}" >&2
for a in $ALGS; do
  n=$TRIALS
  for kv in ${EKTELO_TRIALS:-}; do [ "${kv%%=*}" = "$a" ] && n=${kv#*=}; done
  for f in "$tmp"/*.txt; do
    echo "   $a $(basename "$f"): $n trials" >&2
    "$PY" "$here/dpbench_ektelo.py" --ektelo "$ektelo" "$a" "$f" "$EPS" "$n" >> "$tmp/ektelo.csv"
  done
done

"$PY" "$here/dpbench_ektelo_table.py" "$tmp/ours.csv" "$tmp/ektelo.csv" "$EPS" "$ALGS"
