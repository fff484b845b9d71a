#!/usr/bin/env python3
"""Tables of our numbers in docs/papers/<paper>.md, generated from the committed summaries
results/summary/<paper>/<result>.csv (the `dplab show --csv --provenance --wall-time` of a paper-count run).

A page marks each generated table with a region:

    <!-- table: fig13 rows=algorithm cols=N metric=nivc format=.4f -->
    (everything here is replaced)
    <!-- end table -->

Options (key=value; quote a value with spaces: where="dataset=Iris; eps=1"):
  metric=m[,m2]     the metric(s) shown (required); several metrics become rows (without cols) or
                    a "metric" row key (with cols)
  rows=c[,c2]       the columns that name a row (default: every axis not in cols/where)
  cols=c            a column whose values become table columns (optional)
  where=c=v[|v2];.. keep only these rows
  show=s[,s2]       what a cell shows: mean (default), ci (mean [low, high]), paper, sd, n, ratio
                    (ours / paper), diff (ours - paper), pct (ours / paper - 1, in %), range (with
                    over=: the smallest-largest mean over the averaged axis); several become value
                    columns (without cols) or a "show" row key (with cols); s:other_metric shows that
                    statistic of another metric of the same point (mean:expected_mse);
                    quotient:other_metric is the mean over the other metric's mean (with over=: the
                    ratio of the averages)
  scale=x           multiply every number of the summary by x (units: scale=1e6 shows seconds as us)
  over=c            average over the values of column c (after where=): a cell's mean is the mean
                    of the points' means (no CI), its paper the points' common paper value
  index=i           the element of a vector metric (default: every element, as a row key)
  format=spec       Python format spec of the numbers (default .4g), or sN: N significant digits
                    without an exponent for large numbers (75658 stays 75658, 6.1771 is 6.177)
  mean=yes          (with cols) a last column: the mean over the row's columns
  last=f[,f2]       (with cols) last columns over the row's means: mean, min, max, argmin, argmax
                    (the column where the least / largest mean is), count<X, count>X (how many
                    columns have a mean below / above X)
  label=text        the header of the row-key column(s), comma-separated
  split=c           split column c's values "NAME NUMBER" (a dataset label such as "ADULT 1000")
                    into two columns, c_name and c_number (DPBench's grid: cols=dataset_number
                    over=dataset_name is a table of scales with the mean over the shapes)

The region starts with one line naming the summary, its code version, seed and trials.

A claims region lists a paper's claims (results/reference/<paper>/claims.yaml) with the verdict
their `expect` states, which `dplab claims` checks against the paper-count results:

    <!-- claims: section="Figs 13-14" -->      (section= optional: only that section's claims)
    <!-- end claims -->

A ranking region counts, per eps-DP algorithm, the settings where it is best and competitive
(DPBench's ranking; the rule is in scripts/dpbench_ranking.py):

    <!-- ranking: error_vs_scale_1d metric=scaled_l2_error_per_query -->
    <!-- end ranking -->

Usage:
  docs_tables.py [--root DIR] [--check] [PAGE...]   render (or, --check, compare) the pages
                                                    (default: every docs/papers/*.md)
  docs_tables.py --self-test                        the check catches an edited table (ctest)
  docs_tables.py summarize [--root DIR] [--dplab BIN] [--paper P]... [--allow-overrides]
                                                    write results/summary/<paper>/<result>.csv
                                                    from results/<paper>/*.h5
--check exits 1 naming every region whose generated table differs from the page (edit the
summary, not the page: `make summaries docs-tables`).
"""
import csv
import io
import os
import re
import shlex
import subprocess
import sys

import dpbench_ranking  # DPBench's competitive-algorithm rule (ranking regions)

REGION = re.compile(r'(<!-- (table|claims|ranking):(.*?)-->\n)(.*?)(<!-- end \2 -->)', re.S)
VERDICT = {'holds': 'holds', 'fails': 'does not hold', 'inconclusive': 'inconclusive'}


class TableError(Exception):
    pass


def read_summary(path):
    """(provenance lines, rows as dicts) of a summary CSV."""
    if not os.path.exists(path):
        raise TableError(f'{path} does not exist (make summaries after a paper-count run)')
    with open(path, encoding='utf-8') as f:
        text = f.read()
    prov = [l[1:].strip() for l in text.splitlines() if l.startswith('#')]
    body = '\n'.join(l for l in text.splitlines() if not l.startswith('#'))
    return prov, list(csv.DictReader(io.StringIO(body)))


