#!/usr/bin/env python3
"""`skyseed dachs-rd` prints docs/tap.md's commands, line for line: its
publish lines are the "dachs-publish" block's lines after the `skyseed
dachs-rd` line, its unpublish lines the "dachs-unpublish" block (both read
from the doc, the blocks tests/tap/readme_dachs_test.sh runs as printed).
It used to print `dachs serve start (or: dachs serve reload)`, which exits 1
while the server runs, and no stop or RD removal. Its --help names the page
and a heading that exists there. No database, no DaCHS.
  dachs_rd_commands_test.py SKYSEED_BINARY REPOSITORY_ROOT"""
import os
import re
import subprocess
import sys
import tempfile

binary, root = sys.argv[1], os.path.abspath(sys.argv[2])
doc_path = os.path.join(root, "docs", "tap.md")
doc = open(doc_path, encoding="utf-8").read().splitlines()
failures = 0


def check(what, ok, detail=""):
    global failures
    print(("ok: " if ok else "FAIL: ") + what + ("" if ok else "\n" + detail))
    failures += 0 if ok else 1


def block(name):
    """The lines of the sh block under <!-- readme-test: NAME -->."""
    at = doc.index("<!-- readme-test: %s -->" % name)
    start = doc.index("```sh", at) + 1
    return doc[start:doc.index("```", start)]


with tempfile.TemporaryDirectory() as tmp:
    # As the doc writes it: skyseed/q.rd, one level down in DaCHS's inputs.
    out = subprocess.run([binary, "dachs-rd", "--out", os.path.join(tmp, "skyseed", "q.rd")],
                         capture_output=True, text=True)
    check("dachs-rd exits 0 (%d: %s)" % (out.returncode, out.stderr.strip()), out.returncode == 0)
    printed = out.stdout.splitlines()
    check("it prints the RD's path first", printed[:1] == [os.path.join(tmp, "skyseed", "q.rd")],
          out.stdout)

sections, current = {}, None
for line in printed[1:]:
    if line.startswith("  "):
        sections.setdefault(current, []).append(line[2:])
    else:
        current = line.split(" ")[0]

publish = block("dachs-publish")
after_rd = [l for i, l in enumerate(publish) if i > 0 and publish[i - 1].startswith("skyseed dachs-rd ")]
check("docs/tap.md's publish block has a `skyseed dachs-rd` line", len(after_rd) == 1, publish)
expected_publish = publish[publish.index(after_rd[0]):] if after_rd else []
check("the publish commands printed are the block's after `skyseed dachs-rd`",
      sections.get("publish") == expected_publish,
      "printed:\n  %s\ndoc:\n  %s" % ("\n  ".join(sections.get("publish", [])),
                                      "\n  ".join(expected_publish)))
expected_unpublish = block("dachs-unpublish")
check("the unpublish commands printed are the doc's unpublish block",
      sections.get("unpublish") == expected_unpublish,
      "printed:\n  %s\ndoc:\n  %s" % ("\n  ".join(sections.get("unpublish", [])),
                                      "\n  ".join(expected_unpublish)))
check("none of them starts or reloads a server that may be running",
      not any(re.search(r"serve (start|reload)", l) for l in printed), out.stdout)

# --help: the page and the heading it names exist.
helptext = subprocess.run([binary, "dachs-rd", "--help"], capture_output=True, text=True).stdout
named = re.search(r"(docs/[\w-]+\.md), \"([^\"]+)\"", helptext)
check("--help names a page and a heading", named is not None, helptext)
if named:
    page = os.path.join(root, named.group(1))
    headings = [l.lstrip("#").strip() for l in open(page, encoding="utf-8") if l.startswith("#")]
    check("%s has the heading \"%s\"" % named.groups(), named.group(2) in headings, headings)

if failures:
    print("%d failed" % failures)
    sys.exit(1)
print("all passed")
