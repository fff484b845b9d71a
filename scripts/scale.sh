#!/usr/bin/env bash
# How well one spec's run scales on this machine: the runner's parallel efficiency (one process,
# 1 thread against T threads), and the throughput of T MPI ranks of one thread and of T shards
# of one thread (run side by side, then merged) against the one-process run. Every variant must
# write the same results (compared with `dplab show --csv`); the table gives wall and CPU times
# and the load average before and after each variant.
#
# Wall-time ratios mean something only on an idle machine: the script prints the load average
# it saw and marks the table "NOT IDLE" when the 1-minute load exceeded 0.5 before any variant
# (a shared machine's other work stretches wall times unevenly). Measure where nothing else runs.
#
# Usage: scripts/scale.sh [options]
#   --build DIR     build directory (default build)
#   --spec FILE     the spec to time (default experiments/budget_series/fig13.yaml)
#   --trials N      trials per point (default 20)
#   --threads T     threads, ranks and shards to compare with one (default: the number of cores)
#   --table FILE    where to write the markdown table (default results/scale-timing.md)
set -euo pipefail

build=build
spec=experiments/budget_series/fig13.yaml
trials=20
threads=$(nproc)
table=results/scale-timing.md
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --spec) spec=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --table) table=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "scale: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dplab=$build/dplab
[ -x "$dplab" ] || { echo "scale: $dplab not found: run make build first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "scale: /usr/bin/time missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
[ -f "$spec" ] || { echo "scale: no spec $spec" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
# The 1-minute load average still carries the previous variant's own work (it decays over about a
# minute): wait, up to 3 minutes, for it to fall to 0.5 before a variant, so that a load left
# above 0.5 is other work on the machine, not ours.
settle() {
  local waited=0
  while awk -v l="$(load)" 'BEGIN { exit !(l > 0.5) }' && [ $waited -lt 180 ]; do sleep 5; waited=$((waited + 5)); done
}
busy=no
rows=()
reference=""
# run NAME COMMAND...: times the command (wall and CPU of it and its children), records a row
# and checks its result against the one-thread run's.
run() {
  local name=$1 out=$2; shift 2
  local before after wall cpu
  settle
  before=$(load)
  awk -v l="$before" 'BEGIN { exit !(l > 0.5) }' && busy=yes
  echo "== $name" >&2
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >&2
  after=$(load)
  wall=$(awk '{ print $1 }' "$work/time")
  cpu=$(awk '{ printf "%.1f", $2 + $3 }' "$work/time")
  "$dplab" show "$out" --csv > "$work/$name.csv"
  local same="reference"
  if [ -n "$reference" ]; then
    cmp -s "$work/$name.csv" "$reference" && same=yes || same=NO
  else
    reference=$work/$name.csv
  fi
  rows+=("$name|$wall|$cpu|$before / $after|$same")
  eval "wall_$name=$wall"
}

common=(run "$spec" --trials "$trials" --quiet --force)
run one_thread "$work/t1.h5" "$dplab" "${common[@]}" --threads 1 --out "$work/t1.h5"
run threads "$work/tn.h5" "$dplab" "${common[@]}" --threads "$threads" --out "$work/tn.h5"
# MPI ranks of one thread each (--bind-to none leaves the placement to the OS: README, MPI ranks),
# when this build has MPI and mpirun is installed.
if command -v mpirun > /dev/null && grep -q '^DPLAB_WITH_MPI:BOOL=ON' "$build/CMakeCache.txt" 2> /dev/null; then
  run mpi_ranks "$work/mpi.h5" mpirun --allow-run-as-root --bind-to none -np "$threads" \
      "$dplab" "${common[@]}" --threads 1 --out "$work/mpi.h5"
fi
# Shards of one thread each, side by side, then the merge (all inside the timing).
{
  echo 'set -e; pids=""'
  for i in $(seq 0 $((threads - 1))); do
    printf '%q ' "$dplab" "${common[@]}" --threads 1 --shard "$i/$threads" --out "$work/shard-$i.h5"
    echo '& pids="$pids $!"'
  done
  echo 'for p in $pids; do wait "$p"; done'
  printf '%q ' "$dplab" merge "$work/shards.h5"
  echo "$work"'/shard-*.h5 > /dev/null'
} > "$work/shards.sh"
run shards "$work/shards.h5" bash "$work/shards.sh"

mkdir -p "$(dirname "$table")"
{
  echo "Scaling of \`$spec\` at $trials trials on $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC')$([ $busy = yes ] && echo ': NOT IDLE (load above 0.5 before a variant), wall-time ratios invalid')."
  echo
  echo "| variant | wall (s) | CPU (s) | load avg before / after | same results |"
  echo "|---|---:|---:|---|---|"
  for r in "${rows[@]}"; do echo "| ${r//|/ | } |"; done
  echo
  awk -v t1="$wall_one_thread" -v tn="$wall_threads" -v n="$threads" 'BEGIN {
    printf "Parallel efficiency on %d threads: %.1f%% (speedup %.2fx).\n", n, 100 * t1 / (n * tn), t1 / tn }'
  [ -n "${wall_mpi_ranks:-}" ] && awk -v t="$wall_threads" -v m="$wall_mpi_ranks" -v n="$threads" 'BEGIN {
    printf "%d MPI ranks of one thread: %.1f%% of the throughput of one process with %d threads.\n", n, 100 * t / m, n }'
  awk -v t="$wall_threads" -v s="$wall_shards" -v n="$threads" 'BEGIN {
    printf "%d shards of one thread, then merge: %.1f%% of the throughput of one process with %d threads.\n", n, 100 * t / s, n }'
} > "$table"
cat "$table"
