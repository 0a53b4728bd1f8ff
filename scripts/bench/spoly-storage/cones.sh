#!/usr/bin/env bash
# cones.sh TIER [ROUNDS] [TX] : the F1 (&&) form with skyseed's own workload cones (skyseed workload --tier TIER:
# centres on the survey fields, radius 0.26-2.56 deg log-uniform, 2000 cones), on each option.
set -euo pipefail
tier=$1; rounds=${2:-3}; tx=${3:-500}
cd /tmp/spoly-bench
C="host=/tmp/spoly-bench/data port=5432 dbname=skyseed user=postgres"
eval "$(sed -n '/^timed() {/,/^}/p' load.sh)"
rm -rf workload-$tier; ./skyseed workload --tier $tier --out workload-$tier >/dev/null
psql "$C" -X -q -f workload-$tier/setup.sql >/dev/null
declare -A T=([a]=bench.oc_a [b]=bench.v_b [c]=bench.oc_c [d]=bench.oc_d)
rq=logs/cones_rows_${tier}.csv; echo "tier,form,opt,queries,avg_rows,max_rows,zero_row_queries,sum_rows,wall_ms,cpu_ms" > $rq
for o in a b c d; do
  w="(s_region) && (scircle(spoint(RADIANS(q.ra), RADIANS(q.dec)), RADIANS(q.radius)))"
  res=$(psql "$C" -X -A -t -F, -c "SELECT count(*), round(avg(n),3), max(n), count(*) FILTER (WHERE n=0), sum(n) FROM skyseed_workload.cone q, LATERAL (SELECT count(*) n FROM ${T[$o]} WHERE $w) x")
  t=$(PGOPTIONS="-c max_parallel_workers_per_gather=0" timed "SELECT sum(n), sum(w) FROM skyseed_workload.cone q, LATERAL (SELECT count(*) n, sum(length(obs_id) + length(s_region::text)) w FROM ${T[$o]} WHERE $w) x;")
  echo "$tier,F1cone,$o,$res,${t/\//,}" | tee -a $rq
  cat > pgb/F1cone_${o}.sql <<SQL
\set i random(1, 2000)
SELECT ra, dec, radius AS r FROM skyseed_workload.cone WHERE i = :i \gset
SELECT obs_id, s_ra, s_dec, s_region FROM ${T[$o]} WHERE (s_region) && (scircle(spoint(RADIANS(:ra), RADIANS(:dec)), RADIANS(:r)));
SQL
done
rm -f logs/pgb/${tier}cone_*
for o in a b c d; do pgbench -n -c1 -t 100 --random-seed=7 -f pgb/F1cone_${o}.sql "$C" >/dev/null 2>&1; done
for r in $(seq 1 $rounds); do for o in a b c d; do
  pgbench -n -c1 -t $tx --random-seed=$((2000 + r)) -f pgb/F1cone_${o}.sql -l --log-prefix=logs/pgb/${tier}cone_F1_${o}_r$r "$C" > logs/pgb/${tier}cone_F1_${o}_r$r.out 2>&1
done; done
python3 latency.py ${tier}cone | tee logs/latency_${tier}cone.txt
