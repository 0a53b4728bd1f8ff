#!/usr/bin/env python3
"""The grow of a database through its tiers, from its tier records.

  scripts/bench/scale_report.py STATUS_JSON [PEAK_DISK_BYTES WALL_S VERIFY_S]

STATUS_JSON is `skyseed status --json`. Prints per tier the wall time,
seconds per million rows, the busy seconds and both time bounds, peak RSS;
a projection to hosts with more cores; and the line
  scale tier=<last> seconds=<s> s_per_mrow=<s> bound=<s> longest_task_share=<f>
    peak_rss_mib=<n> creep_<last>_over_D1=<f>
(seconds: the tier records' sum; bound: the sum of each tier's larger bound;
longest_task_share: the longest task that cannot be split over all the busy
seconds; creep: the busy seconds per million rows added of the last step over
those of the step that reached D1). scripts/bench-scale.sh adds what only it
measured around the grow: the cluster's peak disk use, the grow's own wall
clock and the verify time; scripts/scaling-run.sh's database gives only its
records.
"""
import json
import sys

if len(sys.argv) not in (2, 5):
    sys.exit(__doc__.strip().splitlines()[2].strip())
status = json.load(open(sys.argv[1]))
around = len(sys.argv) == 5  # what scripts/bench-scale.sh measured around the grow
if around:
    peak_disk, wall_all, verify_s = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
reference = {"D2": 1240, "D3": 2499, "D4": 3561}  # the reference system, 30-CPU node
print(f"{'tier':5} {'rows':>12} {'wall s':>8} {'s/Mrow':>7} {'busy s':>8} {'work bd':>8} {'longest':>8} {'rss MiB':>8}  verdict")
prev_rows, total_work, total_bound, longest, longest_name, rss, seconds = 0, 0, 0, 0, "", 0, 0
projections = {8: 0, 16: 0, 30: 0}
busy_per_mrow = {}
for t in status["tiers"]:
    rows = sum(x["rows"] for x in t["tables"])
    added = rows - prev_rows; prev_rows = rows
    b = t.get("time_bounds", {})
    work = b.get("work_seconds", 0); total_work += work
    busy_per_mrow[t["tier"]] = work / (added / 1e6)
    total_bound += max(b.get("work_bound", 0), b.get("longest_task_seconds", 0))
    if b.get("longest_task_seconds", 0) > longest: longest, longest_name = b["longest_task_seconds"], b["longest_task"]
    rss = max(rss, t.get("peak_rss_mib", 0)); seconds += t["seconds"]
    for cores in projections:
        projections[cores] += max(work / cores, b.get("longest_task_seconds", 0))
    print(f"{t['tier']:5} {rows:12d} {t['seconds']:8.1f} {t['seconds'] / (added / 1e6):7.2f} {work:8.1f} "
          f"{b.get('work_bound', 0):8.1f} {b.get('longest_task_seconds', 0):8.1f} {t.get('peak_rss_mib', 0):8.1f}  {b.get('verdict', '-')}"
          + (f"  (reference, 30 CPUs: {reference[t['tier']]} s from empty)" if t['tier'] in reference else ""))
last = status["tiers"][-1]
rows = sum(x["rows"] for x in last["tables"])
if around:
    print(f"grow wall, empty to {last['tier']} through every tier: {wall_all:.1f} s (tier records sum to {seconds:.1f} s)")
    print(f"verify of {last['tier']}: {verify_s:.1f} s;  peak disk (data + WAL): {peak_disk / 2**30:.1f} GiB;  "
          f"database size {last['database_size'] / 2**30:.1f} GiB")
print("projection from the recorded tasks (each tier: the larger of busy seconds / cores and its longest task; "
      "assumes the work splits as evenly as it did here): " +
      ", ".join(f"{c} cores {s:.0f} s" for c, s in projections.items()))
print(f"scale tier={last['tier']} seconds={seconds:.0f} s_per_mrow={seconds / (rows / 1e6):.2f} bound={total_bound:.0f} "
      f"longest_task_share={longest / total_work if total_work else 0:.3f} peak_rss_mib={rss:.0f} "
      f"creep_{last['tier']}_over_D1=" +
      (f"{busy_per_mrow[last['tier']] / busy_per_mrow['D1']:.2f}" if busy_per_mrow.get("D1") else "n/a"))
print(f"(longest task: {longest_name}, {longest:.1f} s of {total_work:.0f} busy s)")
