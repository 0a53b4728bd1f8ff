#!/usr/bin/env bash
# What root trusts (docs/reliability.md): run as root, skyseed acts on
# nothing the cluster's owner (postgres) wrote into the folder it keeps for
# that user. Root processes named as the servers' would be (dachs, haproxy,
# pgbouncer, pgpool) survive pid files planted there naming them, through
# `server stop`, `server start`, `grow` and `sweep`, and a `state/web.pid`
# rewritten under a running sweep; a planted `skyseed-owner` naming another
# server costs that server nothing; the folder swapped for a link while the
# sweep sets it up hands nothing of root's to postgres. And one TAP sweep at
# a time: a second sweep, a grow of its database and `server stop` are
# refused while it runs (exit 2, one line, nothing made), and a kill -9 of a
# sweep serving through pgpool, haproxy and cgroups is cleaned up by the
# next sweep. A database called `Sky "db" 1` grows and sweeps; skyseed's
# DaCHS refuses it (exit 2, nothing made), as DaCHS's own set-up cannot
# take it, and a name crafted to move DaCHS to another cluster likewise.
#   root_trust_test.sh SKYSEED_BINARY        (KEEP=1 leaves the temp dir)
# Needs root and scripts/install-tap-deps.sh.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
source "$(dirname "$0")/lib.sh"
require_packages gavodachs2-server haproxy pgpool2
[ "$(id -u)" = 0 ] || { fail "this test runs as root"; finish; }

