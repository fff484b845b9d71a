"""numpy's Laplace sampler on one thread, in CPU ns per sample (the reference of bench/run.sh).

The statistic and clock of Google Benchmark's CPU time for ours: the CPU time of the process
(time.process_time) over `calls` calls of rng.laplace(0, 1, n), after one warm-up call, divided by
the samples drawn -- a mean over a run of a few tenths of a second, never a best-of.

Usage: numpy_laplace.py N [CALLS]   (N samples per call, as the C++ benchmark's argument)"""
import os
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

n = int(sys.argv[1])
calls = int(sys.argv[2]) if len(sys.argv) > 2 else max(5, 20_000_000 // n)
rng = np.random.default_rng(1)
rng.laplace(0.0, 1.0, n)  # warm up
t0 = time.process_time()
for _ in range(calls):
    rng.laplace(0.0, 1.0, n)
print(f"{(time.process_time() - t0) / (calls * n) * 1e9:.4f}")
