"""A table: one row per value of `rows`, one column per value of `columns` (or per metric),
cells "ours ±CI (paper value)"; also printed as Markdown on stdout. `where: {column: value or
[values]}` keeps only the matching points (one table of several in a result). A cell of a point
that is not eps-DP as run carries a dagger, and a footnote names the finding."""
import textwrap

import matplotlib.pyplot as plt
import numpy as np

from dplab_plot.common import (add_footnote, label_of, mark_series, privacy_footnote, provenance, save, trials_done,
                               trials_text)
from dplab_plot.result import same

REQUIRED = ["rows"]


def draw(res, opts, out_base, formats):
    rows_col = opts.get("rows")
    cols_col = opts.get("columns")
    metrics = opts.get("metrics") or [opts.get("metric")]
    fmt = opts.get("format", "{:.4g}")
    where = opts.get("where", {})
    points = [p for p in range(res.npoints)
              if all(any(same(res.value(c, p), str(v)) for v in (vals if isinstance(vals, list) else [vals]))
                     for c, vals in where.items())]
    row_values, col_keys = [], []
    for p in points:
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
            pts = [p for p in points if res.value(rows_col, p) == rv
                   and (cv is None or res.value(cols_col, p) == cv)]
            if not pts:
                row.append("")
                continue
            p = pts[0]
            mean, lo, hi, n = res.summary(m, p)
            if len(mean) == 0:
                row.append("")
                continue
            ours = fmt.format(mean[0])
            if n[0] > 1 and np.isfinite(hi[0]) and hi[0] > lo[0]:
                ours += " ±" + fmt.format((hi[0] - lo[0]) / 2)
            ours, _ = mark_series(res, ours, [p])
            ref = res.paper(m, p)
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
    if res.marked:
        print("\n" + privacy_footnote(res))
    fig_h = 0.9 + 0.45 * len(row_values)
    fig, ax = plt.subplots(figsize=(min(2.2 + 2.3 * len(col_keys), 16), fig_h))
    ax.axis("off")
    # In the picture each header cell puts the column's value and its metric on lines of their own
    # (8 columns of "algorithm=ThisWork, value bound eps_mae" overlapped on one line).
    wrapped = [header[0]] + [
        (textwrap.fill(f"{cols_col}={cv}", 20) + (f"\n{m}" if len(metrics) > 1 else "")) if cv is not None else m
        for cv, m in col_keys]
    table = ax.table(cellText=[[label_of(opts, rv)] + row for rv, row in zip(row_values, cells)],
                     colLabels=wrapped, loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(7)
    table.scale(1, 2.1)
    ax.set_title(opts.get("title", f"{res.meta.get('paper')} {res.meta.get('id')}"), fontsize=9)
    trials = trials_done(res)
    ours = "ours: one trial (deterministic)" if trials <= 1 else f"ours: mean ± 95% CI half-width over {trials_text(res, points)}"
    fig.text(0.01, 0.01, provenance(res, f"{ours}; (paper) as published"), fontsize=6, color="gray")
    add_footnote(fig, res)
    return save(fig, out_base, formats)
