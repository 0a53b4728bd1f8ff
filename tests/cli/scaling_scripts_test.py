#!/usr/bin/env python3
"""The scaling run's helper script (scripts/scaling-run-carry.sh) on what the
run exposed (docs/scaling-run.md, "What the run exposed"), and the scripts
holding only the loop over tiers (issue 54):

- a restore grew the database straight to the carry's tier, leaving no
  record of the tiers before it, so the run's first sweep could not resume:
  the tiers a restore grows through are what `through` prints (restore grows
  exactly those, from the same code) before anything is touched, read from
  the carry `skyseed sweep --export` wrote (docs/scaling-run/carry.json is
  one, converted from the run's pg_dump; tests/pg/carry_test.sh runs the
  script on one the export just wrote);
- the scripts ask the tool for the held tier (`status --json`) and carry
  windows with `sweep --export/--import`: no pg_dump, no psql, no SQL on
  skyseed's tables, no row-count rule.

Needs no database.

  tests/cli/scaling_scripts_test.py REPO
"""
import json
import os
import re
import subprocess
import sys
import tempfile

failures = []


def check(what, ok, detail=""):
    print(("ok: " if ok else "FAIL: ") + what + (f" ({detail})" if detail else ""))
    if not ok:
        failures.append(what)


def carry(tmp, tiers):
    """A carry in the export's shape (holdings/sweep_carry.h) naming `tiers`."""
    path = os.path.join(tmp, f"carry-{'-'.join(tiers)}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"kind": "skyseed sweep carry", "version": 1, "held_tier": None,
                   "tiers": [{"tier": t, "corpus_digest": "0" * 32} for t in tiers],
                   "tables": {"sweep_window": [], "sweep_tier": [], "sweep_setup": []}}, f)
    return path


def run(repo, *args):
    tool = os.path.join(repo, "scripts", "scaling-run-carry.sh")
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)


def restore_grows_through_every_tier(repo, tmp):
    # The run's tiers, written out here rather than read from the script.
    expected = {"D1": "D1", "D2": "D1,D2", "D3": "D1,D2,D3", "D4": "D1,D2,D3,D4"}
    for tier, through in expected.items():
        r = run(repo, "through", carry(tmp, [tier]))
        check(f"a carry at {tier} is restored through {through}",
              r.returncode == 0 and r.stdout.strip() == through,
              f"exit {r.returncode}: {r.stdout.strip()}{r.stderr.strip()}")
    r = run(repo, "through", carry(tmp, ["D2", "D1", "D3"]))
    check("through the run's highest tier the carry measured, whatever their order",
          r.stdout.strip() == "D1,D2,D3", r.stdout.strip() + r.stderr.strip())
    r = run(repo, "through", os.path.join(repo, "docs", "scaling-run", "carry.json"))
    check("the run's own carry (docs/scaling-run/carry.json) is restored through D1-D4",
          r.returncode == 0 and r.stdout.strip() == "D1,D2,D3,D4",
          f"exit {r.returncode}: {r.stdout.strip()}{r.stderr.strip()}")
    for tier in ("S", "D5", "ci"):
        work = os.path.join(tmp, f"work-{tier}")
        r = run(repo, "restore", work, carry(tmp, ["D1", tier]))
        err = r.stderr.strip()
        check(f"a carry measured on {tier} is refused before anything is touched",
              r.returncode == 1 and "is not one of the run's" in err and "\n" not in err
              and not os.path.exists(work), f"exit {r.returncode}: {err}")
    other = os.path.join(tmp, "other.json")
    with open(other, "w", encoding="utf-8") as f:
        json.dump({"kind": "something else", "tiers": [{"tier": "D1"}]}, f)
    r = run(repo, "through", other)
    check("a file that is not a sweep carry is refused",
          r.returncode == 1 and "is not a sweep carry" in r.stderr, r.stderr.strip())
    r = run(repo, "through", os.path.join(tmp, "nosuch.json"))
    check("a missing carry file is named", r.returncode == 1 and "no carry file" in r.stderr,
          r.stderr.strip())
    r = run(repo, "through")
    check("through without a file prints the usage", r.returncode == 2 and "usage" in r.stderr,
          r.stderr.strip())


def scripts_only_orchestrate(repo):
    for name in ("scaling-run.sh", "scaling-run-carry.sh"):
        text = open(os.path.join(repo, "scripts", name), encoding="utf-8").read()
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        for what, pattern in (("pg_dump", r"\bpg_dump\b"), ("psql", r"\bpsql\b"),
                              ("SQL on skyseed's tables", r"skyseed\.(sweep_|tier|chunk_ledger)"),
                              ("a row-count rule", r"sum\(rows\)|count\(\*\)")):
            check(f"scripts/{name} has no {what}", not re.search(pattern, code))
    check("scripts/scaling-compare.py is gone (report --earlier-run computes it)",
          not os.path.exists(os.path.join(repo, "scripts", "scaling-compare.py")))


def main(argv):
    repo = os.path.abspath(argv[1] if len(argv) > 1 else ".")
    with tempfile.TemporaryDirectory(prefix="skyseed-scaling-scripts.") as tmp:
        restore_grows_through_every_tier(repo, tmp)
    scripts_only_orchestrate(repo)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
