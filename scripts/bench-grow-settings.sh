#!/usr/bin/env bash
# One growth step under two sets of server settings, side by side: the
# database is grown to FROM once on a fresh embedded cluster and kept as a
# stopped copy; then, alternately (A B A B ...), the copy is restored, the
# page cache dropped, the variant's settings are applied with ALTER SYSTEM
# and a restart, and the step FROM -> TO is grown. Prints per run the wall
# time, the tier record's busy seconds per million rows added and the
# server's counters over the step (blocks read per row, WAL bytes and
# full-page images per row, checkpoints, buffers the backends wrote
# themselves), then the ratio B / A of the medians. A variant is a
# space-separated list of NAME=VALUE ("" for the embedded cluster's own
# settings).
#   scripts/bench-grow-settings.sh [--memory SIZE] [--reference] FROM TO "A" "B" [ROUNDS] [WORKDIR]
# --memory runs the server in a memory cgroup of SIZE (e.g. 5300M; page
# cache included), so that a small step outgrows memory as D3 -> D4 does on
# the whole machine; --reference first grows the step once with variant A
# and no limit, the same step while it fits in memory.
# e.g. whether a position GiST larger than shared_buffers costs at D1 (it
# does not while the page cache holds it: docs/benchmarks/2026-12-where-the-work-goes.md):
#   scripts/bench-grow-settings.sh S D1 "shared_buffers=256MB" "shared_buffers=512MB"
# Ends with
#   settings step=<FROM>-><TO> a=<A> b=<B> busy_ratio=<b/a> wall_ratio=<b/a>
set -euo pipefail
usage="usage: scripts/bench-grow-settings.sh [--memory SIZE] [--reference] FROM TO A B [ROUNDS] [WORKDIR]"
memory=
reference=
while [ $# -gt 0 ]; do
  case "$1" in
    --memory) memory="$(numfmt --from=iec "${2:?--memory needs a size, e.g. 5300M}")"; shift 2 ;;
    --reference) reference=1; shift ;;
    --*) echo "$usage" >&2; exit 2 ;;
    *) break ;;
  esac
done
from="${1:?$usage}"
# Every run starts from disk: dropping the page cache needs root.
[ -w /proc/sys/vm/drop_caches ] || { echo "bench-grow-settings.sh: run as root (it drops the page cache)" >&2; exit 2; }
to="${2:?TO}"
variant_a="${3-}"
variant_b="${4-}"
rounds="${5:-2}"
work="${6:-/var/tmp/skyseed-settings}"
source "$(dirname "$0")/bench/lib.sh"
data="$work/data"
if [ -n "$memory" ]; then
  cgroup="$(memory_cgroup skyseed-bench "$memory")"
  echo "server memory: $(numfmt --to=iec "$memory") (cgroup $cgroup, page cache included)"
else
  cgroup=
fi
db=settings
snapshot="$work/snapshot-$from"

if [ ! -d "$snapshot" ]; then
  echo "== growing $from once (kept as $snapshot)"
  sql postgres "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  "$bin" grow --tier "$from" --data-dir "$data" --database "$db" 2>&1 | grep -E "reached|skyseed:" || true
  server stop
  cp -a "$data" "$snapshot"
fi
server stop 2>/dev/null || true

run() {  # run LABEL "SETTINGS" [unlimited]: restore, apply, grow; prints "busy wall counters..."
  local label="$1" settings="$2" start_s end_s
  restore_data "$snapshot"
  server_cgroup="$cgroup"
  [ -z "${3-}" ] || server_cgroup=
  server start
  apply_settings "$settings"
  profile_counters > "$work/counters.$label.before.json"
  start_s=$(date +%s.%N)
  "$bin" grow --tier "$to" --data-dir "$data" --database "$db" >/dev/null 2>&1
  end_s=$(date +%s.%N)
  profile_counters > "$work/counters.$label.after.json"
  "$bin" status --json --data-dir "$data" --database "$db" > "$work/status.$label.json"
  server stop
  python3 - "$work" "$label" "$(awk "BEGIN{print $end_s - $start_s}")" <<'PY'
import json, sys
work, label, wall = sys.argv[1], sys.argv[2], float(sys.argv[3])
tiers = json.load(open(f"{work}/status.{label}.json"))["tiers"]
rows = [sum(x["rows"] for x in t["tables"]) for t in tiers]
added = rows[-1] - rows[-2] if len(rows) > 1 else 0
if added <= 0:
    sys.exit(f"run {label}: the step added no rows (is {work}/snapshot-* already past the target tier?)")
b, a = (json.load(open(f"{work}/counters.{label}.{w}.json")) for w in ("before", "after"))
d = {k: a[k] - b[k] for k in a}
print(f"{tiers[-1]['time_bounds']['work_seconds'] / added * 1e6:.3f} {wall:.1f} "
      f"{d['blks_read'] / added:.3f} {d['blk_read_time_ms'] / 1000 / added * 1e6:.2f} "
      f"{d['wal_bytes'] / added:.0f} {d['wal_fpi'] / added * 1000:.1f} {d['checkpoints']} "
      f"{d['buffers_backend']}")
PY
}

say() {  # say ROUND LABEL SETTINGS FIELDS...
  printf 'round %s  %s [%s]  busy %s s/Mrow  wall %s s  read/row %s  read wait %s s/Mrow  WAL B/row %s  FPI/1000 rows %s  checkpoints %s  backend writes %s\n' \
    "$1" "$2" "${3:-embedded defaults}" "${@:4}"
}

if [ -n "$reference" ]; then
  read -r -a f < <(run ref "$variant_a" unlimited)
  say 0 "A, no memory limit" "$variant_a" "${f[@]}"
fi
results_a=(); results_b=(); walls_a=(); walls_b=()
for r in $(seq "$rounds"); do
  read -r -a f < <(run "a$r" "$variant_a")
  say "$r" A "$variant_a" "${f[@]}"
  results_a+=("${f[0]}"); walls_a+=("${f[1]}")
  read -r -a f < <(run "b$r" "$variant_b")
  say "$r" B "$variant_b" "${f[@]}"
  results_b+=("${f[0]}"); walls_b+=("${f[1]}")
done
python3 - "${results_a[*]}" "${results_b[*]}" "${walls_a[*]}" "${walls_b[*]}" \
  "$from" "$to" "${variant_a:-defaults}" "${variant_b:-defaults}" <<'PY'
import statistics, sys
a, b, wa, wb = (list(map(float, x.split())) for x in sys.argv[1:5])
frm, to, va, vb = sys.argv[5:9]
print(f"settings step={frm}->{to} a={va.replace(' ', ',')} b={vb.replace(' ', ',')} "
      f"busy_ratio={statistics.median(b) / statistics.median(a):.3f} "
      f"wall_ratio={statistics.median(wb) / statistics.median(wa):.3f}")
PY
