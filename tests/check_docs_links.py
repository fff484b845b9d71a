#!/usr/bin/env python3
"""Every relative link in README.md and docs/**/*.md points at a file that exists and, when it
names an anchor (#...), at a heading of that file (ctest `docs_links`).

Anchors are computed as a code host renders them (GitHub's rule): the heading's text without
Markdown markup, lower-cased, every character that is not a letter, digit, space, hyphen or
underscore removed, spaces turned into hyphens; a repeated anchor gets -1, -2, ... Explicit
`<a id="...">` / `<a name="...">` tags count as anchors too. Links inside code blocks and code
spans are not links. Exit 0 when every link resolves; otherwise one line per broken link
(file:line: target: why) and exit 1.

Usage: check_docs_links.py SOURCE_DIR [--self-test]
"""
import os
import re
import sys

LINK = re.compile(r'(?<!\!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)|!\[[^\]]*\]\(([^)\s]+)\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')
HTML_ANCHOR = re.compile(r'<a\s+(?:id|name)="([^"]+)"')


def strip_code(lines):
    """Yield (line number, text) outside fenced code blocks, with code spans blanked."""
    fence = None
    for no, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if fence is None and (stripped.startswith('```') or stripped.startswith('~~~')):
            fence = stripped[:3]
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield no, re.sub(r'`[^`]*`', lambda m: ' ' * len(m.group(0)), line)


def slug(text):
    text = re.sub(r'!\[([^\]]*)\]\([^)]*\)', r'\1', text)      # images: their alt text
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)       # links: their text
    text = re.sub(r'<[^>]+>', '', text)                        # inline HTML
    text = text.replace('`', '').replace('*', '')
    text = re.sub(r'(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])', '', text)  # emphasis, not snake_case
    text = text.strip().lower()
    text = re.sub(r'[^\w\- ]', '', text, flags=re.UNICODE)
    return text.replace(' ', '-')


def anchors(path):
    seen, out = {}, set()
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    fence = None
    for line in lines:
        stripped = line.lstrip()
        if fence is None and (stripped.startswith('```') or stripped.startswith('~~~')):
            fence = stripped[:3]
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        for a in HTML_ANCHOR.findall(line):
            out.add(a)
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        out.add(base if n == 0 else f'{base}-{n}')
        seen[base] = n + 1
    return out


def check(root):
    pages = [os.path.join(root, 'README.md')]
    for d, _, files in os.walk(os.path.join(root, 'docs')):
        pages += [os.path.join(d, f) for f in sorted(files) if f.endswith('.md')]
    broken, links = [], 0
    cache = {}
    for page in pages:
        if not os.path.isfile(page):
            broken.append(f'{page}: missing')
            continue
        with open(page, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for no, line in strip_code(lines):
            for m in LINK.finditer(line):
                target = m.group(1) or m.group(2)
                if re.match(r'^[a-z][a-z0-9+.-]*:', target):      # http:, https:, mailto:
                    continue
                links += 1
                path, _, anchor = target.partition('#')
                where = f'{os.path.relpath(page, root)}:{no}: {target}'
                dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(dest):
                    broken.append(f'{where}: no such file {os.path.relpath(dest, root)}')
                    continue
                if not anchor:
                    continue
                if not dest.endswith('.md'):
                    broken.append(f'{where}: an anchor into a file that is not Markdown')
                    continue
                if dest not in cache:
                    cache[dest] = anchors(dest)
                if anchor not in cache[dest]:
                    broken.append(f'{where}: no heading with anchor #{anchor} in {os.path.relpath(dest, root)}')
    return pages, links, broken


def self_test():
    assert slug('Reproduction report (`dplab report`)') == 'reproduction-report-dplab-report'
    assert slug('Chapter 7: DP k-means with a convergence guarantee (Figs 7.7-7.10)') == \
        'chapter-7-dp-k-means-with-a-convergence-guarantee-figs-77-710'
    assert slug('budget_series (Bai, Yang, Xiang, Wang 2021): Figs 1-14, Tables 2-5') == \
        'budget_series-bai-yang-xiang-wang-2021-figs-1-14-tables-2-5'
    assert slug('Secure noise (`noise: secure`): the path for use beyond research') == \
        'secure-noise-noise-secure-the-path-for-use-beyond-research'
    assert slug('*Emphasis* and [a link](x.md)') == 'emphasis-and-a-link'


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().split('\n')[-1], file=sys.stderr)
        return 2
    self_test()
    root = os.path.abspath(sys.argv[1])
    pages, links, broken = check(root)
    for b in broken:
        print(b)
    if len(pages) < 2 or links == 0:
        print(f'found {len(pages)} page(s) and {links} relative link(s): expected README.md, docs/ and links between them')
        return 1
    print(f'{len(pages)} pages, {links} relative links, {len(broken)} broken')
    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())
