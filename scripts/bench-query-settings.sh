#!/usr/bin/env bash
# What users measure, under two sets of server settings: for each variant a
# fresh embedded cluster runs with them (ALTER SYSTEM beside its own, as in
# bench-grow-settings.sh), grows TIER from empty, and is swept by pgbench
# over the query classes; then `skyseed compare` sets the two sweeps side by
# side (throughput and p50/p95/p99 per client count and class, significant
# only where the 95 % intervals do not overlap) and the plans' buffers per
# call are printed per class. A change to the embedded cluster's settings
# must leave these unchanged or better.
#   scripts/bench-query-settings.sh [--memory SIZE] [--snapshot DIR [--database NAME]]
#     TIER "A settings" "B settings" [WORKDIR]
# --snapshot: a stopped cluster already holding TIER (e.g. the one
# bench-grow-settings.sh leaves in its work folder), copied afresh for each
# variant with the page cache dropped, instead of growing TIER from empty;
# --memory runs the server in a memory cgroup of SIZE (bench-grow-settings.sh).
# e.g. scripts/bench-query-settings.sh D1 "shared_buffers=6144MB" ""
# Ends with the grow times and
#   query-settings tier=<TIER> a=<A> b=<B> compare_exit=<0: no regression over 10 %>
set -euo pipefail
usage="usage: scripts/bench-query-settings.sh [--memory SIZE] [--snapshot DIR [--database NAME]] TIER A B [WORKDIR]"
memory= snapshot= database=skyseed
while [ $# -gt 0 ]; do
  case "$1" in
    --memory) memory="$(numfmt --from=iec "${2:?--memory needs a size, e.g. 5300M}")"; shift 2 ;;
    --snapshot) snapshot="$(realpath "${2:?--snapshot needs a folder}")"; shift 2 ;;
    --database) database="${2:?--database needs a name}"; shift 2 ;;
    --*) echo "$usage" >&2; exit 2 ;;
    *) break ;;
  esac
done
tier="${1:?$usage}"
if [ -n "$snapshot" ] && [ ! -w /proc/sys/vm/drop_caches ]; then
  echo "bench-query-settings.sh: --snapshot drops the page cache: run as root" >&2
  exit 2
fi
variant_a="${2-}"
variant_b="${3-}"
work="$(realpath -m "${4:-/var/tmp/skyseed-query-settings}")"
if [ -d "$work/data" ]; then "$(dirname "$0")/../build/app/skyseed" server stop --data-dir "$work/data" >/dev/null 2>&1 || true; fi
rm -rf "$work"
source "$(dirname "$0")/bench/lib.sh"
server stop
[ -z "$memory" ] || server_cgroup="$(memory_cgroup skyseed-bench "$memory")"
mix="lookup_source=20,lookup_obs=20,lookup_obs_id=20,cone_source=20,footprint_obscore=20"

measure() {  # measure LABEL "SETTINGS": a cluster with them holding TIER (grown or copied), then swept
  local label="$1" settings="$2" start_s end_s
  if [ -n "$snapshot" ]; then restore_data "$snapshot"; else rm -rf "$work/data"; fi
  server start
  apply_settings "$settings"
  start_s=$(date +%s.%N)
  "$bin" grow --tier "$tier" --data-dir "$work/data" --database "$database" >/dev/null 2>&1
  end_s=$(date +%s.%N)
  awk "BEGIN{printf \"%.1f\n\", $end_s - $start_s}" > "$work/grow-seconds.$label"
  "$bin" sweep --target db --tier "$tier" --mix "$mix" --clients 1,2 --duration 20 --reps 3 \
    --data-dir "$work/data" --database "$database" --out "$work/sweep-$label" 2>&1 |
    { grep -E "saturated|warm-up|flagged" || true; }
  server stop
}

measure a "$variant_a"
measure b "$variant_b"
[ -n "$snapshot" ] || echo "grow of $tier from empty: A $(cat "$work/grow-seconds.a") s, B $(cat "$work/grow-seconds.b") s"
rc=0
"$bin" compare "$work/sweep-a" "$work/sweep-b" || rc=$?
python3 - "$work" "$tier" <<'PY'
import glob, json, os, sys
work, tier = sys.argv[1:3]
def blocks(label):
    out = {}
    for f in sorted(glob.glob(os.path.join(work, "sweep-" + label, tier, "explain", "*.json"))):
        plan = json.load(open(f))[0]["Plan"]
        out[os.path.basename(f)[:-5]] = (plan["Shared Hit Blocks"], plan["Shared Read Blocks"])
    return out
a, b = blocks("a"), blocks("b")
print("| class | A buffers (hit + read) | B buffers (hit + read) |")
print("| --- | ---: | ---: |")
for c in sorted(set(a) | set(b)):
    cell = lambda x: f"{x[c][0]} + {x[c][1]}" if c in x else "no plan"
    print(f"| {c} | {cell(a)} | {cell(b)} |")
PY
echo "query-settings tier=$tier a=${variant_a// /,} b=${variant_b// /,} compare_exit=$rc"
