#!/usr/bin/env bash
# What a hostile user tried (docs/reliability.md, "Tamper" and "Bad input"):
# each is refused before anything is touched, in one line, and leaves
# nothing behind. Tampered records: a ledger digest, a tier record's digest,
# rows or corpus digest, a stash row naming an index skyseed does not
# declare. Planted files: a FIFO as the lock file, as compare's input or a
# tapbench query file, /dev/zero as one; a link inside a sweep's --out.
# Paths no cluster can live in (/dev/null, a file, a non-empty folder): no
# lock file made. A sweep's --out is made only once the database is
# accepted. A grow while a sweep measures the database is refused, as a
# sweep during a grow is. verify warns about every grant skyseed did not
# make, the owner's and PUBLIC's included. Bad values exit 2.
source "$(dirname "$0")/lib.sh"
out="$(mktemp -d)"
chmod 755 "$out"
trap 'rm -rf "$out"' EXIT
db=t_hostile
one_line() {  # one_line WHAT EXIT: $rc and $out/err of the command just run
  check "$1: exit $2 (got $rc)" test "$rc" = "$2"
  check "$1: one line: $(head -c 200 "$out/err")" test "$(wc -l <"$out/err")" = 1
}
tiers() { sql "$db" "SELECT string_agg(tier, ',' ORDER BY reached_at) FROM skyseed.tier"; }
fresh() { ci_db "$db" 3000; }  # fresh: tier ci in $db, 3000-row chunks

# -- A tampered ledger digest is not summed into the next tier's record.
fresh
sql "$db" "UPDATE skyseed.chunk_ledger SET digest = '00000000000000000000000000000001'
           WHERE table_name = 'gaia.gaia_source' AND first_row = 3000" >/dev/null
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow on a ledger whose digest was edited" 1
check "it names the tier record that disagrees" grep -q "record of tier ci" "$out/err"
check "no tier S recorded ($(tiers))" test "$(tiers)" = ci
check "and no row loaded" test "$(sql "$db" "SELECT count(*) FROM skyseed_corpus.gaia_source")" = 100000

# ... two digests below the record swapped: their sum, and so the record,
# unchanged; each chunk's digest is the generator's no more.
fresh
sql "$db" "UPDATE skyseed.chunk_ledger l SET digest = o.digest FROM skyseed.chunk_ledger o
           WHERE l.table_name = 'gaia.gaia_source' AND o.table_name = l.table_name
             AND (l.first_row, o.first_row) IN ((3000, 6000), (6000, 3000))" >/dev/null
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow on a ledger with two digests swapped" 1
check "it names the chunk and the generator's digest" \
  grep -q "gaia.gaia_source rows \[3000, 6000) is .*the generator's is" "$out/err"
check "no tier S recorded ($(tiers))" test "$(tiers)" = ci
check "and no row loaded" test "$(sql "$db" "SELECT count(*) FROM skyseed_corpus.gaia_source")" = 100000

# ... the same digest edited in a chunk no record vouches for yet (a killed run's).
fresh
SKYSEED_KILL_AT=committed:1 "$bin" grow --tier S --db "$(conninfo "$db")" --chunk-rows 5000 \
  >/dev/null 2>&1
sql "$db" "UPDATE skyseed.chunk_ledger SET digest = '00000000000000000000000000000001'
           WHERE first_row >= 100000 AND table_name = 'gaia.gaia_source'
              OR first_row >= 10000 AND table_name = 'ivoa.obscore'" >/dev/null
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow on an edited digest of a killed run's chunk" 1
check "it names the generator's digest" grep -q "the generator's is" "$out/err"
check "no tier S recorded" test "$(tiers)" = ci

# -- Damaged earlier records: each refused, and verify says the same.
for edit in "digest" "rows" "corpus"; do
  fresh
  case "$edit" in
    digest) sql "$db" "UPDATE skyseed.tier_table SET digest = '00000000000000000000000000000002'
                       WHERE tier = 'ci' AND table_name = 'ivoa.obscore'" ;;
    rows) sql "$db" "UPDATE skyseed.tier_table SET rows = 9999 WHERE tier = 'ci' AND table_name = 'ivoa.obscore'" ;;
    corpus) sql "$db" "UPDATE skyseed.tier SET corpus_digest = '00000000000000000000000000000003' WHERE tier = 'ci'" ;;
  esac >/dev/null
  "$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
  one_line "grow over ci's record with its $edit edited" 1
  check "ci's $edit edited: no tier S recorded" test "$(tiers)" = ci
  check "ci's $edit edited: nothing loaded" \
    test "$(sql "$db" "SELECT count(*) FROM skyseed_corpus.obscore")" = 10000
  check "ci's $edit edited: verify fails too" bash -c '! "$1" verify --db "$2" >/dev/null 2>&1' _ \
    "$bin" "$(conninfo "$db")"
done

