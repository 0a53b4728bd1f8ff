# Sourced by the TAP tests that run sweeps through skyseed's own DaCHS:
# counting checks, the packages they need, and a sweep refused. Expect
# $bin (the skyseed binary) and $work (the test's temp dir).
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
require_packages() {  # require_packages PACKAGE...: or fail, naming the script that installs them
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      fail "package $p is missing: run scripts/install-tap-deps.sh"
      finish
    fi
  done
}
# refused DESCRIPTION ARGS...: `skyseed sweep ARGS` exits 2 with one line and
# creates nothing.
refused() {
  local what="$1"; shift
  "$bin" sweep "$@" --data-dir "$work/untouched" --out "$work/untouched-out" \
    >"$work/refused.out" 2>"$work/refused.err"
  local rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$work/refused.err")" = 1 ] && [ ! -e "$work/untouched" ] &&
     [ ! -e "$work/untouched-out" ]; then
    ok "$what: exit 2, one line, nothing created ($(cat "$work/refused.err"))"
  else
    fail "$what: exit $rc, $(cat "$work/refused.err" "$work/refused.out" | head -3)"
  fi
}
