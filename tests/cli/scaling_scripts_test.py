#!/usr/bin/env python3
"""The scaling run's helper scripts, on what the run exposed
(docs/scaling-run.md, "What the run exposed"):

- scripts/scaling-compare.py read the first `scaling` line of the report,
  which was a limited D2 sweep's, not the run's over D1-D4;
- scripts/scaling-run-carry.sh restore grew the database straight to the
  carry's tier, leaving no record of the tiers before it, so the run's
  first sweep could not resume.

Neither needs a database: the compare script's line is read from a report
text, and the tiers a restore grows through are what `through` prints
(restore grows exactly those, from the same code) before anything is
touched.

  tests/cli/scaling_scripts_test.py REPO
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

failures = []


def check(what, ok, detail=""):
    print(("ok: " if ok else "FAIL: ") + what + (f" ({detail})" if detail else ""))
    if not ok:
        failures.append(what)


def load_compare(repo):
    path = os.path.join(repo, "scripts", "scaling-compare.py")
    spec = importlib.util.spec_from_file_location("scaling_compare", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compare_reads_the_runs_line(repo, tmp):
    compare = load_compare(repo)
    report = os.path.join(tmp, "report.txt")
    # As `skyseed report` printed it for the run: the limited D2 sweeps first.
    with open(report, "w", encoding="utf-8") as f:
        f.write("report: tiers D1, D2, D3, D4\n"
                "scaling tiers=D2 db_gib=11.5 hit_ratio=1.0000 peak_rps_tap=9.8 "
                "peak_tps_db=1358 limit=tap-cpu guards=passed generator=skyseed-gen-4 reps=3\n"
                "scaling tiers=D2 db_gib=11.5 hit_ratio=1.0000 peak_rps_tap=14.4 "
                "peak_tps_db=1358 limit=tap-cpu guards=passed generator=skyseed-gen-4 reps=3\n"
                "scaling tiers=D1,D2,D3,D4 db_gib=2.7,11.5,28.3,50.8 hit_ratio=1.0000 "
                "peak_rps_tap=13.5 peak_tps_db=9837 limit=database-cpu guards=passed "
                "generator=skyseed-gen-4 reps=3\n")
    line = compare.scaling_line(report)
    check("scaling-compare.py reads the line over the most tiers, not the first",
          line.get("tiers") == "D1,D2,D3,D4" and line.get("peak_rps_tap") == "13.5", str(line))
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "w", encoding="utf-8").close()
    try:
        compare.scaling_line(empty)
        check("a report with no scaling line is refused", False, "no exit")
    except SystemExit as e:
        check("a report with no scaling line is refused with one line",
              "has no 'scaling' line" in str(e.code) and "\n" not in str(e.code), str(e.code))


def carry(tmp, tier):
    path = os.path.join(tmp, f"carry-{tier}.sql")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"-- skyseed scaling-run carry: tier {tier}\n-- saved for a test\n")
    return path


def run(repo, *args):
    tool = os.path.join(repo, "scripts", "scaling-run-carry.sh")
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)


def restore_grows_through_every_tier(repo, tmp):
    # The run's tiers, written out here rather than read from the script.
    expected = {"D1": "D1", "D2": "D1,D2", "D3": "D1,D2,D3", "D4": "D1,D2,D3,D4"}
    for tier, through in expected.items():
        r = run(repo, "through", carry(tmp, tier))
        check(f"a carry at {tier} is restored through {through}",
              r.returncode == 0 and r.stdout.strip() == through,
              f"exit {r.returncode}: {r.stdout.strip()}{r.stderr.strip()}")
    for tier in ("S", "D5", "ci"):
        work = os.path.join(tmp, f"work-{tier}")
        r = run(repo, "restore", work, carry(tmp, tier))
        err = r.stderr.strip()
        check(f"a carry at {tier} is refused before anything is touched",
              r.returncode == 1 and "is not one of the run's" in err and "\n" not in err
              and not os.path.exists(work), f"exit {r.returncode}: {err}")
    r = run(repo, "through", os.path.join(tmp, "nosuch.sql"))
    check("a missing carry file is named", r.returncode == 1 and "no carry file" in r.stderr,
          r.stderr.strip())
    r = run(repo, "through")
    check("through without a file prints the usage", r.returncode == 2 and "usage" in r.stderr,
          r.stderr.strip())


def main(argv):
    repo = os.path.abspath(argv[1] if len(argv) > 1 else ".")
    with tempfile.TemporaryDirectory(prefix="skyseed-scaling-scripts.") as tmp:
        compare_reads_the_runs_line(repo, tmp)
        restore_grows_through_every_tier(repo, tmp)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
