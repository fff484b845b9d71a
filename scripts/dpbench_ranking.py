#!/usr/bin/env python3
"""DPBench's algorithm ranking (Hay et al., SIGMOD 2016): in each setting (every column of a
summary but algorithm and the statistics; for error_vs_scale a dataset label "SHAPE SCALE"), which
eps-DP algorithms are *competitive*, i.e. not significantly worse than the best one, and how often
each algorithm is best and competitive over the settings.

The rule, from the summary's own 95% intervals (never recomputed from sd and trials, so it
follows whatever protocol produced them):
  - only rows whose privacy column is "dp" are ranked; the others are named, not ranked;
  - best: the least mean (every algorithm at that exact mean, when several tie);
  - A is competitive when mean_A - mean_best <= sqrt(lo_A^2 + hi_best^2), where lo_A is the
    lower half-width of A's interval (mean_A - ci95_low) and hi_best the upper one of the best's
    (ci95_high - mean_best). For normal means this asks whether the unpaired (Welch-type) 95%
    interval of mean_A - mean_best reaches 0, a one-sided 2.5% test that A is worse: each
    half-width is a quantile times a standard error, and the difference's standard error is the
    root of the sum of the squares. One comparison at a time, with no multiple-comparison
    correction. Unpaired errs towards competitive: the algorithms of one trial share the data
    sample and the queries, so their errors are likely positively correlated and a paired test
    would be narrower.

A docs page asks for the tables with a region (scripts/docs_tables.py renders and checks it):

    <!-- ranking: error_vs_scale_1d metric=scaled_l2_error_per_query -->
    <!-- end ranking -->

Usage: dpbench_ranking.py SUMMARY.csv METRIC    prints the tables of one summary
"""
import math
import shlex
import sys

STATS = {'algorithm', 'metric', 'index', 'mean', 'sd', 'ci95_low', 'ci95_high', 'trials', 'paper',
         'privacy', 'privacy_finding'}


class RankingError(Exception):
    pass


def value(row, field, where):
    """row[field] as a finite float, else a one-line error naming the row."""
    try:
        x = float(row.get(field, ''))
    except ValueError:
        x = math.nan
    if not math.isfinite(x):
        raise RankingError(f'{where}: {row["algorithm"]} has no finite {field} '
                           f'({row.get(field, "")!r}); the ranking needs a mean and its 95% interval')
    return x


def competitive_set(rows, where='setting'):
    """(best, competitive) algorithm names of one setting's eps-DP rows, competitive by mean."""
    if not rows:
        return [], []
    stats = [(r['algorithm'], value(r, 'mean', where), value(r, 'ci95_low', where),
              value(r, 'ci95_high', where)) for r in rows]
    least = min(s[1] for s in stats)
    best = [s for s in stats if s[1] == least]
    hi_best = max(s[3] - s[1] for s in best)  # ties: the widest upper half-width among the best

    def competitive(s):
        return s[1] == least or s[1] - least <= math.hypot(s[1] - s[2], hi_best)
    ranked = sorted((s for s in stats if competitive(s)), key=lambda s: s[1])
    return [s[0] for s in best], [s[0] for s in ranked]


def rank(rows, metric, where='summary'):
    """{setting: (best, competitive)}, the eps-DP algorithms in summary order, the left-out ones."""
    picked = [r for r in rows if r.get('metric') == metric]
    if not picked:
        raise RankingError(f'{where} has no row of metric {metric!r}')
    if 'privacy' not in picked[0]:
        raise RankingError(f'{where} has no privacy column: the ranking counts only eps-DP series '
                           '(regenerate the summary with a dplab that writes it)')
    axes = [c for c in picked[0] if c not in STATS]
    settings, dp, left_out, findings = {}, [], [], []
    for r in picked:
        if r['privacy'] != 'dp':
            if r['algorithm'] not in left_out:
                left_out.append(r['algorithm'])
            f = r.get('privacy_finding', '')
            if f and f not in findings:
                findings.append(f)
            continue
        if r['algorithm'] not in dp:
            dp.append(r['algorithm'])
        settings.setdefault(tuple(r[a] for a in axes), []).append(r)
    out = {}
    for k, group in settings.items():
        names = [r['algorithm'] for r in group]
        if len(set(names)) != len(names):
            raise RankingError(f'{where}: {dict(zip(axes, k))} has an algorithm twice '
                               f'(metric {metric}); a setting must name one row per algorithm')
        out[k] = competitive_set(group, f'{where} {" ".join(k)}')
    return out, dp, left_out, findings


def parse(text):
    """(result, metric) of a region's options: RESULT metric=M."""
    words = shlex.split(text)
    if len(words) != 2 or '=' in words[0] or not words[1].startswith('metric=') or words[1] == 'metric=':
        raise RankingError(f'ranking options {text.strip()!r}: use <!-- ranking: RESULT metric=M -->')
    return words[0], words[1][len('metric='):]


def render(metric, rows, prov, shown):
    """The text of a ranking region: counts per algorithm, then the competitive set per setting."""
    settings, dp, left_out, findings = rank(rows, metric, shown)
    n = len(settings)
    best = {a: sum(a in b for b, _ in settings.values()) for a in dp}
    comp = {a: sum(a in c for _, c in settings.values()) for a in dp}
    order = sorted(dp, key=lambda a: (-comp[a], -best[a]))  # stable: summary order among equals
    out = ['*Generated from `' + shown + '`' + (' (' + '; '.join(prov) + ')' if prov else '') +
           f'; metric {metric}, {n} settings.*', '',
           f'| algorithm | best (of {n}) | competitive (of {n}) |', '|---|---|---|']
    out += [f'| {a} | {best[a]} | {comp[a]} |' for a in order]
    out += ['', '| setting | competitive, least mean first (best in bold) |', '|---|---|']
    for k, (b, c) in settings.items():
        names = ', '.join(f'**{a}**' if a in b else a for a in c)
        out.append('| ' + ' | '.join(x.replace('|', '\\|') for x in (' '.join(k), names)) + ' |')
    if left_out:
        out += ['', 'Not ranked, not \u03b5-DP as run: ' + ', '.join(left_out) +
                (' (see ' + ', '.join(findings) + ', [privacy findings](../privacy-findings.md))'
                 if findings else '') + '.']
    return '\n'.join(out) + '\n'


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    from docs_tables import read_summary, TableError
    try:
        prov, rows = read_summary(argv[0])
        print(render(argv[1], rows, prov, argv[0]), end='')
    except (TableError, RankingError) as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
