#!/usr/bin/env bash
# verify proves the whole database, not only the rows: every declared index
# present and as declared, every tier record against the generator, and a
# damaged chunk ledger named as such (not as an unfinished grow). grow
# rebuilds a lost index before it skips or records a tier. verify and status
# on a database without a corpus are input errors (exit 2).
source "$(dirname "$0")/lib.sh"

db=t_integrity
ci_db "$db" 3000
check "verify passes on a fresh ci" verifies "$db"

# verify_fails WHAT PATTERN: verify exits 1 and prints a line matching PATTERN.
verify_fails() {
  out="$("$bin" verify --db "$(conninfo "$db")" 2>&1)"; local rc=$?
  check "$1: verify exits 1 (exit $rc)" test "$rc" = 1
  check "$1: saying '$2'" grep -q -- "$2" <<<"$out"
}

# -- The tier records against the generator.
sql "$db" "CREATE TABLE public.saved_tier_table AS SELECT * FROM skyseed.tier_table;
           CREATE TABLE public.saved_tier AS SELECT * FROM skyseed.tier" >/dev/null
restore_tier_records() {
  sql "$db" "UPDATE skyseed.tier_table t SET rows = s.rows, digest = s.digest
               FROM public.saved_tier_table s WHERE (t.tier, t.table_name) = (s.tier, s.table_name);
             UPDATE skyseed.tier t SET corpus_digest = s.corpus_digest
               FROM public.saved_tier s WHERE t.tier = s.tier" >/dev/null
}
sql "$db" "UPDATE skyseed.tier_table SET digest = repeat('0', 32) WHERE table_name = 'ivoa.obscore'"
verify_fails "a zeroed tier table digest" \
  "PROBLEM tier ci record of ivoa.obscore (10000 rows, digest 00000000000000000000000000000000) disagrees with the generator (10000 rows, digest "
restore_tier_records
sql "$db" "UPDATE skyseed.tier_table SET rows = 99999 WHERE table_name = 'gaia.gaia_source'"
verify_fails "an edited tier row count" "PROBLEM tier ci record of gaia.gaia_source (99999 rows"
restore_tier_records
sql "$db" "UPDATE skyseed.tier SET corpus_digest = repeat('0', 32)"
verify_fails "a zeroed corpus digest" "PROBLEM tier ci recorded corpus digest 0\{32\}; the generator's is $("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
restore_tier_records
check "restored, verify passes" verifies "$db"

# -- A damaged ledger, diagnosed from the tier record and the table.
sql "$db" "CREATE TABLE public.saved_ledger AS SELECT * FROM skyseed.chunk_ledger" >/dev/null
restore_ledger() {
  sql "$db" "TRUNCATE skyseed.chunk_ledger;
             INSERT INTO skyseed.chunk_ledger SELECT * FROM public.saved_ledger" >/dev/null
}
sql "$db" "TRUNCATE skyseed.chunk_ledger"
verify_fails "a truncated ledger" \
  "PROBLEM the chunk ledger is damaged: it accounts for 0 of the 10000 rows of ivoa.obscore that tier ci recorded and the table holds"
check "a truncated ledger: also for gaia.gaia_source" \
  grep -q "it accounts for 0 of the 100000 rows of gaia.gaia_source that tier ci recorded and the table holds" <<<"$out"
check "a truncated ledger: not called an unfinished grow" bash -c '! grep -q "beyond tier" <<<"$1"' _ "$out"
check "a truncated ledger: the table is not blamed" bash -c '! grep -q "MISMATCH\|0 expected" <<<"$1"' _ "$out"
restore_ledger
sql "$db" "DELETE FROM skyseed.chunk_ledger WHERE table_name = 'gaia.gaia_source' AND first_row = 3000"
verify_fails "a deleted ledger entry" \
  "the chunk ledger is damaged: it accounts for 97000 of the 100000 rows of gaia.gaia_source that tier ci recorded and the table holds"
check "a deleted ledger entry: not called an unfinished grow" bash -c '! grep -q "beyond tier\|MISMATCH" <<<"$1"' _ "$out"
restore_ledger
sql "$db" "UPDATE skyseed.chunk_ledger SET digest = repeat('0', 32) WHERE table_name = 'ivoa.obscore' AND first_row = 3000"
verify_fails "an edited ledger digest" \
  "the chunk ledger is damaged: its digest of ivoa.obscore rows 3000..6000 disagrees with the generator (the table's rows agree)"
restore_ledger
sql "$db" "UPDATE skyseed.chunk_ledger SET row_count = 100 WHERE table_name = 'ivoa.obscore' AND first_row = 6000"
verify_fails "a shortened ledger entry" \
  "it accounts for 7100 of the 10000 rows of ivoa.obscore that tier ci recorded and the table holds"
