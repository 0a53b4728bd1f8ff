#!/usr/bin/env bash
# skyseed sweep with the real pgbench on tier ci: latencies recomputed here
# from pgbench's own per-transaction logs, counts against pgbench's own
# summary, the JSON and CSV against each other, one plan per query class,
# a killed sweep resumed without repeating a window, and bad arguments
# refused before anything is touched.
source "$(dirname "$0")/lib.sh"

db=t_sweep
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fresh_db "$db"
# The rankings need pg_stat_statements in the database (a --db server is only read).
sql "$db" "CREATE EXTENSION pg_stat_statements" >/dev/null
args=(--tier ci --clients 1,2 --duration 3 --reps 2 --warmup 1 --db "$(conninfo "$db")")

# This run's warm-up is judged: 1 s intervals, at most 3 s.
logged() { "$@" | tee "$out/said.txt"; return "${PIPESTATUS[0]}"; }  # logged COMMAND...
check "a short sweep runs" logged "$bin" sweep --tier ci --clients 1,2 --duration 3 --reps 2 \
  --warmup 3 --warmup-interval 1 --db "$(conninfo "$db")" --keep-logs --out "$out/s" \
  --mix lookup_source=60,cone_source=30,footprint_obscore=10
# The working set read ahead of the warm-up: the rows it says it touched,
# counted here another way: the distinct drawn IDs, and the cones through
# q3c (another library than the pg_sphere index the class uses).
check "the working set read ahead is every drawn source and every cone's rows" python3 - \
  "$out/said.txt" "$(conninfo "$db")" <<'PY'
import re, subprocess, sys
said = open(sys.argv[1]).read()
m = re.search(r"^ci: read the working set ahead: lookup_source (\d+) rows, cone_source (\d+) rows "
              r"in [0-9.]+ s$", said, re.M)
assert m, said
def sql(q):
    return subprocess.run(["psql", "-X", "-At", sys.argv[2], "-c", q], check=True,
                          capture_output=True, text=True).stdout.split()
ids = set(sql("SELECT source_id FROM skyseed_workload.lookup_source"))
cones = sql("SELECT sum(n) FROM skyseed_workload.cone c, LATERAL (SELECT count(*) n FROM "
            "skyseed_corpus.gaia_source g WHERE q3c_join(c.ra, c.dec, g.ra, g.dec, c.radius)) x")
assert len(ids) > 1000 and int(m.group(1)) == len(ids), (m.group(1), len(ids))
assert int(m.group(2)) == int(cones[0]) > 0, (m.group(2), cones)
PY
check "it wrote sweep.json and windows.csv" test -s "$out/s/sweep.json" -a -s "$out/s/windows.csv"
check "the warm-up is recorded, and flags the first window cold only if it did not settle" \
  python3 - "$out/s" <<'PY'
import json, os, sys
tier = json.load(open(os.path.join(sys.argv[1], "sweep.json")))["tiers"][0]
w = tier["warmup"]
assert w["clients"] == 1 and w["max_s"] == 3 and w["interval_s"] == 1, w
# The rule needs three intervals to judge, and the bound allows three.
assert [i["seconds"] for i in w["intervals"]] == [1, 1, 1], w
assert w["seconds"] == 3 and all(i["tps"] > 0 for i in w["intervals"]), w
assert w["outcome"] in ("settled", "not settled") and w["settled"] == (w["outcome"] == "settled"), w
first = tier["windows"][0]
cold = "cold: warm-up did not settle in 3 s" in first["flags"]
assert cold == (w["outcome"] == "not settled"), (first["flags"], w["outcome"])
for n in (1, 2, 3):
    assert os.path.isdir(os.path.join(sys.argv[1], "ci", "warmup", "interval-%d" % n)), n
PY

# Everything below is computed here from pgbench's own files: nearest-rank
# percentiles over the logged latencies, and pgbench's printed count.
check "percentiles, counts, JSON and CSV agree with pgbench's own files" python3 - "$out/s" <<'PY'
import csv, glob, json, math, os, sys
root = sys.argv[1]
doc = json.load(open(os.path.join(root, "sweep.json")))
rows = list(csv.DictReader(open(os.path.join(root, "windows.csv"))))
windows = doc["tiers"][0]["windows"]
assert len(windows) == 4 == len(rows), (len(windows), len(rows))
def rank(sorted_vals, p):
    return sorted_vals[max(1, math.ceil(p / 100 * len(sorted_vals))) - 1]
