#!/usr/bin/env bash
# kill -9 soak: a growth killed at an instant in every phase (mid-COPY,
# before a chunk's COMMIT, between chunks, with indexes set aside, between
# and during index builds, during VACUUM, inside and after the tier record,
# during a growth step with the GiSTs live), each followed by a plain grow.
# Every rerun must end with the generator's digest, every index, no
# stash, and a database that verifies.
source "$(dirname "$0")/lib.sh"

ci_digest="$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
run=0

# rerun_clean DB ARGS...: a plain grow after the kill, then every invariant.
rerun_clean() {
  local db="$1"; shift
  "$bin" grow "$@" --db "$(conninfo "$db")" >/dev/null 2>"$dir.rerun.err" ||
    fail "$db: the rerun failed: $(cat "$dir.rerun.err")"
  check "$db: every corpus index" test "$(sql "$db" "$INDEX_COUNT_SQL")" = "$corpus_indexes"
  check "$db: no index left set aside" test "$(sql "$db" "SELECT count(*) FROM skyseed.index_stash")" = 0
  check "$db: verifies (ledger, digests, rows)" verifies "$db"
}

# kill_at POINT:N: a fresh database whose grow --tier ci is killed there.
kill_at() {
  run=$((run + 1)); local db="t_kill$run"
  fresh_db "$db"
  SKYSEED_KILL_AT="$1" "$bin" grow --tier ci --chunk-rows 3000 --db "$(conninfo "$db")" \
    >/dev/null 2>&1
  local rc=$?
  check "$db: killed by SIGKILL at $1 (exit $rc)" test "$rc" = 137
  rerun_clean "$db" --tier ci
  check "$db: the generator's digest" test "$(tier_digest "$db" ci)" = "$ci_digest"
}

kill_at copy:1          # the first COPY, mid-stream
kill_at copy:17         # a later COPY while the other connection loads too
kill_at ledgered:5      # ledger row written, COMMIT not sent
kill_at committed:9     # between chunks
kill_at index-built:1   # between index builds
kill_at index-built:5
kill_at key-index-built:1  # a primary key's unique index built, not yet attached
kill_at key-attached:1     # one primary key attached
kill_at vacuumed:1      # one table vacuumed, the other's VACUUM running
kill_at tier-record:1   # inside the tier record's transaction
kill_at tier-recorded:1 # after the record: the rerun has nothing to do

# A chunk generated in slices (10,000 rows: three slices of 4,096), killed
# after its second slice went out, its COPY unfinished.
fresh_db t_kill_slices
SKYSEED_KILL_AT=copy:2 "$bin" grow --tier ci --chunk-rows 10000 --jobs 1 \
  --db "$(conninfo t_kill_slices)" >/dev/null 2>&1
rc=$?
check "t_kill_slices: killed between two slices of a chunk (exit $rc)" test "$rc" = 137
check "t_kill_slices: nothing of that chunk committed" \
  test "$(sql t_kill_slices "SELECT count(*) FROM skyseed.chunk_ledger")" = 0
rerun_clean t_kill_slices --tier ci
check "t_kill_slices: the generator's digest" test "$(tier_digest t_kill_slices ci)" = "$ci_digest"

# From outside, during the polygon GiST build (the longest index build,
# when the GiSTs are built after the load), then a rerun with the default
# (GiSTs grow with the load): the stashed GiST is built over the loaded rows.
fresh_db t_kill_gist
"$bin" grow --tier ci --gist-build after-load --db "$(conninfo t_kill_gist)" >/dev/null 2>&1 &
pid=$!
if wait_for t_kill_gist "SELECT count(*) > 0 FROM pg_stat_activity
                        WHERE datname = 't_kill_gist' AND query LIKE 'CREATE INDEX%obscore_s_region_idx%'"; then
  kill -9 "$pid"
fi
wait "$pid"; rc=$?
check "t_kill_gist: killed during the polygon GiST build (exit $rc)" test "$rc" = 137
rerun_clean t_kill_gist --tier ci
check "t_kill_gist: the generator's digest" test "$(tier_digest t_kill_gist ci)" = "$ci_digest"

# A growth step that more than doubles the tables (ci is about 50 MB): the btrees are
# set aside, the GiSTs kept live. Killed right after a key is set aside,
# then mid-COPY, then at random instants of reruns, then finished.
ci_db t_kill_step
step=(--target-size 130MB --chunk-rows 5000 --db "$(conninfo t_kill_step)")
for point in set-aside:1 copy:4; do
  SKYSEED_KILL_AT=$point "$bin" grow "${step[@]}" >/dev/null 2>&1; rc=$?
  check "t_kill_step: growth step killed at $point (exit $rc)" test "$rc" = 137
done
for delay in 0.7 1.3 2.1; do
  "$bin" grow "${step[@]}" >/dev/null 2>&1 &
  pid=$!; sleep "$delay"; kill -9 "$pid" 2>/dev/null; wait "$pid"
done
rerun_clean t_kill_step "${step[@]:0:4}"
check "t_kill_step: the size tier is recorded" \
  test "$(sql t_kill_step "SELECT count(*) FROM skyseed.tier WHERE tier = 'size-130MB'")" = 1

# A --target-size run killed once the database is past the target but its
# sky step (ci to S) is not finished, then at its end (loaded, indexed,
# vacuumed, not recorded): the same command finishes it each time. It used
# to exit 2, "already 135 MiB, at least the target", with indexes set aside
# and no tier recorded.
ci_db t_kill_size
size=(--target-size 60MB --db "$(conninfo t_kill_size)")
"$bin" grow "${size[@]}" >/dev/null 2>&1 &
pid=$!
wait_for t_kill_size "SELECT pg_database_size('t_kill_size') > 70000000" && kill -9 "$pid"
wait "$pid"; rc=$?
check "t_kill_size: killed past the target, mid-step (exit $rc)" test "$rc" = 137
SKYSEED_KILL_AT=vacuumed:1 "$bin" grow "${size[@]}" >/dev/null 2>"$dir.rerun.err"; rc=$?
check "t_kill_size: the same command resumes, killed again after the load ($rc: $(tail -1 "$dir.rerun.err"))" \
  test "$rc" = 137
rerun_clean t_kill_size "${size[@]:0:2}"
check "t_kill_size: the size tier is recorded, at S's rows" \
  test "$(sql t_kill_size "SELECT count(*) FROM skyseed.tier WHERE tier = 'size-60MB'")" = 1
check "t_kill_size: the generator's digest of S" \
  test "$(sql t_kill_size "SELECT corpus_digest FROM skyseed.tier WHERE tier = 'size-60MB'")" = \
  "$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
rm -f "$dir.rerun.err"
finish