work="$(mktemp -d "$(suite_prefix "$bin")root-trust.XXXXXX")"
chmod 755 "$work"  # the embedded server runs as user postgres
pgdir="$work/pg"
other="$work/other"
db='Sky "db" 1'
folder="$pgdir/skyseed-dachs"
decoys=()
sweepers=()
cleanup() {
  local pid
  for pid in "${decoys[@]}"; do kill "$pid" 2>/dev/null; done
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  "$bin" server stop --data-dir "$other" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
as_postgres() { runuser -u postgres -- "$@"; }
# decoy NAME: a root process whose command line starts with NAME, as a
# server's would; its pid in $decoy.
decoy() {
  bash -c 'exec -a "$0" sleep 900' "$1" &
  decoy=$!
  decoys+=("$decoy")
}
decoys_alive() {
  local pid
  for pid in "${decoys[@]}"; do alive "$pid" || return 1; done
}
# one_line_refusal DESCRIPTION COMMAND...: exit 2 and one line on stderr.
one_line_refusal() {
  local what="$1" rc
  shift
  "$@" >"$work/refusal.out" 2>"$work/refusal.err"
  rc=$?
  check "$what: exit 2, one line ($(head -c 200 "$work/refusal.err"); exit $rc)" \
    test "$rc" = 2 -a "$(wc -l <"$work/refusal.err")" = 1
}
dachs_roles() {  # DaCHS's roles in the cluster of data directory $1
  psql -X -q -t -A "$(conn postgres "$1")" \
    -c "SELECT count(*) FROM pg_roles WHERE rolname LIKE 'skyseed_dachs_%'"
}
check "grow --tier ci" "$bin" grow --tier ci --standard-names none --data-dir "$pgdir" \
  >"$work/grow.log" 2>&1
# Another server, with roles of the names skyseed's DaCHS uses: what a
# planted skyseed-owner would have root drop.
"$bin" server start --data-dir "$other" >/dev/null 2>&1
psql -X -q "$(conn postgres "$other")" -c \
  "CREATE ROLE skyseed_dachs_admin; CREATE ROLE skyseed_dachs_query;
   CREATE ROLE skyseed_dachs_untrusted" >/dev/null

# ------------------------------------------------------------ planted pid files
# plant POOLER: the folder as its owner could leave it, its pid files naming
# root's decoys, its skyseed-owner a dead sweep and the other server.
plant() {
  as_postgres mkdir -p "$folder/state" "$folder/state-1" "$folder/haproxy" "$folder/pooler"
  decoy "dachs serve start"
  as_postgres sh -c "echo $decoy >'$folder/state/web.pid'"
  decoy "/usr/bin/python3 /usr/bin/dachs serve start"
  as_postgres sh -c "echo $decoy >'$folder/state-1/web.pid'"
  decoy "haproxy -D -q"
  as_postgres sh -c "echo $decoy >'$folder/haproxy/haproxy.pid'"
  decoy "$1"
  as_postgres sh -c "echo $decoy >'$folder/pooler/pooler.pid'"
  local server="host=$other port=5432 user=postgres"
  as_postgres sh -c "printf '999999\n%s dbname=postgres\n%s dbname=postgres\n' '$server' '$server' \
    >'$folder/skyseed-owner'"
}
plant "pgbouncer -d"
"$bin" server stop --data-dir "$pgdir" >"$work/stop.log" 2>&1
check "server stop (exit $?): root's decoys named in the folder's pid files live" decoys_alive
check "and the server skyseed-owner names keeps its roles" test "$(dachs_roles "$other")" = 3
plant "pgpool -f"
"$bin" server start --data-dir "$pgdir" >"$work/start.log" 2>&1
check "server start (exit $?): root's decoys live" decoys_alive
plant "pgbouncer -d"
"$bin" grow --tier ci --standard-names none --database "$db" --data-dir "$pgdir" \
  >"$work/grow2.log" 2>&1
check "grow --database '$db' (exit $?): root's decoys live" decoys_alive
plant "pgpool -f"
"$bin" sweep --tier ci --clients 1 --duration 1 --reps 1 --warmup 0 --database "$db" \
  --data-dir "$pgdir" --out "$work/db-sweep" >"$work/db-sweep.log" 2>&1
check "sweep --database '$db' (exit $?): root's decoys live" decoys_alive
check "and the other server still has its roles" test "$(dachs_roles "$other")" = 3
as_postgres rm -rf "$folder"
for name in "$db" "x' host='$other"; do
  one_line_refusal "a TAP sweep of database '$name' through skyseed's DaCHS" "$bin" sweep \
    --target tap --tier ci --clients 1 --duration 1 --database "$name" --data-dir "$pgdir" \
    --out "$work/named"
  check "which made no --out and no DaCHS folder" test ! -e "$work/named" -a ! -e "$folder"
done

# ------------------------------------------------------------ one sweep at a time
sweep=("$bin" sweep --target tap --tier ci --reps 1 --warmup 0 --data-dir "$pgdir")
"${sweep[@]}" --clients 1 --duration 20 --out "$work/tap" >"$work/tap.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
dachs="$(wait_served "$work/tap.log" "$sweeper")"
check "a TAP sweep serves (DaCHS pid $dachs, as $(ps -o user= -p "$dachs" 2>/dev/null))" \
  test -n "$dachs" -a "$(ps -o user= -p "$dachs" 2>/dev/null)" = postgres
one_line_refusal "a second sweep meanwhile" "$bin" sweep --tier ci --clients 1 --duration 1 \
  --data-dir "$pgdir" --out "$work/second"
check "which made no --out" test ! -e "$work/second"
one_line_refusal "a second TAP sweep, of another database of the cluster" "${sweep[@]}" \
  --database t_other --clients 1 --duration 1 --out "$work/second-tap"
check "which made neither --out nor the database" test ! -e "$work/second-tap" -a \
  "$(psql -X -t -A "$(conn postgres)" \
     -c "SELECT count(*) FROM pg_database WHERE datname = 't_other'")" = 0
one_line_refusal "a grow of the measured database meanwhile" \
  "$bin" grow --tier S --data-dir "$pgdir"
one_line_refusal "server stop meanwhile" "$bin" server stop --data-dir "$pgdir"
# DaCHS's own pid file, which DaCHS writes as postgres, rewritten to name a
# root process: the sweep's end must not stop it.
decoy "/usr/bin/python3 /usr/bin/dachs serve start"
as_postgres sh -c "echo $decoy >'$folder/state/web.pid'"
wait "$sweeper"
rc=$?
check "the sweep ends (exit $rc: $(tail -1 "$work/tap.log"))" test "$rc" = 0
check "its DaCHS is stopped" bash -c '! alive "$1"' _ "$dachs"
check "root's decoy named by the rewritten web.pid lives" decoys_alive
check "nothing of it left:$(service_leftovers "$pgdir" "${sweepers[@]}")" \
  test -z "$(service_leftovers "$pgdir" "${sweepers[@]}")" -a ! -e "$folder"
check "its roles are gone" test "$(dachs_roles "$pgdir")" = 0

# ------------------------------------------------------------ the folder swapped for a link
# A folder only root may read, with a file in it: the cluster's owner swaps
# skyseed's DaCHS folder for a link to it once `dachs --version` runs (the
# last step of the set-up; on main at 5bbd098, root then made its servers'
# folders through the link and handed the folder, the file with them, to
# postgres).
mkdir -m 700 "$work/secret"
echo secret >"$work/secret/key"
chmod 600 "$work/secret/key"
"${sweep[@]}" --clients 1 --duration 2 --out "$work/linked" >"$work/linked.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
as_postgres bash -c 'for _ in $(seq 6000); do
    if pgrep -f "dachs [-]-version" >/dev/null && [ -d "$1" ] && [ ! -L "$1" ]; then
      mv "$1" "$1.moved" && ln -s "$2" "$1" && exit 0
    fi
    sleep 0.005
  done; exit 1' _ "$folder" "$work/secret"
swapped=$?
wait "$sweeper"
rc=$?
check "the folder was swapped for a link during set-up (the sweep: exit $rc, $(tail -1 \
  "$work/linked.log"))" test "$swapped" = 0
check "root's folder and file are root's still, nothing written into it: $(stat -c '%U %a %n' \
  "$work/secret" "$work/secret"/* | tr '\n' ' ')" \
  test "$(stat -c '%U %a' "$work/secret" "$work/secret"/* | tr '\n' ' ')" = "root 700 root 600 "
check "nothing of that sweep left:$(service_leftovers "$pgdir" "${sweepers[@]}")" \
  test -z "$(service_leftovers "$pgdir" "${sweepers[@]}")"
rm -rf "$folder" "$folder.moved"

# ------------------------------------------------------------ kill -9, then the next sweep
"${sweep[@]}" --clients 1 --duration 60 --tap-instances 2 --tap-cpus 0.3 --tap-pooler pgpool \
  --out "$work/killed" >"$work/killed.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
await "$work/killed.log" "a connect and disconnect" "$sweeper"
pgpool="$(pgrep -f "pgpool -f $folder" | head -1)"
pooled="$pgpool $(pgrep -P "$pgpool" | tr '\n' ' ')"  # pgpool and its 30-odd children
left="$(service_leftovers "$pgdir" "$sweeper")"
check "pgpool (pid $pgpool), haproxy, DaCHS and their cgroups run:$left" bash -c \
  '[[ "$1" == " dachs haproxy pgpool cgroup "*" cgroup "* ]]' _ "$left"
kill -9 "$sweeper"
wait "$sweeper" 2>/dev/null
"${sweep[@]}" --clients 1 --duration 3 --out "$work/next" >"$work/next.log" 2>&1 &
sweeper=$!
sweepers+=("$sweeper")
wait "$sweeper"
rc=$?
check "the next sweep (exit $rc) stops what the killed one left ($(grep -m1 'killed skyseed sweep' \
  "$work/next.log"))" grep -q "stopped and removed the DaCHS a killed skyseed sweep left" \
  "$work/next.log"
none_alive() {
  local pid
  for pid in "$@"; do alive "$pid" && return 1; done
  return 0
}
check "pgpool and every child of it are gone" none_alive $pooled
check "the next sweep measured" test "$rc" = 0
check "nothing of either is left:$(service_leftovers "$pgdir" "${sweepers[@]}")" \
  test -z "$(service_leftovers "$pgdir" "${sweepers[@]}")" -a ! -e "$folder"
check "no DaCHS role left" test "$(dachs_roles "$pgdir")" = 0
finish