for w, row in zip(windows, rows):
    d = os.path.join(root, "ci", "c%d-r%d" % (w["clients"], w["rep"]))
    lat = []
    for f in glob.glob(os.path.join(d, "tx.*")):
        for line in open(f):
            t = line.split()[2]
            if t not in ("failed", "skipped"):
                lat.append(int(t) / 1000.0)
    lat.sort()
    out = open(os.path.join(d, "pgbench.out")).read()
    said = int(out.split("number of transactions actually processed: ")[1].split()[0])
    assert w["committed"] == len(lat) == said, (w["committed"], len(lat), said)
    for p, key in ((50, "p50"), (95, "p95"), (99, "p99")):
        assert abs(w["latency_ms"][key] - rank(lat, p)) < 1e-9, (key, w["latency_ms"][key], rank(lat, p))
    assert w["latency_ms"]["p50"] <= w["latency_ms"]["p95"] <= w["latency_ms"]["p99"]
    assert 0 <= w["hit_ratio"] <= 1, w["hit_ratio"]
    assert int(row["clients"]) == w["clients"] and int(row["rep"]) == w["rep"]
    assert int(row["committed"]) == w["committed"]
    for k in ("tps", "p95_ms", "hit_ratio"):
        v = w[k] if k != "p95_ms" else w["latency_ms"]["p95"]
        assert abs(float(row[k]) - v) <= 1e-5 * max(1, abs(v)), (k, row[k], v)
    assert set(w["classes_latency_ms"]) == {"lookup_source", "cone_source", "footprint_obscore"}
    assert sum(c["count"] for c in w["classes_latency_ms"].values()) == w["committed"]
    assert w["tps"] > 0
PY
for class in lookup_source cone_source footprint_obscore; do
  check "one EXPLAIN (ANALYZE, BUFFERS) JSON for $class" python3 -c '
import json, sys
plan = json.load(open(sys.argv[1]))[0]
assert "Plan" in plan and "Execution Time" in plan and "Shared Hit Blocks" in plan["Plan"]' \
    "$out/s/ci/explain/$class.json"
done
check "the cone plan uses the position GiST" grep -q gaia_source_pos_idx "$out/s/ci/explain/cone_source.json"
check "four windows and one tier recorded in the database" \
  test "$(sql "$db" "SELECT count(*) FROM skyseed.sweep_window")/$(sql "$db" "SELECT count(*) FROM skyseed.sweep_tier")" = 4/1

check "the statement rankings hold the load's statements, none of skyseed's monitor" \
  python3 - "$out/s/sweep.json" <<'PY'
import json, sys
windows = json.load(open(sys.argv[1]))["tiers"][0]["windows"]
seen = [s["query"] for w in windows for k in ("top_by_total", "top_by_mean") for s in w[k]]
assert seen, "no statement ranked"
assert not [q for q in seen if "pg_stat_" in q or "skyseed monitor" in q], seen
assert any("gaia_source" in q for q in seen), seen
PY

# Killed after its first window, a sweep run again measures only the rest.
"$bin" sweep "${args[@]}" --out "$out/k" &
pid=$!
wait_for "$db" "SELECT count(*) >= 1 FROM skyseed.sweep_window WHERE sweep_key LIKE 'mix=lookup_source=70,%'" ||
  fail "the killed sweep recorded no window"
kill -9 "$pid"; wait "$pid" 2>/dev/null
first="$(sql "$db" "SELECT string_agg(clients || '/' || rep || '@' || measured_at, ',' ORDER BY clients, rep)
  FROM skyseed.sweep_window WHERE sweep_key LIKE 'mix=lookup_source=70,%'")"
check "the rerun completes" "$bin" sweep "${args[@]}" --out "$out/k"
check "with all four windows" test "$(sql "$db" "SELECT count(*) FROM skyseed.sweep_window
  WHERE sweep_key LIKE 'mix=lookup_source=70,%'")" = 4
again="$(sql "$db" "SELECT string_agg(clients || '/' || rep || '@' || measured_at, ',' ORDER BY clients, rep)
  FROM skyseed.sweep_window WHERE sweep_key LIKE 'mix=lookup_source=70,%'")"
check "the windows measured before the kill were not measured again" test "${again#"$first"}" != "$again"
rm -rf "$out/k/ci/c1-r1"
check "a third run measures nothing" bash -c '"$@" >/dev/null' _ "$bin" sweep "${args[@]}" --out "$out/k"
check "so no window folder was made again" test ! -e "$out/k/ci/c1-r1"

