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
                    (ours / paper), diff (ours - paper); several become value columns (without cols); s:other_metric
                    shows that statistic of another metric of the same point (mean:expected_mse)
  index=i           the element of a vector metric (default: every element, as a row key)
  format=spec       Python format spec of the numbers (default .4g)
  mean=yes          (with cols) a last column: the mean over the row's columns
  label=text        the header of the row-key column(s), comma-separated

The region starts with one line naming the summary, its code version, seed and trials.

A claims region lists a paper's claims (results/reference/<paper>/claims.yaml) with the verdict
their `expect` states, which `dplab claims` checks against the paper-count results:

    <!-- claims: section="Figs 13-14" -->      (section= optional: only that section's claims)
    <!-- end claims -->

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

REGION = re.compile(r'(<!-- (table|claims):(.*?)-->\n)(.*?)(<!-- end \2 -->)', re.S)
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
        if k not in ('metric', 'rows', 'cols', 'where', 'show', 'index', 'format', 'mean', 'label'):
            raise TableError(f'unknown option {k!r}')
        opts[k] = v
    if 'metric' not in opts:
        raise TableError('metric=... is required')
    return opts


def number(text, spec):
    if text is None or text == '':
        return '-'
    try:
        return format(float(text), spec)
    except ValueError:
        return text


def cell(row, what, spec):
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
    if what == 'diff':
        if not row.get('paper'):
            return '-'
        return number(str(float(row['mean']) - float(row['paper'])), spec)
    if what == 'ratio':
        if not row.get('paper') or float(row['paper']) == 0:
            return '-'
        return number(str(float(row['mean']) / float(row['paper'])), spec)
    raise TableError(f'show={what!r}: use mean, ci, paper, sd, n, ratio or diff')


def render(opts, summary_path, shown):
    """The region's text: a line naming the summary `shown`, then the table."""
    prov, rows = read_summary(summary_path)
    if not rows:
        raise TableError(f'{summary_path} has no rows')
    header = list(rows[0].keys())
    stats = {'metric', 'index', 'mean', 'sd', 'ci95_low', 'ci95_high', 'trials', 'paper'}
    axes = [h for h in header if h not in stats]
    metrics = opts['metric'].split(',')
    cols = opts.get('cols')
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
    for c in ([cols] if cols else []) + opts.get('rows', '').split(','):
        if c and c not in header:
            raise TableError(f'{summary_path} has no column {c!r} (columns: {", ".join(axes)})')
    if cols and len(shows) > 1:
        raise TableError('show= takes one value when cols= is given')

    def same(a, b):
        try:
            return float(a) == float(b)
        except ValueError:
            return a == b

    picked = [r for r in rows if r['metric'] in metrics
              and all(any(same(r[k], v) for v in vs) for k, vs in where.items())
              and ('index' not in opts or same(r.get('index', ''), opts['index']))]
    if not picked:
        raise TableError(f'no row of {summary_path} has metric {opts["metric"]} and {opts.get("where", "")}')
    keys = opts['rows'].split(',') if 'rows' in opts else [a for a in axes if a != cols and a not in where]
    if len(metrics) > 1:
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
                             'name more rows= or where=')
        table[k][c] = r
    by_point = {(tuple(r[a] for a in axes), r['metric'], r.get('index', '')): r for r in rows}
    labels = opts['label'].split(',') if 'label' in opts else keys
    if cols:
        head = labels + col_values + (['mean'] if opts.get('mean') == 'yes' else [])
    else:
        head = labels + [{'mean': 'ours', 'ci': 'ours [95% CI]'}.get(s, s.partition(':')[2] or s) for s in shows]
    out = ['| ' + ' | '.join(h.replace('|', '\\|') for h in head) + ' |', '|' + '---|' * len(head)]
    for k in order:
        line = list(k)
        if cols:
            vals = [cell(table[k].get(c), shows[0], spec) for c in col_values]
            line += vals
            if opts.get('mean') == 'yes':
                means = [float(table[k][c]['mean']) for c in col_values if c in table[k] and table[k][c]['mean']]
                line.append(format(sum(means) / len(means), spec) if means else '-')
        else:
            for s_ in shows:
                what, _, other = s_.partition(':')
                r = table[k][None]
                if other:
                    r = by_point.get((tuple(r[a] for a in axes), other, r.get('index', '')))
                line.append(cell(r, what, spec))
        out.append('| ' + ' | '.join(c.replace('|', '\\|') for c in line) + ' |')
    source = '*Generated from `' + shown + '`' + (' (' + '; '.join(prov) + ')' if prov else '') + '.*'
    return source + '\n\n' + '\n'.join(out) + '\n'


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
            else:
                opts = parse_options(m.group(3))
                result = opts['result'] if '/' in opts['result'] else paper + '/' + opts['result']
                rel = os.path.join('results', 'summary', result + '.csv')
                table = render(opts, os.path.join(root, rel), rel)
        except TableError as e:
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


def self_test():
    """The check fails on a page whose table was edited by hand, and on a missing summary."""
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'results', 'summary', 'p'))
        os.makedirs(os.path.join(root, 'docs', 'papers'))
        with open(os.path.join(root, 'results', 'summary', 'p', 'r.csv'), 'w') as f:
            f.write('# p/r: code v1, seed 7, 2 points x 10 trials, 20 done\n'
                    'algorithm,N,metric,mean,sd,ci95_low,ci95_high,trials,paper\n'
                    'A,1,y,0.5,0.1,0.43,0.57,10,0.52\nB,1,y,0.75,0.1,0.68,0.82,10,\n')
        page = os.path.join(root, 'docs', 'papers', 'p.md')
        with open(page, 'w') as f:
            f.write('# p\n\n<!-- table: r rows=algorithm metric=y show=ci,paper format=.2f -->\n<!-- end table -->\n')
        assert main(['--root', root]) == 0
        text = open(page).read()
        assert '| A | 0.50 [0.43, 0.57] | 0.52 |' in text and 'seed 7' in text, text
        assert main(['--root', root, '--check']) == 0
        with open(page, 'w') as f:
            f.write(text.replace('0.75 [', '0.76 ['))
        assert main(['--root', root, '--check']) == 1
        with open(page, 'w') as f:
            f.write(text.replace('table: r ', 'table: q '))
        assert main(['--root', root, '--check']) == 1
        os.makedirs(os.path.join(root, 'results', 'reference', 'p'))
        with open(os.path.join(root, 'results', 'reference', 'p', 'claims.yaml'), 'w') as f:
            f.write('claims:\n  - {id: c1, section: S, says: "x | y", expect: fails}\n  - {id: c2, says: z}\n')
        with open(page, 'w') as f:
            f.write(text + '\n<!-- claims: section=S -->\n<!-- end claims -->\n')
        assert main(['--root', root]) == 0
        text = open(page).read()
        assert '| `c1` | x \\| y | does not hold |' in text and 'c2' not in text, text
        with open(page, 'w') as f:
            f.write(text.replace('does not hold |', 'holds |'))
        assert main(['--root', root, '--check']) == 1
    print('self-test passed')
    return 0


def main(argv):
    argv = list(argv)
    if argv == ['--self-test']:
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
