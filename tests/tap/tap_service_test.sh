#!/usr/bin/env bash
# skyseed's DaCHS served as the users' services run: under a CPU limit
# (--tap-cpus), as two replicas behind haproxy (--tap-instances 2), through a
# pooler (--tap-pooler). Each claim is checked from outside the sweep: the
# kernel's cgroup files and /proc while it runs, PostgreSQL's own session
# counter, and what is left afterwards.
#   tap_service_test.sh SKYSEED_BINARY        (KEEP=1 leaves the temp dir)
# Needs scripts/install-tap-deps.sh, and root for the cgroup.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
source "$(dirname "$0")/lib.sh"
require_packages gavodachs2-server pgbouncer pgpool2 haproxy

work="$(mktemp -d "$(suite_prefix "$bin")tap-service.XXXXXX")"
chmod 755 "$work"  # the embedded server may run as user postgres
pgdir="$work/pg"
conn="$(conn skyseed)"
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$conn" -c "$1"; }
cleanup() {
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

sweepers=()  # every sweep this test started: their cgroups are the ones to look for
leftovers() {  # what a finished sweep must not leave
  local found
  found="$(service_leftovers "$pgdir" "${sweepers[@]}")"
  [ -e "$pgdir/skyseed-dachs" ] && found+=" folder"
  echo "$found"
}

# ------------------------------------------------------------ bad arguments
refused "--tap-cpus 0" --target tap --tap-cpus 0 --tier ci
refused "--tap-cpus abc" --target tap --tap-cpus abc --tier ci
refused "--tap-instances 0" --target tap --tap-instances 0 --tier ci
refused "--tap-pooler nosuch" --target tap --tap-pooler nosuch --tier ci
refused "--tap-cpus with --target db" --tap-cpus 0.5 --tier ci
refused "--tap-instances with --tap-url" --target tap --tap-instances 2 \
  --tap-url http://127.0.0.1:9/tap --tier ci

check "skyseed grow --tier ci --standard-names none" \
  "$bin" grow --tier ci --standard-names none --data-dir "$pgdir" >"$work/grow.log" 2>&1
# The sweeps below run without a warm-up, but for the pooled one.
sweep_ci=("$bin" sweep --target tap --tier ci --reps 1 --data-dir "$pgdir")
sweep=("${sweep_ci[@]}" --warmup 0)

# ------------------------------------------------------------ --tap-cpus
# While it runs: the DaCHS process in a group of its own whose quota is
# 0.2 CPUs, by the kernel's files.
"${sweep[@]}" --duration 5 --clients 1,2,4 --tap-cpus 0.2 --out "$work/cpus" >"$work/cpus.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
quota=""
for _ in $(seq 600); do
  pid="$(cat "$pgdir/skyseed-dachs/state/web.pid" 2>/dev/null)"
  if [ -n "$pid" ] && grep -q "skyseed-tap-$sweeper-0" "/proc/$pid/cgroup" 2>/dev/null; then
    group="$cpu_root/skyseed-tap-$sweeper-0"
    if [ -e "$group/cpu.max" ]; then quota="$(cat "$group/cpu.max")"
    else quota="$(cat "$group/cpu.cfs_quota_us") $(cat "$group/cpu.cfs_period_us")"; fi
    break
  fi
  sleep 0.1
done
wait "$sweeper"
rc=$?
check "sweep --tap-cpus 0.2 (exit $rc: $(tail -1 "$work/cpus.log"))" test "$rc" = 0
check "DaCHS ran in its own cgroup with quota 20000 of 100000 us (read: '$quota')" \
  test "$quota" = "20000 100000"
python3 - "$work/cpus/tap-sweep.json" <<'PY'
import json, sys
sweep = json.load(open(sys.argv[1]))
tier = sweep["tiers"][0]
bad = []
for w in tier["windows"]:
    # The service's own CPU (its process tree, from /proc) within the quota.
    if not 0 < w["service_cores"] <= 0.2 * 1.3:
        bad.append(f"{w['clients']} clients: service {w['service_cores']:.3f} cores under 0.2")
    if w["service_ceiling"] != 0.2:
        bad.append(f"ceiling {w['service_ceiling']}, not min(0.2, 1 process)")
    if not (w["throttled_periods"] > 0 and w["throttled_s"] > 0 and 0 < w["throttled_share"] <= 1):
        bad.append(f"{w['clients']} clients: throttling not recorded {w}")
top = max(tier["windows"], key=lambda w: w["clients"])
if top["throttled_share"] < 0.5:
    bad.append(f"throttled in {top['throttled_share']:.2f} of the periods at {top['clients']} clients")
sat = tier["saturation"]
if sat.get("saturated") and sat.get("limit") != "tap-cpu":
    bad.append(f"saturated with limit {sat.get('limit')}: {sat.get('reason')}")
for b in bad: print("  " + b)
sys.exit(1 if bad else 0)
PY
check "every window within the quota, throttling recorded, any saturation tap-cpu" test $? = 0
check "nothing left after the sweep:$(leftovers)" test -z "$(leftovers)"

# ------------------------------------------------------------ --tap-instances 2, pooled
# Two DaCHS processes behind haproxy, each limited, through pgpool: both
# serve (each one's CPU grows), and PostgreSQL's own session counter, read
# between the ends of the 1- and 2-client windows, says the connections were
# kept, against one session per request without a pooler.
sessions() { sql "SELECT sessions FROM pg_stat_database WHERE datname = 'skyseed'"; }
declare -A served
# watch SWEEPER LOG: the sessions opened during the 2-client window; the
# DaCHS processes' CPU ticks by pid in `served`.
watch() {
  # Builtins only: a poller that forks would hold enough CPU to flag the
  # windows host-contended.
  local sweeper="$1" log="$2" a="" b="" line pid f
  while kill -0 "$sweeper" 2>/dev/null; do
    for pidfile in "$pgdir"/skyseed-dachs/state*/web.pid; do
      pid=""
      read -r pid 2>/dev/null <"$pidfile"  # no newline after it: read says EOF
      [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] || continue
      read -r -a f <"/proc/$pid/stat"
      served[$pid]=$((f[13] + f[14]))
    done
    if [ -z "$b" ] && [ -e "$log" ]; then
      while IFS= read -r line; do
        if [ -z "$a" ] && [[ "$line" == "ci 1 clients rep 1:"* ]]; then a="$(sessions)"; fi
        if [ -n "$a" ] && [[ "$line" == "ci 2 clients rep 1:"* ]]; then b="$(sessions)"; fi
      done <"$log"
    fi
    sleep 0.2
  done
  window_sessions=$(( ${b:-0} - ${a:-0} ))
}
requests() { awk '/^requests:/ {print $2}' "$1/ci/tap/c2-r1/tapbench.out"; }

"${sweep[@]}" --duration 5 --clients 1,2 --out "$work/plain" >"$work/plain.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
watch "$sweeper" "$work/plain.log"
wait "$sweeper"
plain_rc=$?
plain_sessions=$window_sessions
served=()
# Ten seconds of load first: pgpool's 32 processes each open a server
# connection the first time they serve a role, and a pooler is measured warm.
"${sweep_ci[@]}" --duration 5 --clients 1,2 --tap-instances 2 --tap-cpus 0.5 --tap-pooler pgpool \
  --warmup 10 --out "$work/replicas" >"$work/replicas.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
watch "$sweeper" "$work/replicas.log"
wait "$sweeper"
rc=$?
check "sweep --tap-instances 2 --tap-cpus 0.5 --tap-pooler pgpool (exit $rc: $(tail -1 "$work/replicas.log")), and without (exit $plain_rc)" \
  test "$rc" = 0 -a "$plain_rc" = 0
busy=0
for pid in "${!served[@]}"; do [ "${served[$pid]}" -gt 50 ] && busy=$((busy + 1)); done
check "two DaCHS processes each served (CPU ticks by pid: $(for p in "${!served[@]}"; do printf '%s=%s ' "$p" "${served[$p]}"; done))" \
  test "$busy" = 2
check "haproxy in front: $(grep -o 'serves the corpus at .*' "$work/replicas.log")" \
  grep -q "2 processes behind haproxy" "$work/replicas.log"
python3 - "$plain_sessions" "$(requests "$work/plain")" "$window_sessions" \
  "$(requests "$work/replicas")" <<'PY'
import sys
plain_sessions, plain_requests, pooled_sessions, pooled_requests = map(int, sys.argv[1:])
plain = plain_sessions / plain_requests
pooled = pooled_sessions / pooled_requests
print(f"  2-client window, new sessions per request: {plain:.2f} without a pooler "
      f"({plain_sessions} / {plain_requests}), {pooled:.2f} through pgpool "
      f"({pooled_sessions} / {pooled_requests})")
# Some of pgpool's processes may still be new after the warm-up.
sys.exit(0 if 0.9 <= plain <= 1.3 and pooled < 0.4 * plain else 1)
PY
check "pg_stat_database: a session per request without a pooler, under 0.4 through pgpool" test $? = 0
python3 - "$work/replicas/tap-sweep.json" "$work/plain/tap-sweep.json" <<'PY'
import json, sys
pooled = json.load(open(sys.argv[1]))["tiers"][0]["windows"]
plain = json.load(open(sys.argv[2]))["tiers"][0]["windows"]
bad = [w for w in pooled if not (w["service_ceiling"] == 1.0 and w["proxy_cores"] >= 0)]
# The sweep's own figures agree with the counter above.
bad += [w for w in plain if w["new_sessions"] < 0.9 * (w["committed"] + w["failed"])]
bad += [w for w in plain if not w["connection_ms"] > 0]
bad += [w for w in pooled if w["clients"] == 2 and
        w["new_sessions"] > 0.4 * (w["committed"] + w["failed"])]
for w in bad: print("  " + str({k: w[k] for k in ("clients", "service_ceiling", "proxy_cores",
                                                   "new_sessions", "connection_ms")}))
sys.exit(1 if bad else 0)
PY
check "recorded: ceiling 2 x 0.5 cores, proxy cores, sessions and the connection probe" test $? = 0
check "nothing left after the sweep:$(leftovers)" test -z "$(leftovers)"

# ------------------------------------------------------------ kill -9
# Nothing of the sweep runs after kill -9: the next `server stop` stops
# both DaCHS processes, haproxy and the pooler, and removes the cgroups.
"${sweep[@]}" --clients 1 --duration 60 --tap-instances 2 --tap-cpus 0.5 --tap-pooler pgbouncer \
  --out "$work/killed" >"$work/killed.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
await "$work/killed.log" "a connect and disconnect" "$sweeper" 180
# The sweep's tapbench is a forked child named "tapbench" (no program of its
# own); it starts once the working set has been read ahead.
for _ in $(seq 300); do
  running -x tapbench -P "$sweeper" && break
  kill -0 "$sweeper" 2>/dev/null || break
  sleep 0.2
done
sleep 1
tapbench="$(pgrep -x tapbench -P "$sweeper" | head -1)"
check "mid-window, the sweep's tapbench runs as a process of its own (pid $tapbench), as the \
cluster's owner ($(ps -o user= -p "$tapbench" 2>/dev/null)), not root" \
  test -n "$tapbench" -a "$(ps -o user= -p "$tapbench" 2>/dev/null)" = postgres
kill -9 "$sweeper"
wait "$sweeper" 2>/dev/null
tapbench_gone() { ! alive "$tapbench"; }
for _ in $(seq 50); do tapbench_gone && break; sleep 0.1; done
check "its tapbench ended with it (it would load a dead service until --time ran out)" tapbench_gone
left="$(leftovers)"
check "kill -9 mid-window leaves the service running (found:$left)" test -n "$left"
"$bin" server stop --data-dir "$pgdir" >"$work/stop.log" 2>&1
check "server stop reaps it: nothing left:$(leftovers)" test -z "$(leftovers)"
finish
