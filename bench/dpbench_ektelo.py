#!/usr/bin/python3
"""ektelo's side of the DPBench cross-check (bench/dpbench_ektelo.sh): runs one of ektelo's standalone
plans on a histogram file for TRIALS trials and prints one CSV line per trial:
impl,alg,dataset,trial,scaled_l2_error,run_s

Usage: dpbench_ektelo.py --ektelo DIR ALG FILE EPS TRIALS [SEED0]
  ALG   1-D: identity | uniform | h2 | hb | privelet | ahp | dawa | greedy_h | mwem
        2-D: identity_2d | uniform_2d | privelet_2d | hb_2d | quadtree | ugrid | agrid | ahp_2d |
             dawa_2d | mwem_2d (dplab's names; ektelo's plans on the 2-D domain)
  FILE  one count per line, or for 2-D one row of counts per line (the cross-check writes the
        sampled datasets)
The error is DPBench's scaled average per-query L2 error, ||W x - W x_hat||_2 / (scale * q), on a
fresh RandomRange workload of 2,000 queries per trial (ektelo's workload.RandomRange). Settings as
DPBench: AHP eta 0.35, ratio 0.85; DAWA ratio 0.25 with the exact L1 partition; MWEM ratio 0.5, 10 rounds, 100 update passes,
the true scale as data_scale (what DPBench ran). 2-D: RandomRange over the rows x cols domain
(random rectangles, dplab's random_rect); DAWA on the Hilbert order with the dyadic partition
(approx) as DPBench's 2-D; UGrid and AGrid with the true scale as data_scale (DPBench's and
ektelo's; dplab's spend 5% of eps on a noisy scale); QuadTree answered by least squares (ektelo's
plan; DPBench's and dplab's post-process by weighted averaging and mean consistency).
EKTELO_AGRID_SPLIT=dpbench replaces the level-2 cells of ektelo's AGrid by DPBench's (a
diagnostic: agrid_level2_as_dpbench below).
Only ektelo code is called; nothing is copied.
"""
import os, sys, time, types

args = sys.argv[1:]
if len(args) < 6 or args[0] != "--ektelo":
    sys.exit(__doc__)
EK = os.path.abspath(args[1]); args = args[2:]
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("EKTELO_DATA", EK)
os.environ.setdefault("EKTELO_HOME", EK)
sys.path.insert(0, EK)
# Extensions these plans never use, replaced by empty modules (as ../shared/peers/run_ektelo.py
# does); AHP's Cython extension is used by ahp only (dpbench_ektelo.sh builds it in the private copy).
unused_modules = ["ektelo.algorithm.privBayes", "ektelo.algorithm.privBayes.privBayesSelect", "networkx", "pandas"]
if args[0] not in ("ahp", "ahp_2d"):
    unused_modules += ["ektelo.algorithm.ahp", "ektelo.algorithm.ahp.ahp_fast"]
for m in unused_modules:
    sys.modules[m] = types.ModuleType(m)
import numpy as np
sys.setrecursionlimit(100000)  # ektelo's 2-D wavelet (Privelet) recurses deeper than the default
from ektelo import workload
from ektelo.client import selection
from ektelo.plans import standalone


def agrid_level2_as_dpbench():
    """EKTELO_AGRID_SPLIT=dpbench: a diagnostic, not ektelo as published. ektelo's AGrid cuts each
    level-1 cell into num1 x num2 near-equal parts (grid_split_range); DPBench's AG.py cuts cells
    of side newgrid from the corner and clips the last row and column (as dplab does). This
    replaces the level-2 selection with the latter, through ektelo's own GenerateCells, leaving
    the rest of ektelo's plan (m2, the budgets, least squares) as it is."""
    import math

    def select(self):
        nn, mm = self.domain_shape
        if (nn, mm) == (1, 1):
            return workload.RangeQueries((1, 1), lower=np.array([[0, 0]]), higher=np.array([[0, 0]]))
        noisy = self.x_hat.sum()
        m2 = 1 if noisy <= 0 else int(math.sqrt(noisy * self.eps_par / self.c2) - 1) + 1
        side = max(1, int(math.sqrt(nn * mm / float(m2 * m2)) - 1) + 1)
        lower, upper = selection.GenerateCells(nn, mm, (nn - 1) // side + 1, (mm - 1) // side + 1, side)
        return workload.RangeQueries(self.domain_shape, np.array(lower), np.array(upper))

    selection.AdaptiveGrid.select = select


if os.environ.get("EKTELO_AGRID_SPLIT") == "dpbench":
    agrid_level2_as_dpbench()

M = 2000


def plan_for(alg, n, scale, shape=None):
    if alg == "identity_2d": return standalone.Identity()
    if alg == "uniform_2d": return standalone.Uniform()
    if alg == "privelet_2d": return standalone.Privelet(shape)
    if alg == "hb_2d": return standalone.HB(shape)
    if alg == "quadtree": return standalone.QuadTree()
    if alg == "ugrid": return standalone.UGrid(float(scale))
    if alg == "agrid": return standalone.AGrid(float(scale))
    if alg == "ahp_2d": return standalone.Ahp(eta=0.35, ratio=0.85)
    if alg == "dawa_2d": return standalone.Dawa(domain_shape=shape, ratio=0.25, approx=True)
    if alg == "mwem_2d":
        return standalone.Mwem(ratio=0.5, rounds=10, data_scale=float(scale), domain_shape=shape,
                               use_history=True, update_rounds=100)
    if alg == "identity": return standalone.Identity()
    if alg == "uniform": return standalone.Uniform()
    if alg == "h2": return standalone.H2((n,))
    if alg == "hb": return standalone.HB((n,))
    if alg == "privelet": return standalone.Privelet((n,))
    if alg == "dawa": return standalone.Dawa(domain_shape=(n,), ratio=0.25, approx=False)
    if alg == "ahp": return standalone.Ahp(eta=0.35, ratio=0.85)
    if alg == "greedy_h": return standalone.GreedyH()
    if alg == "mwem":
        return standalone.Mwem(ratio=0.5, rounds=10, data_scale=float(scale), domain_shape=(n,),
                               use_history=True, update_rounds=100)
    sys.exit("unknown algorithm " + alg)


def main():
    alg, path, eps, trials = args[0], args[1], float(args[2]), int(args[3])
    seed0 = int(args[4]) if len(args) > 4 else 1000
    x = np.loadtxt(path, dtype=np.int64, ndmin=1)
    two_d = x.ndim == 2
    n, scale = x.size, float(x.sum())
    shape = x.shape
    for t in range(trials):
        seed = seed0 + t
        W = workload.RandomRange(None, shape, M, seed=77777 + seed)
        plan = plan_for(alg, n, scale, shape)
        t0 = time.process_time()
        # 2-D plans take the histogram as a rows x cols array (QuadTree, UGrid and AGrid need it).
        xin = x.copy() if alg.startswith("dawa") else x.astype(np.float64)
        x_hat = plan.Run(W, xin, eps, seed)
        t1 = time.process_time()
        diff = W.dot(x.astype(np.float64).ravel()) - W.dot(np.asarray(x_hat, dtype=np.float64).ravel())
        err = float(np.linalg.norm(diff) / (scale * W.shape[0]))
        print("ektelo,%s,%s,%d,%.10g,%.6f" % (alg, os.path.basename(path), t, err, t1 - t0), flush=True)


if __name__ == "__main__":
    main()
