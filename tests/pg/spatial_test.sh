#!/usr/bin/env bash
# The pg_sphere geometry: a cone search through the GiST index returns the
# same rows as a brute-force distance over ra/dec; footprints are valid
# polygons and intersection queries use their index.
source "$(dirname "$0")/lib.sh"

ci_db t_cone
# A centre on a survey field, so the cone holds a group (the densest pointing).
read -r ra0 dec0 <<<"$(sql t_cone "SELECT s_ra, s_dec FROM ivoa.obscore WHERE obs_collection = 'SKYSEED DEEP' LIMIT 1" | tr '|' ' ')"
radius=2.0
cone="spoint(radians(ra), radians(dec)) <@ scircle(spoint(radians($ra0), radians($dec0)), radians($radius))"
plan="$(sql t_cone "EXPLAIN SELECT source_id FROM gaia.gaia_source WHERE $cone")"
check "the cone search uses the GiST index" grep -q "gaia_source_pos_idx" <<<"$plan"
indexed="$(sql t_cone "SELECT md5(string_agg(source_id::text, ',' ORDER BY source_id)), count(*) FROM gaia.gaia_source WHERE $cone")"
brute="$(sql t_cone "SET enable_indexscan = off; SET enable_bitmapscan = off;
  SELECT md5(string_agg(source_id::text, ',' ORDER BY source_id)), count(*) FROM gaia.gaia_source
  WHERE degrees(2 * asin(sqrt(sin(radians(dec - $dec0) / 2)^2 +
        cos(radians(dec)) * cos(radians($dec0)) * sin(radians(ra - $ra0) / 2)^2))) <= $radius" | tail -1)"
check "indexed cone = brute force ($indexed)" test "$indexed" = "$brute"
check "and the cone is not empty" test "$(cut -d'|' -f2 <<<"$indexed")" -gt 0

# Sky order (gen-4 on): a 2 deg cone on a stored source (at ci's density what
# 0.5 deg is at S, ~40 rows) touches fewer blocks
# than it returns rows (random sky order touches about one per row), and
# status's stored-order figure agrees with the whole table's, computed here
# from every pair of rows stored side by side.
touched="$(psql -X -At -v cones=100 -v radius=2 -f "$(dirname "$0")/../../scripts/bench/cone-blocks.sql" \
  "$(conninfo t_cone)" | tail -1)"
blocks_per_row="$(sed 's/.*blocks_per_row=//' <<<"$touched")"
check "cones touch at most 0.5 blocks per row returned ($touched)" \
  awk -v b="$blocks_per_row" 'BEGIN { exit !(b > 0 && b <= 0.5) }'
whole="$(sql t_cone "SELECT degrees(percentile_cont(0.5) WITHIN GROUP (ORDER BY d)) FROM (
  SELECT spoint(radians(ra), radians(dec)) <-> lag(spoint(radians(ra), radians(dec))) OVER (ORDER BY ctid) AS d
  FROM skyseed_corpus.gaia_source) p WHERE d IS NOT NULL")"
shown="$("$bin" status --json --db "$(conninfo t_cone)" | python3 -c '
import json, sys
for t in json.load(sys.stdin)["corpus_tables"]:
    if t["table"].endswith("gaia_source"): print(t["stored_neighbour_median_deg"])')"
check "status's stored order ($shown deg) is the whole table's ($whole deg) within a factor 2" \
  awk -v a="$shown" -v b="$whole" 'BEGIN { exit !(a > 0 && b > 0 && a < 2 * b && b < 2 * a && a < 5) }'
check "status names it sky order" bash -c '"$1" status --db "$2" | grep -q "stored order: .* (sky order)"' _ \
  "$bin" "$(conninfo t_cone)"

check "every footprint parses as an spoly" \
  test "$(sql t_cone 'SELECT count(*) FROM ivoa.obscore WHERE npoints(s_region) IN (4, 8)')" = 10000
