#!/usr/bin/env bash
# The verbs the scaling run needs from the tool (issue 54): `status --json`
# names the tier the tables hold by the ledger rule (ci, none after a grow of
# S cut short, S once it finishes), read here independently
# from the ledger and the tier record with psql; `sweep --export` and
# `--import` carry a ci sweep's windows, findings and set-ups into a fresh
# embedded cluster, the rows compared here with psql and the report's sweep
# tables compared between the two; and every refusal (wrong kind or version,
# a row already there with other values, another corpus, a tier not
# recorded) exits 2 with one line and leaves the rows as they were.
source "$(dirname "$0")/lib.sh"

out="$(mktemp -d /tmp/skyseed-carry-test.XXXXXX)"
cluster="$out/data"  # $out is a scaling run's WORKDIR to scripts/scaling-run-carry.sh
cleanup() {
  [ -d "$cluster" ] && "$bin" server stop --data-dir "$cluster" >/dev/null 2>&1
  rm -rf "$out"
}
trap cleanup EXIT
held() { "$bin" status --json --db "$(conninfo "$1")" | python3 -c \
  'import json, sys; print(json.load(sys.stdin)["held_tier"])'; }
# The ledger rule, read here: a recorded tier whose every table's ledger
# rows (and nothing beyond) are the record's rows. The digests' sum is the
# tool's part; the rows are what a row-count reading can see.
held_by_psql() {
  sql "$1" "SELECT coalesce((SELECT string_agg(t.tier, ',') FROM skyseed.tier t WHERE NOT EXISTS (
      SELECT 1 FROM skyseed.tier_table r WHERE r.tier = t.tier AND r.rows <> (SELECT
        coalesce(sum(row_count), 0) FROM skyseed.chunk_ledger l WHERE l.table_name = r.table_name))),
      'None')"
}

# status --json: the held tier.
fresh_db t_held
"$bin" grow --tier ci --db "$(conninfo t_held)" >/dev/null
check "status --json on a ci database holds ci" test "$(held t_held)" = ci
check "as the ledger and tier record read with psql say" test "$(held_by_psql t_held)" = ci
rows_before="$(sql t_held "SELECT sum(row_count) FROM skyseed.chunk_ledger")"
grow_stopped committed:2 t_held --tier S --chunk-rows 3000
kill -KILL "$pid"; wait "$pid" 2>/dev/null
check "a grow of S cut short left rows past ci" \
  test "$(sql t_held "SELECT sum(row_count) FROM skyseed.chunk_ledger")" -gt "$rows_before"
check "status --json then holds no tier (ci's rows are no longer all the tables hold)" \
  test "$(held t_held)" = None
check "as psql reads it" test "$(held_by_psql t_held)" = None
check "and says so in text" grep -q "^held tier: none" <("$bin" status --db "$(conninfo t_held)")
"$bin" grow --tier S --chunk-rows 3000 --db "$(conninfo t_held)" >/dev/null || fail "the grow of S finished"
check "once S is grown, status --json holds S" test "$(held t_held)" = S
check "as psql reads it" test "$(held_by_psql t_held)" = S
msg="$("$bin" status --json extra --db "$(conninfo t_held)" 2>&1)"; rc=$?
check "status --json with an unexpected argument exits 2" test "$rc" = 2
check "with one line" test "$(wc -l <<<"$msg")" = 1

# A ci sweep to carry.
ci_db t_carry
sql t_carry "CREATE EXTENSION pg_stat_statements" >/dev/null
"$bin" sweep --tier ci --clients 1,2 --duration 2 --reps 1 --warmup 0 --out "$out/sweep" \
  --db "$(conninfo t_carry)" >/dev/null || fail "the ci sweep ran"
# The readers of a sweep's JSON outside the tool, over the one this sweep
# just wrote (every key they read must be there): the TAP benchmark's
# closing lines, fed the database sweep's windows (the same record; flags
# cleared so a busy host's windows still make a step).
for name in plain cpus replicas pgpool pgbouncer aggregate; do
  mkdir -p "$out/readers/$name"
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for t in d["tiers"]:
    for w in t["windows"]: w["flags"] = []
