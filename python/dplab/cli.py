"""Runs and audits from Python: thin wrappers over the dplab binary, which does the work (the
same trials, files and checks as on the command line).

    df = dplab.run("experiments/demo/iris.yaml", trials=20)            # tidy DataFrame, as dplab.load
    df = dplab.run(spec, set={"sweep.eps": [0.5, 1.0], "params.k": 4}, out="mine.h5")
    r = dplab.audit("canary.halved_laplace", eps=1, samples=20000)  # r["eps_hat"], r["verdict"]

The binary: $DPLAB_BIN when set; else the one installed with this package (cmake --install
records it in dplab/_installed.py), or the build tree's build/dplab beside a source checkout's
python/; else `dplab` on PATH.
"""
import json
import os
import re
import shutil
import subprocess

__all__ = ["run", "audit", "binary", "DplabError"]


class DplabError(RuntimeError):
    """The dplab binary refused or failed; the message is its own (one line, naming the problem)."""


def binary():
    """The path of the dplab binary these wrappers run (see the module's documentation)."""
    env = os.environ.get("DPLAB_BIN")
    if env:
        if not os.access(env, os.X_OK):
            raise DplabError(f"$DPLAB_BIN is {env!r}, which is not an executable file")
        return env
    try:
        from dplab import _installed  # written by cmake --install
        if os.access(_installed.BINARY, os.X_OK):
            return _installed.BINARY
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    # <prefix>/share/dplab/python/dplab -> <prefix>/bin/dplab; <source>/python/dplab -> <source>/build/dplab
    for candidate in (os.path.join(here, "..", "..", "..", "..", "bin", "dplab"),
                      os.path.join(here, "..", "..", "build", "dplab")):
        if os.access(candidate, os.X_OK):
            return os.path.normpath(candidate)
    found = shutil.which("dplab")
    if found:
        return found
    raise DplabError("cannot find the dplab binary: set $DPLAB_BIN to it, or put it on PATH")


def _yaml(value):
    """A --set value: strings as written (YAML), anything else as JSON, which YAML reads."""
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def _call(args):
    proc = subprocess.run([binary()] + args, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def _failure(proc_err, what):
    lines = [line for line in proc_err.strip().splitlines() if line.strip()]
    return DplabError(lines[-1] if lines else f"{what} failed with no message")


def run(spec, trials=None, set=None, out=None, threads=None, force=False):
    """Runs (or resumes) SPEC as `dplab run` does and returns its result as a tidy DataFrame
    (dplab.load). `set` maps spec fields to values ({"params.eps": 0.5, "sweep.N": [3, 4]});
    `out` is the result file (default: the binary's, results/<paper>/<name>[@overrides].h5 under
    the current folder). Raises DplabError with the binary's message when it refuses."""
    args = ["run", os.fspath(spec), "--quiet"]
    if trials is not None:
        args += ["--trials", str(int(trials))]
    for key, value in (set or {}).items():
        args += ["--set", f"{key}={_yaml(value)}"]
    if out is not None:
        args += ["--out", os.fspath(out)]
    if threads is not None:
        args += ["--threads", str(int(threads))]
    if force:
        args.append("--force")
    code, stdout, stderr = _call(args)
    if code != 0:
        raise _failure(stderr, "dplab run")
    written = re.search(r"^wrote (.+?): \d+ points x", stdout, re.MULTILINE)
    if not written:
        raise DplabError(f"dplab run did not say which file it wrote: {stdout.strip()!r}")
    from dplab import load  # the package's reader
    return load(written.group(1))


def audit(name, *, samples=None, seed=None, confidence=None, threads=None, noise=None, **params):
    """Audits algorithm NAME at the given parameters (`dplab audit NAME --param k=v ...`; samples,
    seed, confidence, threads and noise are the command's options) and returns a dict: algorithm, params, claimed_eps, eps_hat, violation (bool), verdict, pair,
    event, note (set when the event reads an output that looks like evaluation) and text (the
    whole report). A violation is a result, not an error; bad input raises DplabError."""
    args = ["audit", name]
    for key, value in params.items():
        args += ["--param", f"{key}={_yaml(value)}"]
    for option, value in (("samples", samples), ("seed", seed), ("confidence", confidence), ("threads", threads),
                          ("noise", noise)):
        if value is not None:
            args += [f"--{option}", str(value)]
    code, stdout, stderr = _call(args)
    if code not in (0, 1):
        raise _failure(stderr, "dplab audit")
    fields = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip() and " " not in key.strip():
            fields[key.strip()] = value.strip()
    try:
        claimed = float(re.match(r"eps = (\S+)", fields["claimed"]).group(1))
        eps_hat = float(fields["eps_hat"].split()[0])
    except (KeyError, AttributeError, ValueError):
        raise DplabError(f"cannot read the audit's report: {stdout.strip()!r}") from None
    algorithm, _, rest = fields.get("algorithm", "").partition(" (")
    return {
        "algorithm": algorithm,
        "params": rest[:-1] if rest.endswith(")") else rest,
        "claimed_eps": claimed,
        "eps_hat": eps_hat,
        "violation": code == 1,
        "verdict": fields.get("verdict", ""),
        "pair": fields.get("pair", ""),
        "event": fields.get("event", ""),
        "note": fields.get("note", ""),
        "text": stdout,
    }
