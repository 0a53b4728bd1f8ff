# Sourced by the TAP tests that run sweeps through skyseed's own DaCHS and
# their fixture: counting checks, the packages they need, where the cpu
# controller's cgroups are, the suite's folders, whether a process runs,
# what of theirs is left, and a sweep refused (which expects $bin, the
# skyseed binary, and $work, the test's temp dir).
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
# The suite's own folders: every DaCHS test works under this prefix, named
# for the build (as the pg tests' clusters are), so the fixture looks at
# nothing another build's tests, or the host's own services, started.
suite_prefix() {  # suite_prefix SKYSEED_BINARY
  echo "/tmp/skyseed-$(basename "$(dirname "$(dirname "$(realpath "$1")")")")-"
}
alive() {  # alive PID: runs and is not a zombie waiting for its reaper
  local stat
  stat="$(ps -o stat= -p "$1" 2>/dev/null)" && [ "${stat:0:1}" != Z ]
}
# The embedded cluster's conninfo for database DB, in DIR (default the
# test's $pgdir): a socket in the data directory, port 5432, as
# cluster/cluster_settings.h's EmbeddedConninfo makes it.
conn() {  # conn DB [DIR]
  echo "host=${2:-$pgdir} port=5432 user=postgres dbname=$1"
}
await() {  # await FILE TEXT PID [SECONDS]: until FILE holds TEXT; 1 once PID ends or SECONDS (300) pass
  local _
  for _ in $(seq $((${4:-300} * 5))); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    alive "$3" || return 1
    sleep 0.2
  done
  return 1
}
# The pid of the DaCHS a sweep's LOG says serves the corpus ("" if none).
served_pid() {  # served_pid LOG
  sed -n 's/.*serves the corpus at .* (pid \([0-9]*\)).*/\1/p' "$1" | head -1
}
# Until the sweep PID says in LOG that its DaCHS serves the corpus; prints
# that DaCHS's pid ("" if the sweep ended first or took 300 s).
wait_served() {  # wait_served LOG PID
  await "$1" "serves the corpus" "$2"
  served_pid "$1"
}
running() {  # running PGREP_ARGS...: a match that is alive
  local pid
  for pid in $(pgrep "$@"); do alive "$pid" && return 0; done
  return 1
}
# A DaCHS server whose settings (GAVOSETTINGS, in its environment) lie under
# DIR: the sweep's own, or a test's; never the host's.
dachs_under() {  # dachs_under DIR
  local pid
  for pid in $(pgrep -f "dachs serve"); do
    alive "$pid" && tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null |
      grep -q "^GAVOSETTINGS=$1" && return 0
  done
  return 1
}
# service_leftovers DIR [SWEEP_PID...]: what of skyseed's DaCHS and its
# helpers under DIR still runs, and the CPU-limit cgroups of those sweeps
# (without pids: of sweeps no longer running). Only what the tests started:
# an unrelated DaCHS, haproxy or pooler on the host is not counted.
service_leftovers() {
  local dir="$1" found="" group pid
  shift
  dachs_under "$dir" && found+=" dachs"
  running -f "haproxy .*-f $dir" && found+=" haproxy"
  running -f "pgpool -f $dir" && found+=" pgpool"
  running -f "pgbouncer -d $dir" && found+=" pgbouncer"
  if [ -n "$cpu_root" ]; then
    for group in "$cpu_root"/skyseed-tap-*; do
      [ -e "$group" ] || continue
      pid="${group##*/skyseed-tap-}"
      pid="${pid%%-*}"
      if [ $# -gt 0 ]; then
        [[ " $* " == *" $pid "* ]] && found+=" cgroup ${group##*/}"
      elif ! alive "$pid"; then
        found+=" cgroup ${group##*/}"
      fi
    done
  fi
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
