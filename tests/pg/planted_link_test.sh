#!/usr/bin/env bash
# A link planted where skyseed writes its temporary ("<file>.partial") is
# refused, never written through, by every command that writes files:
# report, workload, dachs-rd (generate's files, the cluster's own and the
# stale-temporary case are in tests/common/file_writes_test.cc). Each case
# looks at the victim file itself afterwards.
source "$(dirname "$0")/lib.sh"
db=t_planted
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fresh_db "$db"
"$bin" grow --tier ci --db "$(conninfo "$db")" >/dev/null 2>&1 || fail "grow ci"

refused() {  # refused NAME FILE COMMAND...: a link planted as FILE.partial under $out/NAME
  local name="$1" file="$2"; shift 2
  mkdir -p "$(dirname "$out/$name/$file")"
  echo precious >"$out/victim-$name"
  ln -s "$out/victim-$name" "$out/$name/$file.partial"
  "$@" >/dev/null 2>"$out/err-$name"; local rc=$?
  check "$name: exits non-zero ($rc)" test "$rc" != 0
  check "$name: one line naming the link" \
    test "$(wc -l <"$out/err-$name")" = 1 -a -n "$(grep -F "$file.partial" "$out/err-$name")"
  check "$name: the victim is untouched" test "$(cat "$out/victim-$name")" = precious
  check "$name: nothing written under the real name" test ! -e "$out/$name/$file"
}

refused report report.html "$bin" report --db "$(conninfo "$db")" --out "$out/report"
refused workload setup.sql "$bin" workload --tier ci --out "$out/workload"
refused dachs q.rd "$bin" dachs-rd --out "$out/dachs/q.rd"

# With the link gone, the same commands write their files.
rm "$out/report/report.html.partial" "$out/workload/setup.sql.partial" "$out/dachs/q.rd.partial"
check "report writes once the link is gone" "$bin" report --db "$(conninfo "$db")" --out "$out/report"
check "so does workload" bash -c '"$@" >/dev/null' _ "$bin" workload --tier ci --out "$out/workload"
check "and dachs-rd" bash -c '"$@" >/dev/null' _ "$bin" dachs-rd --out "$out/dachs/q.rd"
check "report.html is a regular file" test -f "$out/report/report.html" -a ! -L "$out/report/report.html"
sql skyseed "DROP DATABASE $db WITH (FORCE)" >/dev/null
finish