# A recorded repetition planted cold (hit ratio 0.98 and 100,000 reads/s where
# its twin read nothing): the next run reuses both windows, flags that one
# "cold cache" when its step completes, and updates its record in place (when
# it was measured stays as it was); its twin stays valid.
planted="sweep_key LIKE 'mix=lookup_source=70,%' AND clients = 1 AND rep = 1"
sql "$db" "UPDATE skyseed.sweep_window SET result = jsonb_set(jsonb_set(result, '{hit_ratio}',
  '0.98'), '{reads_per_s}', '100000') WHERE $planted" >/dev/null
before="$(sql "$db" "SELECT measured_at FROM skyseed.sweep_window WHERE $planted")"
check "a run after the planted cold window completes" bash -c '"$@" >/dev/null' _ "$bin" sweep \
  "${args[@]}" --out "$out/k"
check "the planted window is flagged cold cache in its record, measured_at kept" test \
  "$(sql "$db" "SELECT (result->'flags')::text LIKE '%cold cache: hit 0.9800 vs%' AND
    measured_at = '$before' FROM skyseed.sweep_window WHERE $planted")" = t
check "... and in sweep.json, its twin not" python3 - "$out/k/sweep.json" <<'PY'
import json, sys
w = {(x["clients"], x["rep"]): x for x in json.load(open(sys.argv[1]))["tiers"][0]["windows"]}
assert any(f.startswith("cold cache") for f in w[(1, 1)]["flags"]), w[(1, 1)]["flags"]
assert not any(f.startswith("cold cache") for f in w[(1, 2)]["flags"]), w[(1, 2)]["flags"]
PY

# A relative --out, from another working directory, as the README's tour
# runs it (the default --out is relative too): psql used to read setup.sql
# relative to the workload folder it runs in, and exit 1.
mkdir -p "$out/cwd"
(cd "$out/cwd" && "$bin" sweep --tier ci --clients 1 --duration 2 --reps 1 --warmup 0 \
  --mix cone_source=100 --db "$(conninfo "$db")" --out rel/sweep >"$out/rel.log" 2>&1)
rc=$?
check "a sweep with a relative --out runs ($rc: $(tail -1 "$out/rel.log"))" test "$rc" = 0
check "it measured a window there, unflagged, over 0 tps" python3 - \
  "$out/cwd/rel/sweep/sweep.json" <<'PY'
import json, sys
windows = json.load(open(sys.argv[1]))["tiers"][0]["windows"]
assert len(windows) == 1 and windows[0]["tps"] > 0, windows
assert not any("exited" in f for f in windows[0]["flags"]), windows[0]["flags"]
PY

# A CPU burner beside the sweep: its core is someone else's, so every window
# is flagged host-contended, PostgreSQL's own CPU is measured apart from it,
# and no tier is called database-cpu on such windows.
( while :; do :; done ) &
burner=$!
"$bin" sweep --tier ci --clients 1,2 --duration 3 --reps 1 --warmup 1 --mix lookup_source=100 \
  --db "$(conninfo "$db")" --out "$out/burn" >/dev/null 2>&1
rc=$?
kill "$burner"; wait "$burner" 2>/dev/null
check "a sweep beside a CPU burner runs ($rc)" test "$rc" = 0
check "every window beside the burner is flagged host-contended, the database's CPU apart" \
  python3 - "$out/burn/sweep.json" <<'PY'
import json, sys
tier = json.load(open(sys.argv[1]))["tiers"][0]
windows = tier["windows"]
assert len(windows) == 2, len(windows)
for w in windows:
    assert any(f.startswith("host-contended") for f in w["flags"]), w["flags"]
    assert w["database_cores"] > 0 and w["other_cores"] > 0.25, (w["database_cores"], w["other_cores"])
    assert w["other_cores"] + w["database_cores"] + w["client_cores"] <= w["busy_cores"] + 0.05, w
assert tier["saturation"]["limit"] != "database-cpu", tier["saturation"]
PY

# Those flagged windows stand on a plain rerun; --remeasure-flagged measures
# them again and records them in their place. Once the database has grown
# past the tier, nothing of it is measured: not a flagged window, not a new
# client count (it would run on the next tier's rows).
burn=(sweep --tier ci --clients 1,2 --duration 3 --reps 1 --warmup 1 --mix lookup_source=100
  --db "$(conninfo "$db")" --out "$out/burn")
