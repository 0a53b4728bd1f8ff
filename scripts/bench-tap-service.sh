#!/usr/bin/env bash
# The TAP service measured as the users' services run, side by side on one
# database of one tier: skyseed's DaCHS with the default TAP mix as it is
# (one unlimited process), under a pod-like CPU limit of 0.25 CPUs, as two
# such replicas behind haproxy, and through each pooler (pgpool, which keeps
# DaCHS's connections; pgbouncer, which cannot: DaCHS closes each inside its
# transaction). Then the aggregate alone, the users' separate comparison
# benchmark. Each configuration is one `skyseed sweep --target tap` into its
# own --out folder; the last lines are
#   tap-service tier=T mix=… rps=… limit=… rps_cpus_0.25=… limit_cpus_0.25=…
#     throttled_share=… rps_2x0.25=… conn_ms_per_request=… pg_ms_per_request=…
#     pooler_pg_ms_per_request=…
#   tap-pooler tier=T pgbouncer_sessions_per_request=… pgbouncer_pg_ms_per_request=…
#     pgbouncer_rps=… pgpool_sessions_per_request=… pgpool_pg_ms_per_request=… pgpool_rps=…
#   tap-aggregate tier=T rps=… pg_ms_per_request=… limit=…
# rps is the peak step's mean over valid windows; the per-request figures
# are at that step; throttled_share at the limited run's peak.
#   scripts/bench-tap-service.sh [TIER] [CLIENTS] [SECONDS] [REPS] [WORKDIR]
#   (default: S 1,2,4,8 20 2 /var/tmp/skyseed-tap-service; needs
#    scripts/install-tap-deps.sh, and root for the CPU limit)
set -euo pipefail
tier="${1:-S}"
clients="${2:-1,2,4,8}"
seconds="${3:-20}"
reps="${4:-2}"
work="${5:-/var/tmp/skyseed-tap-service}"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/bench/lib.sh"
"$bin" grow --tier "$tier" --standard-names none --data-dir "$work/data" >"$work/grow.log" 2>&1

run() {  # run NAME SWEEP_OPTIONS...: one TAP sweep into $work/NAME
  local name="$1"; shift
  echo "== $name: $*" >&2
  "$bin" sweep --target tap --tier "$tier" --clients "$clients" --duration "$seconds" \
    --reps "$reps" --warmup 30 --data-dir "$work/data" --out "$work/$name" "$@" \
    >"$work/$name.log" 2>&1 || { tail -3 "$work/$name.log" >&2; exit 1; }
  tail -1 "$work/$name.log" >&2
}
run plain
run cpus --tap-cpus 0.25
run replicas --tap-instances 2 --tap-cpus 0.25
run pgpool --tap-pooler pgpool
run pgbouncer --tap-pooler pgbouncer
run aggregate --tap-mix aggregate_obscore=100

python3 "$here/bench/tap_service_lines.py" "$work" "$tier"
server stop
