#!/usr/bin/env bash
# A grow on skyseed's own embedded cluster whose postmaster is killed
# mid-growth: skyseed manages that server, so it starts it again (once,
# saying so) instead of waiting through its retries for a server nobody
# would start. And a setting given with ALTER SYSTEM outlives the settings
# skyseed writes at each start, until it is reset (the grow with
# larger buffers of docs/growing.md, "Which server"). Runs a cluster of its own, beside the fixture's.
source "$(dirname "$0")/lib.sh"
work="$(mktemp -d)"; chmod 755 "$work"  # the server's user must reach it when run as root
cdir="$work/cluster"
trap '"$bin" server stop --data-dir "$cdir" >/dev/null 2>&1; rm -rf "$work"' EXIT
ci_digest="$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"

SKYSEED_STOP_AT=committed:3 "$bin" grow --tier ci --chunk-rows 3000 --data-dir "$cdir" \
  >/dev/null 2>"$work/err" &
pid=$!
check "the grow reaches its third chunk" wait_stopped "$pid"
postmaster="$(head -1 "$cdir/postmaster.pid")"
check "the postmaster is killed" kill -9 "$postmaster"
kill -CONT "$pid"; wait "$pid"; rc=$?
check "the grow completes (exit $rc)" test "$rc" = 0
check "saying which PostgreSQL the new cluster runs on (PG_VERSION $(cat "$cdir/PG_VERSION"))" \
  grep -q "made a new cluster in .* on PostgreSQL $(cat "$cdir/PG_VERSION") " "$work/err"
check "saying once that it restarted the server" \
  test "$(grep -c "the embedded server was down: restarted it" "$work/err")" = 1
check "a new postmaster runs" test "$(head -1 "$cdir/postmaster.pid")" != "$postmaster"
check "the tier has the generator's digest" \
  test "$("$bin" status --data-dir "$cdir" | grep -c "$ci_digest")" -ge 1
check "and verifies" "$bin" verify --data-dir "$cdir"

# docs/growing.md's recipe ("Which server"): ALTER SYSTEM, stop, grow (which starts the server),
# reset, stop, and the next command's start brings skyseed's own sizing back.
ours="$(grep -E "^shared_buffers = " "$cdir/skyseed.conf" | cut -d' ' -f3)"
embedded() { psql -X -q -t -A "$(conninfo skyseed "$cdir")" -c "$1"; }
buffers_mb() {  # shared_buffers in MB, whatever unit SHOW would print it in
  echo "$(embedded "SELECT setting::bigint * 8 / 1024 FROM pg_settings WHERE name = 'shared_buffers'")MB"
}
embedded "ALTER SYSTEM SET shared_buffers = '200MB'"
"$bin" server stop --data-dir "$cdir" >/dev/null
"$bin" grow --tier ci --data-dir "$cdir" >/dev/null 2>&1
check "ALTER SYSTEM's shared_buffers holds through a grow's start ($(buffers_mb))" \
  test "$(buffers_mb)" = 200MB
embedded "ALTER SYSTEM RESET shared_buffers"
"$bin" server stop --data-dir "$cdir" >/dev/null
"$bin" status --data-dir "$cdir" >/dev/null
check "reset, the next start has skyseed's own again ($ours: $(buffers_mb))" test "$(buffers_mb)" = "$ours"
finish
