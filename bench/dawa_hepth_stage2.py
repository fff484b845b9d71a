#!/usr/bin/python3
"""Does DAWA's stage 2 explain the DAWA cell where dplab and ektelo disagree (HEPTH at 10^5, eps 0.1;
results/summary/dpbench/ektelo_1d.md)? Prints the markdown of results/summary/dpbench/dawa_hepth_stage2.md
from the files bench/dawa_hepth_stage2.sh writes (numbers computed here, none typed in).

Usage: dawa_hepth_stage2.py CASES SAMPLES TESTLOG DPLAB_CSV... [--xcheck ektelo_1d.md] [--header FILE]
  CASES      the case files of bench/dpbench_greedy_h_fixture.py ... hepth-1e5: per seed s, ektelo's
             partition and workload of its cross-check trial s, DPBench's strategy objective, and the
             trial's error (reproduced)
  SAMPLES    the folder of bench/dpbench_samples.py (hepth_100000.txt)
  TESTLOG    the output of dplab_tests -tc "ours is at least*" with DPLAB_GREEDY_H_MORE=CASES:
             dplab's greedyH strategy error on each case (its MESSAGE lines)
  DPLAB_CSV  `dplab export --per-trial` of dplab's DAWA (DPBench's partition noise) on the same sample,
             with the metrics scaled_l2_error_per_query, buckets and strategy_error; one file per spec seed
  --xcheck   the cross-check's summary, whose "| dawa | hepth_100000 |" rows give the original run's
             dplab means and CIs (its per-trial values were not kept)
  --header   markdown put first (the date, commands and seeds; the shell script writes it)

The model. DAWA's answers are W E x_bar_hat: E spreads each bucket's total over its cells, x_bar_hat
is least squares on the strategy's Laplace answers (unbiased for the bucket totals t). So the error
vector W E x_bar_hat - W x is the bias b = W E t - W x (stage 1: the partition alone, the same law on
both sides) plus zero-mean noise of total variance 2 S / eps2^2, S = trace(W_bar (A^T A)^+ W_bar^T)
Delta_A^2 the strategy error, eps2 = 0.75 eps (ratio 0.25). A terminal node of several buckets asks
only their sum; greedyH makes one only when every query weighs its buckets alike, and then both
sides' spreading answer the queries as E t does. DPBench's scaled L2 error per query is
||error||_2 / (N m) (dpbench_error.cpp), N the records, m = 2,000 queries, so
  E[(N m err)^2] = ||b||^2 + 2 S / eps2^2,
and the two sides differ, on one partition and workload, only in S. The predicted ektelo / dplab
ratio on this cell puts each case's S of both greedyHs into sqrt(||b||^2 + 2 S / eps2^2) and
averages over the cases (a mean of square roots, as the measure; the ratio of root mean squares is
shown too). Its 95% interval is a bootstrap over the cases (paired: both sides' S on the same case).
"""
import csv, gzip, math, os, re, sys

import numpy as np
from scipy.stats import t as student_t

EPS, RATIO, M = 0.1, 0.25, 2000
EPS2 = (1 - RATIO) * EPS

args = sys.argv[1:]
opts = {}
for k in ("--xcheck", "--header"):
    if k in args:
        i = args.index(k)
        opts[k] = args[i + 1]
        del args[i:i + 2]
if len(args) < 4:
    sys.exit(__doc__)
CASES, SAMPLES, TESTLOG, DPLAB_CSVS = args[0], args[1], args[2], args[3:]


def read_case(path):
    c = {"queries": []}
    with gzip.open(path, "rt") as f:
        lines = iter(f.read().splitlines())
    for line in lines:
        if not line or line.startswith("#"):
            continue
        key, *rest = line.split()
        if key == "queries":
            c["queries"] = [tuple(int(v) for v in next(lines).split()) for _ in range(int(rest[0]))]
        elif key == "bounds":
            c["bounds"] = [int(v) for v in rest]
        else:
            c[key] = float(rest[0])
    return c


