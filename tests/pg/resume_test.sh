#!/usr/bin/env bash
# A killed growth resumes with another chunk size and the clean digest; two
# grows at once: the second is refused; verify during a grow refuses too.
# (kill -9 at every phase is tests/pg/kill_test.sh.)
source "$(dirname "$0")/lib.sh"

ci_digest="$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"

fresh_db t_kill
SKYSEED_KILL_AT=committed:12 "$bin" grow --tier ci --db "$(conninfo t_kill)" --chunk-rows 3000 \
  >/dev/null 2>&1
loaded="$(sql t_kill 'SELECT count(*) FROM skyseed.chunk_ledger')"
check "the kill came mid-load ($loaded chunks committed of 38)" test "$loaded" -lt 38 -a "$loaded" -ge 11
# The ledger's rows, summed here, are what status must call rows past the
# last recorded tier (none yet): a partial step, a patch of sky.
past="$(sql t_kill "SELECT sum(row_count) FROM skyseed.chunk_ledger")"
shown="$("$bin" status --db "$(conninfo t_kill)" --json | python3 -c '
import json, sys
p = json.load(sys.stdin)["rows_past_last_tier"]
print(p["last_tier"], sum(p["rows"].values()))')"
check "status --json counts the $past rows past the last tier ($shown)" test "$shown" = "none $past"
check "and status says so in words" \
  bash -c '"$1" status --db "$2" | grep -q "rows past the last recorded tier (none).*patch of sky"' \
  _ "$bin" "$(conninfo t_kill)"
"$bin" grow --tier ci --db "$(conninfo t_kill)" --chunk-rows 7000 >/dev/null
check "resumed with another chunk size, grow gives the generator's digest" \
  test "$(tier_digest t_kill ci)" = "$ci_digest"
check "no duplicate rows" test "$(sql t_kill 'SELECT count(*) FROM gaia.gaia_source')" = 100000
check "verify passes" verifies t_kill
check "once the tier is recorded, status finds no rows past it" \
  bash -c '! "$1" status --db "$2" | grep -q "rows past the last recorded tier"' _ "$bin" "$(conninfo t_kill)"

# Two grows at once: the second is refused, the first completes. The first
# is held between two chunks while the others try.
fresh_db t_twice
grow_stopped committed:2 t_twice --tier ci --chunk-rows 3000 >/dev/null 2>&1
out="$("$bin" grow --tier ci --db "$(conninfo t_twice)" 2>&1)"; rc=$?
check "a second concurrent grow is refused (exit $rc)" test "$rc" = 1
check "saying another grow is running" grep -q "another skyseed grow is running" <<<"$out"
out="$("$bin" verify --db "$(conninfo t_twice)" 2>&1)"; rc=$?
check "verify during a grow refuses (exit 1) rather than read a half-grown corpus" test "$rc" = 1
check "saying a grow is running" grep -q "grow (or another verify) is running" <<<"$out"
out="$("$bin" grow --tier ci --shard 1/2 --db "$(conninfo t_twice)" 2>&1)"; rc=$?
check "a shard during a plain grow is refused (exit $rc)" test "$rc" = 1
kill -CONT "$pid"; wait "$pid"
check "the first one completes" test "$(tier_digest t_twice ci)" = "$ci_digest"
check "and nothing of the refused ones is in it" verifies t_twice
finish
