"""numpy's Laplace sampler, single thread, in ns per sample (the reference of bench/run.sh).

Usage: numpy_laplace.py N   (samples per call, as in the C++ benchmark)"""
import sys
import time

import numpy as np

rng = np.random.default_rng(1)
n = int(sys.argv[1])
rng.laplace(0.0, 1.0, n)  # warm up
best = float("inf")
for _ in range(20):
    t0 = time.perf_counter()
    rng.laplace(0.0, 1.0, n)
    best = min(best, time.perf_counter() - t0)
print(f"{best / n * 1e9:.3f}")