def bias_sq(x, bounds, queries):
    """||W E t - W x||^2: the answers of the partition's flattened data (bucket totals spread evenly) minus the true."""
    flat = np.empty(x.size)
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        flat[lo:hi] = x[lo:hi].sum() / (hi - lo)
    pf, px = np.concatenate([[0], np.cumsum(flat)]), np.concatenate([[0], np.cumsum(x)])
    q = np.array(queries)
    d = (pf[q[:, 1]] - pf[q[:, 0]]) - (px[q[:, 1]] - px[q[:, 0]])
    return float(d @ d)


def mean_ci(v):
    v = np.asarray(v, dtype=float)
    h = student_t.ppf(0.975, v.size - 1) * v.std(ddof=1) / math.sqrt(v.size)
    return v.mean(), v.mean() - h, v.mean() + h


def fmt_ci(t, digits=4):
    return "%.*g [%.*g, %.*g]" % (digits, t[0], digits, t[1], digits, t[2])


def ratio_ci(m1, s1, n1, m2, s2, n2):
    """m1 / m2 with a 95% interval (delta method on independent means; Welch's degrees of freedom)."""
    r = m1 / m2
    a, b = (s1 / m1) ** 2 / n1, (s2 / m2) ** 2 / n2
    df = (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))
    h = student_t.ppf(0.975, df) * r * math.sqrt(a + b)
    return r, r - h, r + h


# --- the cases: ektelo's partitions and workloads of its cross-check trials -----------------------
x = np.loadtxt(os.path.join(SAMPLES, "hepth_100000.txt"))
N = float(x.sum())
NM = N * M
ours = {}
pat = re.compile(r"(hepth_100000_eps0\.1_s(\d+))\.txt\.gz: (\d+) buckets; DPBench (\S+), ours (\S+) \((\S+)x, base (\S+), "
                 r"exponent (\S+)\)")
failed = []
for line in open(TESTLOG):
    m = pat.search(line)
    if m:
        ours[int(m.group(2))] = (int(m.group(3)), float(m.group(5)), m.group(7), m.group(8))
    if "ERROR:" in line:
        failed.append(line.strip())
rows = []
for name in sorted(os.listdir(CASES)):
    m = re.match(r"hepth_100000_eps0\.1_s(\d+)\.txt\.gz$", name)
    if not m:
        continue
    s = int(m.group(1))
    c = read_case(os.path.join(CASES, name))
    if s not in ours:
        sys.exit("no dplab strategy error for seed %d in %s" % (s, TESTLOG))
    nb, s_dp, base, expo = ours[s]
    assert nb == len(c["bounds"]) - 1 and len(c["queries"]) == M
    b2 = bias_sq(x, c["bounds"], c["queries"])
    rows.append(dict(seed=s, buckets=nb, s_ek=c["dpbench_objective"], s_dp=s_dp, base=base, expo=expo, b2=b2,
                     err=c["ektelo_trial_error"], err_ls=c["ektelo_trial_error_exact_ls"]))
if not rows:
    sys.exit("no hepth-1e5 cases in " + CASES)
K = len(rows)
col = lambda k: np.array([r[k] for r in rows], dtype=float)  # noqa: E731
b2, s_ek, s_dp, err_ek = col("b2"), col("s_ek"), col("s_dp"), col("err")
v_ek, v_dp = 2 * s_ek / EPS2 ** 2, 2 * s_dp / EPS2 ** 2
pred_ek, pred_dp = np.sqrt(b2 + v_ek) / NM, np.sqrt(b2 + v_dp) / NM


def predicted(idx):
    return (pred_ek[idx].mean() / pred_dp[idx].mean(),
            math.sqrt((b2[idx] + v_ek[idx]).mean() / (b2[idx] + v_dp[idx]).mean()),
            math.sqrt(v_ek[idx].mean() / v_dp[idx].mean()))