# -- A stash row naming an index skyseed does not declare: refused before
# any index is set aside or any row loaded.
fresh
indexes_before="$(sql "$db" "$INDEX_COUNT_SQL")"
sql "$db" "INSERT INTO skyseed.index_stash (index_name, table_name, definition)
           VALUES ('evil_idx', 'gaia.gaia_source', 'CREATE INDEX evil_idx ON x (y)')" >/dev/null
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow with a stash row naming evil_idx" 1
check "it names the index" grep -q "evil_idx" "$out/err"
check "no index set aside ($(sql "$db" "$INDEX_COUNT_SQL") of $indexes_before)" \
  test "$(sql "$db" "$INDEX_COUNT_SQL")" = "$indexes_before"
check "no row loaded" test "$(sql "$db" "SELECT count(*) FROM skyseed_corpus.gaia_source")" = 100000

# -- verify warns about every grant skyseed did not make.
fresh
sql "$db" "DROP ROLE IF EXISTS t_hostile_r; CREATE ROLE t_hostile_r" >/dev/null
sql "$db" "GRANT INSERT, UPDATE ON skyseed_corpus.obscore TO t_hostile_r;
           GRANT DELETE ON skyseed_corpus.gaia_source TO PUBLIC" >/dev/null
"$bin" verify --db "$(conninfo "$db")" >"$out/verify" 2>&1
check "verify warns about the owner's INSERT/UPDATE grant" grep -q "WARNING.*t_hostile_r.*INSERT" "$out/verify"
check "and the DELETE granted to PUBLIC" grep -q "WARNING.*PUBLIC.*DELETE" "$out/verify"
sql "$db" "REVOKE ALL ON skyseed_corpus.obscore FROM t_hostile_r;
           REVOKE DELETE ON skyseed_corpus.gaia_source FROM PUBLIC" >/dev/null
"$bin" grow --tier ci --db "$(conninfo "$db")" --grant t_hostile_r >/dev/null 2>&1
"$bin" verify --db "$(conninfo "$db")" >"$out/verify" 2>&1
check "skyseed's own --grant draws no warning" bash -c '! grep -q WARNING "$1"' _ "$out/verify"
sql "$db" "REVOKE ALL ON ALL TABLES IN SCHEMA skyseed_corpus FROM t_hostile_r;
           REVOKE ALL ON SCHEMA skyseed_corpus FROM t_hostile_r; DROP ROLE t_hostile_r" >/dev/null
# Grants the audit once missed: SELECT, UPDATE on the auto-updatable view
# ivoa.obscore (its holder rewrote a corpus row through it), a column grant,
# TRUNCATE on a view, a grant on skyseed's own bookkeeping.
sql "$db" "DROP ROLE IF EXISTS t_hostile_w; CREATE ROLE t_hostile_w;
           GRANT USAGE ON SCHEMA ivoa TO t_hostile_w;
           GRANT SELECT, UPDATE ON ivoa.obscore TO t_hostile_w" >/dev/null
"$bin" verify --db "$(conninfo "$db")" >"$out/verify" 2>&1
check "verify warns about UPDATE on the view ivoa.obscore" \
  grep -q "WARNING.*t_hostile_w .*UPDATE on ivoa.obscore" "$out/verify"
sql "$db" "REVOKE ALL ON ivoa.obscore FROM t_hostile_w;
           GRANT UPDATE (source_id) ON skyseed_corpus.gaia_source TO t_hostile_w;
           GRANT TRUNCATE ON gaia.gaia_source TO t_hostile_w;
           GRANT SELECT ON skyseed.chunk_ledger TO PUBLIC" >/dev/null
"$bin" verify --db "$(conninfo "$db")" >"$out/verify" 2>&1
check "... a column grant" grep -q "WARNING.*UPDATE on skyseed_corpus.gaia_source column source_id" "$out/verify"
check "... TRUNCATE on a view" grep -q "WARNING.*TRUNCATE on gaia.gaia_source" "$out/verify"
check "... a grant on the chunk ledger" grep -q "WARNING.*PUBLIC SELECT on skyseed.chunk_ledger" "$out/verify"
sql "$db" "REVOKE SELECT ON skyseed.chunk_ledger FROM PUBLIC; DROP OWNED BY t_hostile_w;
           DROP ROLE t_hostile_w" >/dev/null
"$bin" verify --db "$(conninfo "$db")" >"$out/verify" 2>&1
check "none left: no warning" bash -c '! grep -q WARNING "$1"' _ "$out/verify"

# -- A grow while a sweep measures the database is refused (and the reverse).
"$bin" sweep --tier ci --clients 1 --duration 6 --reps 1 --warmup 0 --db "$(conninfo "$db")" \
  --out "$out/sweeping" >"$out/sweep.log" 2>&1 &
sweep=$!
wait_for "$db" "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name LIKE 'pgbench%')" ||
  fail "the sweep's pgbench never ran"
"$bin" grow --tier S --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow while a sweep measures the database" 2
check "it says a sweep holds the database" grep -q "sweep is measuring this database" "$out/err"
wait "$sweep"
check "the sweep finished (exit $?)" test "$(tiers)" = ci

