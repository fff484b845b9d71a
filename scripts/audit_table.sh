#!/usr/bin/env bash
# Regenerates docs/audit-table.md, the table docs/audit-and-secure-noise.md shows: the default
# audit (`dplab audit NAME`, every setting default: the --seconds budget, confidence 0.95, seed 1)
# of every auditable algorithm and every known violation, from one run of
# `dplab audit --all --markdown`. The run's log (one line per audit, with CPU and wall seconds)
# goes to docs/audit-table.log beside it; the load average before and after is appended to the
# table (the machine may be shared: a wall time means little without it).
#
# Usage: scripts/audit_table.sh [--build DIR] [--threads N] [--seconds S] [--only PREFIX]...
#   defaults: build, 2 threads, the audit's default time budget (40 s); a smaller --seconds
#   shows in the table's first line (the runs it bought are in the table's runs column).
#   --only PREFIX (repeatable): rerun just the audits whose label starts with PREFIX (e.g. a new
#   algorithm's name) and keep the table's other rows; the table must carry the same settings,
#   and a line saying which rows were rerun, when and under what load is appended to its notes.
# Exit status: that of dplab audit --all (1 when a verdict differs from the expected one).
set -uo pipefail

build=build
threads=2
seconds=""
only=()      # dplab's options: --only PREFIX ...
prefixes=()  # the prefixes alone, for the note
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --seconds) seconds="--seconds $2"; shift 2 ;;
    --only) only+=(--only "$2"); prefixes+=("$2"); shift 2 ;;
    *) echo "scripts/audit_table.sh: unknown option $1 (allowed: --build DIR, --threads N, --seconds S, --only PREFIX)" >&2; exit 2 ;;
  esac
done
root="$(cd "$(dirname "$0")/.." && pwd)"
table="$root/docs/audit-table.md"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
if [ ${#only[@]} -eq 0 ]; then
  "$build/dplab" audit --all --threads "$threads" $seconds --markdown "$table.new" | tee "$root/docs/audit-table.log"
  status=${PIPESTATUS[0]}
else
  # The rows to keep come from the table itself; its notes (the lines after the rows) stay.
  cp "$table" "$table.new"
  "$build/dplab" audit --all "${only[@]}" --threads "$threads" $seconds --markdown "$table.new" |
    tee "$root/docs/audit-table-only.log"
  status=${PIPESTATUS[0]}
  cat "$root/docs/audit-table-only.log" >> "$root/docs/audit-table.log"
  rm -f "$root/docs/audit-table-only.log"
  # Exit 2: dplab refused (other settings, no such prefix) and wrote nothing; keep the table.
  [ "$status" -eq 2 ] && rm -f "$table.new"
fi
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -f "$table.new" ]; then
  {
    cat "$table.new"
    echo
    if [ ${#only[@]} -eq 0 ]; then
      echo "Load average (1, 5, 15 min) before the run: $load_before; after: $load_after ($(nproc) cores)."
    else
      sed -n '/^$/,$p' "$table" | sed '1d'
      echo "Rows starting with ${prefixes[*]} rerun on $(date -u +%Y-%m-%d); load average before: $load_before; after: $load_after ($(nproc) cores)."
    fi
  } > "$table.tmp"
  mv "$table.tmp" "$table"
  rm -f "$table.new"
fi
exit "$status"
