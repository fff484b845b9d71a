"""Lines: y (a metric, or wall_time) against x (a column, or `index` for the position in a
vector metric), one line per series, the mean with its 95% band (or the sd), the paper's
values as dotted lines with crosses.

Analytic curves the engine computed (outputs of the algorithms, e.g. an exact expectation):
`expected: <metric>` draws that metric of every series as a thin dash-dot line in the series'
colour; `right: {y: <metric>, series: <label>, label, ylabel, logy, vline: <metric(s)>, vline_label}`
draws one series' metric on a second y axis, with vertical lines at the (engine-computed)
values of the `vline` metrics, e.g. the optimum of the curve. `note: {metric, series, text}`
writes a sentence in each panel with one series' metric put in text's {} (its value, or "a to
b" along x when it varies), e.g. the probability that a scheme releases the exact answer.

A series with a point that is not eps-DP as run (its algorithm's privacy status, issue 28) is
dashed with hollow markers, its label carries a dagger, and a footnote names the finding."""
import numpy as np

from dplab_plot.common import (NOT_DP_LINE, finish, label_of, mark_series, panel_axes, series_colours, trials_done,
                               trials_text, x_number)

REQUIRED = ["y"]


def draw(res, opts, out_base, formats):
    y = opts["y"]
    x = opts.get("x", "index")
    stat = opts.get("stat", "mean")
    series = opts.get("series") or ("algorithm" if "algorithm" in res.axes else None)
    band = opts.get("band", "ci95")
    baseline = opts.get("baseline")
    fig, panels = panel_axes(res, opts, tuple(opts.get("panel_size", (5.2, 4.0))))
    clipped_any = False
    legends = []  # per panel: (the axes that carries it, handles, names)
    index_ticks = None  # the x positions of an `x: index` line (declared index values or 1, 2, ...)
    colour = series_colours(res, panels, series, opts)
    for ax, (title, sel) in panels:
        lines = {}
        panel_xs = set()  # every x drawn in the panel, for the ticks of a short log axis
        for p in sel:
            key = res.value(series, p) if series else ""
            lines.setdefault(key, []).append(p)
        for key, pts in lines.items():
            label, not_dp = mark_series(res, label_of(opts, key) if series else opts.get("label", y), pts)
            if x == "index":
                (p,) = pts[:1]
                mean, lo, hi, _ = res.summary(y, p, stat, baseline)
                positions = np.arange(1, len(mean) + 1)
                declared = res.index_values(y, p, baseline)  # K = 10, 20, ... when the metric declares them
                xs = declared if declared is not None and len(declared) == len(mean) else positions
                index_ticks = xs
                refs = [res.paper(y, p, int(i)) for i in positions]
            else:
                pts = sorted(pts, key=lambda q: x_number(res.value(x, q)) if res.value(x, q) else 0)
                xs = np.array([x_number(res.value(x, q)) for q in pts])
                stats = [res.summary(y, q, stat, baseline) for q in pts]
                k = int(opts.get("y_index", 1)) - 1
                pick = lambda a: a[k] if k < len(a) else np.nan
                mean = np.array([pick(s[0]) for s in stats])
                lo = np.array([pick(s[1]) for s in stats])
                hi = np.array([pick(s[2]) for s in stats])
                refs = [res.paper(y, q, k + 1 if "y_index" in opts else None) for q in pts]
                panel_xs.update(float(v) for v in xs if np.isfinite(v) and v > 0)
            style = opts.get("styles", {}).get(str(key), {})
            look = {"linestyle": style.get("linestyle", "-")}
            if not_dp:  # the spec's linestyle gives way: dashed says "not eps-DP"
                look.update(NOT_DP_LINE)
            (line,) = ax.plot(xs, mean, marker=style.get("marker", "o" if len(xs) <= 20 else None),
                              markersize=4, label=label, color=colour[key], **look)
            if band != "none" and stat == "mean" and np.any(np.isfinite(lo)):
                if opts.get("logy"):
                    # A band reaching 0 or below (few trials, a large spread) has no place on a log
                    # axis: cut it at a tenth of the smallest positive value drawn, and say so.
                    lo, clipped = _clip_for_log(mean, lo)
                    clipped_any = clipped_any or clipped
                ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
            if opts.get("expected") and x != "index":
                exp = np.array([res.summary(opts["expected"], q)[0][0] for q in pts])
                name = "dash-dot: " + opts.get("expected_label", "exact expectation")
                first = not any(h.get_label() == name for h in ax.get_lines())
                ax.plot(xs, exp, linestyle="-.", linewidth=0.9, color=line.get_color(),
                        label=name if first else "_nolegend_")
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
            _label_short_log_axis(ax, panel_xs)
        if x == "index" and "xticklabels" in opts:
            ticks = index_ticks if index_ticks is not None else np.arange(1, len(opts["xticklabels"]) + 1)
            ax.set_xticks(ticks[:len(opts["xticklabels"])])
            ax.set_xticklabels([str(t) for t in opts["xticklabels"]])
        if "ylim" in opts:
            ax.set_ylim(*opts["ylim"])
        ax.grid(True, alpha=0.3)
        handles, names = ax.get_legend_handles_labels()
        top = ax
        if opts.get("right") and x != "index":
            top, h2, n2 = _draw_right(ax, res, opts["right"], lines, x)
            handles, names = handles + h2, names + n2
        legends.append((top, handles, names))
        if opts.get("note") and x != "index":
            _draw_note(ax, res, opts["note"], lines, x)
    # Panels that would repeat the same legend share one, beside the figure.
    if len(legends) > 1 and all(n == legends[0][2] for _, _, n in legends) and legends[0][2]:
        fig.legend(legends[0][1], legends[0][2], loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8)
    else:
        for top, handles, names in legends:
            if names:
                top.legend(handles, names, loc=opts.get("legend", "best"), fontsize=7)
    trials = trials_done(res)
    if trials <= 1:
        note = "ours: one trial"
    elif stat == "sd":
        note = f"ours: standard deviation over {trials_text(res)}"
    else:
        note = f"ours: mean over {trials_text(res)}" + (" with 95% CI band" if band != "none" else "")
    if clipped_any:
        note += " (cut at the axis where it reaches 0 on the log scale)"
    return finish(fig, res, opts, note, out_base, formats)


