"""Drawing helpers shared by the plot kinds: labels, panels, privacy marks, the provenance footer,
saving."""
import re
import textwrap

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text: searchable, editable
import matplotlib.pyplot as plt  # noqa: E402

from .result import fail, same  # noqa: E402


def x_number(v):
    """A numeric x value: the value itself, or the number a label ends with ("STM 800000")."""
    try:
        return float(v)
    except ValueError:
        m = re.search(r"(-?[0-9.]+(?:e[-+]?[0-9]+)?)\s*$", v)
        if not m:
            fail(f"x value {v!r} is not a number and does not end with one")
        return float(m.group(1))


def label_of(opts, value):
    labels = opts.get("labels", {})
    return str(labels.get(value, labels.get(str(value), value)))


DAGGER = "\u2020"
# How a not eps-DP series is drawn (issue 28): dashed with hollow markers (lines), hatched bars.
NOT_DP_LINE = {"linestyle": "--", "markerfacecolor": "none"}
NOT_DP_BAR = {"hatch": "///", "edgecolor": "black", "linestyle": "--", "linewidth": 0.6}


def mark_series(res, label, points):
    """A series' label, and whether it is drawn as not eps-DP: when any of its points is not-dp
    its label gets a dagger and its findings go to the figure's footnote (finish)."""
    findings = [res.privacy(p)[1] for p in points if res.privacy(p)[0] == "not-dp"]
    if not findings:
        return label, False
    for f in findings:
        res.marked[f] = res.findings.get(f, {}).get("title", "")
    if len(findings) < len(points):
        res.partial.append(f"{label}: {len(findings)} of {len(points)} points")
    return f"{label} {DAGGER}", True


def privacy_footnote(res):
    """The footnote of a figure with not eps-DP series, or "" (one line per finding)."""
    if not res.marked:
        return ""
    lines = [f"{DAGGER} not \u03b5-DP as published: see {f}" + (f" ({t})" if t else "") for f, t in sorted(res.marked.items())]
    if res.partial:
        lines.append(f"{DAGGER} only at some points of: " + "; ".join(res.partial))
    return "\n".join(lines) + "\n(dplab list findings; docs/privacy-findings.md)"


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


def series_colours(res, panels, series, opts):
    """{series value: colour}, one for the whole figure: a panel that lacks a series (e.g.
    PrivGene, run separately on some datasets) must not shift the later series to other colours.
    A spec's `styles: {value: {color: ...}}` wins over the default cycle."""
    cycle = matplotlib.rcParams["axes.prop_cycle"].by_key()["color"]
    keys = []
    for _, (_, sel) in panels:
        for p in sel:
            key = res.value(series, p) if series else ""
            if key not in keys:
                keys.append(key)
    if len(keys) > len(cycle):
        # More series than the default cycle has colours (DPBench's 1-D study draws 17): the
        # light variants of tab20 follow, so no two series share a colour up to 20 of them.
        cycle = list(cycle) + [matplotlib.colors.to_hex(c) for c in matplotlib.colormaps["tab20"].colors[1::2]]
    styles = opts.get("styles", {})
    return {key: styles.get(str(key), {}).get("color", cycle[i % len(cycle)]) for i, key in enumerate(keys)}


def trials_done(res):
    return int(res.done.sum(axis=1).max()) if res.npoints else 0


def data_samples(res, points=None):
    """The most draws of the data any point's trials cycle through (a dataset's `samples`, the
    column data_samples; 1 when the result has none): the units of its intervals. `points`: only
    those (a figure or table that draws some of the result's points, e.g. one dataset of two)."""
    if "data_samples" not in res.columns:
        return 1
    column = res.columns["data_samples"]
    values = column if points is None else [column[p] for p in points]
    return max((int(float(v)) for v in values if v not in ("", "nan")), default=1)


def trials_text(res, points=None):
    """'25 trials', or '25 trials (5 data samples, the CI over the samples)' when they cycle
    through several draws of the data (among `points`, when given)."""
    trials, samples = trials_done(res), data_samples(res, points)
    if samples <= 1:
        return f"{trials} trials"
    return f"{trials} trials ({samples} data samples x {trials // samples} runs; CI over the samples)"


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


