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
python3 scripts/bench/scale_report.py "$work/status.json" \
  "$(cat "$work/peak_disk_bytes" 2>/dev/null || echo 0)" \
  "$(awk "BEGIN{print $end - $start}")" "$(awk "BEGIN{print $vend - $vstart}")"
