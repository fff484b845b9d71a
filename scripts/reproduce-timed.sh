#!/usr/bin/env bash
# `make reproduce` with a stopwatch: runs every spec of PAPER (or of every paper: all) and plots
# it, each under /usr/bin/time -v, and writes a markdown table of the wall time, CPU time and
# peak resident memory of each spec's run and plot, with the load average before and after (the
# machine may be shared: a wall time means little without it).
#
# Usage: scripts/reproduce-timed.sh [PAPER|all] [options]
#   --build DIR      build directory (default build)
#   --trials N       override every spec's trial count (short runs to estimate costs; the
#                    results then go to a scratch directory, never to results/)
#   --threads N      OpenMP threads (default 0: all cores)
#   --table FILE     where to write the table (default results/reproduce-timing.md)
#   --formats LIST   figure formats (default png,pdf)
#   --only REGEX     only the specs whose path matches REGEX
#   --fresh          recompute every spec from scratch (dplab run --force) instead of resuming
#                    what results/ holds: the timing of a from-scratch reproduction, and the way
#                    to replace results of an earlier results version, which a run refuses to
#                    resume (framework/store.hpp)
# The table ends with the total, the target (every paper in under 5 minutes on 2 idle cores,
# issue 30), the commit and the highest load average seen: a total measured on a loaded machine
# is not the reproduction's cost.
set -euo pipefail

paper=all
build=build
trials=""
threads=0
table=results/reproduce-timing.md
formats=png,pdf
only=""
fresh=no
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then paper=$1; shift; fi
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --table) table=$2; shift 2 ;;
    --formats) formats=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --fresh) fresh=yes; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reproduce-timed: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dplab=$build/dplab
[ -x "$dplab" ] || { echo "reproduce-timed: $dplab not found: run make build first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "reproduce-timed: /usr/bin/time missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
# The code of the binary that ran (its version, as the result files record it), read before the
# run: the worktree may change while it runs.
commit=$("$dplab" --version 2> /dev/null | sed -n 's/.*(\(.*\)).*/\1/p')
commit=${commit:-unknown}

if [ "$paper" = all ]; then
  # experiments/demo/ is `make demo`'s spec, not a paper (as in the Makefile's reproduce).
  papers=$(find experiments -mindepth 2 -maxdepth 2 -name '*.yaml' | cut -d/ -f2 | sort -u | grep -vx demo)
else
  [ -d "experiments/$paper" ] || { echo "reproduce-timed: no experiments/$paper" >&2; exit 1; }
  papers=$paper
fi

scratch=""
if [ -n "$trials" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
fi
log=$(mktemp)
trap 'rm -f "$log"; [ -z "$scratch" ] || rm -rf "$scratch"' EXIT

# Fields of /usr/bin/time -v: wall clock as [h:]mm:ss.ss -> seconds; peak RSS in KiB -> MiB.
wall_seconds() { sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1" |
                 awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }'; }
cpu_seconds() { awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { printf "%.1f", s }' "$1"; }
peak_mib() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1" | awk '{ printf "%.0f", $1 / 1024 }'; }
load() { cut -d' ' -f1 /proc/loadavg; }

mkdir -p "$(dirname "$table")"
{
  echo "| spec | trials | run wall (s) | run CPU (s) | run peak RSS (MiB) | plot wall (s) | plot peak RSS (MiB) | load avg before/after |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|"
} > "$table"

total=0
peak_load=0
for p in $papers; do
  for spec in experiments/"$p"/*.yaml; do
    if [ -n "$only" ] && ! echo "$spec" | grep -Eq "$only"; then continue; fi
    name=$(basename "$spec" .yaml)
    if [ -n "$trials" ]; then
      out=$scratch/$p/$name.h5
      mkdir -p "$scratch/$p"
      run_args=(--trials "$trials" --out "$out" --force)
      shown=$trials
    else
      out=results/$p/$name.h5
      run_args=()
      [ "$fresh" = yes ] && run_args=(--force)
      shown=$(sed -n 's/^trials: *\([0-9]*\).*/\1/p' "$spec" | head -1)
    fi
    echo "== $spec" >&2
    before=$(load)
    peak_load=$(awk -v a="$peak_load" -v b="$before" 'BEGIN { print (b > a ? b : a) }')
    /usr/bin/time -v -o "$log" "$dplab" run "$spec" --threads "$threads" --quiet "${run_args[@]}" >&2
    run_wall=$(wall_seconds "$log"); run_cpu=$(cpu_seconds "$log"); run_rss=$(peak_mib "$log")
    /usr/bin/time -v -o "$log" "$dplab" plot "$out" --format "$formats" >&2
    plot_wall=$(wall_seconds "$log"); plot_rss=$(peak_mib "$log")
    after=$(load)
    peak_load=$(awk -v a="$peak_load" -v b="$after" 'BEGIN { print (b > a ? b : a) }')
    echo "| $p/$name | ${shown:-spec} | $run_wall | $run_cpu | $run_rss | $plot_wall | $plot_rss | $before / $after |" >> "$table"
    total=$(awk -v a="$total" -v b="$run_wall" -v c="$plot_wall" 'BEGIN { printf "%.1f", a + b + c }')
  done
done
verdict=$(awk -v t="$total" 'BEGIN { print (t < 300 ? "under" : "NOT under") }')
{
  echo ""
  echo "Total wall time (runs and plots): $total s on $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); code $commit;"
  echo "$([ "$fresh" = yes ] && echo "every spec recomputed (--fresh)" || echo "resuming what results/ held"); highest load average seen $peak_load."
  [ -z "$trials" ] && [ "$paper" = all ] && echo "Target (issue 30): every paper in under 5 minutes on 2 idle cores: $verdict 300 s."
} >> "$table"
echo "reproduce-timed: table in $table (total $total s, highest load average $peak_load)" >&2
