#!/usr/bin/env bash
# What JIT compilation costs the sweep's cone (cone_source) on a database at
# TIER: pg_sphere estimates `<@ scircle` at a fixed 0.1 % of the table, so
# the cone's plan cost grows with the table and passes jit_above_cost
# (100,000) from D2 on, however few rows the cone finds. Runs the sweep's own
# cone script with pgbench at one client, JIT on and off side by side, in two
# modes: one connection kept (what pgbench's sweep does) and a new
# connection per cone (pgbench -C: what a service that connects per request,
# like DaCHS, does; a new backend also loads LLVM before its first compile).
# Alternates on/off, twice, and prints cones/s, ms per cone and the ratio
# off/on per mode; first one cone's EXPLAIN ANALYZE both ways in a warm
# backend (plan cost, JIT time, execution time).
#   scripts/bench/jit-cone.sh CONNINFO TIER [SECONDS]   (default 20 per run)
# The database must hold TIER (skyseed grow); the workload's parameter
# tables (schema skyseed_workload) are written as a sweep writes them.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CONNINFO TIER [SECONDS]" >&2; exit 2; }
conn="$1" tier="$2" seconds="${3:-20}"
cd "$(dirname "$0")/../.."
scripts/build.sh >/dev/null
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
build/app/skyseed workload --tier "$tier" --out "$dir" >/dev/null
psql -X -q -v ON_ERROR_STOP=1 "$conn" -f "$dir/setup.sql" >/dev/null

# One cone (centre 1) of the workload's own statement, explained twice in
# one session; only the second is printed: what a warm backend pays (the
# first also loads LLVM).
centre="$(grep -F '\gset' "$dir/cone_source.sql")"
cone="$(tail -n 1 "$dir/cone_source.sql")"
explain() {
  printf '%s\n' '\set i 1' "$centre" '\o /dev/null' "EXPLAIN (ANALYZE, FORMAT JSON) $cone" '\o' \
    "EXPLAIN (ANALYZE, FORMAT JSON) $cone" |
    PGOPTIONS="-c jit=$1" psql -X -q -t -A -v ON_ERROR_STOP=1 "$conn"
}
for jit in on off; do
  explain "$jit" | python3 -c '
import json, sys
p = json.load(sys.stdin)[0]
plan, jit = p["Plan"], p.get("JIT", {}).get("Timing", {}).get("Total", 0.0)
print("explain jit=%s: plan cost %.0f, %d rows, JIT %.2f ms, execution %.2f ms"
      % (sys.argv[1], plan["Total Cost"], plan["Actual Rows"], jit, p["Execution Time"]))
' "$jit"
done

# tps of one pgbench run (the first tps line: with -C it includes connecting).
run() {
  PGOPTIONS="-c jit=$1" pgbench -n -c 1 -T "$seconds" $2 -f "$dir/cone_source.sql" "$conn" 2>&1 |
    awk '/^tps = / { print $3; exit }'
}
results="$dir/results"
for rep in 1 2; do
  for mode in kept per-cone; do
    flag=; [ "$mode" = per-cone ] && flag=-C
    for jit in on off; do
      tps="$(run "$jit" "$flag")"
      echo "$mode $jit $tps" >> "$results"
      awk -v rep="$rep" -v mode="$mode" -v jit="$jit" -v tps="$tps" 'BEGIN {
        printf "rep %d, connection %-8s jit %-3s %8.1f cones/s %8.2f ms per cone\n",
          rep, mode, jit, tps, 1000 / tps }'
    done
  done
done
awk '{ s[$1 " " $2] += $3; n[$1 " " $2]++ }
  END { for (m in s) mean[m] = s[m] / n[m]
        split("kept per-cone", modes, " ")
        for (i = 1; i <= 2; i++) { m = modes[i]
          printf "jit-cone tier='"$tier"' connection=%s on_cones_s=%.1f off_cones_s=%.1f off_over_on=%.2f\n",
            m, mean[m " on"], mean[m " off"], mean[m " off"] / mean[m " on"] } }' "$results"
