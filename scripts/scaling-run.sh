#!/usr/bin/env bash
# The scaling run (docs/scaling-run.md): one database grown D1 -> D4 and both
# sweeps at every tier, three repetitions, the users' TAP mix in windows long
# enough for 200 requests of its rarest class (10 % at ~10 req/s: 300 s; at
# ~6.5 req/s under the D2 CPU limit: 420 s), the
# warm-up judged until it settles (up to 10 minutes, for tiers larger than
# the machine's memory); and at D2 the TAP sweep again with DaCHS under a
# CPU limit, as one process and as two behind haproxy. Before the database
# grows past a tier, that tier's flagged windows are measured again, and
# from D2 on (where the cone's plan cost passes jit_above_cost) what JIT
# costs the cone (scripts/bench/jit-cone.sh, kept beside CARRY as
# jit-cone-TIER.txt).
# Resumable: after a stop (a session's end, a kill) the same command
# measures only what is missing. On a new machine (WORKDIR absent) it first
# restores what CARRY holds (scripts/scaling-run-carry.sh: the database
# regrown through the tiers the carry measured, and its windows), and after
# every tier it saves the carry again (skyseed sweep --export), so that a
# session's end loses at most the tier in progress. Ends with the report,
# its closing lines and the first run beside this one (report
# --earlier-run docs/scaling-run/gen-3/tiers.csv).
#   scripts/scaling-run.sh [WORKDIR [CARRY]]
#     WORKDIR default /var/tmp/skyseed-scaling,
#     CARRY default docs/scaling-run/carry.json (in the repository)
# Needs the TAP packages (scripts/install-tap-deps.sh) and ~60 GB of disk.
set -euo pipefail
work="${1:-/var/tmp/skyseed-scaling}"
carry="$(realpath -m "${2:-$(dirname "$0")/../docs/scaling-run/carry.json}")"
carry_tool="$(realpath "$(dirname "$0")/scaling-run-carry.sh")"
if [ ! -d "$work/data" ] && [ -f "$carry" ]; then
  "$carry_tool" restore "$work" "$carry"
fi
source "$(dirname "$0")/bench/lib.sh"
windows=(--clients 1,2,4,8 --duration 60 --reps 3 --warmup 600 --warmup-interval 20
  --data-dir "$work/data")
limited=(--tap-cpus 0.5 --tier D2 --tap-window 420)
tiers=
for tier in D1 D2 D3 D4; do
  tiers="${tiers:+$tiers,}$tier"
  "$bin" sweep --target both --tier "$tiers" "${windows[@]}" --tap-window 300 --out "$work/out"
  "$bin" sweep --target both --tier "$tiers" "${windows[@]}" --tap-window 300 --out "$work/out" \
    --remeasure-flagged
  if [ "$tier" = D2 ]; then
    for k in 1 2; do
      for pass in measure remeasure; do
        "$bin" sweep --target tap "${limited[@]}" --tap-instances "$k" "${windows[@]}" \
          --out "$work/out-cpus-0.5-x$k" $([ "$pass" = remeasure ] && echo --remeasure-flagged)
      done
    done
  fi
  jit_out="$(dirname "$carry")/jit-cone-$tier.txt"
  if [ "$tier" != D1 ] && [ ! -s "$jit_out" ] && [ "$("$carry_tool" held "$work")" = "$tier" ]; then
    server start
    scripts/bench/jit-cone.sh "$(conn skyseed)" "$tier" 20 > "$jit_out.tmp"
    mv "$jit_out.tmp" "$jit_out"
  fi
  "$carry_tool" save "$work" "$carry"
done
"$bin" report --data-dir "$work/data" --out "$work/report" \
  --earlier-run "$(dirname "$carry")/gen-3/tiers.csv" | tee "$work/report.txt"