rng = np.random.RandomState(20261126)
boot = np.array([predicted(rng.randint(0, K, K)) for _ in range(10000)])
pr = predicted(np.arange(K))
pr_ci = [(pr[j], np.percentile(boot[:, j], 2.5), np.percentile(boot[:, j], 97.5)) for j in range(3)]

# --- dplab's own DAWA runs on the sample -------------------------------------------------------------
dp = {}
for path in DPLAB_CSVS:
    per = {}
    for r in csv.DictReader(open(path)):
        per.setdefault(r["metric"], {})[int(r["trial"])] = float(r["value"])
    for k, v in per.items():
        dp.setdefault(k, []).extend(v[t] for t in sorted(v))
dp_err, dp_nb, dp_s = (np.array(dp[k]) for k in ("scaled_l2_error_per_query", "buckets", "strategy_error"))

# --- the original run's numbers (results/summary/dpbench/ektelo_1d.md) --------------------------------
orig = None
if "--xcheck" in opts:
    cells = []
    for line in open(opts["--xcheck"]):
        if line.startswith("| dawa | hepth_100000 |"):
            f = [p.strip() for p in line.split("|")]
            cells.append([tuple(float(v) for v in re.findall(r"[-0-9.e+]+", f[i])) for i in (3, 4)])
    # rows: dplab seed 5 | seed 6 against ektelo 1000-1029, then seed 5 | seed 6 against ektelo 3000-3029
    def mean_sd(t):  # (mean, lo, hi, trials) -> mean, sd, trials
        n = int(t[3])
        return t[0], (t[2] - t[1]) / 2 / student_t.ppf(0.975, n - 1) * math.sqrt(n), n
    d5, d6 = mean_sd(cells[0][0]), mean_sd(cells[1][0])
    e1000, e3000 = mean_sd(cells[0][1]), mean_sd(cells[2][1])
    n = d5[2] + d6[2]
    mu = (d5[0] * d5[2] + d6[0] * d6[2]) / n
    ss = sum((k - 1) * s * s + k * (m - mu) ** 2 for m, s, k in (d5, d6))
    orig = dict(d5=d5, d6=d6, e1000=e1000, e3000=e3000, dplab=(mu, math.sqrt(ss / (n - 1)), n))

# --- the markdown --------------------------------------------------------------------------------
out = []
w = out.append
if "--header" in opts:
    w(open(opts["--header"]).read().rstrip() + "\n")


def seed_ranges(v):
    v, parts, i = sorted(v), [], 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[j + 1] == v[j] + 1:
            j += 1
        parts.append("%d-%d" % (v[i], v[j]) if j > i else "%d" % v[i])
        i = j + 1
    return ", ".join(parts)


def rms(v):
    return math.sqrt(float(np.mean(np.square(v))))


seeds = col("seed").astype(int)
w("## Stage 2 on ektelo's own trials\n")
w("%d cases, seeds %s: case s is ektelo's DAWA trial s of the cross-check on hepth_100000 (its partition, "
  "pmapper.Dawa at eps %g, ratio %g, exact L1 partition, DPBench's noise, RandomState(s); its workload, 2,000 "
  "RandomRange with seed 77777 + s), and the fixture finishes the trial with ektelo's stage 2 on the same prng. "
  "S is the strategy error trace(W_bar (A^T A)^+ W_bar^T) Delta_A^2: DPBench's (ektelo's greedyH, computed "
  "exactly by the fixture) and dplab's (`greedy_h`, best of 15 candidates, on the same bucket workload; "
  "tests/test_greedy_h.cpp). ||b||^2 is the stage-1 bias ||W E t - W x||^2; the noise variance is "
  "2 S / eps2^2, eps2 = %g.\n" % (K, seed_ranges(seeds), EPS, RATIO, EPS2))
w("| seed | buckets | S DPBench | S dplab | dplab / DPBench | dplab's (base, exponent) | bias share | "
  "ektelo trial error | predicted rms, ektelo | predicted rms, dplab's stage 2 |")
