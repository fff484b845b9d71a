"""scikit-learn's Lloyd iteration on the data and start of bench_kmeans.cpp (Birch3 scaled to
[-1, 1], k = 20, exported by the C++ benchmarks), one thread, in CPU ms per iteration (the
reference of bench/run.sh; ours is Google Benchmark's CPU time).

Per iteration = (mean CPU time of fit(max_iter=21) - mean of fit(max_iter=1)) / 20 over FITS fits
each, time.process_time: the difference removes fit()'s fixed costs (validation, final labels).
Prints "BLAS ms_per_iteration" (BLAS: which library numpy loaded; bench/run.sh chooses it with
LD_LIBRARY_PATH). Usage: sklearn_kmeans.py EXPORT_DIR [FITS]"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
from sklearn.cluster import KMeans  # noqa: E402

from blas_in_use import blas_in_use  # noqa: E402

x = np.loadtxt(os.path.join(sys.argv[1], "birch3.data.txt"))
init = np.loadtxt(os.path.join(sys.argv[1], "birch3.init.txt"))
fits = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def fit_seconds(iterations):
    total = 0.0
    for _ in range(fits):
        km = KMeans(n_clusters=len(init), init=init, n_init=1, max_iter=iterations, tol=0.0, algorithm="lloyd")
        t0 = time.process_time()
        km.fit(x)
        total += time.process_time() - t0
        if km.n_iter_ != iterations:  # converged early: the difference would not be 20 iterations
            sys.exit(f"sklearn_kmeans.py: fit stopped after {km.n_iter_} of {iterations} iterations")
    return total / fits


fit_seconds(1)  # warm up (imports, thread pools)
per_iteration = (fit_seconds(21) - fit_seconds(1)) / 20
print(f"{blas_in_use()} {per_iteration * 1e3:.4f}")
