#!/usr/bin/env python3
"""Audits every algorithm entry of some specs at chosen spec points (`dplab audit SPEC --point I`)
and writes one markdown table, with every audit's report in a .log beside it.

    scripts/audit_spec_points.py --out TABLE.md [--dplab build/dplab] [--threads 2] [--seconds S]
        [--samples N] [--seed 1] --spec SPEC.yaml --at "key=value;key=value" [--at ...] [--spec SPEC2 --at ...]...

Each --at chooses one point per algorithm entry of the spec before it: the entry's `label` (the
algorithm's name when it has none) and the --at's conditions (`dplab audit --where`: dataset,
a parameter such as eps, ...) must match exactly one point. dplab audit uses a point's algorithm
parameters and its dataset's kind, not the dataset itself (its scale or domain size): it draws
its own small neighbouring datasets. So two points can be one audit. Each point is first probed
(a run of 100 samples, one pair) for what the audit would run: the algorithm with every
parameter, the pair family and the noise; points that agree are audited once, in the row of
the first (its "points" cell lists every point the row covers; a point of a later spec that is
the same audit as an earlier row is listed in that row).

Each row gives the point's declared privacy status (`privacy:` of the report: dp, or not-dp with
its finding); a dp row flagged is a failure, a not-dp row not flagged is a result (an audit may
not see a leak at its pairs and runs), not a failure. Exit: 0 when no dp row is flagged and every
audit ran, 1 otherwise, 2 bad arguments.
"""
import argparse
import os
import re
import resource
import subprocess
import sys

import yaml


def labels_of(spec):
    """The algorithm entries' labels, in the spec's order (`algorithms:`, or one `algorithm:`)."""
    with open(spec) as f:
        doc = yaml.safe_load(f)
    entries = doc.get("algorithms") or [{"name": doc.get("algorithm")}]
    labels = [e.get("label", e.get("name")) for e in entries]
    if any(not l for l in labels):
        raise SystemExit(f"{spec}: an algorithm entry has neither label nor name")
    return labels


def fields(report):
    """The report's `key: value` lines (dplab audit's format) as a dict."""
    out = {}
    for line in report.splitlines():
        m = re.match(r"([a-z_]+(?: [a-z]+)?):\s+(.*)", line)  # "eps_hat:", "spec point:"
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def dplab_audit(args, spec, options):
    """Runs `dplab audit SPEC OPTIONS...`; returns (exit code, stdout, stderr, CPU seconds of the
    child: user and system, every thread)."""
    cmd = [args.dplab, "audit", spec] + options
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.returncode, proc.stdout, proc.stderr, cpu


def first_line(text):
    """dplab's one-line error (a listing of points may follow it)."""
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[0].removeprefix("dplab audit: ") if lines else "no message"


def probe(args, spec, label, at):
    """What the audit of a point would run: (point index, key, report fields) or an error."""
    where = [x for c in ["label=" + label] + at for x in ("--where", c)]
    code, out, err, _ = dplab_audit(args, spec, where + ["--samples", "100", "--test-samples", "100",
                                                            "--max-pairs", "1", "--events", "1", "--threads", "1"])
    if code not in (0, 1):
        return None, None, first_line(err)
    f = fields(out)
    index = int(re.search(r" point (\d+) of ", f["spec point"]).group(1))
    noise = re.search(r"\(noise: (\w+)\)", f["claimed"]).group(1)
    return index, (f["algorithm"], f["data"], noise), f


