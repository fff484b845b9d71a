#!/usr/bin/python3
"""Identity's (or, with --privelet, Privelet's) expected DPBench error on random rectangles, computed
independently of dplab and ektelo (numpy only): the third opinion when the two sides of
bench/dpbench_ektelo.sh disagree, or when ektelo cannot run (its 2-D Privelet fails). Both algorithms'
errors do not depend on the data. Per trial: 2,000 random rectangles drawn as dpcomp_core's RandomRange
draws them (height and width uniform in 1..ROWS and 1..COLS, the lower corner uniform where the
rectangle fits), the estimate's error in every cell of a ROWS x COLS grid, the rectangles' error sums
from a 2-D prefix sum, and DPBench's scaled error ||W x - W x_hat||_2 / (scale * queries). Prints the
mean over TRIALS with its 95% interval (normal, the trials i.i.d.).
  Identity: the error in a cell is Laplace noise of scale 1/eps.
  Privelet (Xiao, Wang, Gehrke, ICDE 2010, unweighted as DPBench and ektelo run it; ROWS and COLS powers
  of two): the strategy H = H_rows (x) H_cols, H_n the n x n Haar matrix of +-1 entries (the total, then
  for every node of the dyadic tree its left half minus its right half); every one of its answers gets
  Laplace noise of scale Delta_H / eps, Delta_H = (log2 ROWS + 1)(log2 COLS + 1) its largest column L1
  norm, and the estimate is H^-1 (H x + noise): its error is H^-1 noise, H_rows^-1 N H_cols^-T as a grid.

Usage: dpbench_identity_reference.py [--privelet] [ROWS COLS EPS SCALE TRIALS]   (defaults 64 64 0.1 10000 400)
"""
import sys

import numpy as np

args = sys.argv[1:]
if args and args[0] in ("-h", "--help"):
    sys.exit(__doc__)
privelet = bool(args) and args[0] == "--privelet"
if privelet:
    args = args[1:]
rows, cols = (int(a) for a in (args[0:2] or (64, 64)))
eps = float(args[2]) if len(args) > 2 else 0.1
scale = float(args[3]) if len(args) > 3 else 1e4
trials = int(args[4]) if len(args) > 4 else 400
queries = 2000


def haar_matrix(n):
    """The n x n Haar matrix of +-1 entries: the all-ones row, then, node by node of the dyadic tree over
    [0, n) (root first), +1 on the node's left half and -1 on its right half."""
    if n & (n - 1):
        sys.exit("Privelet: %d is not a power of two" % n)
    H = [np.ones(n)]
    size = n
    while size > 1:
        for lo in range(0, n, size):
            r = np.zeros(n)
            r[lo:lo + size // 2] = 1
            r[lo + size // 2:lo + size] = -1
            H.append(r)
        size //= 2
    return np.array(H)


if privelet:
    H_r, H_c = haar_matrix(rows), haar_matrix(cols)
    inv_r, inv_c = np.linalg.inv(H_r), np.linalg.inv(H_c)
    delta = np.abs(H_r).sum(0).max() * np.abs(H_c).sum(0).max()
    assert delta == (np.log2(rows) + 1) * (np.log2(cols) + 1)

rng = np.random.default_rng(1)
errors = np.empty(trials)
for t in range(trials):
    h = rng.integers(1, rows + 1, queries)
    w = rng.integers(1, cols + 1, queries)
    r0 = rng.integers(0, rows - h + 1)
    c0 = rng.integers(0, cols - w + 1)
    if privelet:
        cell_error = inv_r @ rng.laplace(0.0, delta / eps, (rows, cols)) @ inv_c.T
    else:
        cell_error = rng.laplace(0.0, 1.0 / eps, (rows, cols))
    prefix = np.zeros((rows + 1, cols + 1))
    prefix[1:, 1:] = cell_error.cumsum(0).cumsum(1)
    sums = prefix[r0 + h, c0 + w] - prefix[r0, c0 + w] - prefix[r0 + h, c0] + prefix[r0, c0]
    errors[t] = np.linalg.norm(sums) / (scale * queries)
half = 1.96 * errors.std(ddof=1) / np.sqrt(trials)
print("%s, %d x %d cells, eps %g, scale %g, %d random rectangles, %d trials: mean %.4g [%.4g, %.4g]"
      % ("Privelet" if privelet else "Identity", rows, cols, eps, scale, queries, trials, errors.mean(),
         errors.mean() - half, errors.mean() + half))
