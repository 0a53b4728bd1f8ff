#!/usr/bin/env bash
# Full scale: one database grown from empty through every tier (ci, S, D1,
# D2, D3, D4 by default), every tier recorded, then verified. Prints per
# tier the wall time, seconds per million rows, the busy seconds and both
# time bounds from the tier record, peak RSS; the peak disk use of the
# cluster (data and WAL, sampled every 10 s); the verify time; a projection
# of each tier to hosts with more cores from the recorded task times; and a
# last line
#   scale tier=D4 seconds=<s> s_per_mrow=<s> bound=<s> longest_task_share=<f> peak_rss_mib=<n>
#     creep_D4_over_D1=<f>
# (seconds: empty to the last tier through all of them; bound: the sum of
# each tier's larger bound; longest_task_share: the longest task that
# cannot be split over all the busy seconds; creep: the busy seconds per
# million rows added of the last step over those of the step that reached
# D1).
#   scripts/bench-scale.sh [--profile-last] [--settings "NAME=VALUE ..."] [TIERS] [WORKDIR]
#   (default: ci,S,D1,D2,D3,D4 /var/tmp/skyseed-scale; --profile-last grows
#    the last tier in a second `skyseed grow` under linux-perf and prints
#    where its CPU went, as scripts/bench-grow-profile.sh does; --settings
#    runs the embedded cluster with these settings beside its own, e.g. to
#    measure a lever at D4 before the cluster's defaults change)
set -euo pipefail
profile_last=
settings=
while [ $# -gt 0 ]; do
  case "$1" in
    --profile-last) profile_last=1; shift ;;
    --settings) settings="${2:?--settings needs NAME=VALUE ...}"; shift 2 ;;
    *) break ;;
  esac
done
tiers="${1:-ci,S,D1,D2,D3,D4}"
work="${2:-/var/tmp/skyseed-scale}"
[ -z "$profile_last" ] || source "$(dirname "$0")/bench/profile.sh"
source "$(dirname "$0")/bench/lib.sh"
data="$work/data"
db=scale
apply_settings "$settings"
[ -z "$settings" ] || echo "settings beside the embedded cluster's own: $settings"
sql postgres "DROP DATABASE IF EXISTS $db WITH (FORCE)" 2>/dev/null
df -h "$work" | tail -1 | awk '{print "disk free before: " $4}'

( peak=0; while sleep 10; do
    # du exits 1 when a file vanishes under it (WAL recycling); keep sampling.
    b=$(du -sb "$data" 2>/dev/null | cut -f1) || true
    [ "${b:-0}" -gt "$peak" ] && peak=$b
    echo "$peak" > "$work/peak_disk_bytes"
  done ) &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

start=$(date +%s.%N)
if [ -n "$profile_last" ] && [ "${tiers%,*}" != "$tiers" ]; then
  "$bin" grow --tier "${tiers%,*}" --data-dir "$data" --database "$db" 2>&1 | grep --line-buffered -E "reached|skyseed:"
  before_last="${tiers%,*}"
  profile_grow "${tiers##*,}" "${before_last##*,}" | tee "$work/profile.txt"
else
  "$bin" grow --tier "$tiers" --data-dir "$data" --database "$db" 2>&1 | grep --line-buffered -E "reached|skyseed:"
fi
end=$(date +%s.%N)
vstart=$(date +%s.%N)
"$bin" verify --data-dir "$data" --database "$db" | tail -1
vend=$(date +%s.%N)
kill $sampler 2>/dev/null || true
"$bin" status --json --data-dir "$data" --database "$db" > "$work/status.json"
python3 - "$work/status.json" "$(cat "$work/peak_disk_bytes" 2>/dev/null || echo 0)" \
  "$(awk "BEGIN{print $end - $start}")" "$(awk "BEGIN{print $vend - $vstart}")" <<'PY'
import json, sys
status, peak_disk, wall_all, verify_s = json.load(open(sys.argv[1])), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
reference = {"D2": 1240, "D3": 2499, "D4": 3561}  # the reference system, 30-CPU node
print(f"{'tier':5} {'rows':>12} {'wall s':>8} {'s/Mrow':>7} {'busy s':>8} {'work bd':>8} {'longest':>8} {'rss MiB':>8}  verdict")
prev_rows, total_work, total_bound, longest, longest_name, rss, seconds = 0, 0, 0, 0, "", 0, 0
projections = {8: 0, 16: 0, 30: 0}
busy_per_mrow = {}
for t in status["tiers"]:
    rows = sum(x["rows"] for x in t["tables"])
    added = rows - prev_rows; prev_rows = rows
    b = t.get("time_bounds", {})
    tasks = {k[5:]: v for k, v in t["phases"].items() if k.startswith("task ")}
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
PY
