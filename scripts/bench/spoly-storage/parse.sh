#!/usr/bin/env bash
# parse.sh TIER [REPS] : per-row CPU of pg_sphere's spoly text input (spoly_in) and output (spoly_out), in one backend, no parallel workers.
set -euo pipefail
tier=$1; reps=${2:-3}
cd /tmp/spoly-bench
C="host=/tmp/spoly-bench/data port=5432 dbname=skyseed user=postgres"
export PGOPTIONS="-c max_parallel_workers_per_gather=0 -c jit=off"
eval "$(sed -n '/^timed() {/,/^}/p' load.sh)"
out=logs/parse_${tier}.csv; echo "tier,rep,what,rows,wall_ms,cpu_ms" > $out
n=$(psql "$C" -X -A -t -c "SELECT count(*) FROM bench.oc_b")
for rep in $(seq 1 $reps); do
  r=($(timed "SELECT count(length(s_region)) FROM bench.oc_b;" "SELECT count(s_region::spoly) FROM bench.oc_b;" "SELECT count(length(s_region::text)) FROM bench.oc_a;" "SELECT count(npoints(s_region)) FROM bench.oc_a;"))
  echo "$tier,$rep,baseline_scan_text,$n,${r[0]/\//,}" >> $out
  echo "$tier,$rep,spoly_in,$n,${r[1]/\//,}" >> $out
  echo "$tier,$rep,spoly_out,$n,${r[2]/\//,}" >> $out
  echo "$tier,$rep,baseline_scan_spoly,$n,${r[3]/\//,}" >> $out
done
cat $out
