#!/usr/bin/env bash
# `skyseed sweep --target both` with skyseed's own DaCHS, on an embedded
# cluster of the test's own: bad arguments first (one line, exit 2, nothing
# created), then a short sweep whose figures tap_sweep_check.py recomputes
# from the request logs, then the database exactly as before the sweep but
# for the sweep's own records: same schema, roles, rows and privileges, no
# DaCHS schema, role or folder, and `skyseed verify` passes.
#   tap_sweep_test.sh SKYSEED_BINARY        (KEEP=1 leaves the temp dir)
# Needs scripts/install-tap-deps.sh.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
source "$(dirname "$0")/lib.sh"
require_packages gavodachs2-server python3-pyvo postgresql-15-q3c

work="$(mktemp -d "$(suite_prefix "$bin")tap-sweep.XXXXXX")"
chmod 755 "$work"  # the embedded server may run as user postgres
pgdir="$work/pg"
conn="$(conn skyseed)"
schema=skyseed_corpus
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$conn" -c "$1"; }
cleanup() {
  pid="$(cat "$pgdir/skyseed-dachs/state/web.pid" 2>/dev/null)"
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# ------------------------------------------------------------ bad arguments
refused "--target nosuch" --target nosuch --tier ci
refused "an unreachable --tap-url" --target tap --tap-url http://127.0.0.1:9/tap --tier ci
refused "--tap-url with --target db" --target db --tap-url http://127.0.0.1:9/tap --tier ci
refused "--tap-mix with --target db" --tap-mix tap_lookup=100 --tier ci
refused "--mix with --target tap" --target tap --mix lookup_source=100 --tier ci
refused "a --tap-mix not summing to 100" --target tap --tap-mix tap_lookup=60,tap_cone=30 --tier ci
refused "--standard-names skyseed with skyseed's DaCHS" --target tap --standard-names skyseed \
  --tier ci
refused "a malformed --dachs-setting" --target tap --dachs-setting web --tier ci

# ------------------------------------------------------------ the sweep
check "skyseed grow --tier ci --standard-names none" \
  "$bin" grow --tier ci --standard-names none --data-dir "$pgdir" >"$work/grow.log" 2>&1
# Everything but the sweep's own records (skyseed.sweep_*, the pgbench
# parameters in skyseed_workload): schema, roles, rows
# and privileges, as tests/tap/dachs_test.sh compares them.
state() {
  pg_dump -s -N skyseed_workload -T 'skyseed.sweep_*' "$conn" | grep -v '^\\\(un\)\?restrict'
  pg_dumpall -g -d "$conn" | grep -v '^\\\(un\)\?restrict'
  sql "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY obs_pk)) FROM $schema.obscore t"
  sql "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY source_id)) FROM $schema.gaia_source t"
  sql "SELECT relname, relowner::regrole, coalesce(relacl, acldefault('r', relowner))
       FROM pg_class WHERE relnamespace = '$schema'::regnamespace ORDER BY relname"
  # NULL and the owner's explicit default are the same privileges.
  sql "SELECT datname, coalesce(datacl, acldefault('d', datdba)) FROM pg_database
       WHERE datname = current_database()"
}
# The sweep creates pg_stat_statements (the embedded cluster preloads it).
sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
state >"$work/before.state"
out="$work/sweep"
# Every TAP class, the default mix's and the two only --tap-mix names, so
# tap_sweep_check.py checks each one's answers against brute force.
all_classes=tap_metadata=10,tap_lookup=30,tap_cone=25,tap_footprint=15,tap_stream_1000=15,aggregate_obscore=5
sweep=("$bin" sweep --target both --tier ci --clients 1,2 --duration 3 --reps 1 --warmup 1
  --tap-mix "$all_classes" --keep-logs --data-dir "$pgdir" --out "$out")
# Killed once its first TAP window is recorded: DaCHS must go with it.
"${sweep[@]}" >"$work/killed.log" 2>&1 &
victim=$!
await "$work/killed.log" "req/s" "$victim" 60
kill -TERM "$victim"
wait "$victim"
rc=$?
dachs="$(served_pid "$work/killed.log")"
check "sweep killed after its first TAP window (exit $rc)" test "$rc" != 0 -a -n "$dachs"
# Gone, or a zombie its parent (PID 1 here) has yet to reap.
check "its DaCHS (pid $dachs) stopped with it" bash -c '! ps -o stat= -p "$1" | grep -qv Z' _ "$dachs"
check "its DaCHS folder removed" test ! -e "$pgdir/skyseed-dachs"
dachs_left() {  # roles and schemas of skyseed's DaCHS in the cluster
  sql "SELECT (SELECT count(*) FROM pg_roles WHERE rolname LIKE 'skyseed_dachs_%')
            + (SELECT count(*) FROM pg_namespace WHERE nspname IN ('dc', 'tap_schema', 'uws', 'ivoa'))"
}
left="$(dachs_left)"
check "and its roles and schemas, after SIGTERM" test "$left" = 0
[ "$left" = 0 ] || tail -n 5 "$work/killed.log"  # what the sweep said while it stopped
# The TAP classes' working set, read ahead of the first TAP window: the rows
# it says each class touched, counted here from the workload's parameter
# files (skyseed workload) another way: DIDs made and matched in Python,
# cones through pg_sphere (the service's cones go through q3c), the union
# of the streams' rows from the sorted source IDs.
"$bin" workload --tier ci --out "$work/workload" >/dev/null
check "the TAP working set read ahead is the drawn rows of each class" python3 - \
  "$work/killed.log" "$conn" "$work/workload/params" <<'PY'
import bisect, csv, os, re, subprocess, sys
said, conn, params = sys.argv[1:]
m = re.search(r"^ci: read the working set ahead: tap_lookup (\d+) rows, tap_cone (\d+) rows, "
              r"tap_stream_1000 (\d+) rows in [0-9.]+ s$", open(said).read(), re.M)
assert m, open(said).read()
def psql(script):
    return subprocess.run(["psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", conn], input=script,
                          check=True, capture_output=True, text=True).stdout.split()
rows = lambda name: list(csv.DictReader(open(os.path.join(params, name))))
sources = {int(r["source_id"]) for r in rows("lookup_source.csv")}
dids = {"ivo://skyseed.example/%s?%s" % (r["obs_id"].split(".")[0].lower(), r["obs_id"])
        for r in rows("lookup_obs.csv")}
published = psql("SELECT obs_publisher_did FROM skyseed_corpus.obscore")
ids = sorted(int(x) for x in psql("SELECT source_id FROM skyseed_corpus.gaia_source"))
lookups = len(sources & set(ids)) + sum(1 for d in published if d in dids)
streamed = set()  # the union of every stream's rows
for s in sources:
    at = bisect.bisect_left(ids, s)
    streamed.update(ids[at:at + 1000])
streams = len(streamed)
cones = psql(
    "CREATE TEMP TABLE c (i int, ra float8, dec float8, radius float8);\n"
    "\\copy c FROM '" + os.path.join(params, "cone.csv") + "' CSV HEADER\n"
    "SELECT sum(least(500, n)) FROM c, LATERAL (SELECT count(*) n FROM skyseed_corpus.gaia_source g "
    "WHERE spoint(radians(g.ra), radians(g.dec)) <@ "
    "scircle(spoint(radians(c.ra), radians(c.dec)), radians(c.radius))) x;\n")
said = [int(g) for g in m.groups()]
assert said == [lookups, int(cones[-1]), streams], (said, lookups, cones, streams)
PY

# kill -9: nothing of the sweep runs, so the next command that starts or
# stops the cluster stops the orphan and removes what it left. Meanwhile
# DaCHS serves as the cluster's owner, never as root.
"$bin" sweep --target tap --tier ci --clients 1 --duration 30 --reps 1 --warmup 0 \
  --data-dir "$pgdir" --out "$work/killed9" >"$work/killed9.log" 2>&1 &
victim=$!
dachs="$(wait_served "$work/killed9.log" "$victim")"
check "skyseed's DaCHS (pid $dachs) runs as $(ps -o user= -p "$dachs"), not root" \
  bash -c 'u="$(ps -o user= -p "$1")"; test -n "$u" -a "$u" != root' _ "$dachs"
kill -9 "$victim"; wait "$victim" 2>/dev/null
check "after kill -9 the orphaned DaCHS still serves" bash -c 'kill -0 "$1"' _ "$dachs"
"$bin" server stop --data-dir "$pgdir" >"$work/stop.log" 2>&1
check "server stop says it removed the orphan ($(head -1 "$work/stop.log"))" \
  grep -q "killed skyseed sweep left" "$work/stop.log"
check "the orphan is stopped" bash -c '! ps -o stat= -p "$1" | grep -qv Z' _ "$dachs"
check "and its folder removed" test ! -e "$pgdir/skyseed-dachs"
"$bin" server start --data-dir "$pgdir" >/dev/null 2>&1
check "and its roles and schemas" test "$(dachs_left)" = 0
# Run again: only what is missing is measured.
"${sweep[@]}" >"$work/sweep.log" 2>&1
rc=$?
check "skyseed sweep --target both, again (exit $rc: $(tail -2 "$work/sweep.log" | tr '\n' ' '))" test "$rc" = 0
check "the rerun measured only the missing TAP window (2 clients)" test \
  "$(grep -c "clients rep" "$work/sweep.log") $(grep -c "ci 2 clients rep 1: .* req/s" "$work/sweep.log")" = "1 1"
check "the summary line" grep -Eq \
  '^tap-sweep tiers=ci max_rps=[0-9.]+ p95_ms_at_max=[0-9.]+ limit_ci=[a-z-]+ service_share_p50_ci=' \
  "$work/sweep.log"
check "DaCHS was started and stopped" grep -q "DaCHS stopped; its roles, schemas and files removed" \
  "$work/sweep.log"
OUT="$out" /usr/bin/python3 "$here/tap_sweep_check.py" >"$work/check.out" 2>&1
cat "$work/check.out"
passed=$((passed + $(grep -c '^ok:' "$work/check.out")))
failed=$((failed + $(grep -c '^FAIL:' "$work/check.out")))
grep -q '^tap_sweep_check: ' "$work/check.out" || fail "tap_sweep_check.py did not finish"

check "run again: every window was recorded, nothing measured, no DaCHS started" bash -c '
  "$1" sweep --target both --tier ci --clients 1,2 --duration 3 --reps 1 --warmup 1 --keep-logs \
    --tap-mix "$5" --data-dir "$2" --out "$3" >"$4" 2>&1 &&
  ! grep -Eq "clients rep|serves the corpus" "$4" && grep -q "^tap-sweep tiers=ci" "$4"' _ \
  "$bin" "$pgdir" "$work/again" "$work/again.log" "$all_classes"

# ------------------------------------------------------------ nothing left
state >"$work/after.state"
check "database as before the sweep: schema dump, roles, rows, privileges" \
  diff -u "$work/before.state" "$work/after.state"
check "no DaCHS schema left" test "$(sql "SELECT count(*) FROM pg_namespace
  WHERE nspname IN ('dc', 'tap_schema', 'ivoa', 'uws')")" = 0
check "no DaCHS role left" test "$(sql "SELECT count(*) FROM pg_roles
  WHERE rolname LIKE 'skyseed_dachs%'")" = 0
check "no DaCHS folder left" test ! -e "$pgdir/skyseed-dachs"
check "skyseed verify" "$bin" verify --data-dir "$pgdir" >"$work/verify.log" 2>&1
check "status lists the TAP sweep" grep -q "target=tap" <("$bin" status --data-dir "$pgdir" --json 2>&1)
check "report draws the TAP sweep" "$bin" report --data-dir "$pgdir" --out "$work/report" \
  >"$work/report.log" 2>&1
check "report has the TAP throughput chart and the service share table" \
  test -n "$(ls "$work"/report/tap_sweep_*_throughput.svg 2>/dev/null)"
check "report.html names the service's share" grep -q "The service's share of latency" \
  "$work/report/report.html"
# The scaling line against the two capacity lines printed beside it and the
# tier record's database size from `status --json`.
"$bin" status --data-dir "$pgdir" --json >"$work/status.json" 2>&1
check "report's scaling line agrees with the capacity lines and the tier record" \
  /usr/bin/python3 - "$work/report.log" "$work/status.json" "$work/report/summary.md" <<'PY'
import json, re, sys
log = open(sys.argv[1]).read().splitlines()
status = json.load(open(sys.argv[2]))
# The capacity lines come in the order status lists the sweeps. Either may
# have no valid window on a busy machine (peak 0), so the pairing is by key.
keys = list(dict.fromkeys(s["sweep"] for s in status["sweeps"]))
peaks = [float(re.search(r" peak_tps=(\S+)", l).group(1)) for l in log
         if l.startswith("capacity tiers=ci ")]
scaling = [l for l in log if l.startswith("scaling ")]
assert len(peaks) == 2 and len(keys) == 2 and len(scaling) == 1, (peaks, keys, scaling)
tap = [k.startswith("target=tap;") for k in keys]
assert sorted(tap) == [False, True], keys
peak_db, peak_tap = peaks[tap.index(False)], peaks[tap.index(True)]
f = dict(kv.split("=", 1) for kv in scaling[0].split()[1:])
size = next(t["database_size"] for t in status["tiers"] if t["tier"] == "ci")
assert f["tiers"] == "ci" and f["db_gib"] == "%.2f" % (size / 2**30), (f, size)
assert float(f["peak_tps_db"]) == peak_db, (f, peaks, keys)
assert abs(float(f["peak_rps_tap"]) - peak_tap) <= 0.55, (f, peaks, keys)  # %.1f beside %.0f
assert f["hit_ratio"] == "n/a" or 0.5 < float(f["hit_ratio"]) <= 1, f
assert re.fullmatch(r"none|database-cpu|database-io|client|tap-cpu|serialisation|unknown", f["limit"]), f
assert re.fullmatch(r"passed|failed:[0-9]+", f["guards"]), f
assert scaling[0] in open(sys.argv[3]).read(), "summary.md closes with the line"
PY
finish
