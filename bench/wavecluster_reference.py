"""The Python reference of bench/bench_wavecluster.cpp: WaveCluster on 1,000,000 points at g = 80,
single thread, with numpy.histogram2d (quantisation), PyWavelets dwt2 'haar' (level 1), a Weibull
percentile of the positive values (numpy) and scipy.ndimage.label with 8 neighbours. The points
are drawn like dplab's gowalla_1m_substitute (1M of the DPBench Gowalla histogram's records, uniform
inside each cell), from numpy's generator, so the two runs cluster samples of the same law.

Usage: wavecluster_reference.py DATA_ROOT   -> prints "ms k clusters": the mean CPU time
(time.process_time) of 10 runs after a warm-up, the statistic and clock of Google Benchmark's CPU
time for ours."""
import gzip
import os
import sys
import time

import numpy as np
import pywt
import scipy.ndimage as ndi

root = sys.argv[1]
hist = np.loadtxt(gzip.open(os.path.join(root, "dpbench_2d", "checkin_256_256.txt.gz"))).astype(np.int64)
rng = np.random.default_rng(1)
cells = np.repeat(np.arange(hist.size), hist.reshape(-1))
chosen = rng.choice(cells, size=1_000_000, replace=False)
x = (chosen % 256) + rng.random(chosen.size)
y = (chosen // 256) + rng.random(chosen.size)
g = 80


def wavecluster():
    m, _, _ = np.histogram2d(x, y, bins=g, range=[[0, 256], [0, 256]])
    w, _ = pywt.dwt2(m, "haar")
    positive = np.sort(w[w > 0])
    t = np.percentile(positive, 31, method="weibull")
    labels, n = ndi.label(w >= t, structure=np.ones((3, 3)))
    return int((w >= t).sum()), n


wavecluster()
t0 = time.process_time()
for _ in range(10):
    k, n = wavecluster()
print(f"{(time.process_time() - t0) / 10 * 1000:.3f} {k} {n}")
