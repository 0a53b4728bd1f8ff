#!/usr/bin/env bash
# load.sh TIER REPS : time the four storage options' load and GiST build, interleaved a,b,c,d,x per rep.
#   a  text COPY into s_region spoly                         ; GiST (s_region)
#   b  binary COPY into s_region text (today)                ; GiST ((s_region::spoly))
#   c  text COPY into s_region spoly + s_region_text literal ; GiST (s_region)
#   d  binary COPY into UNLOGGED stage, INSERT ... s_region::spoly into spoly table ; GiST (s_region)
#   x  reference only: text COPY into the text-literal table (no spoly parse, no index) to split text-format cost from spoly parse
# Every COPY is server-side from a file, one backend, in its own transaction (table created in an earlier one).
set -euo pipefail
tier=$1; reps=${2:-3}
cd /tmp/spoly-bench
C="host=/tmp/spoly-bench/data port=5432 dbname=skyseed user=postgres"
export PGOPTIONS="-c maintenance_work_mem=1GB"
F=/tmp/spoly-bench/files
out=logs/load_${tier}.csv
[ -f $out ] || echo "tier,rep,opt,step,wall_ms,cpu_ms" > $out
cols_sel="obs_pk, dataproduct_type, calib_level, obs_collection, obs_id, obs_publisher_did, access_url, access_format, access_estsize, target_name, s_ra, s_dec, s_fov, s_region::spoly, s_resolution, s_xel1, s_xel2, t_min, t_max, t_exptime, t_resolution, t_xel, em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel, facility_name, instrument_name"
# run each argument as one statement in ONE session with \timing; print "wall_ms/cpu_ms" per statement,
# cpu_ms = the backend's utime+stime from /proc/PID/stat (10 ms ticks), which the other jobs on the box disturb far less than wall time
timed() {
  { echo "SELECT pg_backend_pid() AS bpid \\gset"; echo "\\setenv BPID :bpid"
    for st in "$@"; do
      echo "\\! awk '{print \"CPU\", (\$14+\$15)*10}' /proc/\$BPID/stat"
      echo "\\timing on"; echo "$st"; echo "\\timing off"
    done
    echo "\\! awk '{print \"CPU\", (\$14+\$15)*10}' /proc/\$BPID/stat"
  } | psql "$C" -X -q -v ON_ERROR_STOP=1 | awk '/^CPU/{ if (have) printf "%s/%d\n", ms, $2-c0; c0=$2; have=1 } /^Time:/{ms=$2}' | awk 'NR>0' | tail -n $#
}
q() { psql "$C" -X -q -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
rec() { echo "$tier,$rep,$1,$2,${3/\//,}" >> $out; echo "$tier rep$rep $1 $2 $3 (wall/cpu ms)"; }
for rep in $(seq 1 $reps); do
  for opt in a b c d x; do
    q "DROP TABLE IF EXISTS bench.oc_$opt CASCADE; DROP TABLE IF EXISTS bench.oc_d_stage"
    case $opt in
      x) q "$(sed 's/bench.oc_b/bench.oc_x/' sql/ddl_b.sql)";;
      d) q "$(cat sql/ddl_d.sql)"; q "$(cat sql/ddl_d_stage.sql)";;
      *) q "$(cat sql/ddl_$opt.sql)";;
    esac
    q "CHECKPOINT"
    case $opt in
      a) rec a load "$(timed "COPY bench.oc_a FROM '$F/${tier}_text.tsv';")";;
      x) rec x load "$(timed "COPY bench.oc_x FROM '$F/${tier}_text.tsv';")";;
      c) rec c load "$(timed "COPY bench.oc_c FROM '$F/${tier}_both.tsv';")";;
      b) rec b load "$(timed "COPY bench.oc_b FROM '$F/${tier}.bin' (FORMAT binary);")";;
      d) ms=($(timed "COPY bench.oc_d_stage FROM '$F/${tier}.bin' (FORMAT binary);" "INSERT INTO bench.oc_d SELECT $cols_sel FROM bench.oc_d_stage;"))
         rec d copy_stage "${ms[0]}"; rec d insert_select "${ms[1]}"
         rec d load "$(echo "${ms[0]} ${ms[1]}" | awk '{split($1,p,"/"); split($2,q,"/"); printf "%.3f/%d", p[1]+q[1], p[2]+q[2]}')"
         rec d drop_stage "$(timed "DROP TABLE bench.oc_d_stage;")";;
    esac
    q "CHECKPOINT"
    idx=""  # maintenance_work_mem=1GB comes from PGOPTIONS
    case $opt in
      b) rec b gist "$(timed "$idx CREATE INDEX oc_b_s_region_idx ON bench.oc_b USING gist ((s_region::spoly));")";;
      x) ;;
      *) rec $opt gist "$(timed "$idx CREATE INDEX oc_${opt}_s_region_idx ON bench.oc_$opt USING gist (s_region);")";;
    esac
  done
done
