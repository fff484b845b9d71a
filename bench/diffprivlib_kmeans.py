"""IBM diffprivlib's DP k-means (../shared/peers/diffprivlib, on PYTHONPATH; never copied) on the
data of bench_kmeans.cpp (Birch3 scaled to [-1, 1], exported by the C++ benchmarks): the peer of
BM_DpKmeansSu in bench/run.sh. Same k, eps, bounds and number of iterations as ours
(diffprivlib's own rule gives the same count, Su et al.'s; ITERS forces it anyway), its own
initial centroids. Each fit is timed with time.process_time (CPU, as Google Benchmark's CPU time
for ours) after one warm-up fit; the cost is the k-means cost of the fitted centroids on the
data (diffprivlib's inertia_, the same definition as dplab's kmeans_cost).

Prints "cpu_seconds_per_fit mean_cost iterations". Usage: diffprivlib_kmeans.py EXPORT_DIR K EPS ITERS FITS"""
import os
import sys
import time
import warnings

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402
from diffprivlib.models import KMeans  # noqa: E402

x = np.loadtxt(os.path.join(sys.argv[1], "birch3.data.txt"))
k, eps, iters, fits = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])


class FixedIterations(KMeans):
    def _calc_iters(self, n_dims, n_samples, rho=0.225):
        return iters


def fit(seed):
    km = FixedIterations(n_clusters=k, epsilon=eps, bounds=([-1.0] * x.shape[1], [1.0] * x.shape[1]),
                         random_state=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t0 = time.process_time()
        km.fit(x)
        return time.process_time() - t0, float(km.inertia_), km.n_iter_


fit(0)  # warm up
runs = [fit(seed) for seed in range(1, fits + 1)]
print(f"{sum(r[0] for r in runs) / fits:.6f} {sum(r[1] for r in runs) / fits:.6f} {runs[0][2]}")
