#!/usr/bin/env bash
# kill -9 in the middle of a growth, then a plain grow: the clean digest, every
# index, an empty stash. And two grows at once: the second is refused.
source "$(dirname "$0")/lib.sh"

fresh_db t_kill
"$bin" grow --tier S --db "$(conninfo t_kill)" --chunk-rows 20000 >/dev/null 2>&1 &
pid=$!
wait_for t_kill "SELECT count(*) >= 5 FROM skyseed.chunk_ledger" || fail "no chunk committed"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
loaded="$(sql t_kill 'SELECT count(*) FROM skyseed.chunk_ledger')"
check "the kill came mid-load ($loaded chunks committed of 55)" test "$loaded" -lt 55
"$bin" grow --tier S --db "$(conninfo t_kill)" --chunk-rows 30000 >/dev/null
check "resumed grow gives the generator's digest" \
  test "$(tier_digest t_kill S)" = "$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
check "no duplicate rows" \
  test "$(sql t_kill 'SELECT count(*) FROM gaia.gaia_source')" = 1000000
check "all indexes present" \
  test "$(sql t_kill "SELECT count(*) FROM pg_indexes WHERE schemaname IN ('ivoa','gaia')")" = 6
check "stash empty" test "$(sql t_kill 'SELECT count(*) FROM skyseed.index_stash')" = 0
check "verify passes" "$bin" verify --db "$(conninfo t_kill)"

# Kill during the index builds: the stash keeps what is missing.
fresh_db t_kill_index
"$bin" grow --tier S --db "$(conninfo t_kill_index)" >/dev/null 2>&1 &
pid=$!
wait_for t_kill_index "SELECT count(*) > 0 FROM pg_stat_activity WHERE query LIKE 'CREATE INDEX%'" ||
  fail "no index build seen"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true
check "stash names the unbuilt indexes" \
  test "$(sql t_kill_index 'SELECT count(*) > 0 FROM skyseed.index_stash')" = t
"$bin" grow --tier S --db "$(conninfo t_kill_index)" >/dev/null
check "rerun rebuilds them" \
  test "$(sql t_kill_index "SELECT count(*) FROM pg_indexes WHERE schemaname IN ('ivoa','gaia')")" = 6
check "and records S" test "$(tier_digest t_kill_index S)" = "$(tier_digest t_kill S)"

# Two grows at once: the second is refused, the first completes.
fresh_db t_twice
"$bin" grow --tier S --db "$(conninfo t_twice)" >/dev/null 2>&1 &
pid=$!
wait_for t_twice "SELECT count(*) > 0 FROM skyseed.chunk_ledger" || fail "first grow did not start"
out="$("$bin" grow --tier S --db "$(conninfo t_twice)" 2>&1)"; rc=$?
check "a second concurrent grow is refused" test "$rc" = 1
check "saying another grow is running" grep -q "another skyseed grow is running" <<<"$out"
out="$("$bin" verify --db "$(conninfo t_twice)" 2>&1)"; rc=$?
check "verify during a grow refuses (exit 1) rather than read a half-grown corpus" test "$rc" = 1
check "saying a grow is running" grep -q "grow (or another verify) is running" <<<"$out"
wait "$pid"
check "the first one completes" test "$(tier_digest t_twice S)" = "$(tier_digest t_kill S)"
finish
