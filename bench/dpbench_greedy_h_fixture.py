#!/usr/bin/python3
"""Writes tests/fixtures/greedy_h/*.txt.gz: DAWA stage-2 cases with the objective of DPBench's greedyH.

Usage: dpbench_greedy_h_fixture.py --ektelo DIR [OUTDIR [more | hepth-1e5 SAMPLES [SEEDS] | dawa-2d SAMPLES FILES [SEEDS]]]
  DIR        the built copy of the ektelo peer that ../shared/peers/setup-ektelo.sh prints
  OUTDIR     default tests/fixtures/greedy_h next to this script
  more       instead of the fixture's 6 cases, 24 others (NETTRACE, SEARCHLOGS, HEPTH, MEDCOST, ADULT,
             INCOME; eps 0.1 and 1; partition seeds 21 and 22), the further check docs/papers/workload_division.md reports
  hepth-1e5  instead, the DAWA cell where the 1-D cross-check against ektelo disagrees (HEPTH sampled
             at 10^5 records, eps 0.1; results/summary/dpbench/ektelo_1d.md): SAMPLES/hepth_100000.txt
             as bench/dpbench_samples.py writes it, one case per seed s of SEEDS (comma-separated,
             default 1000-1015; bench/dawa_hepth_stage2.sh passes the cross-check's 60, 1000-1029 and
             3000-3029) with ektelo's cross-check trial's seeds (bench/dpbench_ektelo.py: partition
             RandomState(s), workload seed 77777 + s), so that each case is the partition and workload
             of ektelo's trial s of the cross-check, which is also finished (its error, below); about
             5 CPU s a case. Read by tests/test_greedy_h.cpp through DPLAB_GREEDY_H_MORE and by
             bench/dawa_hepth_stage2.py
  dawa-2d    instead, ektelo's 2-D DAWA trials of the 64 x 64 cross-check (DPBENCH_SIDE=64; FILES comma-separated
             sample names such as gowalla_1000000, read from SAMPLES/<name>.txt; SEEDS default 1000-1009, the
             cross-check's): standalone.Dawa.Run's 2-D path, the cells in ektelo's Hilbert order
             (mapper.HilbertTransform), the dyadic partition (approx) at eps 0.1, ratio 0.25. A query is then a
             union of runs of the curve: its line lists every run, "<begin> <end> <begin> <end> ...". Also
             written: stage1_bias_sq, ||W E t - W x||^2 of the partition alone. Read by bench/dawa_2d_stage2.sh

For each case, ektelo (DPBench's code) computes DAWA's stage-1 partition of a DPBench vector
(pmapper.Dawa, exact L1 partition, ratio 0.25, a fixed seed), a RandomRange workload
(workload.RandomRange(None, (n,), 2000, seed)), the bucket workload W_bar = W E and its greedyH
strategy (selection.GreedyH._GreedyHierByLv, branch 2, granularity 100). This script then computes
the exact objective of that strategy, trace(W_bar (A^T A)^+ W_bar^T) times Delta_A^2, bottom up over
the tree by Sherman-Morrison with dense numpy blocks (the same quantity as dplab's strategy_error,
computed independently), and cross-checks it with a dense eigendecomposition. The test
tests/test_greedy_h.cpp reads the partition, the workload and this value, and requires dplab's
greedyH to do at least as well.

File format (text, gzip): comment lines start with '#';
  n <cells>
  bounds <b_0 = 0> <b_1> ... <b_k = n>          buckets [b_i, b_{i+1})
  queries <m>, then m lines "<begin> <end>"      cells [begin, end)
  dpbench_objective <value>                      exact, Delta_A = 1
  dpbench_heuristic_error <value>                greedyH's own (damped) error, for information
  hepth-1e5 only, for information (the test reads neither):
  ektelo_trial_error <value>                     the scaled L2 error of ektelo's DAWA trial on this case
                                                 (standalone.Dawa.Run's stage 2 with the trial's prng)
  ektelo_trial_error_exact_ls <value>            the same noise, exact least squares instead of lsmr
"""
import gzip, os, sys, types

import numpy as np

args = sys.argv[1:]
if len(args) < 2 or args[0] != "--ektelo":
    sys.exit(__doc__)