def parse_options(text):
    opts = {}
    words = shlex.split(text)
    if not words:
        raise TableError('a table region names its result first: <!-- table: fig13 metric=... -->')
    opts['result'] = words[0]
    for w in words[1:]:
        if '=' not in w:
            raise TableError(f'option {w!r} is not key=value')
        k, v = w.split('=', 1)
        if k not in ('metric', 'rows', 'cols', 'where', 'show', 'index', 'format', 'mean', 'label', 'over', 'last', 'scale',
                     'split'):
            raise TableError(f'unknown option {k!r}')
        opts[k] = v
    if 'metric' not in opts:
        raise TableError('metric=... is required')
    return opts


def number(text, spec):
    """text formatted by spec; sN: N significant digits, a large number's integer part whole."""
    if text is None or text == '':
        return '-'
    try:
        x = float(text)
    except ValueError:
        return text
    if spec.startswith('s') and spec[1:].isdigit():
        digits = int(spec[1:])
        return format(x, '.0f') if abs(x) >= 10 ** (digits - 1) else format(x, f'.{digits}g')
    return format(x, spec)


def cell(row, what, spec, other=None):
    """What a cell shows of `row`; `other` is the row of the quotient's denominator."""
    if row is None:
        return '-'
    if what == 'mean':
        return number(row['mean'], spec)
    if what == 'ci':
        if row['ci95_low'] in ('', None) or row['ci95_low'] == row['ci95_high']:
            return number(row['mean'], spec)
        return f"{number(row['mean'], spec)} [{number(row['ci95_low'], spec)}, {number(row['ci95_high'], spec)}]"
    if what == 'paper':
        return number(row.get('paper', ''), spec)
    if what == 'sd':
        return number(row['sd'], spec)
    if what == 'n':
        return row['trials']
    if what == 'range':
        if 'range' not in row:
            raise TableError('show=range needs over=')
        low, high = (number(str(v), spec) for v in row['range'])
        return low if low == high else f'{low}-{high}'
    if what == 'quotient':
        if other is None or not other['mean'] or float(other['mean']) == 0:
            return '-'
        return number(str(float(row['mean']) / float(other['mean'])), spec)
    if what in ('diff', 'ratio', 'pct'):
        if not row.get('paper') or (what != 'diff' and float(row['paper']) == 0):
            return '-'
        ours, paper = float(row['mean']), float(row['paper'])
        if what == 'diff':
            return number(str(ours - paper), spec)
        if what == 'ratio':
            return number(str(ours / paper), spec)
        return format(100 * (ours / paper - 1), '+.2f') + '%'
    raise TableError(f'show={what!r}: use mean, ci, paper, sd, n, ratio, diff, pct, range or quotient')


def last_column(f, means, spec):
    """A last= column over one row's {column value: mean}."""
    if not means:
        return '-'
    values = list(means.values())
    if f in ('mean', 'min', 'max'):
        v = {'mean': sum(values) / len(values), 'min': min(values), 'max': max(values)}[f]
        return number(str(v), spec)
    if f in ('argmin', 'argmax'):
        pick = min if f == 'argmin' else max
        return pick(means, key=means.get)
    m = re.fullmatch(r'count([<>])(.+)', f)
    if m:
        try:
            x = float(m.group(2))
        except ValueError:
            raise TableError(f'last={f}: {m.group(2)!r} is not a number')
        return str(sum(1 for v in values if (v < x if m.group(1) == '<' else v > x)))
    raise TableError(f'last={f!r}: use mean, min, max, argmin, argmax, count<X or count>X')


def average_over(rows, axis, axes):
    """One row per point of the other axes: the mean of the means over `axis`'s values."""
    groups, order = {}, []
    for r in rows:
        k = (tuple(r[a] for a in axes if a != axis), r['metric'], r.get('index', ''))
        if k not in groups:
            order.append(k)
            groups[k] = []
        groups[k].append(r)
    out = []
    for k in order:
        group = groups[k]
        means = [float(r['mean']) for r in group if r['mean'] not in ('', None)]
        papers = {r.get('paper', '') for r in group}
        row = {a: v for a, v in zip([a for a in axes if a != axis], k[0])}
        row.update(metric=k[1], index=k[2], mean=str(sum(means) / len(means)) if means else '',
                   sd='', ci95_low='', ci95_high='', trials=group[0]['trials'],
                   paper=papers.pop() if len(papers) == 1 else '',
                   range=(min(means), max(means)) if means else ('', ''))
        out.append(row)
    return out


