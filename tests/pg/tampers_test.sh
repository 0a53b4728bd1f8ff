#!/usr/bin/env bash
# Tampers with skyseed's state that verify must see and grow must heal (or
# refuse, exit 2, when the object is not skyseed's): a standard-name view of
# skyseed's dropped or changed, a stash record of an index that is built,
# every tier record deleted under a full ledger, and a table skyseed did not
# create under one of the skyseed schema's names. Each is observed in the
# server's catalogue, not in skyseed's word.
source "$(dirname "$0")/lib.sh"
db=t_tampers
ci_db "$db" 3000
check "verify passes on a fresh ci" verifies "$db"

verify_fails() {  # verify_fails WHAT PATTERN: exit 1, a line matching PATTERN
  out="$("$bin" verify --db "$(conninfo "$db")" 2>&1)"; local rc=$?
  check "$1: verify exits 1 (exit $rc)" test "$rc" = 1
  check "$1: saying '$2'" grep -q -- "$2" <<<"$out"
}
grows() {  # grows WHAT PATTERN [ARGS]: grow ci exits 0, saying PATTERN once
  local what="$1" pattern="$2"; shift 2
  out="$("$bin" grow --tier ci --db "$(conninfo "$db")" "$@" 2>&1)"; local rc=$?
  check "$what: grow exits 0 (exit $rc)" test "$rc" = 0
  check "$what: saying so in one line" test "$(grep -c -- "$pattern" <<<"$out")" = 1
}
view_rows() { sql "$db" "SELECT count(*) FROM ivoa.obscore" 2>/dev/null; }
is_view() { test "$(sql "$db" "SELECT relkind FROM pg_class WHERE oid = to_regclass('ivoa.obscore')")" = v; }

# -- skyseed's standard-name view dropped: seen, and recreated by grow and init.
sql "$db" "DROP VIEW ivoa.obscore"
verify_fails "ivoa.obscore dropped" "PROBLEM view ivoa.obscore of skyseed_corpus.obscore that skyseed created is missing"
grows "ivoa.obscore dropped" "skyseed's view ivoa.obscore of skyseed_corpus.obscore was missing; recreated it"
check "ivoa.obscore dropped: the view is back with every row" test "$(view_rows)" = 10000
check "ivoa.obscore dropped: and verifies" verifies "$db"
sql "$db" "DROP VIEW ivoa.obscore"
out="$("$bin" init --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "ivoa.obscore dropped: init exits 0 (exit $rc)" test "$rc" = 0
check "ivoa.obscore dropped: init recreates it too" is_view
check "ivoa.obscore dropped: init says so in one line" \
  test "$(grep -c "skyseed's view ivoa.obscore of skyseed_corpus.obscore was missing; recreated it" <<<"$out")" = 1

# -- skyseed's view changed (still carrying skyseed's comment).
sql "$db" "DROP VIEW ivoa.obscore; CREATE VIEW ivoa.obscore AS SELECT dataproduct_type FROM skyseed_corpus.obscore WHERE false;
             COMMENT ON VIEW ivoa.obscore IS 'skyseed: the corpus table skyseed_corpus.obscore under its standard name'"
verify_fails "ivoa.obscore changed" "PROBLEM view ivoa.obscore differs from its declaration"
grows "ivoa.obscore changed" "view ivoa.obscore differed from its declaration; recreated it"
check "ivoa.obscore changed: every row is back" test "$(view_rows)" = 10000
check "ivoa.obscore changed: and verifies" verifies "$db"

# -- A stash record naming an index that is built and as declared.
sql "$db" "INSERT INTO skyseed.index_stash (index_name, table_name, definition)
           VALUES ('obscore_em_min_idx', 'ivoa.obscore',
                   'CREATE INDEX \"obscore_em_min_idx\" ON \"skyseed_corpus\".\"obscore\" (\"em_min\")')"