EK = os.path.abspath(args[1])
OUT = os.path.abspath(args[2]) if len(args) > 2 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "greedy_h")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("EKTELO_DATA", EK)
os.environ.setdefault("EKTELO_HOME", EK)
sys.path.insert(0, EK)
# Modules of ektelo that these calls never use (Cython extensions, relational helpers).
for m in ("ektelo.algorithm.ahp", "ektelo.algorithm.ahp.ahp_fast", "ektelo.algorithm.privBayes",
          "ektelo.algorithm.privBayes.privBayesSelect", "networkx", "pandas"):
    sys.modules[m] = types.ModuleType(m)
from ektelo import matrix, support, workload  # noqa: E402
from ektelo.client import inference, mapper, selection  # noqa: E402
from ektelo.private import measurement, pmapper, transformation  # noqa: E402

# The DPBench vectors, in ../shared/datasets beside the worktree (or $DPLAB_DATA).
DDIR = os.path.join(os.environ.get("DPLAB_DATA") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                                  "..", "shared", "datasets"), "dpbench_1d")

# (file name, partition eps, partition seed, workload seed)
CASES = [
    ("adult_eps1", "ADULTFRANK.n4096.txt", 1.0, 11, 78),
    ("adult_eps10", "ADULTFRANK.n4096.txt", 10.0, 11, 78),
    ("income_eps0.1", "INCOME.n4096.txt", 0.1, 11, 78),
    ("income_eps1", "INCOME.n4096.txt", 1.0, 11, 78),
    ("income_eps10", "INCOME.n4096.txt", 10.0, 11, 78),
    ("patent_eps0.1", "PATENT.n4096.txt", 0.1, 11, 78),
]


TRIAL = False  # also finish ektelo's DAWA trial on each case (hepth-1e5, dawa-2d)
TWO_D = False  # 2-D histograms read in ektelo's Hilbert order (dawa-2d)
if len(args) > 3 and args[3] == "hepth-1e5":
    if len(args) < 5:
        sys.exit(__doc__)
    SEEDS = [int(v) for v in args[5].split(",")] if len(args) > 5 else list(range(1000, 1016))
    TRIAL = True
    CASES = [("hepth_100000_eps0.1_s%d" % s, os.path.join(os.path.abspath(args[4]), "hepth_100000.txt"), 0.1, s,
              77777 + s) for s in SEEDS]
elif len(args) > 3 and args[3] == "dawa-2d":
    # SAMPLES FILES [SEEDS]: ektelo's 2-D DAWA trials of the 64 x 64 cross-check (DPBENCH_SIDE=64).
    if len(args) < 6:
        sys.exit(__doc__)
    SEEDS = [int(v) for v in args[6].split(",")] if len(args) > 6 else list(range(1000, 1010))
    TRIAL = TWO_D = True
    CASES = [("%s_eps0.1_s%d" % (f, s), os.path.join(os.path.abspath(args[4]), f + ".txt"), 0.1, s, 77777 + s)
             for f in args[5].split(",") for s in SEEDS]
elif len(args) > 3 and args[3] == "more":
    CASES = [("%s_eps%g_s%d" % (d.split(".")[0].lower(), e, s), d, e, s, 100 + s)
             for s in (21, 22)
             for d in ("NETTRACE.n4096.txt", "SEARCHLOGS.n4096.txt", "HEPTH.n4096.txt", "MEDCOST.n4096.txt",
                       "ADULTFRANK.n4096.txt", "INCOME.n4096.txt")
             for e in (0.1, 1.0)]


def data_path(name):
    p = name if os.path.isabs(name) else os.path.join(DDIR, name)
    if not os.path.exists(p):
        sys.exit("cannot find %s (set DPLAB_DATA to the data root)" % p)
    return p


def split(n):
    """DPBench's children of a node of n buckets (branch 2): floor(n/2) and ceil(n/2)."""
    if n <= 2:
        return [(i, i + 1) for i in range(n)]
    rem = n % 2
    step = (n - rem) // 2
    swi = (2 - rem) * step
    sep = list(range(0, swi, step)) + list(range(swi, n, step + 1)) + [n]
    return list(zip(sep[:-1], sep[1:]))


