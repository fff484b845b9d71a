"""A result file as the figures see it: its metadata, plot options and points table from the
HDF5 file, and its statistics from the engine (`dplab plot` writes them with
framework/summary.cpp and passes the file as --summary). Nothing here computes a statistic:
the figure and `dplab show` can never disagree."""
import json
import math
import os
import sys

import h5py
import numpy as np

# python/dplab, the project's result reader, beside plots/.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from dplab import result_file  # noqa: E402


def fail(msg):
    """One line on stderr and a non-zero exit: never a traceback."""
    sys.exit(f"dplab plot: {msg}")


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
    except (TypeError, ValueError):
        return False


def verify_checked(path):
    """The file's framing (python/dplab/result_file.py), failing with one line."""
    try:
        result_file.verify_checked(path)
    except result_file.DamagedResult as e:
        fail(str(e))
    except OSError as e:
        fail(f"{path}: cannot read the result file ({e.strerror})")


class Result:
    def __init__(self, path, summary_path, data_path=None):
        """`path` names the result in messages; `data_path`, when given, is the file read (a
        format-2 copy of a format-1 `path`, made by `dplab plot`)."""
        self.path = path
        self.data_path = data_path or path
        verify_checked(self.data_path)
        try:
            with h5py.File(self.data_path, "r") as f:
                self.meta = {k: attr_str(f.attrs[k]) for k in f.attrs.keys()}
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
        except (OSError, KeyError, ValueError, TypeError) as e:
            fail(f"{path}: cannot read the result file ({e})")
        self.npoints = self.done.shape[0] if self.done.ndim == 2 else 0
        try:
            with open(summary_path) as f:
                summary = json.load(f)
            rows = summary["rows"]
        except (OSError, ValueError, KeyError) as e:
            fail(f"{summary_path}: cannot read the statistics of {path} ({e})")
        # Each point's privacy status and the findings they name (framework/result_privacy.hpp),
        # and what a figure marked of them (common.mark_series; the footnote, common.finish).
        privacy = summary.get("privacy") or {}
        self.privacy_points = privacy.get("points") or []
        self.findings = privacy.get("findings") or {}
        self.marked = {}    # finding id -> its title, for every not-dp series drawn
        self.partial = []   # labels of marked series that mix dp and not-dp points
        # (point, metric, baseline) -> rows sorted by index
        self.stats = {}
        for r in rows:
            self.stats.setdefault((r["point"], r["metric"], r["baseline"]), []).append(r)
        for v in self.stats.values():
            v.sort(key=lambda r: r["index"] or 0)

    def privacy(self, p):
        """(status, finding) of point p: "dp", "not-dp" or "none", and the finding of a not-dp point."""
        if p < len(self.privacy_points):
            return self.privacy_points[p]["privacy"], self.privacy_points[p]["finding"]
        return "", ""

    def value(self, column, p):
        if column not in self.columns:
            fail(f"{self.path}: the plot names column {column!r}, which the result does not have "
                 f"(columns: {', '.join(sorted(self.columns))})")
        return self.columns[column][p]

    def baseline_key(self, baseline):
        """The engine's name of a baseline ("algorithm=Identity"), matched by value."""
        if not baseline:
            return ""
        for name in {k[2] for k in self.stats if k[2]}:
            parts = dict(kv.split("=", 1) for kv in name.split(","))
            if set(parts) == {str(k) for k in baseline} and all(same(parts[str(k)], v) for k, v in baseline.items()):
                return name
        fail(f"{self.path}: no statistics for the baseline {baseline} (run `dplab plot`, not plots/plot.py alone)")

    def rows(self, metric, p, baseline=None):
        key = (p, metric, self.baseline_key(baseline))
        if key not in self.stats:
            if not any(k[1] == metric for k in self.stats):
                metrics = sorted({k[1] for k in self.stats})
                fail(f"{self.path}: the plot names metric {metric!r}, which the result does not have "
                     f"(metrics: {', '.join(metrics)})")
            return []
        return self.stats[key]

    def summary(self, metric, p, stat="mean", baseline=None):
        """Per point: arrays (mean, low, high, n) over the trials done, one element per index of
        a vector metric; with stat "sd" the standard deviation in all three. With a baseline,
        the engine's per-trial reduction 1 - y / y_baseline."""
        rows = self.rows(metric, p, baseline)
        col = lambda k: np.array([np.nan if r[k] is None else r[k] for r in rows], dtype=float)
        n = np.array([r["n"] for r in rows], dtype=int)
        if stat == "sd":
            sd = col("sd")
            return sd, sd, sd, n
        return col("mean"), col("lo"), col("hi"), n

    def index_values(self, metric, p, baseline=None):
        """The values a vector metric declares for its index at point p (K = 10, 20, ...: the
        engine's index_value), or None when it declares none and the index is the position."""
        values = [r.get("index_value") for r in self.rows(metric, p, baseline)]
        if not values or any(v is None for v in values):
            return None
        return np.array(values, dtype=float)

    def raw_vectors(self, metric, trial):
        """One trial's raw values of a vector metric, [points x length] (NaN padding): data a
        figure draws as it is (one run's points), not a statistic."""
        try:
            with h5py.File(self.data_path, "r") as f:
                if f"metrics/{metric}" not in f:
                    fail(f"{self.path}: the plot needs the vector metric {metric!r}, which the result does not have")
                data = f[f"metrics/{metric}"]
                if data.ndim != 3:
                    fail(f"{self.path}: metric {metric!r} is not a vector metric")
                return data[:, trial, :]
        except OSError as e:
            fail(f"{self.path}: cannot read metric {metric!r} ({e})")

    def paper(self, metric, p, index=None):
        """The paper's value for point p (element `index`, 1-based, of a vector metric)."""
        for r in self.rows(metric, p):
            if (index is None or r["index"] == index) and r["paper"] is not None:
                return r["paper"]
        return None
