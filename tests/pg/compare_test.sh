#!/usr/bin/env bash
# skyseed compare on real sweeps of tier ci: two runs of the same sweep pass
# the gate (exit 0), a run with a planted slowdown (index scans turned off
# for the database, the mix unchanged) fails it (exit 1) naming the lookup
# class, and inputs that cannot be compared exit 2 without a table. The same
# gate reads sweeps from the databases that recorded them.
# On a busy host (another user's jobs) the sweep flags windows
# host-contended and compare leaves them out: the planted slowdown is then
# judged on copies without that flag (it is far beyond any neighbour's
# noise), and the check that two runs agree is skipped, saying why.
source "$(dirname "$0")/lib.sh"

db=t_compare
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fresh_db "$db"
args=(--tier ci --clients 1 --duration 3 --reps 3 --warmup 2 --mix lookup_source=70,cone_source=30
  --db "$(conninfo "$db")")
# A sweep resumes from the windows its database recorded; each run here must
# measure afresh, so the records of the one before are removed.
forget_sweeps() { sql "$db" "DELETE FROM skyseed.sweep_window; DELETE FROM skyseed.sweep_tier" >/dev/null; }
# contended SWEEP.JSON...: how many of their windows another process's load flagged.
contended() {
  python3 -c '
import json, sys
print(sum("host_uncontended" in w.get("flag_guards", [])
          for f in sys.argv[1:] for t in json.load(open(f))["tiers"] for w in t["windows"]))' "$@"
}
# decided SRC DST: SRC's windows without the host-contended flag, so compare
# judges their figures.
decided() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tiers"]:
  for w in t["windows"]:
    keep = [i for i, g in enumerate(w["flag_guards"]) if g != "host_uncontended"]
    w["flags"] = [w["flags"][i] for i in keep]; w["flag_guards"] = [w["flag_guards"][i] for i in keep]
json.dump(d, open(sys.argv[2], "w"))' "$1" "$2"
}
# decided_in_db DB: the same in a database's records.
decided_in_db() {
  sql "$1" "UPDATE skyseed.sweep_window SET result = result
    || jsonb_build_object('flags', (SELECT coalesce(jsonb_agg(f ORDER BY i), '[]')
         FROM jsonb_array_elements(result->'flags') WITH ORDINALITY AS a(f, i)
         WHERE result->'flag_guards'->>(i::int - 1) IS DISTINCT FROM 'host_uncontended'))
    || jsonb_build_object('flag_guards', (SELECT coalesce(jsonb_agg(g ORDER BY i), '[]')
         FROM jsonb_array_elements(result->'flag_guards') WITH ORDINALITY AS a(g, i)
         WHERE g <> '\"host_uncontended\"'::jsonb))" >/dev/null
}

