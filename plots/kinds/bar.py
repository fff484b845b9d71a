"""Grouped bars: one group per value of x (categorical, in spec order), one bar per series, the
mean over trials with its 95% interval as an error bar. A series with a point that is not
eps-DP as run is hatched with a dashed edge, its label carries a dagger, and a footnote names
the finding."""
import numpy as np

from dplab_plot.common import NOT_DP_BAR, finish, label_of, mark_series, panel_axes, series_colours, trials_text

REQUIRED = ["y", "x"]


def draw(res, opts, out_base, formats):
    y, x = opts["y"], opts["x"]
    series = opts.get("series") or ("algorithm" if "algorithm" in res.axes else None)
    baseline = opts.get("baseline")
    fig, panels = panel_axes(res, opts, (6.0, 4.2))
    clipped = False
    colour = series_colours(res, panels, series, opts)
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
            label, not_dp = mark_series(res, label_of(opts, k) if series else y,
                                        [p for p in sel if not series or res.value(series, p) == k])
            mean, err = [], []
            for xv in xs:
                pts = [p for p in sel if res.value(x, p) == xv and (not series or res.value(series, p) == k)]
                if not pts:
                    mean.append(np.nan)
                    err.append(0)
                    continue
                m, lo, hi, _ = res.summary(y, pts[0], "mean", baseline)
                if len(m) == 0:
                    mean.append(np.nan)
                    err.append(0)
                    continue
                mean.append(m[0])
                err.append(0 if not np.isfinite(hi[0]) else hi[0] - m[0])
            pos = np.arange(len(xs)) - 0.4 + width * (j + 0.5)
            mean, err = np.array(mean), np.array(err)
            below = err.copy()
            if opts.get("logy"):
                # An error bar reaching 0 or below is cut at a tenth of its bar on a log axis.
                cut = np.isfinite(mean) & (mean > 0) & (mean - err <= 0)
                below = np.where(cut, 0.9 * mean, err)
                clipped = clipped or bool(cut.any())
            ax.bar(pos, mean, width, yerr=[below, err], capsize=2, label=label, color=colour[k],
                   **(NOT_DP_BAR if not_dp else {}))
        ax.set_xticks(np.arange(len(xs)))
        rotation = opts.get("xrotation", 0)
        ax.set_xticklabels([label_of(opts, v) for v in xs], rotation=rotation, ha="right" if rotation else "center")
        ax.set_title(title)
        ax.set_xlabel(opts.get("xlabel", x))
        ax.set_ylabel(opts.get("ylabel", y))
        if opts.get("logy"):
            ax.set_yscale("log")
        ax.grid(True, axis="y", alpha=0.3)
    # Panels that would repeat the same legend share one, beside the figure.
    legends = [ax.get_legend_handles_labels() for ax, _ in panels]
    if len(legends) > 1 and legends[0][1] and all(n == legends[0][1] for _, n in legends):
        fig.legend(*legends[0], loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8)
    else:
        for ax, _ in panels:
            if opts.get("legend") == "outside":
                ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
            else:
                ax.legend(loc=opts.get("legend", "best"), fontsize=7)
    note = f"ours: mean over {trials_text(res)}, 95% CI bars"
    if clipped:
        note += " (cut where they reach 0 on the log scale)"
    return finish(fig, res, opts, note, out_base, formats)
