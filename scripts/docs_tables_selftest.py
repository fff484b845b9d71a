#!/usr/bin/env python3
"""docs_tables.py --self-test: the check fails on a page whose table was edited by hand, on a
missing summary and on a changed claim verdict, every table option renders as documented, and
DPBench's ranking follows its rule."""
import os
import sys
import tempfile

import docs_tables


def self_test():
    """The check fails on a page whose table was edited by hand, and on a missing summary."""
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
        assert docs_tables.main(['--root', root]) == 0
        text = open(page).read()
        assert '| A | 0.50 [0.43, 0.57] | 0.52 |' in text and 'seed 7' in text, text
        assert docs_tables.main(['--root', root, '--check']) == 0
        with open(page, 'w') as f:
            f.write(text.replace('0.75 [', '0.76 ['))
        assert docs_tables.main(['--root', root, '--check']) == 1
        with open(page, 'w') as f:
            f.write(text.replace('table: r ', 'table: q '))
        assert docs_tables.main(['--root', root, '--check']) == 1
        os.makedirs(os.path.join(root, 'results', 'reference', 'p'))
        with open(os.path.join(root, 'results', 'reference', 'p', 'claims.yaml'), 'w') as f:
            f.write('claims:\n  - {id: c1, section: S, says: "x | y", expect: fails}\n  - {id: c2, says: z}\n')
        with open(page, 'w') as f:
            f.write(text + '\n<!-- claims: section=S -->\n<!-- end claims -->\n')
        assert docs_tables.main(['--root', root]) == 0
        text = open(page).read()
        assert '| `c1` | x \\| y | does not hold |' in text and 'c2' not in text, text
        with open(page, 'w') as f:
            f.write(text.replace('does not hold |', 'holds |'))
        assert docs_tables.main(['--root', root, '--check']) == 1
        # over=, range, quotient:, pct, several shows with cols; the privacy columns are no axes
        with open(os.path.join(root, 'results', 'summary', 'p', 's.csv'), 'w') as f:
            f.write('# p/s: code v1, seed 8\n'
                    'algorithm,eps,metric,mean,sd,ci95_low,ci95_high,trials,paper,privacy,privacy_finding\n'
                    'A,1,it,4,1,3,5,10,3,dp,\nA,2,it,6,1,5,7,10,3,dp,\nA,1,base,2,0,2,2,10,,dp,\n'
                    'A,2,base,4,0,4,4,10,,dp,\nB,1,it,9,1,8,10,10,,not-dp,x\nB,2,it,9,1,8,10,10,,not-dp,x\n'
                    'B,1,base,3,0,3,3,10,,not-dp,x\nB,2,base,3,0,3,3,10,,not-dp,x\n')
        with open(page, 'w') as f:
            f.write('<!-- table: s metric=it over=eps show=mean,range,quotient:base,paper,pct format=.3g -->\n'
                    '<!-- end table -->\n<!-- table: s cols=eps metric=it show=mean,paper -->\n<!-- end table -->\n'
                    '<!-- table: s rows=algorithm,metric metric=it,base where=eps=2 format=s2 -->\n<!-- end table -->\n'
                    '<!-- table: s cols=metric metric=it,base where=eps=1 -->\n<!-- end table -->\n'
                    '<!-- table: s cols=eps metric=it last=min,argmax,count<5 -->\n<!-- end table -->\n'
                    '<!-- table: s rows=algorithm metric=it where=eps=1 show=ci,paper scale=10 -->\n<!-- end table -->\n')
        assert docs_tables.main(['--root', root]) == 0
        text = open(page).read()
        assert '| algorithm | ours | range | it / base | paper | pct |' in text, text
        assert '| A | 5 | 4-6 | 1.67 | 3 | +66.67% |' in text and '| B | 9 | 9 | 3 | - | - |' in text, text
        assert '| algorithm | show | 1 | 2 |' in text and '| A | paper | 3 | 3 |' in text, text
        assert '| algorithm | metric | ours |' in text and '| A | base | 4 |' in text, text
        assert '| algorithm | it | base |' in text and '| A | 4 | 2 |' in text, text
        assert '| algorithm | 1 | 2 | min | argmax | count<5 |' in text and '| A | 4 | 6 | 4 | 2 | 1 |' in text, text
        assert '| A | 40 [30, 50] | 30 |' in text, text
        assert docs_tables.number('75658.2', 's4') == '75658' and docs_tables.number('6.1771', 's4') == '6.177'
        with open(page, 'w') as f:
            f.write('<!-- table: s cols=eps over=eps metric=it -->\n<!-- end table -->\n')
        assert docs_tables.main(['--root', root]) == 1
        # split=: "SHAPE SCALE" labels become a table of scales (in numeric order) over the shapes
        with open(os.path.join(root, 'results', 'summary', 'p', 'g.csv'), 'w') as f:
            f.write('# p/g: code v1, seed 8\n'
                    'algorithm,dataset,metric,mean,sd,ci95_low,ci95_high,trials,paper,privacy,privacy_finding\n'
                    'A,X 100,it,1,0,1,1,5,,dp,\nA,X 20,it,3,0,3,3,5,,dp,\nA,Y 100,it,2,0,2,2,5,,dp,\n'
                    'A,Y 20,it,5,0,5,5,5,,dp,\n')
        with open(page, 'w') as f:
            f.write('<!-- table: g rows=algorithm cols=dataset_number over=dataset_name split=dataset metric=it -->\n'
                    '<!-- end table -->\n')
        assert docs_tables.main(['--root', root]) == 0
        text = open(page).read()
        assert '| algorithm | 20 | 100 |' in text and '| A | 4 | 1.5 |' in text, text
        with open(page, 'w') as f:
            f.write('<!-- table: s rows=algorithm split=eps metric=it -->\n<!-- end table -->\n')
        assert docs_tables.main(['--root', root]) == 1  # "1" is not "NAME NUMBER"
        ranking_self_test(root, page)
    print('self-test passed')
    return 0