def render(opts, summary_path, shown):
    """The region's text: a line naming the summary `shown`, then the table."""
    prov, rows = read_summary(summary_path)
    if not rows:
        raise TableError(f'{summary_path} has no rows')
    if 'split' in opts:
        c = opts['split']
        if c not in rows[0]:
            raise TableError(f'split: {summary_path} has no column {c!r}')
        for r in rows:
            name, _, number = r[c].rpartition(' ')
            if not name or not number.isdigit():
                raise TableError(f'split: {c} value {r[c]!r} is not "NAME NUMBER"')
            r[c + '_name'], r[c + '_number'] = name, number
            del r[c]
    header = list(rows[0].keys())
    stats = {'metric', 'index', 'mean', 'sd', 'ci95_low', 'ci95_high', 'trials', 'paper',
             'privacy', 'privacy_finding'}
    axes = [h for h in header if h not in stats]
    metrics = opts['metric'].split(',')
    cols = opts.get('cols')
    over = opts.get('over')
    shows = opts.get('show', 'mean').split(',')
    spec = opts.get('format', '.4g')
    where = {}
    for part in filter(None, (p.strip() for p in opts.get('where', '').split(';'))):
        if '=' not in part:
            raise TableError(f'where: {part!r} is not column=value')
        k, v = part.split('=', 1)
        if k not in header:
            raise TableError(f'where: {summary_path} has no column {k!r}')
        where[k.strip()] = set(v.split('|'))
    if over and over not in axes:
        raise TableError(f'over: {summary_path} has no column {over!r} (columns: {", ".join(axes)})')
    for c in ([cols] if cols else []) + opts.get('rows', '').split(','):
        if c and c not in header:
            raise TableError(f'{summary_path} has no column {c!r} (columns: {", ".join(axes)})')
        if c and c == over:
            raise TableError(f'over={over} averages that column away: it cannot be in rows= or cols=')

    def same(a, b):
        try:
            return float(a) == float(b)
        except ValueError:
            return a == b

    rows = [r for r in rows if all(any(same(r[k], v) for v in vs) for k, vs in where.items())]
    if 'scale' in opts:
        try:
            factor = float(opts['scale'])
        except ValueError:
            raise TableError(f'scale={opts["scale"]!r} is not a number')
        rows = [dict(r, **{f: str(float(r[f]) * factor) for f in ('mean', 'sd', 'ci95_low', 'ci95_high', 'paper')
                           if r.get(f) not in ('', None)}) for r in rows]
    if over:
        rows = average_over(rows, over, axes)
        axes = [a for a in axes if a != over]
    picked = [r for r in rows if r['metric'] in metrics
              and ('index' not in opts or same(r.get('index', ''), opts['index']))]
    if not picked:
        raise TableError(f'no row of {summary_path} has metric {opts["metric"]} and {opts.get("where", "")}')
    keys = opts['rows'].split(',') if 'rows' in opts else [a for a in axes if a != cols and a not in where]
    if len(metrics) > 1 and 'metric' not in keys and cols != 'metric':
        keys = keys + ['metric']
    if ('index' in header and 'index' not in opts and cols != 'index' and 'index' not in keys
            and any(r.get('index') for r in picked)):
        keys = keys + ['index']
    order, table, col_values = [], {}, []
    for r in picked:
        k = tuple(r[c] for c in keys)
        if k not in table:
            order.append(k)
            table[k] = {}
        c = r[cols] if cols else None
        if cols and c not in col_values:
            col_values.append(c)
        if c in table[k]:
            raise TableError(f'two rows of {summary_path} fall in one cell ({dict(zip(keys, k))}, {cols}={c}): '
                             'name more rows=, where= or over=')
        table[k][c] = r
    by_point = {(tuple(r[a] for a in axes), r['metric'], r.get('index', '')): r for r in rows}

    def shown_cell(r, show):
        """show is s or s:other_metric (quotient:other divides by the other metric's mean)."""
        what, _, other = show.partition(':')
        if r is None or not other:
            return cell(r, what, spec)
        o = by_point.get((tuple(r[a] for a in axes), other, r.get('index', '')))
        return cell(r, what, spec, o) if what == 'quotient' else cell(o, what, spec)

    def show_name(show):
        what, _, other = show.partition(':')
        if what == 'quotient':
            return (metrics[0] if len(metrics) == 1 else '') + f' / {other}'
        if other:
            return other if what == 'mean' else f'{other} ({what})'
        return {'mean': 'ours', 'ci': 'ours [95% CI]'}.get(what, what)

    labels = opts['label'].split(',') if 'label' in opts else keys + (['show'] if cols and len(shows) > 1 else [])
    lasts = (['mean'] if opts.get('mean') == 'yes' else []) + [f for f in opts.get('last', '').split(',') if f]
    if lasts and not cols:
        raise TableError('mean=yes and last= need cols=')
    if cols and 'split' in opts and cols == opts['split'] + '_number':
        col_values.sort(key=int)  # the scales in order
    if cols:
        head = labels + col_values + lasts
    else:
        head = labels + [show_name(s_) for s_ in shows]
    out = ['| ' + ' | '.join(h.replace('|', '\\|') for h in head) + ' |', '|' + '---|' * len(head)]
    # What is not eps-DP as run (the summary's privacy column) is marked with a dagger, and the
    # findings behind it are named under the table, as the figures do: a column when every cell
    # of it is, else a row when every cell of it is, else the cells themselves.
    findings = []

    def not_dp(r):
        if r is None or r.get('privacy') != 'not-dp':
            return False
        f = r.get('privacy_finding', '')
        if f and f not in findings:
            findings.append(f)
        return True
    col_marked = {c for c in col_values
                  if all(not_dp(table[k][c]) for k in order if table[k].get(c) is not None)} if cols else set()
    row_marked = {k for k in order
                  if any(not_dp(r) for r in table[k].values()) and all(
                      not_dp(r) for c, r in table[k].items() if r is not None and c not in col_marked)
                  and any(c not in col_marked for c, r in table[k].items() if r is not None)}

    def marked(k):
        return [k[0] + ' \u2020'] + list(k[1:]) if k in row_marked else list(k)

    def mark_cell(k, c, text):
        r = table[k].get(c)
        return text + ' \u2020' if k not in row_marked and c not in col_marked and not_dp(r) else text
    if cols:
        head = labels + [c + ' \u2020' if c in col_marked else c for c in col_values] + lasts
        out[0] = '| ' + ' | '.join(h.replace('|', '\\|') for h in head) + ' |'
    for k in order:
        if cols:
            for s_ in shows:
                line = marked(k) + ([show_name(s_)] if len(shows) > 1 else [])
                line += [mark_cell(k, c, shown_cell(table[k].get(c), s_)) for c in col_values]
                means = {c: float(table[k][c]['mean']) for c in col_values if c in table[k] and table[k][c]['mean']}
                line += [last_column(f, means, spec) for f in lasts]
                out.append('| ' + ' | '.join(c.replace('|', '\\|') for c in line) + ' |')
        else:
            line = marked(k) + [shown_cell(table[k][None], s_) for s_ in shows]
            out.append('| ' + ' | '.join(c.replace('|', '\\|') for c in line) + ' |')
    source = '*Generated from `' + shown + '`' + (' (' + '; '.join(prov) + ')' if prov else '') + '.*'
    note = ''
    if any(' \u2020' in line for line in out):
        note = ('\n\u2020 not \u03b5-DP as run' + (': see ' + ', '.join(findings) if findings else '') +
                ' ([privacy findings](../privacy-findings.md)).\n')
    return source + '\n\n' + '\n'.join(out) + '\n' + note


