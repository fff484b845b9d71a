#!/usr/bin/env python3
"""Render the figure or table of one dplab result file.

Reads only the HDF5 file (and the paper's numbers from results/reference/<paper>/<name>.csv,
falling back to the copy embedded in the file). The spec's `plot:` section, stored in the file
as JSON, says what to draw:

  kind: line | bar | table
  x: <column> | index        line: x axis; `index` is the position in a vector metric
                             bar: the column whose values (categories) group the bars
  y: <metric>                the metric drawn
  stat: mean | sd            draw the mean over trials (95% band) or the standard deviation
  series: <column>           one line per value (default: algorithm when there are several)
  panels: <column> | [{title: ..., where: {<column>: [values]}}]
  labels: {value: "legend label as printed in the paper"}
  xlabel, ylabel, title, logx, logy, band (ci95 | sd | none), legend (matplotlib loc; bar: or outside)
  xticklabels: [..]          x: index: labels of the vector's positions
  panel_cols: <n>            panels per row (default: all in one row)
  baseline: {<column>: <value>}   draw the reduction 1 - y / y_baseline, trial by trial, against
                             the point that differs only in these columns (e.g. an algorithm)
  y: wall_time               the algorithm's wall time per trial (seconds)
  y_index: <i>               line with x a column: draw element i (1-based) of a vector metric
  x: dataset                 line: dataset labels ending in a number ("MSNBC 200000") give x
  rows, columns, metric(s), format    table: one row per value of `rows`, one column per value
                                      of `columns` (or per metric), cells "ours (paper)"
"""
import argparse
import csv
import io
import json
import math
import re
import os
import sys

import h5py
import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
HOME = os.environ.get("DPLAB_HOME", os.path.dirname(HERE))


def t_quantile_975(dof):
    """Two-sided 95% Student t quantile (exact for small dof, Cornish-Fisher beyond)."""
    table = {1: 12.706205, 2: 4.302653, 3: 3.182446, 4: 2.776445, 5: 2.570582, 6: 2.446912,
             7: 2.364624, 8: 2.306004, 9: 2.262157, 10: 2.228139}
    if dof in table:
        return table[dof]
    z = 1.959964
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / dof + g2 / dof ** 2 + g3 / dof ** 3


