#!/usr/bin/env bash
# SIGINT and SIGTERM during a grow: the statements in flight (COPY, the
# polygon GiST's CREATE INDEX, VACUUM) are cancelled rather than left
# running on the server, skyseed says in one line what it kept and exits
# 128 + the signal, and a rerun resumes to a clean corpus.
source "$(dirname "$0")/lib.sh"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
db=t_signals
s_digest="$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
# busy: skyseed's backends of $db that are not idle. Client backends only:
# the server's autovacuum workers show as active on $db too, and one may
# start on the tables the grow just loaded.
busy() {
  sql skyseed "SELECT count(*) FROM pg_stat_activity WHERE datname = '$db'
               AND backend_type = 'client backend' AND state <> 'idle'"
}
# A background job of a script starts with SIGINT ignored; a user's Ctrl-C
# reaches a foreground one, which is what this stands for. The GiSTs are
# built after the load, so that there is a long CREATE INDEX to interrupt.
grow_bg() {
  env --default-signal=INT,TERM "$bin" grow --tier S --jobs 2 --gist-build after-load \
    --db "$(conninfo $db)" "$@" \
    >/dev/null 2>"$out/err" &
  pid=$!
}
# interrupted SIGNAL WHAT: send it, then check what follows.
interrupted() { kill -s "$1" "$pid"; after_signal "$@"; }
# after_signal SIGNAL WHAT: the exit, the line, and that no backend of
# skyseed's is still at work 2 s later.
after_signal() {
  local sig="$1" what="$2" want
  want=$((128 + $(kill -l "$sig")))
  wait "$pid"; local rc=$?
  check "$sig during $what: exit $want (got $rc)" test "$rc" = "$want"
  check "one line saying what is kept, and no other error" \
    test "$(grep -c "^skyseed:" "$out/err")" = 1 -a -n "$(tail -1 "$out/err" |
      grep "^skyseed: interrupted by SIG$sig; .*every committed chunk is kept: run the same command again")"
  local n
  for _ in $(seq 20); do n="$(busy)"; [ "$n" = 0 ] && break; sleep 0.1; done
  check "no backend of skyseed's still at work 2 s after $what was interrupted ($n busy)" \
    test "$n" = 0
}

fresh_db $db
grow_bg
check "the grow commits chunks" wait_for $db "SELECT count(*) > 0 FROM skyseed.chunk_ledger"
check "and is in a COPY" wait_for $db "SELECT count(*) > 0 FROM pg_stat_activity
  WHERE datname = '$db' AND state = 'active' AND query LIKE 'COPY%'"
interrupted INT "a COPY"
check "chunks committed before it are kept" \
  test "$(sql $db "SELECT count(*) > 0 FROM skyseed.chunk_ledger")" = t

grow_bg
check "the rerun reaches the polygon GiST build" wait_for $db "SELECT count(*) > 0
  FROM pg_stat_activity WHERE datname = '$db' AND state = 'active'
  AND query LIKE 'CREATE INDEX%s_region%'"
interrupted TERM "CREATE INDEX"

# VACUUM: stopped at the point where one table is vacuumed and the other's
# VACUUM runs; the signal is handled once the process continues.
SKYSEED_STOP_AT=vacuumed:1 env --default-signal=INT,TERM "$bin" grow --tier S --jobs 2 \
  --db "$(conninfo $db)" >/dev/null 2>"$out/err" &
pid=$!
check "the rerun reaches VACUUM" wait_stopped "$pid"
kill -TERM "$pid"; kill -CONT "$pid"
after_signal TERM "VACUUM"

# A second signal exits at once, without waiting for anything.
fresh_db t_signals2
env --default-signal=INT "$bin" grow --tier S --db "$(conninfo t_signals2)" >/dev/null 2>&1 &
pid=$!
wait_for t_signals2 "SELECT count(*) > 0 FROM pg_stat_activity WHERE datname = 't_signals2'
  AND query LIKE 'COPY%'"
kill -INT "$pid"; kill -INT "$pid"
for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
check "two signals: skyseed is gone within 2 s" test -z "$(kill -0 "$pid" 2>/dev/null && echo alive)"
wait "$pid"; rc=$?
check "exit 130 (got $rc)" test "$rc" = 130
sql skyseed "DROP DATABASE t_signals2 WITH (FORCE)" >/dev/null

"$bin" grow --tier S --db "$(conninfo $db)" >/dev/null 2>"$out/err"; rc=$?
check "a rerun completes (exit $rc)" test "$rc" = 0
check "with the generator's digest" test "$(tier_digest $db S)" = "$s_digest"
check "every index" test "$(sql $db "$INDEX_COUNT_SQL")" = "$corpus_indexes"
check "and verifies" verifies $db
sql skyseed "DROP DATABASE $db WITH (FORCE)" >/dev/null
finish
