#!/usr/bin/env bash
# `make reproduce` with a stopwatch: runs every spec of PAPER (or of every paper: all) and plots
# it, each under /usr/bin/time -v, and writes a markdown table of the wall time, CPU time and
# peak resident memory of each spec's run and plot, with the load average before and after (the
# machine may be shared: a wall time means little without it).
#
# A spec's figures are drawn while the next specs of the same paper run (a plot is one Python
# process; at most one plot per core at a time); --serial draws them in turn. The totals are the
# clock's elapsed time, not the sum of the table's rows (which overlap).
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
#   --serial         draw each spec's figures before the next spec runs
# The table ends with each paper's elapsed time against the target (every paper in under 5
# minutes on 2 idle cores, issue 30), the total, the commit and the highest load average seen: a
# total measured on a loaded machine is not the reproduction's cost.
set -euo pipefail

paper=all
build=build
trials=""
threads=0
table=results/reproduce-timing.md
formats=png,pdf
only=""
fresh=no
serial=no
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
    --serial) serial=yes; shift ;;
    -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
peak_load=0
note_load() { peak_load=$(awk -v a="$peak_load" -v b="$1" 'BEGIN { print (b > a ? b : a) }'); }

# The specs whose figures are being drawn, oldest first: a row waits for its plot's numbers.
# At most $plots_at_once plots at a time (one per core: after short runs several are drawn side
# by side; a long run shares the cores with one or two).
plots_at_once=$(nproc)
[ "$serial" = no ] || plots_at_once=1
q_pid=(); q_row=(); q_before=(); q_log=()
trap 'rm -f "$log" "${q_log[@]}"; [ -z "$scratch" ] || rm -rf "$scratch"' EXIT
finish_oldest() {
  local status=0
  wait "${q_pid[0]}" || status=$?
  [ "$status" -eq 0 ] || { echo "reproduce-timed: plotting failed (${q_row[0]})" >&2; exit 1; }
  local after; after=$(load); note_load "$after"
  echo "${q_row[0]} | $(wall_seconds "${q_log[0]}") | $(peak_mib "${q_log[0]}") | ${q_before[0]} / $after |" >> "$table"
  rm -f "${q_log[0]}"
  q_pid=("${q_pid[@]:1}"); q_row=("${q_row[@]:1}"); q_before=("${q_before[@]:1}"); q_log=("${q_log[@]:1}")
}
finish_plots() { while [ ${#q_pid[@]} -gt 0 ]; do finish_oldest; done; }

t_all=$(now)
paper_lines=""
for p in $papers; do
  t_paper=$(now); ran=no
  for spec in experiments/"$p"/*.yaml; do
    if [ -n "$only" ] && ! echo "$spec" | grep -Eq "$only"; then continue; fi
    ran=yes
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
    before=$(load); note_load "$before"
    /usr/bin/time -v -o "$log" "$dplab" run "$spec" --threads "$threads" --quiet "${run_args[@]}" >&2
    while [ ${#q_pid[@]} -ge "$plots_at_once" ]; do finish_oldest; done
    plot_log=$(mktemp)
    /usr/bin/time -v -o "$plot_log" "$dplab" plot "$out" --format "$formats" >&2 &
    q_pid+=($!); q_log+=("$plot_log"); q_before+=("$before")
    q_row+=("| $p/$name | ${shown:-spec} | $(wall_seconds "$log") | $(cpu_seconds "$log") | $(peak_mib "$log")")
    [ "$serial" = no ] || finish_plots
  done
  finish_plots  # a paper's time ends with its last figure
  if [ "$ran" = yes ]; then
    took=$(elapsed "$t_paper" "$(now)")
    verdict=$(awk -v t="$took" 'BEGIN { print (t < 300 ? "under" : "NOT under") }')
    paper_lines+="$p: $took s elapsed, runs and figures ($verdict 300 s)."$'\n'
  fi
done
total=$(elapsed "$t_all" "$(now)")
{
  echo ""
  printf '%s' "$paper_lines"
  echo ""
  echo "Total elapsed (runs and figures$([ "$serial" = yes ] && echo ", drawn in turn" || echo ", each spec's drawn while the next runs")): $total s on $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); code $commit;"
  echo "$([ "$fresh" = yes ] && echo "every spec recomputed (--fresh)" || echo "resuming what results/ held"); highest load average seen $peak_load."
  [ -z "$trials" ] && echo "Target (issue 30): every paper in under 5 minutes (300 s) on 2 idle cores, each paper's line above."
} >> "$table"
echo "reproduce-timed: table in $table (total $total s, highest load average $peak_load)" >&2
