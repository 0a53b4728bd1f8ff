#!/usr/bin/env bash
# One growth step under two sets of server settings, side by side: the
# database is grown to FROM once on a fresh embedded cluster and kept as a
# stopped copy; then, alternately (A B A B ...), the copy is restored, the
# variant's settings are applied with ALTER SYSTEM and a restart, and the
# step FROM -> TO is grown. Prints per run the wall time and the tier
# record's busy seconds per million rows added, then the ratio B / A of the
# medians. A variant is a space-separated list of NAME=VALUE ("" for the
# embedded cluster's own settings).
#   scripts/bench-grow-settings.sh FROM TO "A settings" "B settings" [ROUNDS] [WORKDIR]
# e.g. whether a position GiST larger than shared_buffers costs at D1 (it
# does not while the page cache holds it: docs/benchmarks.md):
#   scripts/bench-grow-settings.sh S D1 "shared_buffers=256MB" "shared_buffers=512MB"
# Ends with
#   settings step=<FROM>-><TO> a=<A> b=<B> busy_ratio=<b/a> wall_ratio=<b/a>
set -euo pipefail
from="${1:?usage: scripts/bench-grow-settings.sh FROM TO A B [ROUNDS] [WORKDIR]}"
to="${2:?TO}"
variant_a="${3-}"
variant_b="${4-}"
rounds="${5:-2}"
work="${6:-/var/tmp/skyseed-settings}"
source "$(dirname "$0")/bench/lib.sh"
data="$work/data"
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

run() {  # run LABEL "SETTINGS": restore, apply, grow; prints "busy_per_mrow wall"
  local label="$1" settings="$2" start_s end_s
  rm -rf "$data"
  cp -a "$snapshot" "$data"
  server start
  apply_settings "$settings"
  start_s=$(date +%s.%N)
  "$bin" grow --tier "$to" --data-dir "$data" --database "$db" >/dev/null 2>&1
  end_s=$(date +%s.%N)
  "$bin" status --json --data-dir "$data" --database "$db" > "$work/status.$label.json"
  server stop
  python3 - "$work/status.$label.json" "$(awk "BEGIN{print $end_s - $start_s}")" <<'PY'
import json, sys
tiers = json.load(open(sys.argv[1]))["tiers"]
rows = [sum(x["rows"] for x in t["tables"]) for t in tiers]
added = (rows[-1] - rows[-2]) / 1e6
print(f"{tiers[-1]['time_bounds']['work_seconds'] / added:.3f} {float(sys.argv[2]):.1f}")
PY
}

results_a=(); results_b=(); walls_a=(); walls_b=()
for r in $(seq "$rounds"); do
  read -r busy wall < <(run "a$r" "$variant_a")
  echo "round $r  A [${variant_a:-embedded defaults}]  busy ${busy} s/Mrow  wall ${wall} s"
  results_a+=("$busy"); walls_a+=("$wall")
  read -r busy wall < <(run "b$r" "$variant_b")
  echo "round $r  B [${variant_b:-embedded defaults}]  busy ${busy} s/Mrow  wall ${wall} s"
  results_b+=("$busy"); walls_b+=("$wall")
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
