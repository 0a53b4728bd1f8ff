# Sourced by the TAP tests that run sweeps through skyseed's own DaCHS:
# counting checks, and the packages they need.
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
