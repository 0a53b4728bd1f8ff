#!/usr/bin/env bash
# The two ways skyseed builds the pg_sphere GiSTs, side by side in one
# invocation on one embedded cluster, from empty to TIER:
#  - after-load: each GiST built once its table is loaded, one backend each
#    (the footprint GiST alone is then the critical path);
#  - during-load (the default): the GiSTs exist before the first chunk and
#    grow with the load on every loading connection.
# Prints each grow's wall time, busy seconds and time bounds (from its tier
# record), then the query latency the two indexes give: the workload's
# footprint and cone classes, the same parameters and seeds on both
# databases, interleaved in rounds, with p50/p95 and their ratios.
#   scripts/bench-gist-build.sh [TIER] [WORKDIR] [ROUNDS] [TX]
#   (default: D1 /var/tmp/skyseed-bench-gist 3 1000)
set -euo pipefail
tier="${1:-D1}"
work="${2:-/var/tmp/skyseed-bench-gist}"
rounds="${3:-3}"
tx="${4:-1000}"
source "$(dirname "$0")/bench/lib.sh"
mkdir -p "$work/logs"
modes=(after-load during-load)
db() { echo "gist_${1/-/_}"; }

# LATENCY_ONLY=1: measure the databases an earlier run grew again.
for mode in "${modes[@]}"; do
  [ -n "${LATENCY_ONLY:-}" ] && break
  sql skyseed "DROP DATABASE IF EXISTS $(db "$mode") WITH (FORCE)" >/dev/null
  echo "== grow --tier $tier --gist-build $mode"
  /usr/bin/time -f "peak RSS %M KiB" "$bin" grow --tier "$tier" --data-dir "$work/data" \
    --database "$(db "$mode")" --gist-build "$mode" 2>&1 | grep -E "reached|peak RSS"
  "$bin" status --data-dir "$work/data" --database "$(db "$mode")" | grep "time:"
done

rm -rf "$work/workload"
"$bin" workload --tier "$tier" --out "$work/workload" >/dev/null
for mode in "${modes[@]}"; do
  psql -X -q "$(conn "$(db "$mode")")" -f "$work/workload/setup.sql" >/dev/null
done
rm -f "$work"/logs/lat_*
classes=(footprint_obscore cone_source)
rounds="${LATENCY_ROUNDS:-$rounds}"
[ "$rounds" = 0 ] && classes=()
echo "== latency: $rounds rounds x $tx transactions per class and database, 1 client"
for r in $(seq "$rounds"); do
  for class in "${classes[@]}"; do
    for mode in "${modes[@]}"; do
      pgbench -n -c1 -t "$tx" --random-seed=$((1000 + r)) -f "$work/workload/$class.sql" \
        -l --log-prefix="$work/logs/lat_${class}_${mode}_r$r" "$(conn "$(db "$mode")")" >/dev/null
    done
  done
done
[ "${#classes[@]}" -gt 0 ] && python3 - "$work/logs" "${classes[@]}" <<'PY'
import glob, sys
logs, classes = sys.argv[1], sys.argv[2:]
def pct(v, p):  # nearest rank
    v = sorted(v); return v[max(0, -(-len(v) * p // 100) - 1)]
print(f"{'class':18} {'gist build':12} {'n':>6} {'p50 ms':>8} {'p95 ms':>8}  per-round p50 min..max")
for c in classes:
    got = {}
    for mode in ("after-load", "during-load"):
        rounds = [[int(l.split()[2]) / 1000 for l in open(f)]
                  for f in glob.glob(f"{logs}/lat_{c}_{mode}_r*")]
        v = [x for r in rounds for x in r]
        got[mode] = (pct(v, 50), pct(v, 95))
        p50s = [pct(r, 50) for r in rounds]
        print(f"{c:18} {mode:12} {len(v):6d} {got[mode][0]:8.3f} {got[mode][1]:8.3f}"
              f"  {min(p50s):.3f}..{max(p50s):.3f}")
    a, d = got["after-load"], got["during-load"]
    print(f"{c:18} ratio during/after: p50 {d[0] / a[0]:.3f}  p95 {d[1] / a[1]:.3f}")
PY
# Time is noisy on a shared machine; the index pages a query touches are
# not: the same 2,000 cones on both databases, EXPLAIN (ANALYZE, BUFFERS)
# of each, summing the index scan's blocks and the rows found.
echo "== index blocks per query (noise-free), the workload's 2000 cones"
for mode in "${modes[@]}"; do
  psql -X -q -t -A -v ON_ERROR_STOP=1 "$(conn "$(db "$mode")")" <<SQL
CREATE FUNCTION pg_temp.scan(q text, OUT blocks bigint, OUT hits bigint) LANGUAGE plpgsql AS \$\$
DECLARE j json; idx json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ' || q INTO j;
  idx := j->0->'Plan'->'Plans'->0;  -- the Bitmap Index Scan under the Bitmap Heap Scan
  blocks := (idx->>'Shared Hit Blocks')::bigint + (idx->>'Shared Read Blocks')::bigint;
  hits := (j->0->'Plan'->>'Actual Rows')::bigint;
END \$\$;
SELECT format('%-12s footprint: %s index blocks, %s rows;  cone: %s index blocks, %s rows', '$mode',
              sum((f).blocks), sum((f).hits), sum((c).blocks), sum((c).hits))
FROM (SELECT pg_temp.scan(format('SELECT 1 FROM skyseed_corpus.obscore WHERE s_region && scircle(spoint(radians(%s), radians(%s)), radians(%s))', ra, dec, radius)) f,
             pg_temp.scan(format('SELECT 1 FROM skyseed_corpus.gaia_source WHERE spoint(radians(ra), radians(dec)) <@ scircle(spoint(radians(%s), radians(%s)), radians(%s))', ra, dec, radius)) c
      FROM skyseed_workload.cone) x;
SQL
done
for mode in "${modes[@]}"; do
  sql "$(db "$mode")" "SELECT '$mode index sizes MiB: ' || string_agg(c.relname || ' ' || round(pg_relation_size(c.oid) / 1048576.0, 1), ', ') FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'gist'"
done
