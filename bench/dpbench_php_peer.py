#!/usr/bin/python3
"""DPBench's own P-HP on a histogram file (bench/dpbench_php_peer.sh): ektelo has no P-HP, so dplab's
baselines.php is checked against the code DPBench ran, thirdparty/Acs12/lib/Clustering.py of a
dpcomp_core checkout (github.com/dpcomp-org/dpcomp_core; not part of dplab, not copied).

Usage: dpbench_php_peer.py --dpcomp DIR FILE EPS TRIALS [SEED0]
Prints one CSV line per trial, as bench/dpbench_ektelo.py does (impl "dpbench"):
  dpbench,php,dataset,trial,scaled_l2_error,run_s
and, if $PHP_CLUSTERS names a file, appends one line per trial to it:
  dataset,trial,clusters,singletons,largest
of the partition DPBench's final exponential mechanism chose: its number of intervals, how many
of them are one cell, and the cells of its longest.

DPBench's call (thirdparty/__init__.py, php_engine): Clustering(eps/2, eps/2, 1, int(log2 n), 2000)
.run(x, RandomState(seed)). Two shims, both outside DPBench's logic:
- its C extension `cutils` (clustersplit: the L1 deviations of the two halves at every cut, with
  each half's mean; lib/cutils/clustering.c) by a numpy function computing the same numbers in
  doubles, so that nothing of dpcomp_core needs building;
- `dpcomp_core.util.old_div` (Python 2 division, from the `future` package) by the same rule:
  floor division for two integers, true division otherwise.
DPBench's exponential mechanism draws from Python's `random` module (not the seeded prng), so
`random` is seeded with the trial's seed here. The error is DPBench's scaled average per-query
L2 error on a fresh workload of 2,000 random ranges a trial, drawn here with numpy in DPBench's
law (RandomRange: a width uniform in 1 .. n, then a start uniform among the n - width + 1 places).
"""
import importlib.util, math, os, random, sys, time, types

import numpy as np

args = sys.argv[1:]
if len(args) < 5 or args[0] != "--dpcomp":
    sys.exit(__doc__)
DPCOMP = os.path.abspath(args[1])
args = args[2:]
M = 2000
ACS = os.path.join(DPCOMP, "dpcomp_core", "algorithm", "thirdparty", "Acs12", "lib")
if not os.path.isfile(os.path.join(ACS, "Clustering.py")):
    sys.exit("dpbench_php_peer.py: no %s/Clustering.py: --dpcomp must name a dpcomp_core checkout" % ACS)


def clustersplit(values):
    """What DPBench's cutils.clustersplit returns: for each cut i = 1 .. m-1, [error, mean_left,
    mean_right], error = sum |v - mean| over both halves (clustering.c)."""
    v = np.asarray(values, dtype=np.float64)
    out = []
    for i in range(1, len(v)):
        a, b = v[:i], v[i:]
        ca, cb = a.mean(), b.mean()
        out.append([float(np.abs(a - ca).sum() + np.abs(b - cb).sum()), float(ca), float(cb)])
    return out


def old_div(x, y):
    return x // y if isinstance(x, int) and isinstance(y, int) else x / y


def load_clustering():
    # A package of the Acs12 modules alone (dpcomp_core's own __init__ pulls in every algorithm).
    util = types.ModuleType("dpcomp_core.util")
    util.old_div = old_div
    core = types.ModuleType("dpcomp_core")
    core.util = util
    sys.modules["dpcomp_core"], sys.modules["dpcomp_core.util"] = core, util
    pkg = types.ModuleType("acs12lib")
    pkg.__path__ = [ACS]
    sys.modules["acs12lib"] = pkg
    cutils = types.ModuleType("acs12lib.cutils")
    cutils.clustersplit = clustersplit
    sys.modules["acs12lib.cutils"] = cutils
    spec = importlib.util.spec_from_file_location("acs12lib.Clustering", os.path.join(ACS, "Clustering.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules["acs12lib.Clustering"] = mod
    spec.loader.exec_module(mod)
    # Record the intervals' lengths of the partition the last exponential mechanism chose: its
    # candidates are lists of clusters (a bisection's are [cluster or 0, position]).
    draw = mod.ExpMechanism.run

    def recording(items, eps, q_sens, debug=False):
        item = draw(items, eps, q_sens, debug)
        if item.id and all(isinstance(c, mod.Cluster) for c in item.id):
            chosen.append(sorted(len(c) for c in item.id))
        return item
    mod.ExpMechanism.run = recording
    return mod


chosen = []


def main():
    path, eps, trials = args[0], float(args[1]), int(args[2])
    seed0 = int(args[3]) if len(args) > 3 else 1000
    Clustering = load_clustering()
    x = np.loadtxt(path, dtype=np.int64, ndmin=1)
    n, scale = x.size, float(x.sum())
    prefix = np.concatenate(([0.0], np.cumsum(x, dtype=np.float64)))
    name = os.path.basename(path)[:-4]
    clusters_out = open(os.environ["PHP_CLUSTERS"], "a") if os.environ.get("PHP_CLUSTERS") else None
    for t in range(trials):
        seed = seed0 + t
        random.seed(seed)
        c = Clustering.Clustering(eps * 0.5, eps * 0.5, 1, int(math.log(n, 2)), 2000)
        t0 = time.process_time()
        x_hat = np.asarray(c.run(list(x), np.random.RandomState(seed)), dtype=np.float64)
        t1 = time.process_time()
        rng = np.random.RandomState(77777 + seed)
        width = rng.randint(1, n + 1, size=M)
        lo = (rng.random_sample(M) * (n - width + 1)).astype(np.int64)  # uniform in 0 .. n - width
        hi = lo + width
        est = np.concatenate(([0.0], np.cumsum(x_hat)))
        diff = (prefix[hi] - prefix[lo]) - (est[hi] - est[lo])
        err = float(np.linalg.norm(diff) / (scale * M))
        print("dpbench,php,%s.txt,%d,%.10g,%.6f" % (name, t, err, t1 - t0), flush=True)
        if clusters_out:
            lengths = chosen[-1]
            clusters_out.write("%s,%d,%d,%d,%d\n" % (name, t, len(lengths), lengths.count(1), lengths[-1]))
            clusters_out.flush()


if __name__ == "__main__":
    main()