def tree_objective(G, nodes):
    """trace(G (A^T A)^+) * Delta_A^2 for the strategy {(lo, hi): weight} over the DPBench tree."""
    def rec(lo, hi):
        w = nodes[(lo, hi)]
        kids = [(lo + a, lo + b) for a, b in split(hi - lo)] if hi - lo > 1 else []
        if not kids or kids[0] not in nodes:  # terminal: asked as a whole
            size = hi - lo
            return np.full((size, size), 1.0 / (w * w * size * size)), w
        parts = [rec(a, b) for a, b in kids]
        D = np.zeros((hi - lo, hi - lo))
        off = 0
        for d, _ in parts:
            D[off:off + d.shape[0], off:off + d.shape[0]] = d
            off += d.shape[0]
        sens = w + max(s for _, s in parts)
        if w > 0:
            u = D.sum(axis=1)
            D = D - w * w * np.outer(u, u) / (1 + w * w * u.sum())
        return D, sens
    D, sens = rec(0, G.shape[0])
    return sens * sens * float((G * D).sum())


def dense_objective(Q, nodes):
    rows = []
    for (lo, hi), w in nodes.items():
        if w > 0:
            r = np.zeros(Q.shape[1])
            r[lo:hi] = w
            rows.append(r)
    A = np.array(rows)
    vals, vecs = np.linalg.eigh(A.T @ A)
    keep = vals > vals.max() * 1e-12
    inv = (vecs[:, keep] / vals[keep]) @ vecs[:, keep].T
    sens = np.abs(A).sum(axis=0).max()
    return sens * sens * float(np.einsum("ij,jk,ik->", Q, inv, Q))


def finish_trial(x, eps, mapping, W, queries, dist, prng, check_select):
    """The rest of ektelo's standalone.Dawa.Run (1-D) after the partition, with the trial's prng: its strategy
    matrix (the rows selection.GreedyH.select forms from greedyH's weighted queries, checked against select() on
    the first case), Laplace at eps (1 - 0.25), least squares, expansion. Returns the trial's scaled L2 error and
    the same with exact least squares (numpy lstsq) in place of ektelo's lsmr."""
    nb = int(mapping.max()) + 1
    rows = []
    for (a, b), w in zip(queries, dist):
        if w > 0:
            r = np.zeros(nb)
            r[int(a):int(b) + 1] = w
            rows.append(r)
    M_bar = matrix.EkteloMatrix(np.vstack(rows))
    if check_select:
        W_bar = W * support.expansion_matrix(mapping)
        chosen = selection.GreedyH((nb,), W_bar).select().dense_matrix()
        assert np.array_equal(np.asarray(chosen), M_bar.dense_matrix()), "strategy rows differ from select()"
    x_bar = transformation.ReduceByPartition(mapping).transform(x)
    y = measurement.Laplace(M_bar, eps * (1 - 0.25)).measure(x_bar, prng)
    E = support.expansion_matrix(mapping)
    truth = W.dot(x.astype(np.float64))
    norm = float(x.sum()) * W.shape[0]
    out = []
    for x_bar_hat in (inference.LeastSquares().infer(M_bar, y),
                      np.linalg.lstsq(M_bar.dense_matrix(), y, rcond=None)[0]):
        x_hat = E * x_bar_hat
        out.append(float(np.linalg.norm(truth - W.dot(np.asarray(x_hat, dtype=np.float64).ravel())) / norm))
    return tuple(out)


def hilbert_case(path, wseed):
    """ektelo's 2-D DAWA before its partition (standalone.Dawa.Run): the cells in Hilbert order and the random
    rectangles on that order. Returns the reordered counts, the workload W P, each query's runs [begin, end) and
    the grid's shape."""
    grid = np.loadtxt(path, dtype=np.int64, ndmin=2)
    hilbert_mapping = mapper.HilbertTransform(grid.shape).mapping()
    x = transformation.ReduceByPartition(hilbert_mapping).transform(grid.flatten())
    W = workload.RandomRange(None, grid.shape, 2000, seed=wseed) * support.expansion_matrix(hilbert_mapping)
    dense = np.asarray(W.dense_matrix()) != 0
    runs = []
    for row in dense:
        edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(np.int8), [0]])))
        runs.append([(int(a), int(b)) for a, b in zip(edges[0::2], edges[1::2])])
    return x, W, runs, grid.shape


