#!/usr/bin/env bash
# Regenerates docs/audit-table.md, the table docs/audit-and-secure-noise.md shows: the default
# audit (`dplab audit NAME`, every setting default: the --seconds budget, confidence 0.95, seed 1)
# of every auditable algorithm and every known violation, from one run of
# `dplab audit --all --markdown`. The run's log (one line per audit, with CPU and wall seconds)
# goes to docs/audit-table.log beside it; the load average before and after is appended to the
# table (the machine may be shared: a wall time means little without it).
#
# Usage: scripts/audit_table.sh [--build DIR] [--threads N] [--seconds S]
#   defaults: build, 2 threads, the audit's default time budget (40 s); a smaller --seconds
#   shows in the table's first line (the runs it bought are in the table's runs column).
# Exit status: that of dplab audit --all (1 when a verdict differs from the expected one).
set -uo pipefail

build=build
threads=2
seconds=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --seconds) seconds="--seconds $2"; shift 2 ;;
    *) echo "scripts/audit_table.sh: unknown option $1 (allowed: --build DIR, --threads N, --seconds S)" >&2; exit 2 ;;
  esac
done
root="$(cd "$(dirname "$0")/.." && pwd)"
table="$root/docs/audit-table.md"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
"$build/dplab" audit --all --threads "$threads" $seconds --markdown "$table.new" | tee "$root/docs/audit-table.log"
status=${PIPESTATUS[0]}
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -f "$table.new" ]; then
  {
    cat "$table.new"
    echo
    echo "Load average (1, 5, 15 min) before the run: $load_before; after: $load_after ($(nproc) cores)."
  } > "$table"
  rm -f "$table.new"
fi
exit "$status"