def _draw_note(ax, res, note, lines, x):
    """note["text"] with {} replaced by one series' note["metric"] (the mean over trials), in
    the panel's lower left corner."""
    pts = next((v for k, v in lines.items() if str(k) == str(note.get("series", ""))), None)
    if not pts:
        return
    pts = sorted(pts, key=lambda q: x_number(res.value(x, q)))
    values = [res.summary(note["metric"], q)[0][0] for q in pts]
    fmt = lambda v: f"{v:.3g}"
    said = fmt(values[0]) if len(set(fmt(v) for v in values)) == 1 else f"{fmt(values[0])} to {fmt(values[-1])}"
    ax.text(0.02, 0.02, note.get("text", note["metric"] + " = {}").replace("{}", said), transform=ax.transAxes,
            fontsize=7, va="bottom", ha="left", bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "0.7"})


def _clip_for_log(mean, lo):
    """The band's lower edge with values <= 0 replaced by a tenth of the smallest positive value
    of the line, and whether any was replaced."""
    positive = np.concatenate([mean[np.isfinite(mean) & (mean > 0)], lo[np.isfinite(lo) & (lo > 0)]])
    if positive.size == 0:
        return lo, False
    bad = np.isfinite(lo) & (lo <= 0)
    return np.where(bad, positive.min() / 10, lo), bool(bad.any())


def _draw_right(ax, res, r, lines, x):
    """One series' metric r["y"] on a second y axis (returned: the legend goes on it, on top),
    and vertical lines at the r["vline"] metrics."""
    key = str(r.get("series", ""))
    pts = next((v for k, v in lines.items() if str(k) == key), None)
    if not pts:
        return ax, [], []
    pts = sorted(pts, key=lambda q: x_number(res.value(x, q)))
    xs = np.array([x_number(res.value(x, q)) for q in pts])
    ys = np.array([res.summary(r["y"], q)[0][0] for q in pts])
    ax2 = ax.twinx()
    (line,) = ax2.plot(xs, ys, color=r.get("color", "black"), linewidth=1.4, linestyle="-.",
                       label=r.get("label", r["y"]))
    handles = [line]
    vlines = r.get("vline") or []
    vlines = vlines if isinstance(vlines, list) else [vlines]
    vlabels = r.get("vline_label") or vlines
    vlabels = vlabels if isinstance(vlabels, list) else [vlabels]
    for i, (metric, text) in enumerate(zip(vlines, vlabels)):
        v = res.summary(metric, pts[0])[0][0]
        if np.isfinite(v):
            handles.append(ax2.axvline(v, color=r.get("color", "black"), linestyle=[":", "--", "-."][i % 3],
                                       linewidth=1.2, label=f"{text} = {v:.3g}"))
    ax2.set_ylabel(r.get("ylabel", r["y"]))
    if r.get("logy"):
        ax2.set_yscale("log")
    return ax2, handles, [h.get_label() for h in handles]


def _label_short_log_axis(ax, xs):
    """A log x axis over less than two decades gets one decade tick at most (DPBench's domain
    sizes 256 ... 4,096 showed only "10^3"): label the x values drawn instead, in plain numbers."""
    if len(xs) < 2 or max(xs) / min(xs) >= 100 or len(xs) > 12:
        return
    from matplotlib.ticker import NullFormatter, NullLocator
    ticks = sorted(xs)
    ax.set_xticks(ticks)
    ax.set_xticklabels([f"{t:,.0f}" if float(t).is_integer() else f"{t:g}" for t in ticks])
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_minor_formatter(NullFormatter())
