#!/usr/bin/env bash
# grow never trusts a damaged ledger: a chunk ledger emptied, missing an
# entry or with an entry changed, and a table with a row deleted, are refused
# before anything is set aside or loaded (exit 1, one line), leaving indexes,
# stash, rows, ledger and tiers as they were; after the repair a grow works
# (for the emptied ledger, the same one). A changed value passes the counts
# but not grow --verify.
source "$(dirname "$0")/lib.sh"

s_digest="$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"

clone() { ci_db "$1" 3000; }  # clone DB: tier ci, 3000-row chunks
state() {  # what a refused grow must leave as it was
  sql "$1" "SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
            WHERE schemaname = 'skyseed_corpus'"
  sql "$1" "SELECT count(*) || ':' || coalesce(string_agg(index_name, ',' ORDER BY index_name), '')
            FROM skyseed.index_stash"
  sql "$1" "SELECT (SELECT count(*) FROM skyseed_corpus.obscore) || ' ' ||
                   (SELECT count(*) FROM skyseed_corpus.gaia_source)"
  sql "$1" "SELECT count(*) || ' ' || coalesce(sum(row_count), 0) || ' ' ||
                   coalesce(max(committed_at)::text, '') FROM skyseed.chunk_ledger"
  sql "$1" "SELECT coalesce(string_agg(tier, ',' ORDER BY reached_at), '') FROM skyseed.tier"
}
backup_ledger() { sql "$1" "CREATE TABLE public.ledger_copy AS SELECT * FROM skyseed.chunk_ledger"; }
restore_ledger() {
  sql "$1" "BEGIN; DELETE FROM skyseed.chunk_ledger;
            INSERT INTO skyseed.chunk_ledger SELECT * FROM public.ledger_copy;
            DROP TABLE public.ledger_copy; COMMIT" >/dev/null
}
# refused DB WHAT PATTERN GROW-ARGS...: the grow exits 1 with one line
# matching PATTERN and changes nothing.
refused() {
  local db="$1" what="$2" pattern="$3"; shift 3
  local before after err rc
  before="$(state "$db")"
  err="$("$bin" grow --db "$(conninfo "$db")" "$@" 2>&1 >/dev/null)"; rc=$?
  after="$(state "$db")"
  check "$what: grow refused with exit 1 (got $rc)" test "$rc" = 1
  check "$what: one line naming it ($err)" \
    test "$(wc -l <<<"$err")" = 1 -a -n "$(grep -E "$pattern" <<<"$err")"
  check "$what: indexes, stash, rows, ledger and tiers unchanged" test "$before" = "$after"
  [ "$before" = "$after" ] || diff <(echo "$before") <(echo "$after")
}
# grows_clean DB WHAT GROW-ARGS...: the grow works, leaving every index and
# a database verify passes.
grows_clean() {
  local db="$1" what="$2"; shift 2
  "$bin" grow --db "$(conninfo "$db")" "$@" >/tmp/skyseed-lt.out 2>&1
  check "$what: grow $* exits 0" test $? = 0
  check "$what: every index, none set aside" \
    test "$(sql "$db" "$INDEX_COUNT_SQL") $(sql "$db" 'SELECT count(*) FROM skyseed.index_stash')" \
      = "$corpus_indexes 0"
  check "$what: verify passes" verifies "$db"
}

# The issue's case: an earlier grow set indexes aside (killed right after the
# first), then the ledger was emptied. The count works without the indexes.
clone t_lt_trunc
(SKYSEED_KILL_AT=set-aside:1 "$bin" grow --tier S --db "$(conninfo t_lt_trunc)" >/dev/null 2>&1)
check "an index is set aside before the damage" \
  test "$(sql t_lt_trunc 'SELECT count(*) FROM skyseed.index_stash')" -ge 1
backup_ledger t_lt_trunc
sql t_lt_trunc "TRUNCATE skyseed.chunk_ledger"
refused t_lt_trunc "TRUNCATE of the ledger" \
  "ivoa.obscore does not hold what the chunk ledger says: 10000 rows in the table, 0 in the ledger; 10000 rows lie in no ledger chunk.*nothing was changed" \
  --tier S
