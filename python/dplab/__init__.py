"""dplab's results in Python, and runs and audits through the dplab binary.

    import dplab
    df = dplab.load("results/budget_series/fig13.h5")   # a tidy pandas DataFrame
    df[df.metric == "f1"].groupby(["algorithm", "N"]).value.mean()
    df = dplab.run("experiments/demo/iris.yaml", trials=20, set={"sweep.eps": [0.5, 1.0]})
    dplab.audit("canary.halved_laplace", eps=1, samples=20000)   # {"eps_hat": ..., "verdict": ...}

One row per point x computed trial x metric element, the same table as
`dplab export RESULT --per-trial`: every column of the points table (algorithm, dataset and every
parameter with its declared type: integer as Int64, real as float64, boolean, text as str), `trial` (0-based), `metric`, `index` (a
vector metric's index value as the file stores it, e.g. K = 10, 20, ..., else its 1-based
position; <NA> for scalars; Int64 when every index value is an integer, else float64), `value`. Trials not computed yet are left out,
and so is a vector metric's NaN padding, and a metric at the points it does not measure (an
algorithm entry's `metrics`). `wall_time` and `spent_eps` are metrics too.
Among the points columns, `privacy` (dp, not-dp or none: whether the point's algorithm is
eps-DP as run) and `privacy_finding` (the finding of a not-dp point, `dplab list findings`); a
file written before results stored them gets them from the dplab binary (`dplab export --points`,
which computes them from its registry), found as for `dplab.run` below.
`dplab.meta(path)` gives the run's metadata (spec text, seed, code version, overrides, ...).
The file's checksum is verified first (dplab.DamagedResult when it does not match); a format-1
file (no checksum) is refused too, naming the command that upgrades it (`dplab upgrade FILE`).

`dplab.run` and `dplab.audit` (dplab/cli.py) run the dplab binary: $DPLAB_BIN, else the one
this package was installed or built with, else `dplab` on PATH.

`cmake --install` puts this package where the installing Python finds it; otherwise
PYTHONPATH=$(dplab python-path) (the folder that holds it). Any python3 works that can import
h5py, numpy and pandas (Debian: python3-h5py python3-pandas; or pip install h5py pandas).
"""
import csv
import io
import subprocess
import sys


def _missing(error):
    """The ImportError a user sees when this Python lacks a module dplab needs."""
    return ImportError(
        f"dplab needs h5py, numpy and pandas, and this Python ({sys.executable}, {sys.version.split()[0]}) "
        f"cannot import {error.name or 'one of them'} ({error}). Install them for it (pip install h5py pandas), or "
        "run the Python that has them (Debian: /usr/bin/python3 with python3-h5py python3-pandas)")


try:
    import h5py
    import numpy as np
except ImportError as _e:
    raise _missing(_e) from _e

from dplab.cli import DplabError, audit, binary, run  # noqa: E402
from dplab.result_file import DamagedResult, verify_checked  # noqa: E402

__all__ = ["load", "meta", "run", "audit", "binary", "DamagedResult", "DplabError"]


def _pandas():
    try:
        import pandas as pd  # here, so that the figures (which use result_file) need no pandas
    except ImportError as e:
        raise _missing(e) from e
    return pd


def _text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def _typed(values, kind):
    """A points column with the parameter's declared type (the file stores integers as float64
    and booleans as text); files without types keep float64 and str."""
    import pandas as pd
    if kind == "integer" and not isinstance(values, list):
        return pd.array([None if np.isnan(v) else int(v) for v in values], dtype="Int64")
    if kind == "boolean" and isinstance(values, list):
        return pd.array([{"true": True, "false": False}.get(v) for v in values], dtype="boolean")
    return values


PRIVACY_COLUMNS = ("privacy", "privacy_finding")