def ranking_self_test(root, page):
    """DPBench's competitive rule (dpbench_ranking.py) on a made-up summary. In setting S 1 the
    best mean 1.0 is shared by A and D (a tie: both best). C (1.15 [1.02, 1.28]) is competitive,
    0.15 <= hypot(0.13, 0.1) = 0.164, though its interval misses the best mean. B (1.2 [1.05,
    1.35]) is not, 0.2 > hypot(0.15, 0.1) = 0.18, though its interval overlaps A's and the
    half-widths add to 0.25. F (1.3 [1.2, 2.0]) is not: its lower half-width 0.1 counts, not the
    symmetric 0.4. E, below all of them, is not eps-DP and is not ranked (else it alone would be
    competitive). The wall_time row is another metric."""
    with open(os.path.join(root, 'results', 'summary', 'p', 'k.csv'), 'w') as f:
        f.write('# p/k: code v1, seed 9\n'
                'algorithm,dataset,metric,mean,sd,ci95_low,ci95_high,trials,paper,privacy,privacy_finding\n'
                'A,S 1,y,1.0,0,0.9,1.1,10,,dp,\nB,S 1,y,1.2,0,1.05,1.35,10,,dp,\nC,S 1,y,1.15,0,1.02,1.28,10,,dp,\n'
                'D,S 1,y,1.0,0,0.95,1.05,10,,dp,\nE,S 1,y,0.5,0,0.4,0.6,10,,not-dp,f.x\n'
                'F,S 1,y,1.3,0,1.2,2.0,10,,dp,\nA,S 2,y,3,0,2.9,3.1,10,,dp,\nB,S 2,y,1,0,0.9,1.1,10,,dp,\n'
                'E,S 2,y,0.1,0,0.05,0.15,10,,not-dp,f.x\nC,S 2,wall_time,0.001,0,0.001,0.001,10,,dp,\n')
    with open(page, 'w') as f:
        f.write('<!-- ranking: k metric=y -->\n<!-- end ranking -->\n')
    assert docs_tables.main(['--root', root]) == 0
    text = open(page).read()
    for line in ('| algorithm | best (of 2) | competitive (of 2) |\n|---|---|---|\n| A | 1 | 1 |\n'
                 '| B | 1 | 1 |\n| D | 1 | 1 |\n| C | 0 | 1 |\n| F | 0 | 0 |\n',
                 '| S 1 | **A**, **D**, C |\n| S 2 | **B** |\n', 'Not ranked, not \u03b5-DP as run: E (see f.x',
                 'seed 9'):
        assert line in text, text
    assert docs_tables.main(['--root', root, '--check']) == 0
    with open(page, 'w') as f:
        f.write(text.replace('| C | 0 | 1 |', '| C | 0 | 2 |'))
    assert docs_tables.main(['--root', root, '--check']) == 1
    # A ranked row without its interval, and a summary without the privacy column, are errors.
    for bad in ('A,S 2,y,3,0,,,1,,dp,\n', None):
        with open(os.path.join(root, 'results', 'summary', 'p', 'k.csv')) as f:
            csv_text = f.read()
        if bad:
            csv_text = csv_text.replace('A,S 2,y,3,0,2.9,3.1,10,,dp,\n', bad)
        else:
            csv_text = csv_text.replace(',privacy,privacy_finding', ',x,y2')
        with open(os.path.join(root, 'results', 'summary', 'p', 'k2.csv'), 'w') as f:
            f.write(csv_text)
        with open(page, 'w') as f:
            f.write('<!-- ranking: k2 metric=y -->\n<!-- end ranking -->\n')
        assert docs_tables.main(['--root', root]) == 1


if __name__ == "__main__":
    sys.exit(self_test())
