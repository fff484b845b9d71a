"""Scatter: the points of one run coloured by a label, one panel per group of sweep points (e.g.
Fig 4 of wavecluster: each dataset's points coloured by their WaveCluster cluster, noise in red).

The algorithm stores what is drawn as three vector outputs of equal length in the result file:
x and y (the coordinates) and color (integer labels), e.g. wavecluster.wavecluster's point_x,
point_y and point_label for a public random sample of `display_points` points. This kind reads
those raw values of one trial from /metrics (they are data, not statistics: nothing is computed)
and draws them.

Options: x, y, color (vector metrics), noise (the label drawn in red as noise, default 0; none
for no noise class), trial (1-based, default the first trial done), markersize (default 2),
panels, panel_cols, title, suptitle, xlabel, ylabel, equal (equal axis scales, default false),
count (a scalar metric whose value the panel title appends, default "clusters" when the result
has it; otherwise the number of labels drawn). A panel of a point that is not eps-DP as run has a
dagger in its title, and a footnote names the finding.
"""
import numpy as np

from dplab_plot.common import finish, mark_series, panel_axes, trials_done
from dplab_plot.result import fail

REQUIRED = ["x", "y", "color"]

# Qualitative colours without red (red is noise, as in the paper's Fig 4), cycled by label.
PALETTE = ["#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf", "#8c564b", "#e377c2", "#bcbd22",
           "#7f7f7f", "#393b79", "#637939", "#8c6d31", "#7b4173", "#3182bd", "#31a354", "#756bb1"]
NOISE = "#d62728"


def draw(res, opts, out_base, formats):
    if res.npoints == 0 or not res.done.any():
        fail(f"{res.path}: no trial done, nothing to draw")
    if "trial" in opts:
        trial = int(opts["trial"]) - 1
        if not 0 <= trial < res.done.shape[1]:
            fail(f"{res.path}: trial {trial + 1} is outside 1..{res.done.shape[1]}")
    else:
        trial = int(np.argmax(res.done.any(axis=0)))
    noise = opts.get("noise", 0)
    v = {name: res.raw_vectors(name, trial) for name in (opts["x"], opts["y"], opts["color"])}
    fig, panels = panel_axes(res, opts, (5.0, 4.6))
    shown = 0
    for ax, (title, sel) in panels:
        clusters = set()
        for p in sel:
            if not res.done[p, trial]:
                continue
            x, y, c = v[opts["x"]][p], v[opts["y"]][p], v[opts["color"]][p]
            keep = np.isfinite(x) & np.isfinite(y) & np.isfinite(c)
            x, y, c = x[keep], y[keep], c[keep].astype(int)
            shown = max(shown, len(x))
            is_noise = c == noise if noise is not None else np.zeros(len(c), bool)
            colors = np.array([PALETTE[(int(k) - 1) % len(PALETTE)] for k in c], dtype=object)
            colors[is_noise] = NOISE
            clusters |= set(c[~is_noise].tolist())
            # Noise first, clusters on top.
            ms = float(opts.get("markersize", 2))
            ax.scatter(x[is_noise], y[is_noise], s=ms, c=NOISE, linewidths=0, label="noise")
            ax.scatter(x[~is_noise], y[~is_noise], s=ms, c=list(colors[~is_noise]), linewidths=0)
        count = opts.get("count", "clusters")
        value = None
        if count and sel and any(key[1] == count for key in res.stats):
            means = res.summary(count, sel[0])[0]
            value = means[0] if len(means) else None
        shown_count = f"{int(value)} {count}" if value is not None and np.isfinite(value) else f"{len(clusters)} clusters drawn"
        title, _ = mark_series(res, title, sel)
        ax.set_title(f"{title} ({shown_count})" if title else shown_count)
        ax.set_xlabel(opts.get("xlabel", "x"))
        ax.set_ylabel(opts.get("ylabel", "y"))
        if opts.get("equal"):
            ax.set_aspect("equal", adjustable="datalim")
    runs = trials_done(res)
    note = f"ours: trial {trial + 1} of {runs}, up to {shown:,} points per panel; noise (label {noise}) in red"
    return finish(fig, res, opts, note, out_base, formats)
