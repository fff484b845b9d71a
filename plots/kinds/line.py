"""Lines: y (a metric, or wall_time) against x (a column, or `index` for the position in a
vector metric), one line per series, the mean with its 95% band (or the sd), the paper's
values as dotted lines with crosses."""
import numpy as np

from dplab_plot.common import finish, label_of, panel_axes, trials_done, x_number

REQUIRED = ["y"]


def draw(res, opts, out_base, formats):
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
                refs = [res.paper(y, p, int(i)) for i in xs]
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
