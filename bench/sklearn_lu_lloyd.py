"""scikit-learn's Lloyd from given initial centroids to convergence, one thread: the reference
of bench/run.sh for lu_thesis ch. 7 (bench_lu_kmeans.cpp exports the data and the starts).
Usage: sklearn_lu_lloyd.py EXPORT_DIR; prints one line per set: name, the mean CPU ms of 5 fits
after a warm-up (time.process_time, as Google Benchmark's CPU time for ours), n_iter_."""
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
    total, iters = 0.0, 0
    for repeat in range(6):
        # tol = 0: stop only when the labels repeat, Lloyd's rule as ours.
        km = KMeans(n_clusters=len(init), init=init, n_init=1, max_iter=100000, tol=0.0, algorithm="lloyd")
        t0 = time.process_time()
        km.fit(x)
        if repeat > 0:  # the first is the warm-up
            total += time.process_time() - t0
        iters = km.n_iter_
    print(f"{name} {total / 5 * 1e3:.3f} {iters}")
