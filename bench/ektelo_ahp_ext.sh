#!/usr/bin/env bash
# Builds ektelo's AHP Cython extension in the private copy that ../shared/peers/setup-ektelo.sh
# made (needs cython3), once; bench/dpbench_ektelo.sh and bench/peers.sh run ektelo's AHP.
#   bash bench/ektelo_ahp_ext.sh EKTELO_COPY
set -euo pipefail
ektelo=$1
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
if ! ls "$ektelo"/ektelo/algorithm/ahp/ahp_fast*.so > /dev/null 2>&1; then
  (cd "$ektelo/ektelo/algorithm/ahp" && "$PY" setup.py build_ext --inplace >&2) ||
    { echo "ektelo_ahp_ext.sh: cannot build ektelo's AHP extension (apt-get install cython3)" >&2; exit 1; }
fi
