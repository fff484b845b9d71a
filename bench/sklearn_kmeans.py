"""scikit-learn's Lloyd iteration on Birch3 scaled to [-1, 1], k = 20, one thread, in ms per
iteration (the reference of bench/run.sh). Usage: sklearn_kmeans.py DATA_ROOT"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402
from sklearn.cluster import KMeans  # noqa: E402

x = np.loadtxt(os.path.join(sys.argv[1], "birch3", "birch3.data.txt"))
lo, hi = x.min(axis=0), x.max(axis=0)
x = 2 * (x - lo) / (hi - lo) - 1
rng = np.random.default_rng(1)
init = rng.uniform(-1, 1, size=(20, 2))


def fit_seconds(iterations):
    best = float("inf")
    for _ in range(5):
        km = KMeans(n_clusters=20, init=init, n_init=1, max_iter=iterations, tol=0.0, algorithm="lloyd")
        t0 = time.perf_counter()
        km.fit(x)
        best = min(best, time.perf_counter() - t0)
    return best


# The difference removes fit()'s fixed costs (validation, final labels).
per_iteration = (fit_seconds(21) - fit_seconds(1)) / 20
print(f"{per_iteration * 1e3:.3f}")