check "s_region is a real spoly, as services expect" \
  test "$(sql t_cone "SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 'ivoa.obscore'::regclass AND attname = 's_region'")" = spoly
# The SQL a TAP service sends for INTERSECTS and CONTAINS, through the view.
region="(s_region) && (scircle(spoint(RADIANS($ra0), RADIANS($dec0)), RADIANS(0.5)))"
plan="$(sql t_cone "EXPLAIN SELECT obs_id FROM ivoa.obscore WHERE $region")"
check "footprint intersection uses the polygon index" grep -q "obscore_s_region_idx" <<<"$plan"
indexed="$(sql t_cone "SELECT md5(string_agg(obs_id, ',' ORDER BY obs_id)), count(*) FROM ivoa.obscore WHERE $region")"
brute="$(sql t_cone "SET enable_indexscan = off; SET enable_bitmapscan = off;
  SELECT md5(string_agg(obs_id, ',' ORDER BY obs_id)), count(*) FROM ivoa.obscore WHERE $region")"
check "indexed intersection = sequential scan ($indexed)" test "$indexed" = "$brute"
check "the field's own pointing intersects" test "$(cut -d'|' -f2 <<<"$indexed")" -gt 0
plan="$(sql t_cone "EXPLAIN SELECT obs_id FROM ivoa.obscore WHERE (spoint(RADIANS($ra0), RADIANS($dec0))) <@ (s_region)")"
check "point-in-footprint uses the polygon index too" grep -q "obscore_s_region_idx" <<<"$plan"

# DALI 1.1 polygons wind counter-clockwise on the sky; every footprint, as the
# text a service publishes, at ci and at S (computed from the literal alone).
orientation="$(dirname "$0")/footprint_orientation.py"
for tier in ci S; do
  [ "$tier" = ci ] || "$bin" grow --tier "$tier" --db "$(conninfo t_cone)" >/dev/null
  rows="$(sql t_cone 'SELECT count(*) FROM skyseed_corpus.obscore')"
  counts="$(sql t_cone 'SELECT s_ra, s_dec, s_region_literal FROM skyseed_corpus.obscore' | "$orientation")"
  check "every footprint at $tier is counter-clockwise on the sky (rows, on screen, in 3-D: $counts)" \
    test "$counts" = "$rows $rows $rows"
done

# The stored order is measured, never taken from the generator's record: at
# S both tables read as sky order; obscore rewritten in random physical order
# (its rows unchanged) then reads as random sky order, gaia_source still as
# sky order.
stored_order() {  # stored_order TABLE: "in_sky_order neighbour_deg random_pair_deg"
  "$bin" status --json --db "$(conninfo t_cone)" | python3 -c '
import json, sys
for t in json.load(sys.stdin)["corpus_tables"]:
    if t["table"].endswith(sys.argv[1]):
        print(t["stored_in_sky_order"], t["stored_neighbour_median_deg"], t["random_pair_median_deg"])' "$1"
}
check "obscore at S in sky order ($(stored_order obscore))" test "$(stored_order obscore | cut -d' ' -f1)" = True
sql t_cone "BEGIN; CREATE TEMP TABLE shuffled AS SELECT * FROM skyseed_corpus.obscore ORDER BY random();
  DELETE FROM skyseed_corpus.obscore; INSERT INTO skyseed_corpus.obscore SELECT * FROM shuffled; COMMIT;
  VACUUM FULL skyseed_corpus.obscore" >/dev/null
check "obscore rewritten in random order reads so ($(stored_order obscore))" \
  test "$(stored_order obscore | cut -d' ' -f1)" = False
check "... in status's text too" bash -c '"$1" status --db "$2" | grep -A1 "^table skyseed_corpus.obscore" |
  grep -q "(random sky order"' _ "$bin" "$(conninfo t_cone)"
check "gaia_source still in sky order ($(stored_order gaia_source))" \
  test "$(stored_order gaia_source | cut -d' ' -f1)" = True
finish