json.dump(d, open(sys.argv[2], "w"))' "$out/sweep/sweep.json" "$out/readers/$name/tap-sweep.json"
done
check "scripts/bench/tap_service_lines.py reads what the sweep wrote" test "$(python3 \
  "$(dirname "$0")/../../scripts/bench/tap_service_lines.py" "$out/readers" ci | grep -c "^tap-")" = 3
check "the export is written" "$bin" sweep --export "$out/carry.json" --db "$(conninfo t_carry)"
check "it is a versioned carry naming ci and the database's tier" python3 - "$out/carry.json" \
  "$(tier_digest t_carry ci)" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
assert c["kind"] == "skyseed sweep carry" and c["version"] == 1, c.keys()
assert c["held_tier"] == "ci" and c["tiers"] == [{"tier": "ci", "corpus_digest": sys.argv[2]}], c
assert len(c["tables"]["sweep_window"]) == 2 and len(c["tables"]["sweep_tier"]) == 1, c["tables"]
PY

# Into a fresh embedded cluster grown to ci.
"$bin" grow --tier ci --data-dir "$cluster" >/dev/null || fail "a fresh cluster grew ci"
check "the import into it succeeds" "$bin" sweep --import "$out/carry.json" --data-dir "$cluster"
# The scaling scripts read what these verbs wrote: the held tier from
# status --json, the tiers a carry was measured on from the export.
cp "$bin" "$out/skyseed"
check "scripts/scaling-run-carry.sh held reads status --json's tier" \
  test "$("$(dirname "$0")/../../scripts/scaling-run-carry.sh" held "$out")" = ci
msg="$("$(dirname "$0")/../../scripts/scaling-run-carry.sh" through "$out/carry.json" 2>&1)"
check "scaling-run-carry.sh through reads the export's tiers (ci, not one of the run's)" \
  grep -q "tier ci is not one of the run's" <<<"$msg"
check "scaling-run-carry.sh save exports the run's database" \
  "$(dirname "$0")/../../scripts/scaling-run-carry.sh" save "$out" "$out/saved.json"
check "what it saved carries the same rows" python3 -c 'import json, sys
a, b = (json.load(open(p))["tables"] for p in sys.argv[1:])
assert a == b, "the saved carry differs"' "$out/carry.json" "$out/saved.json"
other() { PGTZ=UTC psql -X -q -t -A -v ON_ERROR_STOP=1 \
  "host=$cluster port=5432 user=postgres dbname=skyseed" -c "$1"; }
rows_sql() {
  case "$1" in
    sweep_window) echo "SELECT sweep_key, tier, corpus_digest, clients, rep, measured_at, result
                        FROM skyseed.sweep_window ORDER BY 1, 2, 3, 4, 5" ;;
    sweep_tier) echo "SELECT sweep_key, tier, corpus_digest, database_size, finding, explain,
                      measured_at FROM skyseed.sweep_tier ORDER BY 1, 2, 3" ;;
    sweep_setup) echo "SELECT sweep_key, measured_at, setup FROM skyseed.sweep_setup ORDER BY 1" ;;
  esac
}
for t in sweep_window sweep_tier sweep_setup; do
  PGTZ=UTC sql t_carry "$(rows_sql $t)" >"$out/$t.src"
  other "$(rows_sql $t)" >"$out/$t.dst"
  check "$t: every row arrived, column for column" cmp -s "$out/$t.src" "$out/$t.dst"
  check "$t: and there were some" test -s "$out/$t.src"
done
"$bin" report --db "$(conninfo t_carry)" --out "$out/report-src" >"$out/report-src.txt"
"$bin" report --data-dir "$cluster" --out "$out/report-dst" >"$out/report-dst.txt"
# The sweep's part of summary.md: from its first sweep heading on.
sweep_part() { sed -n '/^## .*[Ss]weep/,$p' "$1/summary.md"; }
check "the report's sweep tables are the same on both" \
  cmp -s <(sweep_part "$out/report-src") <(sweep_part "$out/report-dst")
