#!/usr/bin/python3
"""The table of the DPBench cross-check (bench/dpbench_ektelo.sh), from its two CSVs: dplab's
`dplab show --csv` and ektelo's per-trial lines (bench/dpbench_ektelo.py). It can be rerun on the
files that DPBENCH_KEEP kept.

Usage: dpbench_ektelo_table.py OURS.csv EKTELO.csv EPS "ALGS"

Per cell (algorithm, dataset): each side's mean scaled L2 error per query with its 95% CI and
whether the two agree (Welch's test of the difference of the means at 95%). dplab's `dawa` is
DPBench's partition noise, ektelo's; `dawa_provable` is shown against the same ektelo rows and
not counted. `*_noroot` are dplab's trees without the root, compared with ektelo's (rootless) rows.

Then, for the data-independent algorithms (the error x_hat - x is a linear function of the noise
alone), the error times the scale pooled over the cells. On ektelo's side every cell reruns the
same seeds (seed 1000 + t, workload seed 77777 + seed), so its cells repeat the same values (checked)
and only its distinct trial indices count. On dplab's, the cells draw independent noise but share
trial t's workload (common random numbers, trial_workload.hpp), so the pooled mean is over all
trials and its interval is taken with the trials of one cell (conservative).

DPBENCH_PEER=NAME reads the peer lines of that implementation instead of ektelo's (`dpbench`:
DPBench's own code, bench/dpbench_php_peer.py) and names it in the main table.
"""
import csv, math, os, statistics, sys

from scipy.stats import t as student_t

if len(sys.argv) != 5:
    sys.exit(__doc__)
PEER = os.environ.get("DPBENCH_PEER", "ektelo")
DATA_INDEPENDENT = ("identity", "h2", "hb", "privelet", "greedy_h")  # (Uniform's error is the data's shape)


def welch(m, sd, n, me, se, k):
    """Half-width of the 95% CI of the difference of two means (Welch)."""
    a, b = sd * sd / n, se * se / k
    df = (a + b) ** 2 / (a * a / (n - 1) + b * b / (k - 1)) if a + b > 0 else 1
    return student_t.ppf(0.975, df) * math.sqrt(a + b)


def ci(mu, s, k):
    h = student_t.ppf(0.975, k - 1) * s / math.sqrt(k)
    return "%.4g [%.4g, %.4g]" % (mu, mu - h, mu + h)


def ektelo_name(alg):
    return alg.replace("_noroot", "").replace("_provable", "")


ours = {}
only = sys.argv[4].split()[0]  # a spec of one algorithm has no algorithm column
for row in csv.DictReader(open(sys.argv[1])):
    if row["metric"] != "scaled_l2_error_per_query":
        continue
    ours[(row.get("algorithm") or only, row["dataset"])] = (float(row["mean"]), float(row["sd"]), int(row["trials"]))
ek, ek_trials = {}, {}
for line in open(sys.argv[2]):
    f = line.strip().split(",")
    if len(f) == 6 and f[0] == PEER:
        ek.setdefault((f[1], f[2][:-4]), []).append(float(f[4]))
        ek_trials.setdefault((f[1], f[2][:-4]), []).append(int(f[3]))

# A cell with fewer ektelo trials than the algorithm's others was interrupted: listed, not tested.
full = {}
for (a, ds), v in ek.items():
    full[a] = max(full.get(a, 0), len(v))
interrupted = sorted((a, ds, len(v)) for (a, ds), v in ek.items() if len(v) < full[a])

print("DPBench cross-check, eps = %s: scaled L2 error per query, mean [95%% CI]" % sys.argv[3])
print("| algorithm | data | dplab (trials) | %s (trials) | %s / dplab | agree (Welch 95%%) |" % (PEER, PEER))
print("|---|---|---|---|---|---|")
agree = total = 0
for (alg, ds), (m, sd, n) in sorted(ours.items()):
    v = ek.get((ektelo_name(alg), ds))
    if not v or len(v) < full[ektelo_name(alg)] or len(v) < 2:
        continue
    me, se = statistics.mean(v), statistics.stdev(v)
    ok = abs(me - m) <= welch(m, sd, n, me, se, len(v))
    like = not alg.endswith("_provable")  # dplab's provable DAWA against ektelo's: shown, not counted
    agree += ok and like
    total += like
    print("| %s | %s | %s (%d) | %s (%d) | %.3f | %s |" % (alg, ds, ci(m, sd, n), n, ci(me, se, len(v)), len(v), me / m,
                                                       ("yes" if ok else "**no**") + ("" if like else " (not like for like)")))
print("\n%d of %d cells agree (at 95%%, about 1 in 20 disagrees by chance)%s" % (
    agree, total, "; the dawa_provable rows are not counted" if any(a.endswith("_provable") for a, _ in ours) else ""))

for a, ds, k in interrupted:
    print(PEER + "'s %s on %s was interrupted after %d of %d trials: not tested above" % (a, ds, k, full[a]))

pooled = []
for alg in sorted({a for a, _ in ours}):
    if ektelo_name(alg) not in DATA_INDEPENDENT:
        continue
    cells = [(ds, m, sd, n) for (a, ds), (m, sd, n) in ours.items() if a == alg]
    scale = lambda ds: float(ds.rsplit("_", 1)[1])
    # dplab: the pooled mean and SD of error x scale over all its cells' trials.
    N = sum(n for _, _, _, n in cells)
    mean = sum(n * m * scale(ds) for ds, m, _, n in cells) / N
    ss = sum((n - 1) * (sd * scale(ds)) ** 2 + n * (m * scale(ds) - mean) ** 2 for ds, m, sd, n in cells)
    sd = math.sqrt(ss / (N - 1))
    n_eff = max(n for _, _, _, n in cells)  # trial t's cells share its workload
    # ektelo: one value per distinct trial index (its cells repeat them), checked to repeat.
    by_trial, repeats = {}, 0
    for (a, ds), vals in ek.items():
        if a != ektelo_name(alg):
            continue
        for t, v in zip(ek_trials[(a, ds)], vals):
            if t in by_trial:
                repeats += 1
                if abs(by_trial[t] - v * scale(ds)) > 1e-6 * abs(by_trial[t]):
                    sys.exit("dpbench_ektelo_table.py: ektelo's %s trial %d differs between cells: not data-independent" % (a, t))
            else:
                by_trial[t] = v * scale(ds)
    v = list(by_trial.values())
    if len(v) < 2:
        continue
    me, se = statistics.mean(v), statistics.stdev(v)
    ok = abs(me - mean) <= welch(mean, sd, n_eff, me, se, len(v))
    pooled.append("| %s | %s (%d trials x %d cells) | %s (%d; %d repeats in other cells, equal) | %.3f | %s |" % (
        alg, ci(mean, sd, n_eff), n_eff, len(cells), ci(me, se, len(v)), len(v), repeats, me / mean,
        "yes" if ok else "**no**"))
if pooled:
    print("\nData-independent algorithms, pooled over the cells: scaled L2 error per query x scale, mean [95% CI]")
    print("| algorithm | dplab (trials) | ektelo (distinct trials) | ektelo / dplab | agree (Welch 95%) |")
    print("|---|---|---|---|---|")
    print("\n".join(pooled))