stamps() {
  sql "$db" "SELECT string_agg(clients || '@' || measured_at, ',' ORDER BY clients)
             FROM skyseed.sweep_window WHERE sweep_key LIKE 'mix=lookup_source=100;%'"
}
before="$(stamps)"
"$bin" "${burn[@]}" >"$out/plain.log" 2>&1
check "a plain rerun measures none of the flagged windows" \
  test "$(grep -c "clients rep" "$out/plain.log") $(stamps)" = "0 $before"
"$bin" "${burn[@]}" --remeasure-flagged >"$out/remeasure.log" 2>&1
check "--remeasure-flagged measures both again, in their place ($(stamps))" bash -c '
  test "$(grep -c "clients rep" "$1")" = 2 -a "$(grep -o @ <<<"$2" | wc -l)" = 2 &&
  for w in ${2//,/ }; do [[ ",$3," != *",$w,"* ]] || exit 1; done' _ \
  "$out/remeasure.log" "$(stamps)" "$before"
plans() {
  sql "$db" "SELECT md5(explain::text) FROM skyseed.sweep_tier
             WHERE sweep_key LIKE 'mix=lookup_source=100;%' AND tier = 'ci'"
}
plans_on_ci="$(plans)"
# One chunk of S is enough to leave ci behind (a whole S costs the
# sanitizer build two minutes): its grow is killed once that chunk commits.
SKYSEED_KILL_AT=committed:1 "$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>&1
rc=$?
check "the grow of S was killed at its first chunk's commit ($rc)" test "$rc" = 137
check "a grow of S killed after its first chunk left more rows than ci's" test "$(sql "$db" \
  "SELECT sum(row_count) > (SELECT sum(rows) FROM skyseed.tier_table WHERE tier = 'ci')
   FROM skyseed.chunk_ledger")" = t
# A client count this sweep has not recorded for ci cannot be measured on
# S's rows: refused before anything runs (it used to run, measure nothing,
# and report the tier), naming the fix.
msg="$("$bin" sweep --tier ci --clients 1,2,4 --duration 3 --reps 1 --warmup 1 \
  --mix lookup_source=100 --remeasure-flagged --db "$(conninfo "$db")" --out "$out/past" 2>&1)"
rc=$?
check "past ci, a sweep of ci with a window left is refused (exit $rc: $msg)" \
  test "$rc" = 2 -a "$(wc -l <<<"$msg")" = 1 -a ! -e "$out/past"
check "naming the fix" grep -q "sweep ci in a database of its own" <<<"$msg"
# Every window recorded: nothing is measured, flagged ones stand.
"$bin" sweep --tier ci --clients 1,2 --duration 3 --reps 1 --warmup 1 --mix lookup_source=100 \
  --remeasure-flagged --db "$(conninfo "$db")" --out "$out/burn" >"$out/past.log" 2>&1
rc=$?
check "past ci, a sweep of ci with every window recorded measures nothing ($rc: $(tail -1 "$out/past.log"))" \
  test "$rc" = 0 -a "$(grep -c "clients rep" "$out/past.log")" = 0
check "ci's plans are the ones explained on ci's rows, kept" test "$(plans)" = "$plans_on_ci"
check "the report reads the recorded plans back" bash -c '"$1" report --db "$2" --out "$3" \
  >/dev/null 2>&1 && grep -Eq "No plan shows .* \([0-9]+ plans\)|^\| ci \| lookup_source \| " "$3/summary.md"' _ \
  "$bin" "$(conninfo "$db")" "$out/report"
check "and no window of 4 clients was recorded for ci" test "$(sql "$db" "SELECT count(*)
  FROM skyseed.sweep_window WHERE sweep_key LIKE 'mix=lookup_source=100;%' AND clients = 4")" = 0

# Bad arguments: exit 2, one line, nothing touched (no cluster, no database, no --out).
for bad in "--clients 0" "--duration -1" "--mix lookup_source=70,nearby=30" \
  "--mix lookup_source=70,cone_source=20" "--clients 8,4" "--reps 0" "--tier CI,S,X" \
  "--warmup-interval 0" "--warmup 10 --warmup-interval 20"; do
  # shellcheck disable=SC2086
  msg="$("$bin" sweep $bad --data-dir "$out/never" --out "$out/never-out" 2>&1)"
  rc=$?
  check "sweep $bad exits 2 ($rc)" test "$rc" = 2
  check "with one line" test "$(wc -l <<<"$msg")" = 1
  check "touching nothing" test ! -e "$out/never" -a ! -e "$out/never-out"
done
finish