class Result:
    def __init__(self, path):
        self.path = path
        with h5py.File(path, "r") as f:
            attr = lambda k: f.attrs[k].decode() if isinstance(f.attrs[k], bytes) else f.attrs[k]
            self.meta = {k: attr(k) for k in f.attrs.keys()}
            self.plot = json.loads(self.meta.get("plot_json") or "{}")
            pts = f["points"]
            self.axes = json.loads(attr_str(pts.attrs["axes"]))
            self.columns = {}
            for name, ds in pts.items():
                data = ds[()]
                if data.dtype.kind in ("O", "S"):
                    self.columns[name] = [v.decode() if isinstance(v, bytes) else str(v) for v in data]
                else:
                    self.columns[name] = [fmt_num(v) for v in data]
            self.done = f["trials/done"][()].astype(bool)
            self.metrics = {name: ds[()] for name, ds in f["metrics"].items()}
            if "wall_time" not in self.metrics:
                self.metrics["wall_time"] = f["trials/wall_time"][()]
        self.npoints = self.done.shape[0]
        self.reference = load_reference(self)

    def value(self, column, p):
        return self.columns[column][p]

    def baseline_point(self, p, baseline):
        """The point with the same coordinates as p except the baseline's columns."""
        for q in range(self.npoints):
            if all(same(self.value(c, q), str(v)) for c, v in baseline.items()) and all(
                    same(self.value(c, q), self.value(c, p)) for c in self.axes if c not in baseline):
                return q
        sys.exit(f"dplab plot: {self.path}: no baseline point {baseline} for point {p}")

    def summary(self, metric, p, stat="mean", baseline=None):
        """Per point: arrays (mean, low, high, n) over done trials; vectors give one per index.
        With a baseline, the per-trial reduction 1 - y / y_baseline (trials pair up: they share
        the trial's public inputs)."""
        done = self.done[p]
        data = self.metrics[metric][p]
        if baseline:
            q = self.baseline_point(p, baseline)
            done = done & self.done[q]
            with np.errstate(invalid="ignore", divide="ignore"):
                data = 1.0 - data / self.metrics[metric][q]
        data = data[done]
        if data.ndim == 1:
            data = data[:, None]
        n = np.sum(~np.isnan(data), axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.nanmean(data, axis=0) if data.size else np.array([])
            sd = np.nanstd(data, axis=0, ddof=1) if data.shape[0] > 1 else np.full(data.shape[1], np.nan)
        if stat == "sd":
            return sd, sd, sd, n
        half = np.array([t_quantile_975(int(k) - 1) * s / math.sqrt(k) if k > 1 else np.nan
                         for k, s in zip(n, sd)])
        return mean, mean - half, mean + half, n


def attr_str(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def fmt_num(v):
    v = float(v)
    if math.isnan(v):
        return ""
    return str(int(v)) if v == int(v) and abs(v) < 1e15 else repr(v)


def same(a, b):
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


def load_reference(res):
    paper, name = res.meta.get("paper", ""), res.meta.get("name", "")
    path = os.path.join(HOME, "results", "reference", paper, name + ".csv")
    text = open(path).read() if os.path.exists(path) else res.meta.get("reference_csv", "")
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def reference_value(res, p, metric, index=None):
    for row in res.reference:
        if row.get("metric") != metric:
            continue
        if "index" in row and row["index"] != "" and (index is None or not same(row["index"], str(index))):
            continue
        ok = True
        for k, v in row.items():
            if k in ("metric", "value", "index", "note") or v == "" or v is None:
                continue
            if k not in res.columns or not same(res.columns[k][p], v):
                ok = False
                break
        if ok and row.get("value", "") != "":
            return float(row["value"])
    return None


def x_number(v):
    """A numeric x value: the value itself, or the number a label ends with ("STM 800000")."""
    try:
        return float(v)
    except ValueError:
        m = re.search(r"(-?[0-9.]+(?:e[-+]?[0-9]+)?)\s*$", v)
        if not m:
            sys.exit(f"dplab plot: x value {v!r} is not a number and does not end with one")
        return float(m.group(1))


def label_of(opts, value):
    labels = opts.get("labels", {})
    return str(labels.get(value, labels.get(str(value), value)))


def panel_groups(res, opts):
    panels = opts.get("panels")
    everything = list(range(res.npoints))
    if not panels:
        return [(opts.get("title", ""), everything)]
    if isinstance(panels, str):
        values = []
        for p in everything:
            if res.value(panels, p) not in values:
                values.append(res.value(panels, p))
        return [(label_of(opts, v), [p for p in everything if res.value(panels, p) == v]) for v in values]
    groups = []
    for panel in panels:
        where = panel.get("where", {})
        sel = [p for p in everything
               if all(any(same(res.value(c, p), str(v)) for v in (vals if isinstance(vals, list) else [vals]))
                      for c, vals in where.items())]
        groups.append((panel.get("title", ""), sel))
    return groups


def trials_done(res):
    return int(res.done.sum(axis=1).max()) if res.npoints else 0


def finish(fig, res, opts, note, out_base, formats):
    """The figure's super-title, its provenance line (paper, figure, what "ours" is, code
    version) and the files."""
    if opts.get("suptitle"):
        fig.suptitle(opts["suptitle"])
    fig.text(0.01, 0.005, f"{res.meta.get('paper')} {res.meta.get('id')} | {note} | dplab {res.meta.get('code_version')}",
             fontsize=6, color="gray")
    fig.tight_layout(rect=(0, 0.02, 1, 1))
    return save(fig, out_base, formats)


def panel_axes(res, opts, size):
    """The figure and its (axes, (title, points)) panels, `panel_cols` per row. With a baseline,
    the baseline's own points are left out (they are the denominator, not a line)."""
    groups = panel_groups(res, opts)
    ncols = min(len(groups), int(opts.get("panel_cols", len(groups))))
    nrows = (len(groups) + ncols - 1) // ncols
    fig, axs = plt.subplots(nrows, ncols, figsize=(size[0] * ncols, size[1] * nrows), squeeze=False)
    for ax in axs.flat[len(groups):]:
        ax.set_visible(False)
    baseline = opts.get("baseline")
    if baseline:
        is_base = lambda p: all(same(res.value(c, p), str(v)) for c, v in baseline.items())
        groups = [(title, [p for p in sel if not is_base(p)]) for title, sel in groups]
    return fig, list(zip(axs.flat, groups))


def draw_lines(res, opts, out_base, formats):
    y = opts["y"]
    x = opts.get("x", "index")
    stat = opts.get("stat", "mean")
    series = opts.get("series") or ("algorithm" if "algorithm" in res.axes else None)
    band = opts.get("band", "ci95")
    baseline = opts.get("baseline")
    fig, panels = panel_axes(res, opts, (5.2, 4.0))
    for ax, (title, sel) in panels:
        lines = {}
        for p in sel:
            key = res.value(series, p) if series else ""
            lines.setdefault(key, []).append(p)
        for key, pts in lines.items():
            label = label_of(opts, key) if series else opts.get("label", y)
            if x == "index":
                (p,) = pts[:1]
                mean, lo, hi, _ = res.summary(y, p, stat, baseline)
                xs = np.arange(1, len(mean) + 1)
                refs = [reference_value(res, p, y, i) for i in xs]
            else:
                pts = sorted(pts, key=lambda q: x_number(res.value(x, q)) if res.value(x, q) else 0)
                xs = np.array([x_number(res.value(x, q)) for q in pts])
                stats = [res.summary(y, q, stat, baseline) for q in pts]
                k = int(opts.get("y_index", 1)) - 1
                mean = np.array([s[0][k] for s in stats])
                lo = np.array([s[1][k] for s in stats])
                hi = np.array([s[2][k] for s in stats])
                refs = [reference_value(res, q, y, k + 1 if "y_index" in opts else None) for q in pts]
            style = opts.get("styles", {}).get(str(key), {})
            (line,) = ax.plot(xs, mean, marker=style.get("marker", "o" if len(xs) <= 20 else None),
                              markersize=4, linestyle=style.get("linestyle", "-"), label=label)
            if band != "none" and stat == "mean" and np.any(np.isfinite(lo)):
                ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
            if any(r is not None for r in refs):
                rx = [a for a, r in zip(xs, refs) if r is not None]
                ry = [r for r in refs if r is not None]
                ax.plot(rx, ry, linestyle=":", marker="x", color=line.get_color(), label=label + " (paper)")
        ax.set_title(title)
        ax.set_xlabel(opts.get("xlabel", "i" if x == "index" else x))
        ax.set_ylabel(opts.get("ylabel", (("sd of " if stat == "sd" else "") + y)))
        if opts.get("logy"):
            ax.set_yscale("log")
        if opts.get("logx"):
            ax.set_xscale("log")
        if x == "index" and "xticklabels" in opts:
            ax.set_xticks(np.arange(1, len(opts["xticklabels"]) + 1))
            ax.set_xticklabels([str(t) for t in opts["xticklabels"]])
        if "ylim" in opts:
            ax.set_ylim(*opts["ylim"])
        ax.grid(True, alpha=0.3)
        ax.legend(loc=opts.get("legend", "best"), fontsize=8)
    trials = trials_done(res)
    if trials <= 1:
        note = "ours: one trial"
    elif stat == "sd":
        note = f"ours: standard deviation over {trials} trials"
    else:
        note = f"ours: mean over {trials} trials" + (" with 95% CI band" if band != "none" else "")
    return finish(fig, res, opts, note, out_base, formats)


def draw_bars(res, opts, out_base, formats):
    """Grouped bars: one group per value of x (categorical, in spec order), one bar per series,
    the mean over trials with its 95% interval as an error bar."""
    y, x = opts["y"], opts["x"]
    series = opts.get("series") or ("algorithm" if "algorithm" in res.axes else None)
    baseline = opts.get("baseline")
    fig, panels = panel_axes(res, opts, (6.0, 4.2))
    for ax, (title, sel) in panels:
        xs, keys = [], []
        for p in sel:
            if res.value(x, p) not in xs:
                xs.append(res.value(x, p))
            k = res.value(series, p) if series else ""
            if k not in keys:
                keys.append(k)
        width = 0.8 / max(1, len(keys))
        for j, k in enumerate(keys):
            mean, err = [], []
            for xv in xs:
                pts = [p for p in sel if res.value(x, p) == xv and (not series or res.value(series, p) == k)]
                if not pts:
                    mean.append(np.nan); err.append(0)
                    continue
                m, lo, hi, _ = res.summary(y, pts[0], "mean", baseline)
                mean.append(m[0]); err.append(0 if not np.isfinite(hi[0]) else hi[0] - m[0])
            pos = np.arange(len(xs)) - 0.4 + width * (j + 0.5)
            ax.bar(pos, mean, width, yerr=err, capsize=2, label=label_of(opts, k) if series else y)
        ax.set_xticks(np.arange(len(xs)))
        rotation = opts.get("xrotation", 0)
        ax.set_xticklabels([label_of(opts, v) for v in xs], rotation=rotation, ha="right" if rotation else "center")
        ax.set_title(title)
        ax.set_xlabel(opts.get("xlabel", x))
        ax.set_ylabel(opts.get("ylabel", y))
        if opts.get("logy"):
            ax.set_yscale("log")
        ax.grid(True, axis="y", alpha=0.3)
        if opts.get("legend") == "outside":
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
        else:
            ax.legend(loc=opts.get("legend", "best"), fontsize=7)
    note = f"ours: mean over {trials_done(res)} trials, 95% CI bars"
    return finish(fig, res, opts, note, out_base, formats)


def draw_table(res, opts, out_base, formats):
    rows_col = opts.get("rows")
    cols_col = opts.get("columns")
    metrics = opts.get("metrics") or [opts.get("metric")]
    fmt = opts.get("format", "{:.4g}")
    row_values, col_keys = [], []
    for p in range(res.npoints):
        rv = res.value(rows_col, p)
        if rv not in row_values:
            row_values.append(rv)
        if cols_col:
            for m in metrics:
                ck = (res.value(cols_col, p), m)
                if ck not in col_keys:
                    col_keys.append(ck)
    if not cols_col:
        col_keys = [(None, m) for m in metrics]
    cells, text_rows = [], []
    for rv in row_values:
        row = []
        for cv, m in col_keys:
            pts = [p for p in range(res.npoints) if res.value(rows_col, p) == rv
                   and (cv is None or res.value(cols_col, p) == cv)]
            if not pts:
                row.append("")
                continue
            p = pts[0]
            mean, lo, hi, n = res.summary(m, p)
            ours = fmt.format(mean[0])
            if n[0] > 1 and np.isfinite(hi[0]) and hi[0] > lo[0]:
                ours += " ±" + fmt.format((hi[0] - lo[0]) / 2)
            ref = reference_value(res, p, m)
            row.append(ours + ("\n(paper " + fmt.format(ref) + ")" if ref is not None else ""))
        cells.append(row)
        text_rows.append([label_of(opts, rv)] + [c.replace("\n", " ") for c in row])
    header = [label_of(opts, rows_col)] + [
        (f"{cols_col}={cv}" + (f" {m}" if len(metrics) > 1 else "")) if cv is not None else m
        for cv, m in col_keys]
    # Markdown on stdout, for READMEs and terminals.
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in text_rows:
        print("| " + " | ".join(r) + " |")
    fig_h = 0.9 + 0.45 * len(row_values)
    fig, ax = plt.subplots(figsize=(min(2.2 + 2.3 * len(col_keys), 16), fig_h))
    ax.axis("off")
    table = ax.table(cellText=[[label_of(opts, rv)] + row for rv, row in zip(row_values, cells)],
                     colLabels=header, loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(7)
    table.scale(1, 2.1)
    ax.set_title(opts.get("title", f"{res.meta.get('paper')} {res.meta.get('id')}"), fontsize=9)
    trials = trials_done(res)
    ours = "ours: one trial (deterministic)" if trials <= 1 else f"ours: mean ± 95% CI half-width over {trials} trials"
    fig.text(0.01, 0.01, f"{ours}; (paper) as published | dplab {res.meta.get('code_version')}",
             fontsize=6, color="gray")
    return save(fig, out_base, formats)


def save(fig, out_base, formats):
    written = []
    for fmt in formats:
        path = f"{out_base}.{fmt}"
        fig.savefig(path, dpi=150, bbox_inches="tight")
        written.append(path)
    plt.close(fig)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("result")
    ap.add_argument("--format", default="png,pdf")
    ap.add_argument("--out-dir", default="")
    args = ap.parse_args()
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("png", "pdf", "svg")]
    if bad:
        sys.exit(f"dplab plot: unknown format {bad[0]!r} (allowed: png, pdf, svg)")
    res = Result(args.result)
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.result))
    os.makedirs(out_dir, exist_ok=True)
    default_name = res.meta.get("name") or os.path.splitext(os.path.basename(args.result))[0]
    # One figure, or several from the same result (a list, each with its own file name).
    for opts in (res.plot if isinstance(res.plot, list) else [res.plot]):
        out_base = os.path.join(out_dir, opts.get("name", default_name))
        kind = opts.get("kind", "line")
        if kind == "table":
            written = draw_table(res, opts, out_base, formats)
        elif kind in ("line", "bar"):
            if "y" not in opts:
                sys.exit(f"dplab plot: {args.result}: the spec's plot section needs 'y' (the metric to draw)")
            if kind == "bar" and "x" not in opts:
                sys.exit(f"dplab plot: {args.result}: a bar plot needs 'x' (the column of its groups)")
            written = (draw_bars if kind == "bar" else draw_lines)(res, opts, out_base, formats)
        else:
            sys.exit(f"dplab plot: unknown plot kind {kind!r} (allowed: line, bar, table)")
        for w in written:
            print("wrote", w)


if __name__ == "__main__":
    main()
