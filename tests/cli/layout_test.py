#!/usr/bin/env python3
"""The layout the house keeps (docs/architecture.md): no source folder over
2,500 lines of .cc/.h (tests/ counted per subfolder), no file over 450
(det_math/det_math.cc, an fdlibm port, excepted), libpq's header included by
loader/'s .cc files alone, and every #include of another folder's header
along an arrow docs/architecture.md draws; and, since a library builds as
unity sources (CMakeLists.txt), no name defined in the anonymous namespace
(or as a file-scope static) of two .cc files of one folder (of tests/, for
the unit tests): in one unity source a second Color() is an error, and a second overload a silent choice.
  layout_test.py REPOSITORY_ROOT"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
FOLDER_LIMIT, FILE_LIMIT = 2500, 450
EXEMPT = {"det_math/det_math.cc"}
SKIP = {"build", "docs", "scripts", ".git", ".ci"}
failures = []


def sources(folder):
    for dirpath, _, files in os.walk(os.path.join(root, folder)):
        for f in files:
            if f.endswith((".cc", ".h")):
                yield os.path.join(dirpath, f)


def lines(path):
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


folders = [d for d in sorted(os.listdir(root)) if os.path.isdir(os.path.join(root, d))
           and not d.startswith(".") and not any(d.startswith(s) for s in SKIP)]
units = [d for d in folders if d != "tests"] + [
    os.path.join("tests", d) for d in sorted(os.listdir(os.path.join(root, "tests")))
    if os.path.isdir(os.path.join(root, "tests", d))]
for unit in units:
    total = 0
    for path in sources(unit):
        n = lines(path)
        total += n
        rel = os.path.relpath(path, root)
        if n > FILE_LIMIT and rel not in EXEMPT and not rel.startswith("tests/"):
            failures.append(f"{rel}: {n} lines, over {FILE_LIMIT}")
    if total > FOLDER_LIMIT:
        failures.append(f"{unit}/: {total} lines, over {FOLDER_LIMIT}")

# The arrows: "name ──► a, b, c" lines (continued on indented lines) in the
# architecture page's diagram.
arrows, current = {}, None
text = open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8").read()
diagram = text.split("```")[1]
for line in diagram.splitlines():
    m = re.match(r"^(\w+)\s*─+►\s*(.*)$", line)
    if m:
        current = m.group(1)
        arrows[current] = set()
        rest = m.group(2)
    elif current and line.startswith(" "):
        rest = line
    else:
        continue
    arrows[current].update(n.strip() for n in rest.split(",") if n.strip())

INCLUDE = re.compile(r'^#include "(\w+)/')
for folder in units:
    if folder.startswith("tests"):
        continue
    for path in sources(folder):
        rel = os.path.relpath(path, root)
        for line in open(path, encoding="utf-8"):
            if "libpq-fe.h" in line and line.startswith("#include") and not (
                    rel.startswith("loader/") and rel.endswith(".cc")):
                failures.append(f"{rel}: includes libpq-fe.h outside loader/'s .cc files")
            m = INCLUDE.match(line)
            if m and m.group(1) != folder and m.group(1) not in arrows.get(folder, set()):
                failures.append(f"{rel}: includes {m.group(1)}/ with no arrow {folder} ──► "
                                f"{m.group(1)} in docs/architecture.md")

# Names a .cc file defines at file scope inside `namespace {` or as static.
DECLARED = [
    re.compile(r"^(?:struct|class|enum(?: class)?|union)\s+(\w+)"),
    re.compile(r"^(?:static\s+|inline\s+)*(?:constexpr|const)\b[^=({;]*?\b(\w+)\s*(?:\[[^\]]*\])?\s*[={]"),
    re.compile(r"^(?:static\s+)?[\w:<>,\s*&]+?[\s*&](\w+)\s*\("),
]
MORE_CONSTANTS = re.compile(r",\s*(k\w+)\s*=")


def file_scope_names(path):
    names, inside = set(), False
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if re.match(r"^namespace\s*\{", line):
            inside = True
            continue
        if inside and re.match(r"^\}\s*//\s*namespace\s*$", line):
            inside = False
            continue
        if not (inside or line.startswith("static ")) or line[:1] in ("", " ", "}", "/", "#"):
            continue
        if line.startswith(("using ", "template", "return")):
            continue
        for pattern in DECLARED:
            m = pattern.match(line)
            if m:
                names.add(m.group(1))
                names.update(MORE_CONSTANTS.findall(line))
                break
    return names


# The unit tests build as unity sources too, across tests/'s subfolders.
unity_groups = [u for u in units if not u.startswith("tests")] + ["tests"]
for folder in unity_groups:
    owners = {}
    for path in sources(folder):
        if path.endswith(".cc") and not os.path.relpath(path, root).startswith("tests/fuzz/"):
            for name in file_scope_names(path):
                owners.setdefault(name, []).append(os.path.relpath(path, root))
    for name, files in sorted(owners.items()):
        if len(files) > 1:
            failures.append(f"{name} is defined in the anonymous namespaces of {', '.join(sorted(files))}:"
                            " one unity source would hold both (rename one)")

for f in failures:
    print(f)
print(f"{len(units)} folders checked; {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
