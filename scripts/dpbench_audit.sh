#!/usr/bin/env bash
# Regenerates results/summary/dpbench/audit-spec-points.md (+ .log beside it): `dplab audit` of
# every algorithm entry of the six DPBench specs (experiments/dpbench/) at the smallest- and
# largest-scale points of each, and at two shapes of each shape spec (issue 33: "dplab audit
# passes every new algorithm at its spec points"), through scripts/audit_spec_points.py, which audits once the points that are one audit
# (the audit reads a point's algorithm parameters and its dataset's kind, not the dataset's scale
# or domain size).
#
# Usage: nice -n 10 scripts/dpbench_audit.sh [--build DIR] [--threads N] [--seconds S]
#   defaults: build, 2 threads, 15 s per audit (170 points, 53 audits: about 13 to 60 minutes, with the load).
# Exit status: audit_spec_points.py's (1 when an eps-DP point is flagged or an audit failed to run).
set -uo pipefail

build=build
threads=2
seconds=15
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) echo "scripts/dpbench_audit.sh: unknown option $1 (allowed: --build DIR, --threads N, --seconds S)" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.." || exit 2
specs=experiments/dpbench
exec python3 scripts/audit_spec_points.py --dplab "$build/dplab" --threads "$threads" --seconds "$seconds" \
  --out results/summary/dpbench/audit-spec-points.md \
  --spec "$specs/error_vs_scale_1d.yaml" --at "dataset=ADULT 1000" --at "dataset=ADULT 10000000" \
  --spec "$specs/error_vs_scale_2d.yaml" --at "dataset=ADULT-2D 10000" --at "dataset=ADULT-2D 100000000" \
  --spec "$specs/exchangeability_1d.yaml" --at "eps=1;dataset=ADULT 10000" --at "eps=0.01;dataset=ADULT 1000000" \
  --spec "$specs/domain_size_1d.yaml" --at "dataset=ADULT n=256" --at "dataset=ADULT n=4096" \
  --spec "$specs/shapes_1d.yaml" --at "dataset=ADULT 1000" --at "dataset=MD-SAL 100000" \
  --spec "$specs/shapes_2d.yaml" --at "dataset=ADULT-2D 10000" --at "dataset=SF-CABS-S 10000"