def audit(args, spec, index, log):
    """The full audit of a spec point, logged; returns the table's cells."""
    extra = ["--point", str(index), "--threads", str(args.threads), "--seed", str(args.seed)]
    if args.seconds is not None:
        extra += ["--seconds", f"{args.seconds:g}"]
    if args.samples is not None:
        extra += ["--samples", str(args.samples)]
    code, out, err, cpu = dplab_audit(args, spec, extra)
    log.write(f"$ dplab audit {spec} {' '.join(extra)}\n{out}{err}exit {code}\n\n")
    log.flush()
    if code not in (0, 1):
        return {"error": first_line(err)}
    f = fields(out)
    runs = re.match(r"(\d+) of (\d+) neighbouring pairs searched, (\d+) runs per side each; .* on (\d+) fresh",
                    f["runs"])
    return {
        "claimed": float(re.match(r"eps = (\S+)", f["claimed"]).group(1)),
        "eps_hat": float(f["eps_hat"].split()[0]),
        "violation": code == 1,
        "pairs": f"{runs.group(1)} of {runs.group(2)}" if runs else "?",
        "runs": f"{runs.group(3)} / {runs.group(4)}" if runs else "?",
        "cpu": cpu,
        "wall": float(f["time"].split()[0]),
        "pair": f.get("pair", ""),
        "event": f.get("event", ""),
    }


def privacy_cell(f):
    """'dp' or 'not-dp (finding)' from the report's privacy line."""
    m = re.match(r"(\S+?)(?: \(finding (\S+)\))?:", f.get("privacy", "?:"))
    return m.group(1) + (f" ({m.group(2)})" if m.group(2) else "")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="the markdown table (the log goes beside it, .log)")
    p.add_argument("--dplab", default="build/dplab")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seconds", type=float, help="each audit's time budget (default: dplab audit's, 40 s)")
    p.add_argument("--samples", type=int,
                   help="search runs per side of each pair, as dplab audit --samples (fixed runs: the same table "
                        "on every run; default: as many as --seconds buys)")
    p.add_argument("--seed", type=int, default=1)
    # For --help only: the --at options belong to the --spec before them, so both are read in order below.
    p.add_argument("--spec", help="a spec; the --at options after it choose its points")
    p.add_argument("--at", help="key=value;key=value: one point per algorithm entry")
    plan, spec = [], None
    rest = []
    it = iter(argv)
    for a in it:
        if a == "--spec":
            spec = next(it, None)
            plan.append((spec, []))
        elif a == "--at":
            at = next(it, None)
            if not plan or at is None:
                p.error("--at needs a value and a --spec before it")
            plan[-1][1].append([c.strip() for c in at.split(";") if c.strip()])
        else:
            rest.append(a)
    args = p.parse_args(rest)
    if not plan:
        p.error("give at least one --spec SPEC.yaml with its --at points")
    for spec, ats in plan:
        if not ats:
            p.error(f"--spec {spec}: no --at point chosen")
        if not os.path.exists(spec):
            p.error(f"--spec {spec}: no such file")
    return args, plan


def main(argv):
    args, plan = parse_args(argv)
    table, log_path = args.out, os.path.splitext(args.out)[0] + ".log"
    command = "scripts/audit_spec_points.py " + " ".join(
        a if re.fullmatch(r"[\w./=-]+", a) else "'" + a + "'" for a in argv)
    load_before = open("/proc/loadavg").read().split()[:3]
    version = subprocess.run([args.dplab, "--version"], capture_output=True, text=True).stdout.strip()
    rows, by_key = [], {}
    os.makedirs(os.path.dirname(os.path.abspath(table)), exist_ok=True)
    with open(log_path, "w") as log:
        log.write(f"{command}\n{version}\nload average before: {' '.join(load_before)}\n\n")
        for spec, ats in plan:
            name = os.path.splitext(os.path.basename(spec))[0]
            for label in labels_of(spec):
                for at in ats:
                    point = ", ".join(at)
                    index, key, f = probe(args, spec, label, at)
                    if index is None:
                        rows.append({"n": len(rows) + 1, "spec": name, "label": label, "points": [point], "error": f})
                        print(f"{name} {label} at {point}: error: {f}", flush=True)
                        continue
                    point = f"#{index}: {point}"
                    if key in by_key:  # the same audit as a row before: list the point there
                        row = by_key[key]
                        row["points"].append(point if row["spec"] == name else f"{name} {point}")
                        print(f"{name} {label} at {point}: the same audit as row {row['n']}", flush=True)
                        continue
                    row = {"n": len(rows) + 1, "spec": name, "label": label, "points": [point],
                           "algorithm": key[0].split(" (")[0], "privacy": privacy_cell(f)}
                    row.update(audit(args, spec, index, log))
                    rows.append(row)
                    by_key[key] = row
                    print(f"{name} {label} at {point}: " + (
                        f"error: {row['error']}" if "error" in row else
                        f"{'VIOLATION' if row['violation'] else 'pass'}, eps_hat {row['eps_hat']:.3f} (claimed "
                        f"{row['claimed']:g}, {row['privacy']}), {row['wall']:.1f} s wall"), flush=True)
        load_after = open("/proc/loadavg").read().split()[:3]
        log.write(f"load average after: {' '.join(load_after)}\n")
    write_table(table, rows, args, command, version, load_before, load_after)
    return summary(rows)


