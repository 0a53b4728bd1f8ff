#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md leads somewhere: the file
(or folder) exists, and a #fragment names a heading of the page it points
to, as GitHub makes the anchors (lower case, punctuation dropped, spaces to
hyphens). Links to the web are not followed.
  doc_links_test.py REPOSITORY_ROOT"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
pages = [os.path.join(root, "README.md")] + sorted(
    os.path.join(root, "docs", f) for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```")


def anchors(path):
    found, seen, fenced = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if FENCE.match(line):
            fenced = not fenced
        m = re.match(r"^#{1,6} (.*)", line)
        if fenced or not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


failures = checked = 0
for page in pages:
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
print(f"{checked} relative links in {len(pages)} pages, {failures} broken")
sys.exit(1 if failures else 0)
