#!/usr/bin/env python3
"""The docs point where they say. Three checks:
  - every relative link in README.md and docs/**/*.md leads somewhere: the
    file (or folder) exists, and a #fragment names a heading of the page it
    points to, as GitHub makes the anchors (lower case, punctuation dropped,
    spaces to hyphens). Links to the web are not followed;
  - every prose pointer in the README, the docs, the code, the scripts and
    the tests, a page name and then quoted headings — README "<heading>",
    README's "<heading>", docs/<page>.md, "<heading>" and "<heading>",
    <page>.md ("<heading>") — names a page that exists and, in each quote,
    one of its headings, compared as a reader would: case and backticks
    aside, and a quote may stop where its heading goes on with ": ..." or
    " (...)". A pointer may run over two lines of a comment; a page name
    directly followed by a quote is code (a string), not a pointer;
  - every docs/**/*.md page is linked from the README's index (its section
    "Where to read more").
  doc_links_test.py REPOSITORY_ROOT"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
INDEX_HEADING = "Where to read more"
# Folders that hold records, plots and fuzz inputs (corpus, regressions), not prose.
SKIP_DIRS = {"scaling-run", "sweeps", "tap-sweeps", "corpus", "regressions"}
PROSE_EXT = (".md", ".cc", ".h", ".sh", ".py", ".txt", ".sql")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")
# A heading's quote starts as a heading does and holds none of code's marks.
QUOTE = r"[\"“]([\w`][^\"”\n=;{}\\<>$|]{0,159})[\"”]"
# A page named in prose, then the quoted headings that follow it.
POINTER = re.compile(r"(?<![\w./-])(?P<page>README(?:\.md)?|(?:\.\./)?[\w./-]*[\w-]\.md)`?"
                     r"(?:'s)?(?: section)?,?(?:\s+\(?|\s*\()(?P<quotes>" + QUOTE +
                     r"(?:\s*(?:,|and|, and)\s*" + QUOTE + r")*)")
COMMENT_LEADER = re.compile(r"^\s*(?://+|#+|\*|--)?\s*")


def doc_pages():
    found = [os.path.join(root, "README.md")]
    for folder, dirs, files in os.walk(os.path.join(root, "docs")):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return found


def source_folders():
    """The folders of the sources: each library's and the tests' (a
    CMakeLists.txt of their own), the scripts, the docs and CI; never what a
    run leaves in the clone (skyseed-data, skyseed-sweep, build trees)."""
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if os.path.isdir(path) and (name in ("scripts", "docs", ".ci") or
                                    os.path.isfile(os.path.join(path, "CMakeLists.txt"))):
            yield path


def prose_files():
    yield from (os.path.join(root, f) for f in ("README.md", "CMakeLists.txt"))
    for top in source_folders():
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for f in sorted(files):
                if f.endswith(PROSE_EXT) or (folder.endswith(".ci") and f == "run"):
                    yield os.path.join(folder, f)


def headings(path):
    """Each heading's text outside code fences, in order."""
    found, fenced = [], False
    for line in open(path, encoding="utf-8"):
        if FENCE.match(line):
            fenced = not fenced
        m = re.match(r"^#{1,6} (.*)", line)
        if m and not fenced:
            found.append(m.group(1).strip())
    return found


def anchors(path):
    found, seen = set(), {}
    for text in headings(path):
        slug = re.sub(r"[^\w\- ]", "", text.lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def reader_form(text):
    return " ".join(text.replace("`", "").lower().split())


def names_heading(quote, heads):
    q = reader_form(quote)
    return any(h == q or h.startswith(q + ":") or h.startswith(q + " (") for h in map(reader_form, heads))


def resolve_page(name, where):
    if name.startswith("README"):
        return os.path.join(root, "README.md")
    for base in (os.path.dirname(where), root, os.path.join(root, "docs")):
        path = os.path.normpath(os.path.join(base, name))
        if path.startswith(root) and os.path.isfile(path):
            return path
    return None


def joined_lines(path):
    """The file's prose as one string (comment leaders and, in code, \\"
    escapes taken out, fenced blocks of Markdown left out), with the line
    each character came from."""
    text, line_of, fenced = [], [], False
    markdown = path.endswith(".md")
    for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
        if markdown and FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        body = line.rstrip("\n") if markdown else COMMENT_LEADER.sub("", line.rstrip("\n"), 1)
        if not markdown:
            body = body.replace('\\"', '"').replace("\\n", " ")
        piece = body.strip() + " "
        text.append(piece)
        line_of += [number] * len(piece)
    return "".join(text), line_of


def check_links(page):
    failures = checked = 0
    fenced = False
    for number, line in enumerate(open(page, encoding="utf-8"), 1):
        if FENCE.match(line):
            fenced = not fenced
        if fenced:
            continue
        for target in LINK.findall(line):
            if re.match(r"^(https?|mailto):", target):
                continue
            checked += 1
            path, _, fragment = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            where = f"{os.path.relpath(page, root)}:{number}: {target}"
            if not dest.startswith(root) or not os.path.exists(dest):
                print(f"FAIL: {where}: no such file")
                failures += 1
            elif fragment and dest.endswith(".md") and fragment not in anchors(dest):
                print(f"FAIL: {where}: no heading makes #{fragment}")
                failures += 1
    return failures, checked


def check_pointers(path):
    failures = checked = 0
    text, line_of = joined_lines(path)
    for m in POINTER.finditer(text):
        where = f"{os.path.relpath(path, root)}:{line_of[m.start()]}: {m.group('page')}"
        page = resolve_page(m.group("page"), path)
        for quote in re.findall(QUOTE, m.group("quotes")):
            checked += 1
            if page is None:
                print(f"FAIL: {where} \"{quote}\": no such page")
                failures += 1
            elif not names_heading(quote, headings(page)):
                print(f"FAIL: {where} \"{quote}\": {os.path.relpath(page, root)} has no such heading")
                failures += 1
    return failures, checked


def check_index(pages):
    """Every docs page is linked from the README's index section."""
    readme = os.path.join(root, "README.md")
    lines = open(readme, encoding="utf-8").read().split("\n")
    start = next((i for i, l in enumerate(lines) if reader_form(l.lstrip("# ")) == reader_form(INDEX_HEADING)
                  and l.startswith("#")), None)
    if start is None:
        print(f"FAIL: README.md has no section \"{INDEX_HEADING}\"")
        return 1
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    section = []
    for l in lines[start + 1:]:
        m = re.match(r"^(#+) ", l)
        if m and len(m.group(1)) <= level:
            break
        section.append(l)
    linked = {os.path.normpath(os.path.join(root, t.partition("#")[0]))
              for t in LINK.findall("\n".join(section))}
    missing = [p for p in pages if p != readme and p not in linked]
    for p in missing:
        print(f"FAIL: {os.path.relpath(p, root)} is not linked from README.md \"{INDEX_HEADING}\"")
    return len(missing)


pages = doc_pages()
link_failures = link_count = 0
for page in pages:
    f, c = check_links(page)
    link_failures += f
    link_count += c
pointer_failures = pointer_count = files = 0
for path in prose_files():
    files += 1
    f, c = check_pointers(path)
    pointer_failures += f
    pointer_count += c
index_failures = check_index(pages)
print(f"{link_count} relative links in {len(pages)} pages, {link_failures} broken; "
      f"{pointer_count} prose pointers in {files} files, {pointer_failures} wrong; "
      f"{len(pages) - 1} docs pages, {index_failures} missing from the README's index")
sys.exit(1 if link_failures or pointer_failures or index_failures else 0)