def counts(rows):
    audited = [r for r in rows if "error" not in r]
    dp = [r for r in audited if r["privacy"] == "dp"]
    not_dp = [r for r in audited if r["privacy"] != "dp"]
    return {
        "errors": len(rows) - len(audited),
        "dp": len(dp), "dp_flagged": sum(r["violation"] for r in dp),
        "not_dp": len(not_dp), "not_dp_flagged": sum(r["violation"] for r in not_dp),
    }


def summary(rows):
    c = counts(rows)
    print(f"{c['dp']} audits of eps-DP points: {c['dp'] - c['dp_flagged']} pass, {c['dp_flagged']} flagged; "
          f"{c['not_dp']} of not-eps-DP points: {c['not_dp_flagged']} flagged; {c['errors']} errors")
    return 1 if c["dp_flagged"] or c["errors"] else 0


def cell(text):
    """Text for a markdown table cell (a bar would end the cell)."""
    return str(text).replace("|", "\\|")


def write_table(path, rows, args, command, version, load_before, load_after):
    budget = (f"samples {args.samples}" if args.samples is not None else
              f"seconds {args.seconds:g}" if args.seconds is not None else "seconds 40 (the default)")
    c = counts(rows)
    lines = [
        f"<!-- generated by scripts/audit_spec_points.py: {budget}, threads {args.threads}, seed {args.seed}, "
        "confidence 0.95; do not edit -->",
        "| row | spec | algorithm | points (the same audit) | privacy as declared | claimed eps | eps_hat | verdict "
        "| pairs searched | runs per side (search / test) | CPU s | wall s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        name = r["label"] if r.get("algorithm", r["label"]) == r["label"] else f"{r['label']} ({r['algorithm']})"
        head = f"| {r.get('n', '')} | {r['spec']} | {cell(name)} | {cell('; '.join(r['points']))} |"
        if "error" in r:
            lines.append(f"{head} | | | error: {cell(r['error'])} | | | | |")
            continue
        verdict = "**violation**" if r["violation"] else "pass"
        lines.append(f"{head} {r['privacy']} | {r['claimed']:.3f} | {r['eps_hat']:.3f} | {verdict} | {r['pairs']} | "
                     f"{r['runs']} | {r['cpu']:.1f} | {r['wall']:.1f} |")
    lines += [
        "",
        f"{c['dp']} audits of eps-DP points: {c['dp'] - c['dp_flagged']} pass, {c['dp_flagged']} flagged; "
        f"{c['not_dp']} of not-eps-DP points: {c['not_dp_flagged']} flagged, "
        f"{c['not_dp'] - c['not_dp_flagged']} not; {c['errors']} errors.",
    ]
    flagged = [r for r in rows if r.get("violation")]
    if flagged:
        lines += ["", "The events of the violations (every audit's report is in the .log beside this file):", ""]
        lines += [f"- row {r['n']}: {r['pair']}: {r['event']}" for r in flagged]
    lines += [
        "",
        f"Command: `{command}` ({version}). Load average (1, 5, 15 min) before: {' '.join(load_before)}; "
        f"after: {' '.join(load_after)} ({os.cpu_count()} cores).",
    ]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)
    print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
