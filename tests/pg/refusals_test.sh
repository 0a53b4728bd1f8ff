#!/usr/bin/env bash
# Bad input is refused before anything is touched, in one line, exit 2:
# a --maintenance-work-mem outside PostgreSQL's range, a --target-size the
# database already exceeds, a --db with a port that is not a number; and a
# command that would only refuse (tap-schema with no cluster, sweep with an
# unusable --data-dir) creates no cluster, database or folder first. Also:
# the printed "connect with:" line is safe to paste into a shell, and a
# failed statement is named in its error line, not quoted whole.
source "$(dirname "$0")/lib.sh"
out="$(mktemp -d)"
# A binary that fails these checks makes clusters (relocated under
# /var/lib/skyseed when the server's user cannot reach $out): stop and remove them.
cleanup() {
  for d in "$out/mwm-cluster" "$out/nowhere"; do
    [ -e "$d" ] || continue
    "$bin" server stop --data-dir "$d" >/dev/null 2>&1
    rm -rf "$(readlink -f "$d")"
  done
  rm -rf "$out"
}
trap cleanup EXIT
has_db() { test "$(sql skyseed "SELECT count(*) FROM pg_database WHERE datname = '$1'")" = 1; }
corpus_schemas() {
  sql "$1" "SELECT count(*) FROM pg_namespace WHERE nspname IN ('skyseed', 'skyseed_corpus')"
}
one_line_exit2() {  # one_line_exit2 WHAT: $rc and $out/err of the command just run
  check "$1: exit 2 (got $rc)" test "$rc" = 2
  check "$1: one line: $(head -c 160 "$out/err")" test "$(wc -l <"$out/err")" = 1
}

# --maintenance-work-mem outside 1024 kB .. 2147483647 kB: nothing loaded,
# nothing set aside, no schema created; no embedded cluster made.
fresh_db t_ref_mwm
for mwm in 1kB 1023 9999TB 2097152MB; do
  "$bin" grow --tier S --maintenance-work-mem "$mwm" --db "$(conninfo t_ref_mwm)" >/dev/null 2>"$out/err"
  rc=$?
  one_line_exit2 "grow --maintenance-work-mem $mwm"
  check "it names the range" grep -q "outside the valid range" "$out/err"
  check "the database is untouched" test "$(corpus_schemas t_ref_mwm)" = 0
  "$bin" grow --tier ci --maintenance-work-mem "$mwm" --data-dir "$out/mwm-cluster" >/dev/null 2>"$out/err"
  rc=$?
  one_line_exit2 "grow --maintenance-work-mem $mwm on an embedded cluster"
  check "no cluster created" test ! -e "$out/mwm-cluster"
done
check "1024 kB and 2147483647 kB are in range" bash -c '
  for m in 1024kB 2147483647kB; do
    "$1" grow --tier ci --maintenance-work-mem "$m" --data-dir "$2" 2>&1 | grep -q "valid range" && exit 1
  done; exit 0' _ "$bin" "$out/in-range/x'y"
sql skyseed "DROP DATABASE t_ref_mwm" >/dev/null

# A --db whose port is not a number is a usage error.
"$bin" status --db 'host=. port=abc' >/dev/null 2>"$out/err"; rc=$?
one_line_exit2 "--db 'host=. port=abc'"

# tap-schema on a data directory without a cluster, or a cluster without
# the database: refused like status, nothing created, no server started.
"$bin" tap-schema --data-dir "$out/nowhere" >/dev/null 2>"$out/err"; rc=$?
one_line_exit2 "tap-schema --data-dir nowhere"
check "tap-schema created no data directory" test ! -e "$out/nowhere"
sql skyseed "DROP DATABASE IF EXISTS t_ref_nodb" >/dev/null
"$bin" tap-schema --data-dir "$dir" --database t_ref_nodb >/dev/null 2>"$out/err"; rc=$?
one_line_exit2 "tap-schema --database t_ref_nodb"
check "tap-schema created no database" test -z "$(has_db t_ref_nodb && echo yes)"

# sweep with a --data-dir it refuses: --out is not created first.
"$bin" sweep --tier ci --data-dir "$out/it's" --out "$out/D" >/dev/null 2>"$out/err"; rc=$?
one_line_exit2 "sweep --data-dir \"it's\""
check "sweep created no --out" test ! -e "$out/D"
check "nor the data directory" test ! -e "$out/it's"

# The "connect with:" line pasted into a shell runs psql and nothing else,
# however the database is named.
name="t_ref q'\$(touch pwned)"
sql skyseed "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null
"$bin" grow --tier ci --data-dir "$dir" --database "$name" >"$out/grow.out" 2>&1
check "grow into a database named $name" test $? = 0
line="$(grep '^connect with: ' "$out/grow.out")"
mkdir "$out/paste"
got="$(cd "$out/paste" && bash -c "${line#connect with: } -X -t -A -c 'SELECT current_database()'" 2>&1)"
check "the pasted line connects to that database (got: $got)" test "$got" = "$name"
check "and runs nothing else" test -z "$(ls -A "$out/paste")"

# --target-size below the database's size: refused, naming the size, and
# no tier recorded.
tiers() {
  psql -X -q -t -A -h "$dir" -p 5432 -U postgres -d "$name" \
    -c "SELECT string_agg(tier, ',' ORDER BY tier) FROM skyseed.tier"
}
before="$(tiers)"
"$bin" grow --target-size 10MB --data-dir "$dir" --database "$name" >/dev/null 2>"$out/err"; rc=$?
one_line_exit2 "grow --target-size 10MB on a ci database"
check "it names the current size" grep -q "already [0-9.]* MiB" "$out/err"
check "no tier recorded ($before)" test "$(tiers)" = "$before"
sql skyseed "DROP DATABASE \"$name\" WITH (FORCE)" >/dev/null

# A statement the server refuses is named (verb and table), not quoted.
fresh_db t_ref_stmt
"$bin" init --db "$(conninfo t_ref_stmt)" >/dev/null || fail "init"
sql t_ref_stmt "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS
  \$\$BEGIN RAISE EXCEPTION 'boom'; END\$\$;
  CREATE TRIGGER boom BEFORE INSERT ON skyseed.chunk_ledger FOR EACH ROW EXECUTE FUNCTION boom()" \
  >/dev/null
"$bin" grow --tier ci --retries 0 --db "$(conninfo t_ref_stmt)" >/dev/null 2>"$out/err"; rc=$?
check "a refused ledger INSERT fails the grow (exit $rc)" test "$rc" = 1
err="$(grep '^skyseed: ' "$out/err" | tail -1)"
check "naming the statement: ${err:0:200}" grep -q "INSERT INTO skyseed.chunk_ledger: .*boom" <<<"$err"
check "without its text" bash -c '! grep -q "VALUES\|\$1" <<<"$1"' _ "$err"
check "in a short line (${#err} characters)" test "${#err}" -lt 300
sql skyseed "DROP DATABASE t_ref_stmt WITH (FORCE)" >/dev/null
finish
