# Sourced by the TAP tests that run sweeps through skyseed's own DaCHS and
# their fixture: counting checks, the packages they need, where the cpu
# controller's cgroups are, whether a process runs, and a sweep refused
# (which expects $bin, the skyseed binary, and $work, the test's temp dir).
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
# The cgroup hierarchy the kernel puts the cpu controller on.
cpu_root="$(awk '$3 == "cgroup2" && system("grep -qw cpu " $2 "/cgroup.controllers") == 0 {print $2; exit}
  $3 == "cgroup" && $4 ~ /(^|,)cpu(,|$)/ {print $2; exit}' /proc/self/mounts)"
running() {  # running PGREP_ARGS...: a match that is not a zombie waiting for its reaper
  local pid
  for pid in $(pgrep "$@"); do
    [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" != Z ] && return 0
  done
  return 1
}
# service_leftovers DIR: what of skyseed's DaCHS and its helpers (under DIR) still runs.
service_leftovers() {
  local found=""
  running -f "dachs serve" && found+=" dachs"
  running -x haproxy && found+=" haproxy"
  running -f "pgpool -f $1" && found+=" pgpool"
  running -f "pgbouncer -d $1" && found+=" pgbouncer"
  [ -n "$cpu_root" ] && compgen -G "$cpu_root/skyseed-tap-*" >/dev/null && found+=" cgroups"
  echo "$found"
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