def render_claims(text, path, shown):
    """The claims region: id, statement and the verdict `expect` gives, per claim."""
    import yaml
    opts = dict(w.split('=', 1) for w in shlex.split(text))
    for k in opts:
        if k != 'section':
            raise TableError(f'unknown claims option {k!r} (section=...)')
    if not os.path.exists(path):
        raise TableError(f'{path} does not exist')
    with open(path, encoding='utf-8') as f:
        claims = yaml.safe_load(f)['claims']
    picked = [c for c in claims if 'section' not in opts or c.get('section') == opts['section']]
    if not picked:
        raise TableError(f'no claim of {path} in section {opts.get("section")!r}')
    out = ['*From `' + shown + '`: the verdict each claim `expect`s at the paper\'s trial counts, '
           'which `dplab claims` checks (the numbers: `dplab claims --paper ...`).*', '',
           '| claim | the paper says | verdict |', '|---|---|---|']
    for c in picked:
        says = c['says'].replace('|', '\\|')
        out.append(f"| `{c['id']}` | {says} | {VERDICT.get(c.get('expect'), '-')} |")
    return '\n'.join(out) + '\n'


def process(page, root, check):
    """The page with its regions regenerated; (new text, problems)."""
    with open(page, encoding='utf-8') as f:
        text = f.read()
    paper = os.path.splitext(os.path.basename(page))[0]
    problems = []

    def replace(m):
        line = text.count('\n', 0, m.start()) + 1
        try:
            if m.group(2) == 'claims':
                rel = os.path.join('results', 'reference', paper, 'claims.yaml')
                table = render_claims(m.group(3), os.path.join(root, rel), rel)
            elif m.group(2) == 'ranking':
                result, metric = dpbench_ranking.parse(m.group(3))
                rel = os.path.join('results', 'summary', (result if '/' in result else paper + '/' + result) + '.csv')
                prov, rows = read_summary(os.path.join(root, rel))
                table = dpbench_ranking.render(metric, rows, prov, rel)
            else:
                opts = parse_options(m.group(3))
                result = opts['result'] if '/' in opts['result'] else paper + '/' + opts['result']
                rel = os.path.join('results', 'summary', result + '.csv')
                table = render(opts, os.path.join(root, rel), rel)
        except (TableError, dpbench_ranking.RankingError) as e:
            problems.append(f'{page}:{line}: {e}')
            return m.group(0)
        if m.group(4) != table:
            if check:
                problems.append(f'{page}:{line}: the {m.group(2)} region differs from {rel} (regenerate: make docs-tables)')
            return m.group(1) + table + m.group(5)
        return m.group(0)

    return REGION.sub(replace, text), problems


