#!/usr/bin/python3
"""Identity's expected DPBench error on random rectangles, computed independently of dplab and ektelo
(numpy only): the third opinion when the two sides of bench/dpbench_ektelo.sh disagree on Identity,
whose error does not depend on the data. Per trial: Laplace noise of scale 1/eps in every cell of a
ROWS x COLS grid, 2,000 random rectangles drawn as dpcomp_core's RandomRange draws them (height and
width uniform in 1..ROWS and 1..COLS, the lower corner uniform where the rectangle fits), the
rectangles' noise sums from a 2-D prefix sum, and DPBench's scaled error ||W x - W x_hat||_2 /
(scale * queries). Prints the mean over TRIALS with its 95% interval (normal, the trials i.i.d.).

Usage: dpbench_identity_reference.py [ROWS COLS EPS SCALE TRIALS]   (defaults 64 64 0.1 10000 400)
"""
import sys

import numpy as np

args = sys.argv[1:]
if args and args[0] in ("-h", "--help"):
    sys.exit(__doc__)
rows, cols = (int(a) for a in (args[0:2] or (64, 64)))
eps = float(args[2]) if len(args) > 2 else 0.1
scale = float(args[3]) if len(args) > 3 else 1e4
trials = int(args[4]) if len(args) > 4 else 400
queries = 2000
rng = np.random.default_rng(1)
errors = np.empty(trials)
for t in range(trials):
    h = rng.integers(1, rows + 1, queries)
    w = rng.integers(1, cols + 1, queries)
    r0 = rng.integers(0, rows - h + 1)
    c0 = rng.integers(0, cols - w + 1)
    noise = rng.laplace(0.0, 1.0 / eps, (rows, cols))
    prefix = np.zeros((rows + 1, cols + 1))
    prefix[1:, 1:] = noise.cumsum(0).cumsum(1)
    sums = prefix[r0 + h, c0 + w] - prefix[r0, c0 + w] - prefix[r0 + h, c0] + prefix[r0, c0]
    errors[t] = np.linalg.norm(sums) / (scale * queries)
half = 1.96 * errors.std(ddof=1) / np.sqrt(trials)
print("Identity, %d x %d cells, eps %g, scale %g, %d random rectangles, %d trials: mean %.4g [%.4g, %.4g]"
      % (rows, cols, eps, scale, queries, trials, errors.mean(), errors.mean() - half, errors.mean() + half))
