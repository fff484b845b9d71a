#!/usr/bin/python3
"""DAWA in 2-D against ektelo, stage by stage (issue 33): prints the markdown of
results/summary/dpbench/dawa_2d_stage2.md from the files bench/dawa_2d_stage2.sh writes (numbers computed
here, none typed in).

Usage: dawa_2d_stage2.py CASES TESTLOG DPLAB_CSV [--header FILE]
  CASES      bench/dpbench_greedy_h_fixture.py ... dawa-2d: per sample and seed s, ektelo's DAWA trial s of the
             64 x 64 cross-check (its partition, workload, DPBench's strategy objective S, the partition's bias
             ||W E t - W x||^2 and the trial's error, reproduced)
  TESTLOG    dplab_tests -tc "ours is at least*" with DPLAB_GREEDY_H_MORE=CASES: dplab's greedyH strategy error S
             on each of ektelo's cases, as its ratio to DPBench's (the MESSAGE lines)
  DPLAB_CSV  `dplab export --per-trial` of dplab's baselines.dawa_2d (DPBench's partition noise) on the same
             samples, metrics scaled_l2_error_per_query, buckets, strategy_error, partition_bias_sq

The model (as bench/dawa_hepth_stage2.py's): DAWA's error vector is the partition's bias b = W E t - W x plus
zero-mean noise of total variance 2 S / eps2^2 (eps2 = 0.75 eps), so E[(N m err)^2] = ||b||^2 + 2 S / eps2^2,
N the records and m = 2,000 queries. Stage 1 is compared in law (bucket counts and ||b||^2 over each side's own
partitions); stage 2 on ektelo's very partitions and workloads (both greedyHs' S on the same case). The
prediction puts each case's S of both greedyHs into sqrt(||b||^2 + 2 S / eps2^2) and averages over the cases.
"""
import csv, gzip, math, os, re, sys

import numpy as np
from scipy.stats import t as student_t

EPS, RATIO, M = 0.1, 0.25, 2000
EPS2 = (1 - RATIO) * EPS

args = sys.argv[1:]
header = None
if "--header" in args:
    i = args.index("--header")
    header = args[i + 1]
    del args[i:i + 2]
if len(args) != 3:
    sys.exit(__doc__)
CASES, TESTLOG, DPLAB_CSV = args


def read_case(path):
    c = {}
    with gzip.open(path, "rt") as f:
        for line in f:
            key, *rest = line.split() or [""]
            if key == "bounds":
                c["buckets"] = len(rest) - 1
            elif key in ("dpbench_objective", "stage1_bias_sq", "ektelo_trial_error"):
                c[key] = float(rest[0])
    return c


def mean_ci(v):
    v = np.asarray(v, dtype=float)
    h = student_t.ppf(0.975, v.size - 1) * v.std(ddof=1) / math.sqrt(v.size)
    return v.mean(), v.mean() - h, v.mean() + h


