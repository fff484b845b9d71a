"""lu_thesis ch. 4's inner loop in numpy, single thread, in CPU ns per run (the reference of
bench/run.sh for bench_lu_noise.cpp, whose items_per_second is per CPU second too: process time
is the fair clock on a shared, loaded machine): the noise of one ThisWork release through
n = 10^4 curators and c = 5 aggregators (Pr_u = 1e-4, Pr_s = 1e-2, eps = 10, ratio = 0.75), and
Orig.

  straightforward  a coin per curator and aggregator (rng.random((R, n)) < q), Laplace draws for
                   the present ones, summed per run: vectorised over R runs at a time
  binomial         numpy with the same idea as dplab: a binomial count per run and layer, then
                   that many Laplace draws, summed per run

Prints three numbers: straightforward ThisWork, binomial ThisWork, straightforward Orig (ns/run)."""
import time

import numpy as np

N, C, D, EPS, RATIO = 10_000, 5, 501.7, 10.0, 0.75
BU, BS = D / (RATIO * EPS), D / ((1 - RATIO) * EPS)
rng = np.random.default_rng(1)


def straightforward(runs, pu, ps):
    total = np.zeros(runs)
    for count, q, b in ((N, pu, BU), (C, ps, BS)):
        present = rng.random((runs, count)) < q
        rows = np.nonzero(present)[0]
        np.add.at(total, rows, rng.laplace(0.0, b, rows.size))
    return total


def binomial(runs, pu, ps):
    total = np.zeros(runs)
    for count, q, b in ((N, pu, BU), (C, ps, BS)):
        k = rng.binomial(count, q, runs)
        rows = np.repeat(np.arange(runs), k)
        np.add.at(total, rows, rng.laplace(0.0, b, rows.size))
    return total


def ns_per_run(f, runs, pu, ps, repeats=5):
    # The mean over `repeats` calls after a warm-up, as Google Benchmark's CPU time is for ours.
    f(runs, pu, ps)  # warm up
    t0 = time.process_time()
    for _ in range(repeats):
        f(runs, pu, ps)
    return (time.process_time() - t0) / repeats / runs * 1e9


print(f"{ns_per_run(straightforward, 200, 1e-4, 1e-2):.1f} {ns_per_run(binomial, 100_000, 1e-4, 1e-2):.1f} "
      f"{ns_per_run(straightforward, 100, 1.0, 1.0):.1f}")
