#!/usr/bin/env bash
# query.sh TIER [ROUNDS] [TX_PER_ROUND] : after load.sh — vacuum/analyze, sizes, EXPLAIN, rows per query + backend CPU per query,
# then pgbench latency (p50/p95 from -l logs) for the three DaCHS forms on each option, interleaved:
#   for round: for form: for option: pgbench -n -c1 -t TX --random-seed=<same for all options in a round>
set -euo pipefail
tier=$1; rounds=${2:-6}; tx=${3:-500}
cd /tmp/spoly-bench
C="host=/tmp/spoly-bench/data port=5432 dbname=skyseed user=postgres"
eval "$(sed -n '/^timed() {/,/^}/p' load.sh)"
psql "$C" -X -q -v ON_ERROR_STOP=1 <<'SQL'
DROP TABLE IF EXISTS bench.oc_x;
DROP VIEW IF EXISTS bench.v_b;
-- (b): the view DaCHS would be pointed at: the literal column exposed as spoly under the name s_region
CREATE VIEW bench.v_b AS SELECT obs_pk, dataproduct_type, calib_level, obs_collection, obs_id, obs_publisher_did, access_url, access_format, access_estsize, target_name, s_ra, s_dec, s_fov, (s_region::spoly) AS s_region, s_resolution, s_xel1, s_xel2, t_min, t_max, t_exptime, t_resolution, t_xel, em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel, facility_name, instrument_name FROM bench.oc_b;
VACUUM (FREEZE, ANALYZE) bench.oc_a; VACUUM (FREEZE, ANALYZE) bench.oc_b; VACUUM (FREEZE, ANALYZE) bench.oc_c; VACUUM (FREEZE, ANALYZE) bench.oc_d;
SQL
declare -A T=([a]=bench.oc_a [b]=bench.v_b [c]=bench.oc_c [d]=bench.oc_d)
declare -A W=(
 [F1]='(s_region) && (scircle(spoint(RADIANS(:ra), RADIANS(:dec)), RADIANS(:r)))'
 [F2]='(spoint(RADIANS(:ra), RADIANS(:dec))) <@ (s_region)'
 [F3]='s_region @ scircle(spoint(RADIANS(:ra), RADIANS(:dec)), RADIANS(:r))')
# sizes
psql "$C" -X -A -F, -P footer=off -c "SELECT '$tier' tier, c.relname, pg_relation_size(c.oid) AS table_bytes, pg_table_size(c.oid) AS table_incl_toast_bytes, pg_indexes_size(c.oid) AS indexes_bytes, (SELECT count(*) FROM pg_index i WHERE i.indrelid=c.oid) AS n_indexes, (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM bench.%I', c.relname), false, true, '')))[1]::text::bigint AS rows FROM pg_class c JOIN pg_namespace n ON n.oid=c.relnamespace WHERE n.nspname='bench' AND c.relname IN ('oc_a','oc_b','oc_c','oc_d') ORDER BY 2" > logs/sizes_${tier}.csv
cat logs/sizes_${tier}.csv
# EXPLAIN exactly as pgbench sends it, with the literals of parameter rows 1 and 2
ex=logs/explain_${tier}.txt; : > $ex
for i in 1 2; do
IFS=, read -r pra pdec pr < <(psql "$C" -X -A -t -F, -c "SELECT ra, dec, r FROM bench.q WHERE i = $i")
for f in F1 F2 F3; do for o in a b c d; do
  w=${W[$f]}; w=${w//:ra/$pra}; w=${w//:dec/$pdec}; w=${w//:r/$pr}
  echo "=== $tier $f option $o, parameter row $i" >> $ex
  psql "$C" -X -c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT obs_id, s_ra, s_dec, s_region FROM ${T[$o]} WHERE $w" >> $ex
done; done; done
# all 3000 parameter rows in one backend: rows returned per query, and backend CPU per query (robust against the box's other load)
rq=logs/rows_${tier}.csv; echo "tier,form,opt,queries,avg_rows,max_rows,zero_row_queries,sum_rows,wall_ms,cpu_ms" > $rq
for f in F1 F2 F3; do for o in a b c d; do
  w=${W[$f]}; w=${w//:ra/q.ra}; w=${w//:dec/q.dec}; w=${w//:r/q.r}
  res=$(psql "$C" -X -A -t -F, -c "SELECT count(*), round(avg(n),3), max(n), count(*) FILTER (WHERE n=0), sum(n) FROM bench.q, LATERAL (SELECT count(*) n, sum(length(obs_id) + length(s_region::text)) w FROM ${T[$o]} WHERE $w) x")
  t=$(PGOPTIONS="-c max_parallel_workers_per_gather=0" timed "SELECT sum(n), sum(w) FROM bench.q, LATERAL (SELECT count(*) n, sum(length(obs_id) + length(s_region::text)) w FROM ${T[$o]} WHERE $w) x;")
  echo "$tier,$f,$o,$res,${t/\//,}" | tee -a $rq
done; done
# pgbench scripts
for f in F1 F2 F3; do for o in a b c d; do
  cat > pgb/${f}_${o}.sql <<SQL
\set i random(1, 3000)
SELECT ra, dec, r FROM bench.q WHERE i = :i \gset
SELECT obs_id, s_ra, s_dec, s_region FROM ${T[$o]} WHERE ${W[$f]};
SQL
done; done
# warm-up
for f in F1 F2 F3; do for o in a b c d; do pgbench -n -c1 -t 200 --random-seed=7 -f pgb/${f}_${o}.sql "$C" >/dev/null 2>&1; done; done
rm -f logs/pgb/${tier}_*
for r in $(seq 1 $rounds); do for f in F1 F2 F3; do for o in a b c d; do
  pgbench -n -c1 -t $tx --random-seed=$((1000 + r)) -f pgb/${f}_${o}.sql -l --log-prefix=logs/pgb/${tier}_${f}_${o}_r$r "$C" > logs/pgb/${tier}_${f}_${o}_r$r.out 2>&1
done; done; echo "round $r done"; done
python3 latency.py $tier | tee logs/latency_${tier}.txt
