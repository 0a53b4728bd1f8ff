#!/usr/bin/env bash
# Sharded loading: N processes grow one database together, exactly once.
source "$(dirname "$0")/lib.sh"

fresh_db t_shards
pids=()
for k in 1 2 3; do
  "$bin" grow --tier ci --shard "$k/3" --jobs 1 --chunk-rows 2000 --db "$(conninfo t_shards)" \
    >"$dir.shard$k.out" 2>&1 &
  pids+=($!)
done
rcs=""
for p in "${pids[@]}"; do wait "$p"; rcs="$rcs$?"; done
check "three shards in parallel all succeed ($rcs)" test "$rcs" = 000
check "exactly one of them recorded the tier" \
  test "$(cat "$dir".shard?.out | grep -c "tier ci reached")" = 1
check "the digest of a plain grow (the generator's)" \
  test "$(tier_digest t_shards ci)" = "$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
check "no row twice" test "$(sql t_shards 'SELECT count(*) FROM gaia.gaia_source')" = 100000
check "all indexes built" \
  test "$(sql t_shards "$INDEX_COUNT_SQL")" = "$corpus_indexes"
check "no shard plan left" test "$(sql t_shards 'SELECT count(*) FROM skyseed.shard_plan')" = 0
check "it verifies" verifies t_shards
rm -f "$dir".shard?.out

fresh_db t_shard_plan
"$bin" init --db "$(conninfo t_shard_plan)" >/dev/null
check "init creates the corpus and loads nothing" \
  test "$(sql t_shard_plan 'SELECT count(*) FROM skyseed.chunk_ledger') $(sql t_shard_plan 'SELECT seed FROM skyseed.corpus')" = "0 1"
"$bin" grow --tier ci --shard 1/2 --chunk-rows 3000 --db "$(conninfo t_shard_plan)" >/dev/null
check "one shard alone leaves the tier unrecorded" \
  test "$(sql t_shard_plan 'SELECT count(*) FROM skyseed.tier')" = 0
out="$("$bin" grow --tier ci --shard 2/2 --chunk-rows 4000 --db "$(conninfo t_shard_plan)" 2>&1)"; rc=$?
check "a shard with another chunk grid is refused (exit 2)" test "$rc" = 2
check "saying what the others use" grep -q "with --chunk-rows 3000 in 2 shards" <<<"$out"
"$bin" grow --tier ci --db "$(conninfo t_shard_plan)" >/dev/null
check "a plain grow completes what the shards left" \
  test "$(tier_digest t_shard_plan ci)" = "$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
finish
