#!/usr/bin/env bash
# Installs every Debian package dplab needs to build, test, benchmark and plot.
# Idempotent: packages already present are skipped, so running it twice is cheap.
set -euo pipefail

packages=(
  build-essential cmake git pkg-config     # compiler, build system, `git describe` for the code version
  ccache                                   # compiler cache: the Makefile uses it when present (rebuilds, other checkouts)
  libboost-program-options-dev             # CLI parsing (dplab run/list/show/plot)
  libboost-dev                             # Boost.Multiprecision (headers): exact big integers of the secure sampler
  libhdf5-dev                              # HDF5 C and C++ API: one result file per run
  libyaml-cpp-dev                          # experiment specs (YAML, with line numbers for errors)
  librandom123-dev                         # counter-based Philox streams keyed by (seed, point, trial)
  libeigen3-dev                            # linear algebra for the algorithms that need it
  zlib1g-dev                               # reading the gzip-compressed datasets (KOS, MSNBC, DPBench 2-D)
  libssl-dev                               # SHA-256 of data files (OpenSSL libcrypto)
  curl                                     # scripts/fetch-datasets.sh (not needed in CI)
  doctest-dev                              # unit and end-to-end tests
  libbenchmark-dev                         # Google Benchmark (make bench)
  python3 python3-matplotlib python3-h5py python3-numpy   # figures from the HDF5 files
  python3-yaml                             # scripts/docs_tables.py: the claims tables of docs/papers
  python3-pandas                           # python/dplab: results as tidy DataFrames (dplab.load)
  python3-sklearn                          # reference timings in benchmarks only
  libopenblas0                             # scikit-learn's reference on OpenBLAS too (bench/run.sh selects each BLAS
                                           # per process with LD_LIBRARY_PATH, whichever the system default is)
  libopenmpi-dev openmpi-bin                # MPI ranks: mpirun -np K dplab run SPEC, and its tests in make test
  time                                     # /usr/bin/time -v: wall time and peak memory per spec (scripts/reproduce-timed.sh)
  python3-scipy python3-pywt               # WaveCluster reference (scipy.ndimage.label, PyWavelets dwt2) in benchmarks only
  chromium                                 # headless rendering of `dplab report`'s page in its test (ctest -R report_render)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
