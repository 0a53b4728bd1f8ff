#!/usr/bin/env bash
# Sky order side by side: the previous generator's binary (random sky order,
# skyseed-gen-3) against this tree's (sky order: gen-4 on), each growing TIER from empty
# into its own database of one embedded cluster, alternately ROUNDS times,
# the page cache dropped before each grow. Per run: the grow's wall seconds
# and busy seconds per million rows (its tier record); then, warm, the
# blocks a query touches (EXPLAIN (ANALYZE, BUFFERS)): 200 cones of 0.5 deg
# centred on stored sources (scripts/bench/cone-blocks.sql), and the
# workload's own first 200 cones and footprint queries
# (scripts/bench/workload-blocks.sql). Last lines, medians over rounds:
#   sky-order tier=T blocks_per_row_gen3=… gen4=… grow_s_gen3=… gen4=… ratio=…
#     busy_s_per_mrow_gen3=… gen4=… ratio=…
#   scripts/bench-sky-order.sh GEN3_BINARY [TIER] [ROUNDS] [WORKDIR]
#   (default: S 2 /var/tmp/skyseed-sky-order; build a gen-3 binary from
#    9d0fe43 with scripts/build.sh in a clone; root, to drop the page cache)
set -euo pipefail
gen3="$(realpath "${1:?give the gen-3 skyseed binary}")"
tier="${2:-S}"
rounds="${3:-2}"
work="${4:-/var/tmp/skyseed-sky-order}"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/bench/lib.sh"
gen4="$bin"
"$gen3" --version >/dev/null
results="$work/results.tsv"
: >"$results"
run() {  # run NAME BINARY ROUND
  local name="$1" binary="$2" db="sky_$1" line
  sql postgres "DROP DATABASE IF EXISTS $db WITH (FORCE)"
  sync && echo 3 > /proc/sys/vm/drop_caches
  "$binary" grow --tier "$tier" --data-dir "$work/data" --database "$db" >"$work/$name.grow" 2>&1
  "$binary" status --json --data-dir "$work/data" --database "$db" >"$work/$name.json"
  "$binary" workload --tier "$tier" --out "$work/$name-workload" >/dev/null
  psql -X -q -v ON_ERROR_STOP=1 "$(conn "$db")" -f "$work/$name-workload/setup.sql" >/dev/null
  # Twice: the first pass warms the pages, the second is reported.
  psql -X -At -v cones=200 -v radius=0.5 -f "$here/bench/cone-blocks.sql" "$(conn "$db")" >/dev/null
  line="$(psql -X -At -v cones=200 -v radius=0.5 -f "$here/bench/cone-blocks.sql" "$(conn "$db")" | tail -1)"
  psql -X -At -v n=200 -f "$here/bench/workload-blocks.sql" "$(conn "$db")" >/dev/null
  local workload; workload="$(psql -X -At -v n=200 -f "$here/bench/workload-blocks.sql" "$(conn "$db")" |
    grep -E '^(cone_source|footprint_obscore)' | tr '\n' ' ')"
  python3 - "$work/$name.json" "$name" "$3" "$line" "$workload" >>"$results" <<'PY'
import json, sys
status, name, rnd, cones, workload = json.load(open(sys.argv[1])), *sys.argv[2:]
t = status["tiers"][-1]
rows = sum(x["rows"] for x in t["tables"])
busy = t.get("time_bounds", {}).get("work_seconds", 0)
kv = dict(p.split("=") for p in cones.split())
print("\t".join([name, rnd, f"{t['seconds']:.1f}", f"{busy / (rows / 1e6):.2f}", kv["rows_per_cone"],
                 kv["blocks_per_cone"], kv["blocks_per_row"], workload.strip()]))
PY
  tail -1 "$results"
}
echo "tier $tier, $rounds rounds; columns: generator round grow_s busy_s_per_mrow rows_per_cone blocks_per_cone blocks_per_row workload"
for r in $(seq "$rounds"); do
  run gen3 "$gen3" "$r"
  run gen4 "$gen4" "$r"
done
python3 - "$results" "$tier" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
def med(name, col): return statistics.median(float(r[col]) for r in rows if r[0] == name)
g3, g4 = {c: med("gen3", c) for c in (2, 3, 6)}, {c: med("gen4", c) for c in (2, 3, 6)}
print(f"sky-order tier={sys.argv[2]} blocks_per_row_gen3={g3[6]:.3f} gen4={g4[6]:.3f} "
      f"grow_s_gen3={g3[2]:.1f} gen4={g4[2]:.1f} ratio={g4[2] / g3[2]:.3f} "
      f"busy_s_per_mrow_gen3={g3[3]:.2f} gen4={g4[3]:.2f} ratio={g4[3] / g3[3]:.3f}")
PY