def provenance(res, note):
    """The footer: paper and figure, what "ours" is, overrides, partial results, code version."""
    parts = [f"{res.meta.get('paper')} {res.meta.get('id')}", note]
    if res.meta.get("overrides"):
        parts.append("overridden: " + res.meta["overrides"])
    done, total = int(res.done.sum()), res.done.size
    if done < total:
        parts.append(f"PARTIAL: {done} of {total} trials done")
    parts.append(f"dplab {res.meta.get('code_version')}")
    return " | ".join(parts)


def fixed_caption(fixed, suptitle="", shown=()):
    """What a figure holds fixed, as one line: the items of `fixed` (one per line: the dataset's
    label, then `name = value` per fixed parameter) that the super-title does not already say.
    An item counts as said only where it stands whole in the title, not inside a longer number
    or word ("eps = 1" is not said by "eps = 10"); an item is never cut (a label may hold ", ").
    An item followed by a tab and metrics (a parameter only those metrics have) is said only on a
    figure that shows one of them (`shown`: the figure's metrics; empty: every item)."""
    items = []
    for line in (line for line in fixed.split("\n") if line):
        item, _, metrics = line.partition("\t")
        if metrics and shown and not set(metrics.split(",")) & set(shown):
            continue
        items.append(item)
    if suptitle:
        items = [item for item in items
                 if not re.search(r"(?<![\w.])" + re.escape(item) + r"(?![\w.])", suptitle)]
    return ", ".join(items)


def finish(fig, res, opts, note, out_base, formats):
    """The figure's super-title, its provenance line and the files."""
    # The title says what the figure holds fixed (the dataset and the spec's fixed parameters).
    shown = [m for m in [opts.get("y"), opts.get("metric"), *(opts.get("metrics") or [])] if m]
    fixed = fixed_caption(getattr(res, "fixed", ""), opts.get("suptitle", ""), shown)
    title = None
    if opts.get("suptitle"):
        title = fig.suptitle(opts["suptitle"] + (f"\n{fixed}" if fixed else ""))
    elif fixed:
        title = fig.suptitle(fixed, fontsize=9)
    fig.text(0.01, 0.005, provenance(res, note), fontsize=6, color="gray")
    fig.tight_layout(rect=(0, 0.02, 1, 1))
    if title is not None:
        _below_title(fig, title)
    add_footnote(fig, res)
    return save(fig, out_base, formats)


def _below_title(fig, title):
    """tight_layout does not always leave room for a multi-line super-title (a two-line title
    over a tall grid of panels overlapped the first row's titles): lower the panels' top until
    their titles end below it."""
    renderer = fig.canvas.get_renderer()
    to_fig = fig.transFigure.inverted()
    title_bottom = to_fig.transform(title.get_window_extent(renderer))[0][1]
    axes = [ax for ax in fig.axes if ax.get_visible()]
    if not axes:
        return
    panels_top = max(to_fig.transform(ax.get_tightbbox(renderer))[1][1] for ax in axes)
    overlap = panels_top - title_bottom + 0.005
    if overlap > 0:
        fig.subplots_adjust(top=fig.subplotpars.top - overlap)


def add_footnote(fig, res):
    """The privacy footnote below the figure (the saved image's tight box takes it in), its
    lines wrapped to the figure's width (about 15 characters of 7-point text per inch)."""
    footnote = privacy_footnote(res)
    if footnote:
        width = max(60, int(fig.get_figwidth() * 15))
        text = "\n".join(textwrap.fill(line, width, subsequent_indent="   ") for line in footnote.split("\n"))
        fig.text(0.01, 0.0, text, fontsize=7, va="top")


def save(fig, out_base, formats):
    written = []
    for fmt in formats:
        path = f"{out_base}.{fmt}"
        fig.savefig(path, dpi=150, bbox_inches="tight")
        written.append(path)
    plt.close(fig)
    return written