def stage1_bias_sq(x, bounds, W):
    """||W E t - W x||^2: the answers of the partition's flattened data (bucket totals spread evenly) minus the
    true ones, the error DAWA keeps with no noise at all."""
    flat = np.empty(x.size)
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        flat[lo:hi] = x[lo:hi].sum() / (hi - lo)
    d = W.dot(flat) - W.dot(x.astype(np.float64))
    return float(d @ d)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, ds, eps, pseed, wseed in CASES:
        if TWO_D:
            x, W, queries_runs, shape = hilbert_case(data_path(ds), wseed)
        else:
            x = np.loadtxt(data_path(ds), dtype=np.int64)
            shape = (x.size,)
            W = workload.RandomRange(None, shape, 2000, seed=wseed)
        n = x.size
        prng = np.random.RandomState(pseed)
        mapping = pmapper.Dawa(eps, 0.25, TWO_D).mapping(x, prng)
        W_bar = W * support.expansion_matrix(mapping)
        Q = W_bar.dense_matrix()
        G = Q.T @ Q
        nb = Q.shape[1]
        err, _, dist, queries = selection.GreedyH((nb,), W_bar)._GreedyHierByLv(G, nb, 0, withRoot=False)
        nodes = {(int(a), int(b) + 1): float(w) for (a, b), w in zip(queries, dist)}
        objective = tree_objective(G, nodes)
        check = dense_objective(Q, nodes)
        if abs(objective - check) > 1e-6 * objective:
            sys.exit("%s: tree objective %.10g and dense %.10g disagree" % (name, objective, check))
        # The buckets of the mapping (contiguous, in order) and the ranges of the workload.
        bounds = [0] + [i for i in range(1, n) if mapping[i] != mapping[i - 1]] + [n]
        assert len(bounds) == nb + 1
        if not TWO_D:
            queries_runs = [[(int(np.ravel(a)[0]), int(np.ravel(b)[0]) + 1)] for a, b in zip(W._lower, W._higher)]
        if TRIAL:
            trial = finish_trial(x, eps, mapping, W, queries, dist, prng, check_select=name == CASES[0][0])
        path = os.path.join(OUT, name + ".txt.gz")
        with gzip.open(path, "wt") as f:
            f.write("# DAWA stage 2 on %s: ektelo pmapper.Dawa(eps=%g, ratio=0.25, %s) with RandomState(%d),\n"
                    "# workload.RandomRange(None, %s, 2000, seed=%d)%s, greedyH (branch 2, granularity 100).\n"
                    "# Written by bench/dpbench_greedy_h_fixture.py from ektelo 53129fc.\n"
                    % (os.path.basename(ds), eps, "dyadic (approx)" if TWO_D else "exact", pseed,
                       str(shape), wseed, " in Hilbert order" if TWO_D else ""))
            f.write("n %d\n" % n)
            f.write("bounds " + " ".join(str(b) for b in bounds) + "\n")
            f.write("queries %d\n" % len(queries_runs))
            for runs in queries_runs:
                f.write(" ".join("%d %d" % r for r in runs) + "\n")
            f.write("dpbench_objective %.17g\n" % objective)
            f.write("dpbench_heuristic_error %.17g\n" % err)
            if TWO_D:
                f.write("stage1_bias_sq %.17g\n" % stage1_bias_sq(x, bounds, W))
            if TRIAL:
                f.write("# ektelo's DAWA trial (standalone.Dawa.Run's stage 2 on this partition, the same prng):\n"
                        "# scaled L2 error with its least squares (lsmr) and with exact least squares on the same noise\n")
                f.write("ektelo_trial_error %.17g\nektelo_trial_error_exact_ls %.17g\n" % trial)
        print("%s: %d buckets, DPBench greedyH objective %.6g (dense check %.6g)" % (name, nb, objective, check),
              flush=True)


if __name__ == "__main__":
    main()
