#!/usr/bin/env bash
# `skyseed sweep --target tap` on a cluster of the Debian 13 root's
# PostgreSQL 17 + pg_sphere 1.5 (--pg-stack debian13), served by the DaCHS
# of that root (2.11; the host's 2.7 cannot set itself up on pg_sphere 1.5):
# the sweep exits 0; while it runs, its DaCHS is chrooted in the root
# (/proc/PID/root) as the cluster's owner; every window answered requests
# (tap_sweep_check.py recomputes the windows from the request logs); the
# sweep's environment names the DaCHS version the root's dpkg status holds;
# after a kill -9 of a second sweep, `server stop` stops its orphaned DaCHS;
# nothing of DaCHS is left and `skyseed verify` passes. A root without
# DaCHS is refused before anything is made.
#   stack_tap_sweep_test.sh SKYSEED_BINARY     (KEEP=1 leaves the temp dir)
# Needs scripts/install-stack-debian13.sh --with-dachs.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
source "$(dirname "$0")/lib.sh"
root="${SKYSEED_STACKS_DIR:-/var/lib/skyseed/stacks}/debian13"
# The root's own package database, read with the host's dpkg-query.
root_dachs="$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status} ${Version}' \
  gavodachs2-server 2>/dev/null)"
if [[ "$root_dachs" != "install ok installed "* ]]; then
  fail "no DaCHS in $root: run scripts/install-stack-debian13.sh --with-dachs"
  finish
fi
root_version="${root_dachs##* }"  # 2.11+dfsg-2
upstream="${root_version%%[+-]*}" # 2.11

work="$(mktemp -d "$(suite_prefix "$bin")stack-tap.XXXXXX")"
chmod 755 "$work"  # the embedded server runs as user postgres
pgdir="$work/pg"
out="$work/sweep"
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$(conn skyseed)" \
  -c "$1"; }
cleanup() {
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# A root without DaCHS: refused before anything is made. The root's server
# programs, linked into a stacks folder of the test's own (root's alone to
# write, as a stack must be), with no DaCHS beside them.
stacks="$work/stacks"
bindir=usr/lib/postgresql/17/bin
mkdir -p -m 0755 "$stacks/nodachs/$bindir" "$stacks/nodachs/usr/share/postgresql/17/extension"
for p in initdb pg_ctl postgres; do ln -s "$root/$bindir/$p" "$stacks/nodachs/$bindir/$p"; done
touch "$stacks/nodachs/usr/share/postgresql/17/extension/pg_sphere.control"
chmod 0755 "$stacks"
SKYSEED_STACKS_DIR="$stacks" refused "a TAP sweep on a root without DaCHS" --target tap --tier ci \
  --pg-stack nodachs
check "the refusal names the script that installs it" \
  grep -q "install-stack-nodachs.sh --with-dachs" "$work/refused.err"

check "skyseed grow --tier ci --pg-stack debian13 --standard-names none" \
  "$bin" grow --tier ci --pg-stack debian13 --standard-names none --data-dir "$pgdir" \
  >"$work/grow.log" 2>&1
check "the cluster runs PostgreSQL 17" test "$(sql "SHOW server_version_num" | cut -c1-2)" = 17
"$bin" sweep --target tap --tier ci --clients 1,2 --duration 4 --reps 1 --warmup 2 --keep-logs \
  --data-dir "$pgdir" --out "$out" >"$work/sweep.log" 2>&1 &
sweep=$!
dachs="$(wait_served "$work/sweep.log" "$sweep")"
# Read while it serves: its root directory and user, from /proc.
dachs_root="$(readlink "/proc/$dachs/root" 2>/dev/null)"
dachs_user="$(ps -o user= -p "$dachs" 2>/dev/null)"
wait "$sweep"
rc=$?
check "the sweep through the root's DaCHS (exit $rc: $(tail -1 "$work/sweep.log"))" test "$rc" = 0
check "its DaCHS (pid ${dachs:-none}) ran chrooted in $root (/proc: ${dachs_root:-gone})" \
  test -n "$dachs" -a "$dachs_root" = "$root"
check "as the cluster's owner (${dachs_user:-gone}), not root" \
  test -n "$dachs_user" -a "$dachs_user" != root -a "$dachs_user" = "$(stat -c %U "$pgdir")"
OUT="$out" /usr/bin/python3 "$here/tap_sweep_check.py" >"$work/check.out" 2>&1
cat "$work/check.out"
passed=$((passed + $(grep -c '^ok:' "$work/check.out")))
failed=$((failed + $(grep -c '^FAIL:' "$work/check.out")))
grep -q '^tap_sweep_check: ' "$work/check.out" || fail "tap_sweep_check.py did not finish"
check "two windows recorded" test "$(python3 -c 'import json, sys
print(sum(len(t["windows"]) for t in json.load(open(sys.argv[1]))["tiers"]))' \
  "$out/tap-sweep.json")" = 2
# The environment the sweep recorded names the version the root's dpkg holds.
check "the sweep's environment names DaCHS $upstream ($root_version) of the root" \
  /usr/bin/python3 - "$out/tap-sweep.json" "$upstream" "$root_version" "$root" <<'PY'
import json, sys
path, upstream, package, root = sys.argv[1:]
s = json.load(open(path))["setup"]["service"]
assert "(%s)" % upstream in s["server"], s  # "GAVO DaCHS Software (2.11) Schema (36/36)"
assert s["dachs_package"] == package, s
assert s["dachs_from"] == "the debian13 root's (%s)" % root, s
PY

# kill -9 of a sweep whose root's DaCHS serves: the next `server stop`
# stops the orphan the record proves and removes what it left.
"$bin" sweep --target tap --tier ci --clients 1 --duration 30 --reps 1 --warmup 0 \
  --data-dir "$pgdir" --out "$work/killed9" >"$work/killed9.log" 2>&1 &
victim=$!
orphan="$(wait_served "$work/killed9.log" "$victim")"
kill -9 "$victim"; wait "$victim" 2>/dev/null
check "after kill -9 the orphaned DaCHS (pid ${orphan:-none}) still serves from the root" \
  test -n "$orphan" -a "$(readlink "/proc/$orphan/root" 2>/dev/null)" = "$root"
"$bin" server stop --data-dir "$pgdir" >"$work/stop.log" 2>&1
check "server stop removes the orphan ($(head -1 "$work/stop.log"))" \
  grep -q "killed skyseed sweep left" "$work/stop.log"
check "the orphan is stopped" bash -c '! ps -o stat= -p "$1" | grep -qv Z' _ "$orphan"
"$bin" server start --data-dir "$pgdir" >/dev/null 2>&1

check "no DaCHS left running" test -z "$(service_leftovers "$work")"
check "no DaCHS folder left" test ! -e "$pgdir/skyseed-dachs"
check "no DaCHS role or schema left" test "$(sql "SELECT
  (SELECT count(*) FROM pg_roles WHERE rolname LIKE 'skyseed_dachs_%')
  + (SELECT count(*) FROM pg_namespace WHERE nspname IN ('dc', 'tap_schema', 'uws', 'ivoa'))")" = 0
check "skyseed verify" "$bin" verify --data-dir "$pgdir" >"$work/verify.log" 2>&1
finish