check "first sweep" "$bin" sweep "${args[@]}" --out "$out/a"
# The database's own record of sweep a, read back, is sweep a: every figure
# unchanged against its sweep.json.
decided "$out/a/sweep.json" "$out/a-decided.json"
decided_in_db "$db"
"$bin" compare "$(conninfo "$db")" "$out/a-decided.json" --json > "$out/db-vs-file.json"
check "a database and the sweep.json of its sweep compare with exit 0" test $? = 0
check "... figure for figure equal" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["changes"] and all(c["relative_change"] == 0 for c in d["changes"]), d["changes"][:3]
' "$out/db-vs-file.json"
id=$("$bin" status --db "$(conninfo "$db")" --json | python3 -c '
import json, sys; print({s["sweep_id"] for s in json.load(sys.stdin)["sweeps"]}.pop())')
check "status names the sweep's id" test "${#id}" = 8
"$bin" compare "$(conninfo "$db")" "$out/a" --target tap > "$out/notap.out" 2> "$out/notap.err"
check "a database without a TAP sweep exits 2" test $? = 2 -a ! -s "$out/notap.out"
check "... saying so" grep -q 'holds no TAP sweep' "$out/notap.err"
# A copy of the database as it stood after sweep a: last week's database.
sql skyseed "DROP DATABASE IF EXISTS ${db}_a WITH (FORCE)" >/dev/null
sql skyseed "CREATE DATABASE ${db}_a TEMPLATE $db" >/dev/null
forget_sweeps
check "second sweep" "$bin" sweep "${args[@]}" --out "$out/b"
forget_sweeps
# Generous for two short runs on a shared 2-core host; the planted slowdown
# below is far beyond it. Under another's load, two runs differ by that
# load: not this check's to judge.
busy=$(contended "$out/a/sweep.json" "$out/b/sweep.json")
if [ "$busy" = 0 ]; then
  "$bin" compare "$out/a" "$out/b/sweep.json" --threshold 50% > "$out/same.md"
  check "two runs of the same sweep compare with exit 0" test $? = 0
  check "the table has a row per tier, clients, class and figure" \
    test "$(grep -c '^| ci | 1 |' "$out/same.md")" = 10
else
  echo "skip: two runs of the same sweep not compared: $busy of their windows were" \
    "host-contended (other processes held the CPUs), so they differ by that load"
fi
# Impossible figures in a sweep.json: refused in one line naming the file and
# the field, nothing compared.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); d["tiers"][0]["windows"][0]["tps"] = -5
json.dump(d, open(sys.argv[2], "w"))' "$out/a/sweep.json" "$out/negative.json"
"$bin" compare "$out/a" "$out/negative.json" > "$out/neg.out" 2> "$out/neg.err"
check "a negative tps exits 2" test $? = 2 -a ! -s "$out/neg.out"
check "... in one line naming the file and the field" \
  test "$(wc -l < "$out/neg.err")" = 1 -a -n "$(grep 'negative.json.*tps is -5' "$out/neg.err")"

sql "$db" "ALTER DATABASE $db SET enable_indexscan = off" >/dev/null
sql "$db" "ALTER DATABASE $db SET enable_bitmapscan = off" >/dev/null
check "sweep with index scans off" "$bin" sweep "${args[@]}" --out "$out/slow"
sql "$db" "ALTER DATABASE $db RESET ALL" >/dev/null
busy=$(contended "$out/a/sweep.json" "$out/slow/sweep.json")
[ "$busy" = 0 ] || echo "note: $busy windows were host-contended; the slowdown is judged on their figures"
decided "$out/slow/sweep.json" "$out/slow/decided.json"
"$bin" compare "$out/a-decided.json" "$out/slow/decided.json" --threshold 50% > "$out/slow.md" 2> "$out/slow.err"
check "the slowdown fails the gate with exit 1" test $? = 1
check "stderr names the lookup class" grep -q 'lookup_source p95_ms' "$out/slow.err"
check "the table marks it" grep -q '| ci | 1 | lookup_source | p95_ms .*REGRESSION' "$out/slow.md"
"$bin" compare "$out/a-decided.json" "$out/slow/decided.json" --threshold 50% --json > "$out/slow.json" 2>/dev/null
check "--json says the same" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
bad = [c for c in d["changes"] if c["significant"] and c["worse"]
       and abs(c["relative_change"]) > d["threshold"]]
assert d["regressions"] == len(bad) > 0
assert any(c["class"] == "lookup_source" for c in bad)' "$out/slow.json"
decided_in_db "$db"
"$bin" compare "$(conninfo "${db}_a")" "$(conninfo "$db")" --sweep "$id" --threshold 50% \
  > "$out/dbs.md" 2> "$out/dbs.err"
check "two databases: the slowdown fails the gate with exit 1" test $? = 1
check "... naming the lookup class" grep -q 'lookup_source p95_ms' "$out/dbs.err"
"$bin" compare "$(conninfo "${db}_a")" "$(conninfo "$db")" --sweep 0badf00d > /dev/null 2> "$out/id.err"
check "an id no sweep has exits 2, named" test $? = 2 && grep -q '0badf00d' "$out/id.err"
sql skyseed "DROP DATABASE ${db}_a WITH (FORCE)" >/dev/null

# Bad input: exit 2, nothing on stdout.
"$bin" compare "$out/a" "$out/missing" > "$out/bad.out" 2>&1
check "a missing sweep exits 2" test $? = 2
python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1])); d["setup"]["mix"] = "lookup_source=100"
d["sweep_key"] = re.sub(r"^mix=[^;]*", "mix=lookup_source=100", d["sweep_key"])
json.dump(d, open(sys.argv[2], "w"))' "$out/a/sweep.json" "$out/othermix.json"
"$bin" compare "$out/a" "$out/othermix.json" > "$out/mix.out" 2> "$out/mix.err"
check "another mix exits 2, named" test $? = 2 -a ! -s "$out/mix.out"
check "the message names both mixes" grep -q 'lookup_source=100' "$out/mix.err"
"$bin" compare "$out/a" "$out/b" --threshold ten > /dev/null 2>&1
check "a bad --threshold exits 2" test $? = 2
finish
