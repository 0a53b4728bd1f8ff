#!/usr/bin/env bash
# Commands that only read (status, verify, report) create nothing: not a
# database the embedded cluster lacks, not report's --out when there is
# nothing to write.
source "$(dirname "$0")/lib.sh"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
has_db() { test "$(sql skyseed "SELECT count(*) FROM pg_database WHERE datname = '$1'")" = 1; }

sql skyseed "DROP DATABASE IF EXISTS t_ro_typo" >/dev/null
for cmd in status verify "report --out $out/typo-report"; do
  # shellcheck disable=SC2086
  "$bin" $cmd --data-dir "$dir" --database t_ro_typo >/dev/null 2>"$out/err"; rc=$?
  check "$cmd --database t_ro_typo: exit 2 (got $rc)" test "$rc" = 2
  check "$cmd: one line naming the database" \
    test "$(wc -l <"$out/err")" = 1 -a -n "$(grep 't_ro_typo' "$out/err")"
  check "$cmd: database t_ro_typo not created" test "$(has_db t_ro_typo && echo yes)" = ""
done
check "report wrote no --out for a missing database" test ! -e "$out/typo-report"

# A database with no corpus: report fails before creating --out.
fresh_db t_ro_empty
"$bin" report --db "$(conninfo t_ro_empty)" --out "$out/empty-report" >/dev/null 2>&1; rc=$?
check "report of a database without a corpus fails (exit $rc)" test "$rc" != 0
check "and creates no --out" test ! -e "$out/empty-report"
check "nor anything in the database" \
  test "$(sql t_ro_empty "SELECT count(*) FROM pg_namespace WHERE nspname IN ('skyseed', 'skyseed_corpus')")" = 0
sql skyseed "DROP DATABASE t_ro_empty" >/dev/null
finish