verify_fails "a stale stash record" \
  "PROBLEM index obscore_em_min_idx is recorded as set aside in skyseed.index_stash but is built as declared"
grows "a stale stash record" "index obscore_em_min_idx was recorded as set aside but is built as declared; cleared the record"
check "a stale stash record: the stash is empty" test "$(sql "$db" "SELECT count(*) FROM skyseed.index_stash")" = 0
check "a stale stash record: the index is still there" \
  test "$(sql "$db" "SELECT count(*) FROM pg_indexes WHERE indexname = 'obscore_em_min_idx'")" = 1
out="$("$bin" grow --tier ci --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "a stale stash record: the next grow has nothing to do (exit $rc)" \
  bash -c '[ "$1" = 0 ] && grep -q "already reached; nothing to do" <<<"$2"' _ "$rc" "$out"
check "a stale stash record: verifies" verifies "$db"

# -- Every tier record deleted, the ledger full.
sql "$db" "CREATE TABLE public.saved_tier AS SELECT * FROM skyseed.tier;
           CREATE TABLE public.saved_tier_table AS SELECT * FROM skyseed.tier_table;
           DELETE FROM skyseed.tier" >/dev/null
verify_fails "the tier records deleted" "PROBLEM no tier is recorded, yet the chunk ledger holds 38 chunks (110000 rows)"
sql "$db" "INSERT INTO skyseed.tier SELECT * FROM public.saved_tier;
           INSERT INTO skyseed.tier_table SELECT * FROM public.saved_tier_table" >/dev/null
check "the tier records restored: verifies" verifies "$db"

# -- A table skyseed did not create under a name of the skyseed schema.
refused() {  # refused WHAT NAME DB COMMAND...: exit 2, one line naming NAME
  local what="$1" name="$2" in="$3"; shift 3
  "$@" --db "$(conninfo "$in")" >/dev/null 2>"$work_err"; local rc=$?
  check "$what: exit 2 (exit $rc)" test "$rc" = 2
  check "$what: one line naming $name" \
    test "$(wc -l <"$work_err")" = 1 -a "$(grep -c "$name that skyseed did not create" "$work_err")" = 1
}
work_err="$(mktemp)"
fresh_db t_foreign
sql t_foreign "CREATE SCHEMA skyseed; CREATE TABLE skyseed.corpus (note text)"
refused "a foreign skyseed.corpus: grow" skyseed.corpus t_foreign "$bin" grow --tier ci
refused "a foreign skyseed.corpus: verify" skyseed.corpus t_foreign "$bin" verify
refused "a foreign skyseed.corpus: status" skyseed.corpus t_foreign "$bin" status
check "a foreign skyseed.corpus: nothing created" \
  test "$(sql t_foreign "SELECT count(*) FROM pg_namespace WHERE nspname IN ('skyseed_corpus', 'ivoa', 'gaia')")" = 0
fresh_db t_foreign
sql t_foreign "CREATE SCHEMA skyseed; CREATE TABLE skyseed.tier (x int)"
refused "a foreign skyseed.tier: grow" skyseed.tier t_foreign "$bin" grow --tier ci
check "a foreign skyseed.tier: kept as it was" \
  test "$(sql t_foreign "SELECT string_agg(attname, ',') FROM pg_attribute WHERE attrelid = 'skyseed.tier'::regclass AND attnum > 0")" = x
# In a corpus: a bookkeeping table replaced by another of that name.
sql "$db" "ALTER TABLE skyseed.index_stash RENAME TO index_stash_saved; CREATE TABLE skyseed.index_stash (note text)"
refused "a foreign skyseed.index_stash in a corpus: grow" skyseed.index_stash "$db" "$bin" grow --tier ci
sql "$db" "DROP TABLE skyseed.index_stash; ALTER TABLE skyseed.index_stash_saved RENAME TO index_stash"
check "restored, verifies" verifies "$db"
rm -f "$work_err"
finish
