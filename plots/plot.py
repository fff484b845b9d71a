#!/usr/bin/env python3
"""Render the figure or table of one dplab result file (run by `dplab plot`, which computes
the statistics once in the engine and passes them as --summary).

Reads only the HDF5 file and the statistics. The spec's `plot:` section, stored in the file as
JSON, says what to draw; `kind` names a module of plots/kinds/ (line, bar, table, ...). A list
of plot sections draws several figures from one result, each named by its `name`.

Options of the kinds (see each module's docstring):
  x: <column> | index        line: x axis; `index` is the position in a vector metric
                             bar: the column whose values (categories) group the bars
  y: <metric> | wall_time    the metric drawn (wall_time: the algorithm's seconds per trial)
  y_index: <i>               line with x a column: element i (1-based) of a vector metric
  stat: mean | sd            the mean over trials (95% band) or the standard deviation
  series: <column>           one line per value (default: algorithm when there are several)
  panels: <column> | [{title: ..., where: {<column>: [values]}}]    panel_cols: <n>
  labels: {value: "legend label as printed in the paper"}     styles: {value: {marker, linestyle, color}}
  baseline: {<column>: <value>}   the reduction 1 - y / y_baseline, trial by trial
  xlabel, ylabel, title, suptitle, logx, logy, ylim, band (ci95 | none), legend, xticklabels, xrotation
  rows, columns, metric(s), format    table: cells "ours (paper)"
  group, group_without_number, group_title    strip: one dot per value of `group` at each x category
"""
import argparse
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from dplab_plot.result import Result, fail  # noqa: E402


def kinds():
    return sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "kinds")) if f.endswith(".py") and not f.startswith("_"))


def figure_name(result_path, spec_name, plot_name):
    """Figures are named after the result file, so an overridden run (table2@params.eps=2.h5)
    never overwrites the paper run's figure. A spec with several plots names each (fig13, fig14):
    they carry the result's suffix beyond the spec name (fig14@params.eps=2)."""
    stem = os.path.splitext(os.path.basename(result_path))[0]
    if not plot_name:
        return stem
    if stem.startswith(spec_name):
        return plot_name + stem[len(spec_name):]
    return f"{stem}_{plot_name}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("result")
    ap.add_argument("--summary", required=True, help="statistics written by dplab plot")
    ap.add_argument("--format", default="png,pdf")
    ap.add_argument("--out-dir", default="")
    ap.add_argument("--fixed", default="", help="what the figure holds fixed (dataset, parameters)")
    ap.add_argument("--plot", default="", help="plot options (JSON) to draw with instead of the result's own")
    ap.add_argument("--plot-note", default="", help="how --plot was given, for the footer")
    ap.add_argument("--data", default="", help="read this file instead of RESULT (dplab plot: a format-2 copy of "
                    "a format-1 RESULT)")
    ap.add_argument("--staged", action="store_true", help="dplab plot moves the figures from --out-dir into place "
                    "and names them; print nothing")
    args = ap.parse_args()
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in ("png", "pdf", "svg")]
    if bad:
        fail(f"unknown format {bad[0]!r} (allowed: png, pdf, svg)")
    res = Result(args.result, args.summary, args.data or None)
    res.fixed = args.fixed
    if args.plot:  # dplab plot RESULT --set plot.<option>=...: checked by the engine first
        with open(args.plot) as f:
            res.plot = json.load(f)
        res.meta["overrides"] = "; ".join(x for x in (res.meta.get("overrides"), args.plot_note) if x)
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.result))
    os.makedirs(out_dir, exist_ok=True)
    plots = res.plot if isinstance(res.plot, list) else [res.plot]
    for opts in plots:
        if not isinstance(opts, dict):
            fail(f"{args.result}: its plot section is not a mapping of options")
        out_base = os.path.join(out_dir, figure_name(args.result, res.meta.get("name", ""), opts.get("name")))
        kind = opts.get("kind", "line")
        if kind not in kinds():
            fail(f"{args.result}: unknown plot kind {kind!r} (allowed: {', '.join(kinds())})")
        module = importlib.import_module(f"kinds.{kind}")
        missing = [k for k in module.REQUIRED if k not in opts]
        if missing:
            fail(f"{args.result}: a {kind} plot needs {', '.join(repr(m) for m in missing)} in the spec's plot section")
        for w in module.draw(res, opts, out_base, formats):
            if not args.staged:
                print("wrote", w)


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except Exception as e:  # one line, never a traceback
        fail(f"cannot draw {sys.argv[1] if len(sys.argv) > 1 else 'the result'} ({type(e).__name__}: {e})")
