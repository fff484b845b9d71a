"""scikit-learn's Lloyd from given initial centroids to convergence, one thread: the reference
of bench/run.sh for lu_thesis ch. 7 (bench_lu_kmeans.cpp exports the data and the starts).
Usage: sklearn_lu_lloyd.py EXPORT_DIR; prints one line per set: name, best-of-5 ms, n_iter_."""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402
from sklearn.cluster import KMeans  # noqa: E402

for name in ("s1", "image"):
    x = np.loadtxt(os.path.join(sys.argv[1], name + ".data.txt"))
    init = np.loadtxt(os.path.join(sys.argv[1], name + ".init.txt"))
    best, iters = float("inf"), 0
    for _ in range(5):
        # tol = 0: stop only when the labels repeat, Lloyd's rule as ours.
        km = KMeans(n_clusters=len(init), init=init, n_init=1, max_iter=100000, tol=0.0, algorithm="lloyd")
        t0 = time.perf_counter()
        km.fit(x)
        best = min(best, time.perf_counter() - t0)
        iters = km.n_iter_
    print(f"{name} {best * 1e3:.3f} {iters}")
