#!/usr/bin/env bash
# After `make test`: what was skipped and why, from ctest's log (the "SKIPPED: ..." messages of
# DPLAB_SKIP, with their continuation lines), so that a run without the data or a tool says which
# suites and cases it did not test and how to get what they need. One line per suite and reason
# (with the number of test cases when several skipped for it). Prints nothing when nothing was
# skipped. Usage: skipped_parts.sh [BUILD_DIR]
log=${1:-build}/Testing/Temporary/LastTest.log
[ -f "$log" ] || exit 0
awk '
  function flush() {
    if (key == "") return
    if (!(key in count)) order[n++] = key
    count[key]++
    key = ""
  }
  /^[0-9]+\/[0-9]+ Test: / { flush(); name = $3; more = 0; next }
  more && /^[ \t]*$/ { more = 0; flush(); next }
  more { key = key "\n      " $0; next }
  /SKIPPED: / {
    flush()
    msg = $0
    sub(/.*SKIPPED: /, "", msg)
    key = name ": " msg
    more = 1
  }
  END {
    flush()
    if (n == 0) exit
    print "skipped (a visible skip, not a failure: the suite passed what it could run):"
    for (i = 0; i < n; ++i)
      print "  " order[i] (count[order[i]] > 1 ? "  [" count[order[i]] " test cases]" : "")
  }' "$log"