def summarize(root, dplab, papers, allow_overrides):
    results = os.path.join(root, 'results')
    papers = papers or sorted(p for p in os.listdir(results)
                              if os.path.isdir(os.path.join(results, p)) and p not in ('reference', 'summary', 'seeds', 'report'))
    for paper in papers:
        folder = os.path.join(results, paper)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith('.h5') or '.shard-' in name:
                continue
            path = os.path.join(folder, name)
            out = subprocess.run([dplab, 'show', path, '--csv', '--provenance', '--wall-time'], capture_output=True, text=True)
            if out.returncode != 0:
                print(f'{path}: dplab show failed: {out.stderr.strip()}', file=sys.stderr)
                return 1
            if not allow_overrides and re.search(r'^# overridden: .*\btrials=', out.stdout, re.M):
                print(f'{path}: skipped, not a paper-count run (--trials); --allow-overrides to keep it', file=sys.stderr)
                continue
            target = os.path.join(results, 'summary', paper, name[:-3] + '.csv')
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, 'w', encoding='utf-8') as f:
                f.write(out.stdout)
            print(f'wrote {os.path.relpath(target, root)}')
    return 0


def main(argv):
    argv = list(argv)
    if argv == ['--self-test']:
        from docs_tables_selftest import self_test  # the check can fail; every option renders as documented
        return self_test()
    root = '.'
    if '--root' in argv:
        i = argv.index('--root')
        root = argv[i + 1]
        del argv[i:i + 2]
    if argv and argv[0] == 'summarize':
        dplab = os.path.join(root, 'build', 'dplab')
        papers, allow = [], False
        args = argv[1:]
        while args:
            a = args.pop(0)
            if a == '--dplab':
                dplab = args.pop(0)
            elif a == '--paper':
                papers.append(args.pop(0))
            elif a == '--allow-overrides':
                allow = True
            else:
                print(f'summarize: unknown argument {a!r}', file=sys.stderr)
                return 2
        return summarize(root, dplab, papers, allow)
    check = '--check' in argv
    pages = [a for a in argv if a != '--check']
    if not pages:
        folder = os.path.join(root, 'docs', 'papers')
        pages = sorted(os.path.join(folder, p) for p in os.listdir(folder) if p.endswith('.md'))
    problems, regions = [], 0
    for page in pages:
        new, found = process(page, root, check)
        problems += found
        with open(page, encoding='utf-8') as f:
            regions += len(REGION.findall(f.read()))
        if not check and not found:
            with open(page, 'w', encoding='utf-8') as f:
                f.write(new)
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f'{regions} generated tables in {len(pages)} pages ' + ('match their summaries' if check else 'written'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