check "a shortened ledger entry: not called an unfinished grow" bash -c '! grep -q "beyond tier\|MISMATCH" <<<"$1"' _ "$out"
restore_ledger
# A damaged ledger and a changed row: both are said.
sql "$db" "TRUNCATE skyseed.chunk_ledger; UPDATE skyseed_corpus.obscore SET s_fov = s_fov * 2 WHERE obs_pk = 5"
verify_fails "a truncated ledger and a changed row" "MISMATCH ivoa.obscore: 10000 rows in the database, 10000 expected; 1 of 1 chunks differ; 1 rows missing or changed, 1 unexpected"
check "a truncated ledger and a changed row: the ledger named, not the table's rows held" \
  grep -q "it accounts for 0 of the 10000 rows of ivoa.obscore that tier ci recorded$" <<<"$out"
sql "$db" "UPDATE skyseed_corpus.obscore SET s_fov = s_fov / 2 WHERE obs_pk = 5"
restore_ledger
check "restored, verify passes" verifies "$db"

# -- The indexes against their declarations; grow rebuilds what is lost.
for idx in gaia_source_pos_idx obscore_s_region_idx; do
  sql "$db" "DROP INDEX skyseed_corpus.$idx"
  verify_fails "$idx dropped" "PROBLEM index $idx is missing"
  out="$("$bin" grow --tier ci --db "$(conninfo "$db")" 2>&1)"
  check "$idx dropped: grow ci rebuilds it, saying so" grep -q "index $idx is missing.*rebuilding it" <<<"$out"
  check "$idx dropped: and does not say 'nothing to do'" bash -c '! grep -q "nothing to do" <<<"$1"' _ "$out"
  check "$idx dropped: every index is back" test "$(sql "$db" "$INDEX_COUNT_SQL")" = "$corpus_indexes"
done
sql "$db" "ALTER TABLE skyseed_corpus.obscore DROP CONSTRAINT obscore_pkey"
verify_fails "the ObsCore primary key dropped" "PROBLEM index obscore_pkey is missing"
# An index left invalid, as a failed CREATE INDEX CONCURRENTLY leaves it
# (marked so directly: the test runs as a superuser, and making a
# concurrent build fail half-way is a race).
sql "$db" "UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'skyseed_corpus.obscore_em_min_idx'::regclass"
verify_fails "an invalid index" "PROBLEM index obscore_em_min_idx is invalid"
sql "$db" "DROP INDEX skyseed_corpus.obscore_t_max_idx; CREATE INDEX obscore_t_max_idx ON skyseed_corpus.obscore (t_min)"
verify_fails "an index not as declared" \
  "PROBLEM index obscore_t_max_idx differs from its declaration: the database has 'CREATE INDEX obscore_t_max_idx ON skyseed_corpus.obscore USING btree (t_min)'"
out="$("$bin" grow --tier ci --db "$(conninfo "$db")" 2>&1)"
check "grow ci restores all three" test "$(grep -c "rebuilding it" <<<"$out")" = 3
check "all three: the primary key is a constraint again" \
  test "$(sql "$db" "SELECT count(*) FROM pg_constraint WHERE conname = 'obscore_pkey' AND contype = 'p'")" = 1
check "all three: no index invalid" \
  test "$(sql "$db" "SELECT count(*) FROM pg_index WHERE NOT indisvalid")" = 0
check "all three: verify passes" verifies "$db"
out="$("$bin" grow --tier ci --db "$(conninfo "$db")" 2>&1)"
check "then grow ci has nothing to do" grep -q "tier ci already reached; nothing to do" <<<"$out"

# A tier is never recorded with an index missing.
sql "$db" "DROP INDEX skyseed_corpus.gaia_source_pos_idx"
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>&1
check "grow S with an index dropped records S" \
  test "$(sql "$db" "SELECT count(*) FROM skyseed.tier WHERE tier = 'S'")" = 1
check "with every index" test "$(sql "$db" "$INDEX_COUNT_SQL")" = "$corpus_indexes"
check "and S verifies" verifies "$db"

# -- A database that holds no corpus is the wrong input (exit 2, one line).
fresh_db t_no_corpus
err="$(mktemp)"
for cmd in verify status; do
  "$bin" $cmd --db "$(conninfo t_no_corpus)" >/dev/null 2>"$err"; rc=$?
  check "$cmd on a database without a corpus exits 2 (exit $rc)" test "$rc" = 2
  check "$cmd on a database without a corpus: one line saying so" \
    test "$(wc -l <"$err")" = 1 -a "$(grep -c "no skyseed corpus" "$err")" = 1
done
"$bin" report --db "$(conninfo t_no_corpus)" --out "$err.report" >/dev/null 2>"$err"; rc=$?
check "report on a database without a corpus exits 2 (exit $rc), writing nothing" \
  test "$rc" = 2 -a ! -e "$err.report"
"$bin" tap-schema --db "$(conninfo t_no_corpus)" >/dev/null 2>"$err"; rc=$?
check "tap-schema on a database without a corpus exits 2 (exit $rc)" test "$rc" = 2
check "tap-schema created no tap_schema there" \
  test "$(sql t_no_corpus "SELECT count(*) FROM pg_namespace WHERE nspname = 'tap_schema'")" = 0
rm -f "$err"
finish
