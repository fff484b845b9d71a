#!/usr/bin/env bash
# dplab's 2-D Privelet against an independent numpy computation (issue 33): ektelo's 2-D Privelet does not
# run (its matrix transpose and scipy's adjoint recurse into each other), so the cross-check's third
# opinion, bench/dpbench_identity_reference.py --privelet, stands in for it. Privelet's error does not
# depend on the data: two of the cross-check's samples at two scales, at 64 x 64 cells (the cross-check's
# DPBENCH_SIDE=64) and 256 x 256 (the study's), TRIALS trials a side.
# Writes results/summary/dpbench/privelet_2d_reference.md.
#   bench/dpbench_privelet_2d_check.sh [BUILD] [TRIALS] [OUT]   (defaults: build, 1000, that file)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-build}" && pwd)
TRIALS=${2:-1000}
OUT=${3:-$here/../results/summary/dpbench/privelet_2d_reference.md}
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/64" "$tmp/256"
"$PY" "$here/dpbench_samples.py" "$data" "$tmp/64" 2 64
"$PY" "$here/dpbench_samples.py" "$data" "$tmp/256" 2 256
cat > "$tmp/spec.yaml" <<SPEC
name: privelet_2d_check
paper: dpbench
description: dplab's 2-D Privelet (and Identity) against the numpy reference (bench/dpbench_privelet_2d_check.sh)
datasets:
  - {file: $tmp/64/gowalla_10000.txt, kind: histogram2d, label: gowalla_10000_64x64}
  - {file: $tmp/64/adult2d_1000000.txt, kind: histogram2d, label: adult2d_1000000_64x64}
  - {file: $tmp/256/gowalla_10000.txt, kind: histogram2d, label: gowalla_10000_256x256}
  - {file: $tmp/256/adult2d_1000000.txt, kind: histogram2d, label: adult2d_1000000_256x256}
algorithms:
  - {name: baselines.privelet_2d, label: privelet_2d}
  - {name: baselines.identity_2d, label: identity_2d}
params: {eps: 0.1, queries: 2000}
trials: $TRIALS
seed: 5
metrics: [scaled_l2_error_per_query]
SPEC
"$BUILD/dplab" run "$tmp/spec.yaml" --out "$tmp/check.h5" --force -q >&2
{
  echo "# dplab's 2-D Privelet against an independent numpy computation, eps 0.1"
  echo
  echo "Written by \`bench/dpbench_privelet_2d_check.sh\` (dplab $(git -C "$here" rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC'))."
  echo "ektelo's 2-D Privelet does not run (at 64 x 64 or 256 x 256: its matrix transpose and scipy's adjoint recurse into each"
  echo "other), so the numpy computation of \`bench/dpbench_identity_reference.py --privelet\` (the unweighted +-1 Haar"
  echo "strategy, Laplace of scale (log2 side + 1)^2 / eps on every answer, the exact inverse) stands in for it."
  echo "Privelet's error does not depend on the data; Identity is run beside it as a control."
  echo
  echo "dplab ($TRIALS trials a point; the cross-check's samples gowalla_10000 and adult2d_1000000, coarsened to 64 x 64 and as the study runs them):"
  echo
  echo '```'
  "$BUILD/dplab" show "$tmp/check.h5" | grep -E "^(algorithm|privelet_2d|identity_2d) "
  echo '```'
  echo
  echo "numpy (2,000 trials each):"
  echo
  echo '```'
  for side in 64 256; do
    for scale in 10000 1000000; do
      "$PY" "$here/dpbench_identity_reference.py" --privelet $side $side 0.1 $scale 2000
      "$PY" "$here/dpbench_identity_reference.py" $side $side 0.1 $scale 2000
    done
  done
  echo '```'
} > "$OUT"
echo "wrote $OUT" >&2