check "and not empty" test -n "$(sweep_part "$out/report-src")"
check "its capacity lines too" cmp -s <(grep ^capacity "$out/report-src.txt") \
  <(grep ^capacity "$out/report-dst.txt")
check "an import again adds nothing and succeeds (every row identical)" \
  grep -q "^imported 0 rows .* (4 already here, identical)" \
  <("$bin" sweep --import "$out/carry.json" --data-dir "$cluster")

# Refusals: exit 2, one line, the rows untouched.
count() { other "SELECT (SELECT count(*) FROM skyseed.sweep_window) || '/' ||
  (SELECT md5(string_agg(result::text, '' ORDER BY clients)) FROM skyseed.sweep_window)"; }
before="$(count)"
refused() {  # refused WHAT FILE PATTERN [ARGS...]
  local what="$1" file="$2" pattern="$3"; shift 3
  local msg rc
  msg="$("$bin" sweep --import "$file" --data-dir "$cluster" "$@" 2>&1)"; rc=$?
  check "$what: exit 2" test "$rc" = 2
  check "$what: one line saying why" test "$(wc -l <<<"$msg")" = 1
  check "$what: names it" grep -q -- "$pattern" <<<"$msg"
  check "$what: the rows as they were" test "$(count)" = "$before"
}
edit() {  # edit PYTHON-STATEMENT OUT: the carry with c changed
  python3 -c "import json, sys; c = json.load(open('$out/carry.json')); $1; \
json.dump(c, open('$2', 'w'))"
}
edit 'c["kind"] = "something else"' "$out/kind.json"
refused "another kind of file" "$out/kind.json" "not a sweep carry"
edit 'c["version"] = 2' "$out/version.json"
refused "another version" "$out/version.json" "version 2"
echo '{"kind": ' >"$out/broken.json"
refused "a broken file" "$out/broken.json" "not JSON"
edit 'c["tables"]["sweep_window"][0]["result"]["tps"] = 1' "$out/changed.json"
refused "a window already here with other values" "$out/changed.json" "already holds the sweep_window row"
edit 'del c["tables"]["sweep_window"][0]["rep"]' "$out/short.json"
refused "a row without a column" "$out/short.json" "lacks rep"
refused "a measuring option beside it" "$out/carry.json" "--tier is for a sweep" --tier ci
# Another corpus: seed 2's ci.
fresh_db t_seed2
"$bin" grow --tier ci --seed 2 --db "$(conninfo t_seed2)" >/dev/null
msg="$("$bin" sweep --import "$out/carry.json" --db "$(conninfo t_seed2)" 2>&1)"; rc=$?
check "a database of another corpus refuses it (exit 2)" test "$rc" = 2
check "naming both corpora" grep -q "measured on corpus $(tier_digest t_carry ci).*is corpus" <<<"$msg"
check "and nothing was made there" \
  test "$(sql t_seed2 "SELECT to_regclass('skyseed.sweep_window') IS NULL")" = t
# A database without the carried tier's record.
fresh_db t_no_tier
"$bin" init --db "$(conninfo t_no_tier)" >/dev/null
msg="$("$bin" sweep --import "$out/carry.json" --db "$(conninfo t_no_tier)" 2>&1)"; rc=$?
check "a database that has not recorded ci refuses it (exit 2)" test "$rc" = 2
check "saying to grow it first" grep -q "has not recorded; grow it first" <<<"$msg"
msg="$("$bin" sweep --export "$out/nowhere/carry.json" --db "$(conninfo t_carry)" 2>&1)"; rc=$?
check "an export into a missing folder exits 2" test "$rc" = 2
check "and writes nothing" test ! -e "$out/nowhere"

for d in t_held t_carry t_seed2 t_no_tier; do sql skyseed "DROP DATABASE $d WITH (FORCE)" >/dev/null; done
finish