refused t_lt_trunc "TRUNCATE of the ledger, --target-size" "does not hold what the chunk ledger says" \
  --target-size 100MB
restore_ledger t_lt_trunc
grows_clean t_lt_trunc "ledger restored after TRUNCATE" --tier S
check "tier S recorded with the generator's digest" test "$(tier_digest t_lt_trunc S)" = "$s_digest"

clone t_lt_del
backup_ledger t_lt_del
sql t_lt_del "DELETE FROM skyseed.chunk_ledger WHERE table_name = 'gaia.gaia_source' AND first_row = 3000"
refused t_lt_del "DELETE of a ledger row" \
  "gaia.gaia_source does not hold what the chunk ledger says: 100000 rows in the table, 97000 in the ledger; 3000 rows lie in no ledger chunk \(row index 3000 to 5999\)" \
  --tier S
restore_ledger t_lt_del
grows_clean t_lt_del "ledger restored after DELETE, with --verify" --target-size 60MB --verify
check "--verify says what it re-read" \
  grep -q -- "--verify: re-read the 110000 rows already loaded; every ledger chunk matches the generator" /tmp/skyseed-lt.out

clone t_lt_upd
backup_ledger t_lt_upd
sql t_lt_upd "UPDATE skyseed.chunk_ledger SET row_count = 2999 WHERE table_name = 'ivoa.obscore' AND first_row = 3000"
refused t_lt_upd "UPDATE of a ledger row's count" \
  "ivoa.obscore does not hold .* 10000 rows in the table, 9999 in the ledger; 1 rows lie in no ledger chunk \(row index 5999 to 5999\)" \
  --tier S,D1
restore_ledger t_lt_upd
grows_clean t_lt_upd "ledger restored after UPDATE" --target-size 60MB

clone t_lt_row
sql t_lt_row "DELETE FROM skyseed_corpus.gaia_source WHERE (source_id & 34359738367) = 4321"
refused t_lt_row "a row deleted from a table" \
  "gaia.gaia_source does not hold .* 99999 rows in the table, 100000 in the ledger; 1 of 34 ledger chunks hold another row count \(rows 3000..6000 hold 2999, the ledger says 3000\)" \
  --tier S

clone t_lt_val
sql t_lt_val "UPDATE skyseed_corpus.obscore SET s_fov = s_fov * 2 WHERE obs_pk = 1234"
refused t_lt_val "a value changed, grow --verify" \
  "^skyseed: --verify: ivoa.obscore rows 0..3000 are not what the generator makes \(1 of 4 chunks differ\).*nothing was changed" \
  --tier S --verify
"$bin" grow --target-size 60MB --db "$(conninfo t_lt_val)" >/tmp/skyseed-lt.out 2>&1
check "a value changed, plain grow: exit 0, the next tier recorded (counts cannot see it)" \
  test "$?:$(sql t_lt_val "SELECT count(*) FROM skyseed.tier WHERE tier = 'size-60MB'")" = 0:1
check "and its output says the values were not re-read" \
  grep -q "by count per chunk, and each chunk.s digest is the generator.s; values not re-read (grow --verify does that)" /tmp/skyseed-lt.out
check "verify still finds the changed row" \
  test "$("$bin" verify --db "$(conninfo t_lt_val)" >/dev/null 2>&1; echo $?)" = 1

# A footprint changed behind its literal: the digests (over the literal)
# match, the spoly services query does not.
clone t_lt_poly
sql t_lt_poly "UPDATE skyseed_corpus.obscore SET s_region = spoly '{(0d,0d),(1d,0d),(0d,1d)}'
               WHERE obs_pk IN (17, 9876)"
refused t_lt_poly "a footprint changed behind its literal, grow --verify" \
  "^skyseed: --verify: ivoa.obscore: 2 rows hold a s_region that is not the polygon of s_region_literal.*nothing was changed" \
  --tier S --verify

for db in t_lt_trunc t_lt_del t_lt_upd t_lt_row t_lt_val t_lt_poly; do
  sql skyseed "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
done
finish
