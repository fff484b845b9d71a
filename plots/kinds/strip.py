"""Strips: one column of dots per category of x (e.g. the algorithms, in spec order), one dot per
value of `group` (e.g. the datasets' shapes) at its mean over trials, and a bar across each
column at the mean of its dots (the geometric mean on a log axis). It shows how far a
quantity moves with the group, category by category: DPBench's question of how much an
algorithm's error depends on the shape of the data. A category with a point that is not eps-DP
as run has hollow dots and a dagger on its label, and a footnote names the finding."""
import re

import matplotlib
import matplotlib.ticker
import numpy as np

from dplab_plot.common import finish, label_of, mark_series, panel_axes, trials_text

REQUIRED = ["x", "y", "group"]


def draw(res, opts, out_base, formats):
    y, x, group = opts["y"], opts["x"], opts["group"]
    logy = bool(opts.get("logy"))
    fig, panels = panel_axes(res, opts, (7.5, 4.2))
    # A group value as shown: with group_without_number, the text before a trailing number
    # ("ADULT 1000" -> "ADULT"), so a shape keeps its colour in the panels of other scales.
    if opts.get("group_without_number"):
        key = lambda p: re.sub(r"\s*-?[0-9.]+(?:e[-+]?[0-9]+)?\s*$", "", res.value(group, p)) or res.value(group, p)
    else:
        key = lambda p: res.value(group, p)
    groups = []  # every group value of the figure, for one colour each across the panels
    for _, (_, sel) in panels:
        for p in sel:
            if key(p) not in groups:
                groups.append(key(p))
    cmap = matplotlib.colormaps["tab20"]
    colour = {g: cmap(i % 20) for i, g in enumerate(groups)}
    offsets = np.linspace(-0.3, 0.3, len(groups)) if len(groups) > 1 else np.zeros(1)
    for ax, (title, sel) in panels:
        cats = []
        for p in sel:
            if res.value(x, p) not in cats:
                cats.append(res.value(x, p))
        ticks = []
        for i, c in enumerate(cats):
            pts = [p for p in sel if res.value(x, p) == c]
            label, not_dp = mark_series(res, label_of(opts, c), pts)
            ticks.append(label)
            values = []
            for p in pts:
                m = res.summary(y, p, "mean")[0]
                if len(m) == 0 or not np.isfinite(m[0]) or (logy and m[0] <= 0):
                    continue
                g = key(p)
                values.append(m[0])
                ax.plot(i + offsets[groups.index(g)], m[0], "o", markersize=4, color=colour[g],
                        markerfacecolor="none" if not_dp else colour[g])
            if values:
                centre = float(np.exp(np.mean(np.log(values)))) if logy else float(np.mean(values))
                ax.plot([i - 0.38, i + 0.38], [centre, centre], color="black", linewidth=1.2)
        ax.set_xticks(np.arange(len(cats)))
        rotation = opts.get("xrotation", 0)
        ax.set_xticklabels(ticks, rotation=rotation, ha="right" if rotation else "center", fontsize=8)
        ax.set_xlim(-0.6, len(cats) - 0.4)
        ax.set_title(title)
        ax.set_xlabel(opts.get("xlabel", x))
        ax.set_ylabel(opts.get("ylabel", y))
        if logy:
            ax.set_yscale("log")
            # An axis of one or two decades would show one or two labels: label some minor ticks.
            ax.yaxis.set_minor_formatter(matplotlib.ticker.LogFormatterSciNotation(minor_thresholds=(2, 0.5)))
        ax.grid(True, axis="y", alpha=0.3)
    # One legend entry per group value, beside the figure.
    handles = [matplotlib.lines.Line2D([], [], marker="o", linestyle="none", color=colour[g], label=label_of(opts, g))
               for g in groups]
    fig.legend(handles=handles, loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8, title=opts.get("group_title", group))
    centre = "geometric mean" if logy else "mean"
    note = f"ours: each dot the mean over {trials_text(res)} for one {opts.get('group_title', group)}; bar: the {centre} of the dots"
    return finish(fig, res, opts, note, out_base, formats)
