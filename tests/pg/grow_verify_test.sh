#!/usr/bin/env bash
# grow from empty, grow ci then S against a fresh S, verify (and its failure
# after an UPDATE and a DELETE), refusals, and the corpus hash agreeing with
# the generator's own.
source "$(dirname "$0")/lib.sh"

fresh_db t_ci
"$bin" grow --tier ci --db "$(conninfo t_ci)" --chunk-rows 3000 >/tmp/skyseed-grow-ci.out
check "grow ci records the generator's corpus digest" \
  test "$(tier_digest t_ci ci)" = "$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
check "every corpus index exists" \
  test "$(sql t_ci "$INDEX_COUNT_SQL")" = "$corpus_indexes"
check "no index left set aside" test "$(sql t_ci 'SELECT count(*) FROM skyseed.index_stash')" = 0
check "verify passes" "$bin" verify --db "$(conninfo t_ci)"
out="$("$bin" grow --tier ci --db "$(conninfo t_ci)")"
check "a finished tier is not grown again" grep -q "already reached" <<<"$out"

# A database name with quotes, a semicolon and SQL in it is a name, quoted
# into SQL and the conninfo, never spliced: the embedded cluster creates it.
evil='t_evil"; DROP DATABASE t_ci; --'\'' x'
"$bin" grow --tier ci --data-dir "$dir" --database "$evil" >/dev/null 2>&1
check "grow --database with quotes and a semicolon creates exactly that database" \
  test "$(sql skyseed "SELECT count(*) FROM pg_database WHERE datname = \$\$$evil\$\$")" = 1
check "and the database named inside it is still there" \
  test "$(sql skyseed "SELECT count(*) FROM pg_database WHERE datname = 't_ci'")" = 1
check "it holds the ci corpus" "$bin" verify --data-dir "$dir" --database "$evil"
check "--database with --db is refused" \
  test "$("$bin" grow --tier ci --db x --database y >/dev/null 2>&1; echo $?)" = 2
sql skyseed "DROP DATABASE \"t_evil\"\"; DROP DATABASE t_ci; --' x\" WITH (FORCE)" >/dev/null

ci_db t_grown
"$bin" grow --tier S --db "$(conninfo t_grown)" --chunk-rows 70000 >/dev/null
fresh_db t_fresh
"$bin" grow --tier S --db "$(conninfo t_fresh)" --jobs 1 >/dev/null
check "ci then S gives the digest of a fresh S" \
  test "$(tier_digest t_grown S)" = "$(tier_digest t_fresh S)"
check "and of the generator" \
  test "$(tier_digest t_fresh S)" = "$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
check "grown S verifies" "$bin" verify --db "$(conninfo t_grown)"
check "a tier smaller than the database is refused" \
  test "$("$bin" grow --tier ci --db "$(conninfo t_fresh)" 2>&1 >/dev/null; echo $?)" != 0

sql t_ci "UPDATE skyseed_corpus.obscore SET s_fov = s_fov * 2 WHERE obs_pk = 1234"
out="$("$bin" verify --db "$(conninfo t_ci)" 2>&1)"; rc=$?
check "verify fails after an UPDATE (exit 1)" test "$rc" = 1
check "naming the table and the changed row" \
  grep -q "MISMATCH ivoa.obscore: 10000 rows .* 1 of 4 chunks differ; 1 rows missing or changed, 1 unexpected" <<<"$out"
# grow --verify re-reads every row, on a tier already reached too (it used
# to say "already reached; nothing to do", exit 0, having read nothing).
out="$("$bin" grow --tier ci --verify --db "$(conninfo t_ci)" 2>&1)"; rc=$?
check "grow --tier ci --verify on the reached tier fails after the UPDATE (exit $rc)" test "$rc" = 1
check "naming the changed rows ($(tail -1 <<<"$out"))" grep -q -- "--verify: ivoa.obscore rows" <<<"$out"
sql t_grown "DELETE FROM gaia.gaia_source WHERE source_id = (SELECT min(source_id) FROM gaia.gaia_source)"
out="$("$bin" verify --db "$(conninfo t_grown)" 2>&1)"; rc=$?
check "verify fails after a DELETE (exit 1)" test "$rc" = 1
check "naming the table and the missing row" \
  grep -q "MISMATCH gaia.gaia_source: 999999 rows .* 1 rows missing or changed, 0 unexpected" <<<"$out"
# A footprint changed behind its literal (the digests read the literal): the
# first and the last row, in different 32 MiB block ranges of the heap (S's
# ObsCore spans three), read on separate connections: each found, none twice.
changed="$(psql -X -q -t -A "$(conninfo t_grown)" -c "UPDATE skyseed_corpus.obscore
  SET s_region = spoly '{(0d,0d),(1d,0d),(0d,1d)}'
  WHERE obs_pk IN (SELECT min(obs_pk) FROM skyseed_corpus.obscore UNION SELECT max(obs_pk) FROM skyseed_corpus.obscore)
  RETURNING obs_pk" | wc -l)"
out="$("$bin" verify --jobs 2 --db "$(conninfo t_grown)" 2>&1)"
check "verify counts every footprint that is not its literal's polygon ($changed changed)" \
  grep -q "PROBLEM ivoa.obscore: $changed rows hold a s_region that is not the polygon of s_region_literal" <<<"$out"
out="$("$bin" verify --jobs 3 --db "$(conninfo t_grown)" 2>&1)"
check "with three connections too" \
  grep -q "PROBLEM ivoa.obscore: $changed rows hold a s_region" <<<"$out"

out="$("$bin" grow --tier S --seed 2 --db "$(conninfo t_fresh)" 2>&1)"; rc=$?
check "another seed is refused with exit 2" test "$rc" = 2
check "saying which seed the database holds" grep -q "seed 1, not 2" <<<"$out"
check "and nothing was added" test "$(sql t_fresh 'SELECT count(*) FROM skyseed.chunk_ledger WHERE committed_at > now() - interval '"'"'5 seconds'"'"'')" = 0

sql skyseed "CREATE DATABASE t_foreign" 2>/dev/null || true
sql t_foreign "DROP SCHEMA IF EXISTS ivoa CASCADE; CREATE SCHEMA ivoa; CREATE TABLE ivoa.obscore (x int); INSERT INTO ivoa.obscore VALUES (42)"
out="$("$bin" grow --tier ci --db "$(conninfo t_foreign)" 2>&1)"; rc=$?
check "a foreign ivoa.obscore is refused" test "$rc" != 0
check "and left untouched" test "$(sql t_foreign 'SELECT x FROM ivoa.obscore')" = 42

status_json="$("$bin" status --json --db "$(conninfo t_fresh)")"
check "status --json lists tier S with sizes" \
  python3 -c 'import json,sys; d=json.load(sys.stdin); t=d["tiers"][0]; assert t["tier"]=="S" and t["database_size"]>0 and t["tables"][0]["index_table_ratio"]>0' <<<"$status_json"
finish