w("|---|---|---|---|---|---|---|---|---|---|")
for r, pe, pd, bb, ve in zip(rows, pred_ek, pred_dp, b2, v_ek):
    w("| %d | %d | %.6g | %.6g | %.4f | (%s, %s) | %.3f | %.4g | %.4g | %.4g |" % (
        r["seed"], r["buckets"], r["s_ek"], r["s_dp"], r["s_dp"] / r["s_ek"], r["base"], r["expo"],
        bb / (bb + ve), r["err"], pe, pd))
w("")
w("bias share = ||b||^2 / (||b||^2 + 2 S_DPBench / eps2^2), the share of stage 1 in ektelo's expected squared "
  "error. predicted rms = sqrt(||b||^2 + 2 S / eps2^2) / (N m).\n")

ratio_case = s_dp / s_ek
w("## Summary\n")
w("| quantity | value |")
w("|---|---|")
w("| buckets, ektelo's partitions (%d cases) | %s |" % (K, fmt_ci(mean_ci(col("buckets")))))
w("| buckets, dplab's DAWA runs (%d trials) | %s |" % (dp_nb.size, fmt_ci(mean_ci(dp_nb))))
w("| S, DPBench's greedyH on ektelo's partitions | %s |" % fmt_ci(mean_ci(s_ek)))
w("| S, dplab's greedyH on ektelo's partitions | %s |" % fmt_ci(mean_ci(s_dp)))
w("| S, dplab's greedyH on dplab's partitions (its runs) | %s |" % fmt_ci(mean_ci(dp_s)))
w("| S dplab / S DPBench, per case: mean [95%%], min-max | %s, %.4f-%.4f |" % (
    fmt_ci(mean_ci(ratio_case)), ratio_case.min(), ratio_case.max()))
w("| dplab's greedyH at least as good as DPBench's (test) | %d of %d cases%s |" % (
    int((s_dp <= s_ek * (1 + 1e-9)).sum()), K, "; test failures: " + "; ".join(failed) if failed else ""))
w("| stage-1 bias ||b||^2 / (N m)^2 | %s |" % fmt_ci(mean_ci(b2 / NM ** 2), 4))
w("| stage-2 noise 2 S / eps2^2 / (N m)^2, DPBench's S | %s |" % fmt_ci(mean_ci(v_ek / NM ** 2), 4))
w("| stage-2 noise 2 S / eps2^2 / (N m)^2, dplab's S | %s |" % fmt_ci(mean_ci(v_dp / NM ** 2), 4))
share = b2.mean() / (b2.mean() + v_ek.mean())
w("| bias share of ektelo's expected squared error (pooled) | %.3f |" % share)
obs_sq = (err_ek * NM) ** 2
w("| check: ektelo's trials, mean (N m err)^2 / mean(||b||^2 + 2 S / eps2^2) | %s |" % fmt_ci(
    tuple(v / (b2 + v_ek).mean() for v in mean_ci(obs_sq))))
w("| check: ektelo's trials with exact least squares / with its lsmr, max abs(rel. difference) | %.2g |" % float(
    np.max(np.abs(col("err_ls") / err_ek - 1))))
w("")

w("## Prediction against the measurement\n")
w("Predicted ektelo / dplab if stage 2's strategy error were the only difference (the same %d cases with "
  "each side's S; bootstrap 95%% over the cases, 10,000 resamples):\n" % K)
w("| prediction | ektelo / dplab |")
w("|---|---|")
w("| mean of sqrt(||b||^2 + 2 S / eps2^2) (the measure's mean) | %s |" % fmt_ci(pr_ci[0]))
w("| root mean square | %s |" % fmt_ci(pr_ci[1]))
w("| noise alone (no bias: the most stage 2 can give) | %s |" % fmt_ci(pr_ci[2]))
w("")
w("Measured (mean scaled L2 error per query; 95% interval of the ratio by the delta method, Welch's degrees of "
  "freedom):\n")