# -- Paths no cluster can live in: refused, and no lock file made.
"$bin" grow --tier ci --data-dir /dev/null >/dev/null 2>"$out/err"; rc=$?
one_line "grow --data-dir /dev/null" 2
check "no /dev/.null.skyseed-lock" test ! -e /dev/.null.skyseed-lock
echo x >"$out/plain"
mkdir -p "$out/full" && echo x >"$out/full/thing"
for d in plain full; do
  "$bin" grow --tier ci --data-dir "$out/$d" >/dev/null 2>"$out/err"; rc=$?
  one_line "grow --data-dir (a $d path)" 2
  check "no lock file beside it" test ! -e "$out/.$d.skyseed-lock"
done

# -- FIFOs and devices: refused at once, never read forever.
mkfifo "$out/.fifo-dir.skyseed-lock"
timeout 5 "$bin" grow --tier ci --data-dir "$out/fifo-dir" >/dev/null 2>"$out/err"; rc=$?
one_line "a FIFO as the lock file (within 5 s)" 2
mkfifo "$out/sweep.json"
timeout 5 "$bin" compare "$out/sweep.json" "$out/sweep.json" >/dev/null 2>"$out/err"; rc=$?
one_line "compare given a FIFO (within 5 s)" 2
for f in "$out/sweep.json" /dev/zero; do
  timeout 5 "$bin" tapbench --url http://127.0.0.1:9/tap --time 1 --file "a=$f@1" \
    --log "$out/tb.log" >/dev/null 2>"$out/err"; rc=$?
  one_line "tapbench --file $f (within 5 s)" 2
done

# -- sweep makes --out only once the database is accepted.
"$bin" sweep --tier ci --seed 2 --db "$(conninfo "$db")" --out "$out/seed2" >/dev/null 2>"$out/err"; rc=$?
one_line "sweep of seed 2 on a seed-1 corpus" 2
check "no --out made" test ! -e "$out/seed2"
fresh_db t_hostile_foreign
sql t_hostile_foreign "CREATE SCHEMA skyseed; CREATE TABLE skyseed.corpus (x int)" >/dev/null
"$bin" sweep --tier ci --db "$(conninfo t_hostile_foreign)" --out "$out/foreign" >/dev/null 2>"$out/err"
rc=$?
check "sweep on a foreign skyseed.corpus fails (exit $rc)" test "$rc" != 0
check "and makes no --out" test ! -e "$out/foreign"
sql skyseed "DROP DATABASE t_hostile_foreign WITH (FORCE)" >/dev/null

# -- A link planted inside --out is not written through.
mkdir -p "$out/planted" "$out/elsewhere"
ln -s "$out/elsewhere" "$out/planted/ci"
"$bin" sweep --tier ci --clients 1 --duration 1 --reps 1 --warmup 0 --db "$(conninfo "$db")" \
  --out "$out/planted" >/dev/null 2>"$out/err"; rc=$?
one_line "sweep into an --out holding a planted link" 2
check "nothing written where it points" test -z "$(ls -A "$out/elsewhere")"

# -- Bad values.
"$bin" grow --tier ci --standard-names '' --db "$(conninfo "$db")" >/dev/null 2>"$out/err"; rc=$?
one_line "grow --standard-names ''" 2
"$bin" report --slo-errors 101% --db "$(conninfo "$db")" --out "$out/r" >/dev/null 2>"$out/err"; rc=$?
one_line "report --slo-errors 101%" 2
for opt in sslmode=bogus gssencmode=bogus target_session_attrs=bogus channel_binding=bogus; do
  "$bin" status --db "$(conninfo "$db") $opt" >/dev/null 2>"$out/err"; rc=$?
  one_line "status --db '... $opt'" 2
done
"$bin" sweep --target tap --tier ci --dachs-setting $'web.x=1\nweb.y=2\nz' \
  --data-dir "$out/nocluster" >/dev/null 2>"$out/err"; rc=$?
one_line "a --dachs-setting with newlines" 2
"$bin" sweep --tier ci --clients 1 --duration 1 --reps 1 --warmup 0 --db "$(conninfo "$db")" \
  --out "$out/good" >/dev/null 2>&1
for edit in 'clients=1e20' 'committed=-5' 'step=1e20'; do
  key="${edit%%=*}" value="${edit#*=}"
  /usr/bin/python3 - "$out/good/sweep.json" "$out/bad.json" "$key" "$value" <<'PY'
import json, sys
src, dst, key, value = sys.argv[1:]
text = open(src).read()
doc = json.loads(text)
def edit(node):
    if isinstance(node, dict):
        for k in list(node):
            if k == key and isinstance(node[k], (int, float)) and not isinstance(node[k], bool):
                node[k] = "@@"
            else:
                edit(node[k])
    elif isinstance(node, list):
        for n in node: edit(n)
edit(doc)
open(dst, "w").write(json.dumps(doc).replace('"@@"', value))
PY
  "$bin" compare "$out/good/sweep.json" "$out/bad.json" >/dev/null 2>"$out/err"; rc=$?
  check "compare of a sweep.json with $edit fails (exit $rc)" test "$rc" != 0 -a "$rc" != 134
  check "naming the value: $(head -c 160 "$out/err")" grep -q "$key" "$out/err"
done
sql skyseed "DROP DATABASE $db WITH (FORCE)" >/dev/null
finish