def ratio_ci(a, b):
    """mean(a) / mean(b) with a 95% interval (delta method on independent means; Welch's degrees of freedom)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    r = a.mean() / b.mean()
    va, vb = a.var(ddof=1) / a.size / a.mean() ** 2, b.var(ddof=1) / b.size / b.mean() ** 2
    df = (va + vb) ** 2 / (va * va / (a.size - 1) + vb * vb / (b.size - 1))
    h = student_t.ppf(0.975, df) * r * math.sqrt(va + vb)
    return r, r - h, r + h


def fmt(t, digits=4):
    return "%.*g [%.*g, %.*g]" % (digits, t[0], digits, t[1], digits, t[2])


# dplab's greedyH on ektelo's cases.
ours = {}
pat = re.compile(r"(\w+_\d+)_eps0\.1_s(\d+)\.txt\.gz: (\d+) buckets; DPBench (\S+), ours (\S+) \((\S+)x")
failed = []
for line in open(TESTLOG):
    m = pat.search(line)
    if m:
        ours[(m.group(1), int(m.group(2)))] = float(m.group(6))  # dplab / DPBench, from the full values
    if "ERROR:" in line:
        failed.append(line.strip())

cases = {}
for name in sorted(os.listdir(CASES)):
    m = re.match(r"(\w+_\d+)_eps0\.1_s(\d+)\.txt\.gz$", name)
    if not m:
        continue
    c = read_case(os.path.join(CASES, name))
    key = (m.group(1), int(m.group(2)))
    if key not in ours:
        sys.exit("no dplab strategy error for %s in %s" % (name, TESTLOG))
    c["s_dp"] = ours[key] * c["dpbench_objective"]
    c["seed"] = key[1]
    cases.setdefault(m.group(1), []).append(c)
if not cases:
    sys.exit("no dawa-2d cases in " + CASES)

dp = {}
for r in csv.DictReader(open(DPLAB_CSV)):
    dp.setdefault(r["dataset"], {}).setdefault(r["metric"], []).append(float(r["value"]))

out = []
w = out.append
if header:
    w(open(header).read().rstrip() + "\n")


def order(sample):
    shape, scale = sample.rsplit("_", 1)
    return shape, int(scale)


samples = sorted(cases, key=order)
rows = []
for s in samples:
    cs, d = cases[s], dp.get(s)
    if d is None:
        sys.exit("no dplab trials of %s in %s" % (s, DPLAB_CSV))
    nm = order(s)[1] * M
    col = lambda k: np.array([c[k] for c in cs])  # noqa: E731
    b2, s_ek, s_dp, err_ek = col("stage1_bias_sq"), col("dpbench_objective"), col("s_dp"), col("ektelo_trial_error")
    pred = (np.sqrt(b2 + 2 * s_ek / EPS2 ** 2).mean() / np.sqrt(b2 + 2 * s_dp / EPS2 ** 2).mean())
    rows.append(dict(sample=s, K=len(cs), seeds=[c["seed"] for c in cs], T=len(d["scaled_l2_error_per_query"]), nb_ek=col("buckets"),
                     nb_dp=np.array(d["buckets"]), b2_ek=b2, b2_dp=np.array(d["partition_bias_sq"]),
                     s_ratio=s_dp / s_ek, s_ek=s_ek, s_dp_runs=np.array(d["strategy_error"]),
                     share=b2.mean() / (b2.mean() + (2 * s_ek / EPS2 ** 2).mean()), pred=pred,
                     err_ek=err_ek, err_dp=np.array(d["scaled_l2_error_per_query"]), nm=nm,
                     v_ek=2 * s_ek / EPS2 ** 2, v_dp=2 * np.array(d["strategy_error"]) / EPS2 ** 2))

w("## Stage 1: the partition, each side's own (in law)\n")
w("ektelo: its DAWA trials' partitions (pmapper.Dawa, dyadic, DPBench's noise; one per case). dplab: its "
  "baselines.dawa_2d runs (partition_noise: reference). ||b||^2 = ||W E t - W x||^2, the error of answering "
  "from the partition's exact bucket totals spread evenly; the ratio's 95% interval by the delta method.\n")
w("| sample | buckets, ektelo (cases) | buckets, dplab (trials) | ||b||^2 / (N m)^2, ektelo | ||b||^2 / (N m)^2, "
  "dplab | ektelo / dplab |")
w("|---|---|---|---|---|---|")
for r in rows:
    nm2 = r["nm"] ** 2
    w("| %s | %.1f (%d) | %.1f (%d) | %s | %s | %s |" % (
        r["sample"], r["nb_ek"].mean(), r["K"], r["nb_dp"].mean(), r["T"], fmt(mean_ci(r["b2_ek"] / nm2), 3),
        fmt(mean_ci(r["b2_dp"] / nm2), 3), fmt(ratio_ci(r["b2_ek"], r["b2_dp"]), 3)))
w("")
w("## Stage 2: greedyH on ektelo's own partitions and workloads\n")
w("S = trace(W_bar (A^T A)^+ W_bar^T) Delta_A^2 of each side's strategy on the same case: DPBench's (ektelo's "
  "greedyH, computed exactly by the fixture) and dplab's (`greedy_h`, the best of 15 candidates). bias share: "
  "||b||^2 / (||b||^2 + 2 S_DPBench / eps2^2), stage 1's part of ektelo's expected squared error.\n")
w("| sample | S dplab / S DPBench, mean (min-max) | bias share | S, dplab's own runs / ektelo's cases |")
w("|---|---|---|---|")
for r in rows:
    w("| %s | %.3f (%.3f-%.3f) | %.2f | %.3f |" % (r["sample"], r["s_ratio"].mean(), r["s_ratio"].min(),
                                                 r["s_ratio"].max(), r["share"], r["s_dp_runs"].mean() / r["s_ek"].mean()))
w("")
n_cases = sum(r["K"] for r in rows)
above = [(r["sample"], seed, ratio) for r in rows for seed, ratio in zip(r["seeds"], r["s_ratio"]) if ratio > 1 + 1e-9]
w("dplab's greedyH at least as good as DPBench's: %d of %d cases (the test's check, failed %d times)%s.\n" % (
    n_cases - len(above), n_cases, len(failed),
    "; above: " + ", ".join("%s seed %d at %.7fx" % a for a in above) if above else ""))
w("## The error: predicted from stage 2 against measured\n")
w("predicted: ektelo / dplab if stage 2's S were the only difference (mean over ektelo's cases of "
  "sqrt(||b||^2 + 2 S / eps2^2), each side's S). measured: mean scaled L2 error per query, ektelo's trials "
  "(reproduced by the fixture) against dplab's runs, 95% interval by the delta method.\n")
w("| sample | ektelo (trials) | dplab (trials) | predicted ektelo / dplab | measured ektelo / dplab | agree |")
w("|---|---|---|---|---|---|")
agree = 0
for r in rows:
    rc = ratio_ci(r["err_ek"], r["err_dp"])
    ok = rc[1] <= 1 <= rc[2]
    agree += ok
    w("| %s | %s (%d) | %s (%d) | %.3f | %s | %s |" % (
        r["sample"], fmt(mean_ci(r["err_ek"]), 4), r["K"], fmt(mean_ci(r["err_dp"]), 4), r["T"], r["pred"],
        fmt(rc, 3), "yes" if ok else "**no**"))
w("")
w("%d of %d samples agree (the ratio's interval contains 1).\n" % (agree, len(rows)))
w("## The model's check on either side\n")
w("Each trial's (N m err)^2 against its own ||b||^2 + 2 S / eps2^2 (both known per trial: ektelo's from the "
  "fixture, dplab's from its diagnostics): the ratio of the means, 95% interval by the delta method. 1 within "
  "the interval: the side's errors are what its partition and strategy predict.\n")
w("| sample | ektelo (trials) | dplab (trials) |")
w("|---|---|---|")
for r in rows:
    obs_ek, obs_dp = (r["err_ek"] * r["nm"]) ** 2, (r["err_dp"] * r["nm"]) ** 2
    w("| %s | %s (%d) | %s (%d) |" % (r["sample"], fmt(ratio_ci(obs_ek, r["b2_ek"] + r["v_ek"]), 3), r["K"],
                                       fmt(ratio_ci(obs_dp, r["b2_dp"] + r["v_dp"]), 3), r["T"]))
print("\n".join(out))
