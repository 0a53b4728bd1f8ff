#!/usr/bin/env bash
# skyseed workload against the real database: every lookup key exists, the
# cones land on populated sky, the cone script's query reaches the GiST index,
# and the shipped mix runs under pgbench without a failed transaction.
source "$(dirname "$0")/lib.sh"

db=t_workload
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT

ci_db "$db"
check "skyseed workload writes the scripts" "$bin" workload --tier ci --out "$out/w"
# From another directory: setup.sql must not depend on the cwd.
check "setup.sql loads the parameters" \
  bash -c 'cd / && psql -X -q -v ON_ERROR_STOP=1 "$1" -f "$2" >/dev/null' _ "$(conninfo "$db")" \
  "$out/w/setup.sql"
"$bin" workload --tier ci --seed 2 --out "$out/seed2" >/dev/null
refusal="$(psql -X -q "$(conninfo "$db")" -f "$out/seed2/setup.sql" 2>&1)"
rc=$?
check "setup.sql of another seed is refused (exit $rc)" test "$rc" != 0
check "saying why" grep -q "another corpus than seed 2" <<<"$refusal"
check "and leaves the loaded parameters alone" \
  test "$(sql "$db" 'SELECT seed FROM skyseed_workload.info')" = 1
check "all 10000 source lookups loaded" \
  test "$(sql "$db" 'SELECT count(*) FROM skyseed_workload.lookup_source')" = 10000

misses="$(sql "$db" "SELECT count(*) FROM skyseed_workload.lookup_source l
  WHERE NOT EXISTS (SELECT 1 FROM gaia.gaia_source g WHERE g.source_id = l.source_id)")"
check "every lookup source_id exists ($misses misses)" test "$misses" = 0
misses="$(sql "$db" "SELECT count(*) FROM skyseed_workload.lookup_obs l
  WHERE NOT EXISTS (SELECT 1 FROM skyseed_corpus.obscore o WHERE o.obs_pk = l.obs_pk AND o.obs_id = l.obs_id)")"
check "every lookup obs_pk / obs_id exists ($misses misses)" test "$misses" = 0
hit="$(sql "$db" "SELECT (100 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM gaia.gaia_source g
  WHERE spoint(radians(g.ra), radians(g.dec)) <@ scircle(spoint(radians(c.ra), radians(c.dec)),
        radians(c.radius))))) / count(*) FROM skyseed_workload.cone c")"
check "at least 80% of the cones hold a source ($hit%)" test "$hit" -ge 80
hit="$(sql "$db" "SELECT (100 * count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ivoa.obscore o
  WHERE o.s_region && scircle(spoint(radians(c.ra), radians(c.dec)), radians(c.radius)))))
  / count(*) FROM skyseed_workload.cone c")"
check "and most meet a footprint ($hit%)" test "$hit" -ge 80

# The scripts' own queries, with cone 1's values where pgbench puts them.
read -r ra dec radius <<<"$(sql "$db" 'SELECT ra, dec, radius FROM skyseed_workload.cone WHERE i = 1' | tr '|' ' ')"
substitute() { tail -1 "$out/w/$1" | sed -e "s/:ra\b/$ra/; s/:dec\b/$dec/; s/:radius\b/$radius/; s/;\$//"; }
plan="$(sql "$db" "EXPLAIN $(substitute cone_source.sql)")"
check "cone_source.sql uses gaia_source_pos_idx" grep -q gaia_source_pos_idx <<<"$plan"
plan="$(sql "$db" "EXPLAIN $(substitute footprint_obscore.sql)")"
check "footprint_obscore.sql uses obscore_s_region_idx" grep -q obscore_s_region_idx <<<"$plan"

# The mix as shipped: run-mix.sh runs pgbench -n -c 2 -j 2 -T 5 with the weights.
report="$("$out/w/run-mix.sh" "$(conninfo "$db")" 5 2 2>&1)"
rc=$?
echo "$report"
check "pgbench ran the mix (exit $rc)" test "$rc" = 0
tps="$(sed -n 's/^ *tps = \([0-9.]*\).*/\1/p' <<<"$report" | head -1)"
check "pgbench reports tps > 0 (${tps:-none})" awk -v t="${tps:-0}" 'BEGIN { exit !(t > 0) }'
check "no failed transactions" grep -q "number of failed transactions: 0 " <<<"$report"
check "README.txt documents the mix" grep -q -- "pgbench -n -f lookup_source.sql@35" "$out/w/README.txt"
finish
