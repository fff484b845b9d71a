#!/usr/bin/env python3
"""Where a metric peaks along an axis, with the uncertainty of the peak's location (issue 32).

    scripts/peak_location.py RESULT.h5 [--metric f1] [--x N] [--by init,f1_definition]
                             [--series strategy] [--boot 2000] [--seed 1] [--near 4,5,6]

For every group (the --by columns) and series, the mean of the metric at each x, the x of the
largest mean (the peak), and a bootstrap of that argmax over trials: the trials of each x are
resampled with replacement, independently per x (each x is a run of its own), --boot times; the
table gives the 2.5% and 97.5% quantiles of the resampled argmax (its 95% interval) and the
share of resamples whose argmax lies in --near (the paper's "around N = 5"). The last column is
the set of x whose mean's 95% CI reaches the peak mean's CI (every x that could be the peak by
the usual overlap reading). Output: a Markdown table on stdout, from the result file alone.
Needs numpy and pandas (Debian: python3-pandas) and the dplab package (python/).
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import dplab  # noqa: E402


def peak_rows(df, x, by, series, boot, rng, near):
    rows = []
    for key, g in df.groupby(by + [series], sort=False):
        xs = sorted(g[x].unique())
        samples = [g[g[x] == v].value.to_numpy(dtype=float) for v in xs]
        means = np.array([s.mean() for s in samples])
        half = np.array([1.96 * s.std(ddof=1) / np.sqrt(len(s)) for s in samples])
        peak = int(np.argmax(means))
        # Bootstrap of the argmax: resample each x's trials, recompute the means, take the argmax.
        boot_means = np.empty((boot, len(xs)))
        for j, s in enumerate(samples):
            idx = rng.integers(0, len(s), size=(boot, len(s)))
            boot_means[:, j] = s[idx].mean(axis=1)
        arg = np.array(xs)[np.argmax(boot_means, axis=1)]
        lo, hi = np.quantile(arg, [0.025, 0.975], method="inverted_cdf")
        reach = [v for v, m, h in zip(xs, means, half) if m + h >= means[peak] - half[peak]]
        rows.append({
            **dict(zip(by + [series], key if isinstance(key, tuple) else (key,))),
            "peak": xs[peak], "peak mean": means[peak], "+-": half[peak],
            "argmax 95%": f"{lo}-{hi}", "P(near)": float(np.isin(arg, near).mean()),
            "within CI of peak": ",".join(str(v) for v in reach), "trials": min(len(s) for s in samples),
        })
    return rows


def summarise(rows, by, series, exclude):
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r[c] for c in by), []).append(r)
    out = []
    for key, rs in groups.items():
        kept = [r for r in rs if r[series] not in exclude]
        out.append({
            **dict(zip(by, key)),
            "peaks (" + ", ".join(str(r[series]) for r in rs) + ")": " ".join(str(r["peak"]) for r in rs),
            "peaks near": f"{sum(r['peak'] in NEAR for r in kept)} of {len(kept)}",
            "mean P(near)": float(np.mean([r["P(near)"] for r in kept])),
        })
    return out


NEAR = []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("result")
    ap.add_argument("--metric", default="f1")
    ap.add_argument("--x", default="N")
    ap.add_argument("--by", default="init,f1_definition")
    ap.add_argument("--series", default="strategy")
    ap.add_argument("--boot", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--near", default="4,5,6")
    ap.add_argument("--summary", action="store_true",
                    help="one row per group: each series' peak, and over the series not in --exclude how many "
                         "peak in --near and the mean share of resamples that do")
    ap.add_argument("--exclude", default="bisection", help="series left out of the summary's counts")
    a = ap.parse_args()
    df = dplab.load(a.result)
    df = df[df.metric == a.metric]
    by = [c for c in a.by.split(",") if c]
    near = [int(v) for v in a.near.split(",")]
    NEAR[:] = near
    rows = peak_rows(df, a.x, by, a.series, a.boot, np.random.default_rng(a.seed), near)
    if a.summary:
        rows = summarise(rows, by, a.series, set(a.exclude.split(",")))
    cols = list(rows[0].keys())
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in rows:
        print("| " + " | ".join(f"{r[c]:.3f}" if isinstance(r[c], float) else str(r[c]) for c in cols) + " |")


if __name__ == "__main__":
    main()
