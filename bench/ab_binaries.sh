#!/usr/bin/env bash
# Two dplab binaries back to back on the same specs, one thread, CPU seconds (user + system):
# the honest before/after of a change, on one machine in one run (docs/benchmarks.md, "Exact
# k-means sums"). Results go to a scratch directory; nothing in results/ is touched. In the first
# round the two result files of each spec are compared (bench/same_results.py): a change meant
# to keep the bits says so, or shows where it did not.
#
# Usage: bench/ab_binaries.sh OLD_DPLAB NEW_DPLAB [ROUNDS] [SPEC:TRIALS ...]
#   default specs: budget_series fig13 (20 trials), fig10_init (6), lu_thesis fig7_7 (3),
#   fig7_7_privgene (1); ROUNDS default 2. Build the old binary from an older commit, e.g.
#   git worktree add /tmp/old COMMIT && cmake -S /tmp/old -B /tmp/old/build && make -C /tmp/old/build dplab
set -euo pipefail
old=${1:?usage: bench/ab_binaries.sh OLD_DPLAB NEW_DPLAB [ROUNDS] [SPEC:TRIALS ...]}
new=${2:?usage: bench/ab_binaries.sh OLD_DPLAB NEW_DPLAB [ROUNDS] [SPEC:TRIALS ...]}
rounds=${3:-2}
shift $(( $# < 3 ? $# : 3 ))
specs=("$@")
[ ${#specs[@]} -gt 0 ] || specs=(experiments/budget_series/fig13.yaml:20 experiments/budget_series/fig10_init.yaml:6
                                 experiments/lu_thesis/fig7_7.yaml:3 experiments/lu_thesis/fig7_7_privgene.yaml:1)
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "old: $("$old" --version)   new: $("$new" --version)"
for r in $(seq 1 "$rounds"); do
  for item in "${specs[@]}"; do
    spec=${item%:*} trials=${item##*:}
    for side in old new; do
      bin=$old; [ "$side" = new ] && bin=$new
      /usr/bin/time -f "%U %S" -o "$tmp/time" "$bin" run "$spec" --trials "$trials" --threads 1 \
          --out "$tmp/$side.h5" --force -q > /dev/null
      read -r user sys < "$tmp/time"
      printf 'round %s  %-4s %-40s trials %-4s CPU %8.2f s  load %s\n' "$r" "$side" "$spec" "$trials" \
          "$(echo "$user + $sys" | bc)" "$(cut -d' ' -f1 /proc/loadavg)"
    done
    if [ "$r" = 1 ]; then
      printf 'round 1  results of %s: %s\n' "$spec" "$(/usr/bin/python3 bench/same_results.py "$tmp/old.h5" "$tmp/new.h5" || true)"
    fi
  done
done