w("| measurement | ektelo | dplab | ektelo / dplab |")
w("|---|---|---|---|")
ek_all = mean_ci(err_ek)
ek_sd = err_ek.std(ddof=1)
if orig:
    for label, sel, ref in (("1000-1029", (seeds >= 1000) & (seeds < 1030), orig["e1000"]),
                            ("3000-3029", (seeds >= 3000) & (seeds < 3030), orig["e3000"])):
        if sel.sum():
            w("| ektelo's seeds %s reproduced here (%d) / the cross-check's mean | %.4g / %.4g | | |" % (
                label, int(sel.sum()), err_ek[sel].mean(), ref[0]))
    mu, sd, n = orig["dplab"]
    w("| the cross-check (ektelo's %d trials reproduced; dplab's %d: seeds 5 and 6, means and CIs read from "
      "ektelo_1d.md) | %s | %.4g (sd %.3g) | %s |" % (K, n, fmt_ci(ek_all), mu, sd,
                                                     fmt_ci(ratio_ci(ek_all[0], ek_sd, K, mu, sd, n), 4)))
dpm = mean_ci(dp_err)
w("| dplab's DAWA rerun here (%d trials, other draws) against the same ektelo trials | %s | %s | %s |" % (
    dp_err.size, fmt_ci(ek_all), fmt_ci(dpm),
    fmt_ci(ratio_ci(ek_all[0], ek_sd, K, dpm[0], dp_err.std(ddof=1), dp_err.size), 4)))
if orig:
    mu, sd, n = orig["dplab"]
    a_, b_ = sd * sd / n, dp_err.var(ddof=1) / dp_err.size
    df = (a_ + b_) ** 2 / (a_ * a_ / (n - 1) + b_ * b_ / (dp_err.size - 1))
    w("| dplab against dplab: the cross-check's mean / this rerun's | | %.4g / %.4g | %.3f (difference %.3g, %.1f "
      "standard errors; Welch 95%% half-width %.3g) |" % (mu, dpm[0], mu / dpm[0], mu - dpm[0],
                                                        (mu - dpm[0]) / math.sqrt(a_ + b_),
                                                        student_t.ppf(0.975, df) * math.sqrt(a_ + b_)))
w("")
w("Absolute levels (root mean square of the scaled error): ektelo measured %.4g, predicted %.4g "
  "(sqrt(mean ||b||^2 + mean 2 S_DPBench / eps2^2) / (N m)); dplab measured %.4g (its runs), predicted %.4g "
  "(the same bias, dplab's S from its runs).\n" % (
      rms(err_ek), math.sqrt(b2.mean() + v_ek.mean()) / NM, rms(dp_err),
      math.sqrt(b2.mean() + (2 * dp_s / EPS2 ** 2).mean()) / NM))
if orig:
    r_obs = ratio_ci(ek_all[0], ek_sd, K, *orig["dplab"])
    inside = r_obs[1] <= pr_ci[0][0] <= r_obs[2]
    w("The predicted ratio %.3f %s the cross-check's interval [%.3f, %.3f] (measured %.3f): stage 2 accounts for "
      "%.0f%% of the measured excess on the log scale (ln %.3f / ln %.3f). Stage 2's noise alone, with no bias at "
      "all, would give at most %.3f [%.3f, %.3f]; for the measured %.3f the noise-only bound needs dplab's strategy "
      "error at %.3f of DPBench's (measured %.4f)." % (
          pr_ci[0][0], "lies inside" if inside else "lies outside", r_obs[1], r_obs[2], r_obs[0],
          100 * math.log(pr_ci[0][0]) / math.log(r_obs[0]), pr_ci[0][0], r_obs[0],
          pr_ci[2][0], pr_ci[2][1], pr_ci[2][2], r_obs[0], 1 / r_obs[0] ** 2, s_dp.mean() / s_ek.mean()))
print("\n".join(out))