def _privacy_from_binary(path, npoints):
    """The privacy columns of a file written before results stored them, computed by dplab."""
    try:
        exe = binary()  # dplab/cli.py: $DPLAB_BIN, the installed or build-tree binary, PATH
    except DplabError as e:
        raise RuntimeError(f"{path}: written before results stored their privacy status, and {e} to compute "
                           "it") from e
    done = subprocess.run([exe, "export", path, "--points"], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{path}: dplab export --points failed: {done.stderr.strip()}")
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    if len(rows) != npoints:
        raise RuntimeError(f"{path}: dplab export --points gave {len(rows)} points, the file has {npoints}")
    return {name: [row[name] for row in rows] for name in PRIVACY_COLUMNS}


def meta(path):
    """The run's metadata: the root attributes of the result file, as str."""
    verify_checked(path)
    with h5py.File(path, "r") as f:
        return {k: _text(v) for k, v in f.attrs.items()}


def load(path):
    """The result file at `path` as a tidy DataFrame (see the module's documentation)."""
    pd = _pandas()
    verify_checked(path)
    with h5py.File(path, "r") as f:
        points = {}
        for name, ds in f["points"].items():
            data = ds[()]
            values = [_text(v) for v in data] if data.dtype.kind in ("O", "S") else data.astype(float)
            points[name] = _typed(values, _text(ds.attrs.get("type", "")))
        done = f["trials/done"][()].astype(bool)
        metrics = {name: ds[()] for name, ds in f["metrics"].items()}
        # A vector metric's declared index values per point, [points x length] (NaN-padded).
        index_values = {name: ds[()] for name, ds in f["index"].items()} if "index" in f else {}
        # The points each metric measures (an algorithm entry's `metrics`); absent: every point.
        measured = {name: ds[()].astype(bool) for name, ds in f["measured"].items()} if "measured" in f else {}
        metrics["wall_time"] = f["trials/wall_time"][()]
        metrics["spent_eps"] = f["trials/spent_eps"][()]
        if "trials/spent_delta" in f:  # (eps, delta) algorithms only
            metrics["spent_delta"] = f["trials/spent_delta"][()]
    npoints, ntrials = done.shape
    if any(name not in points for name in PRIVACY_COLUMNS):
        points.update(_privacy_from_binary(path, npoints))
    p_idx, t_idx = np.nonzero(done)  # computed cells, point-major
    frames = []
    for name, data in metrics.items():
        # A metric's rows at the points it measures only.
        at = measured[name][p_idx] if name in measured else np.ones(len(p_idx), dtype=bool)
        mp, mt = p_idx[at], t_idx[at]
        if data.ndim == 2:
            p, t, index, value = mp, mt, np.full(len(mp), -1), data[mp, mt]
        else:
            cells = data[mp, mt, :]                        # [cells x length]
            # A trial's vector ends at its last non-NaN element; the rest is padding.
            present = ~np.isnan(cells)
            length = np.where(present.any(axis=1), cells.shape[1] - np.argmax(present[:, ::-1], axis=1), 0)
            keep = np.arange(cells.shape[1])[None, :] < length[:, None]
            rows, index = np.nonzero(keep)
            p, t, value = mp[rows], mt[rows], cells[rows, index]
        if name in index_values and data.ndim == 3:
            table_of = index_values[name]
            inside = index < table_of.shape[1]
            shown = np.full(len(index), np.nan)
            shown[inside] = table_of[p[inside], index[inside]]
            shown = np.where(np.isnan(shown), index + 1, shown)  # past the declared values: position
        else:
            shown = np.where(index >= 0, index + 1, np.nan).astype(float)
        frame = pd.DataFrame({"_point": p, "trial": t, "metric": name, "index": shown, "value": value})
        frames.append(frame)
    tidy = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(
        columns=["_point", "trial", "metric", "index", "value"])
    tidy["index"] = tidy["index"].astype(float)
    known = tidy["index"].dropna()
    if (known == np.round(known)).all():
        tidy["index"] = tidy["index"].astype("Int64")
    table = pd.DataFrame(points)
    table["_point"] = np.arange(npoints)
    out = table.merge(tidy, on="_point", how="inner").sort_values(["_point", "trial"], kind="stable")
    return out.drop(columns="_point").reset_index(drop=True)
