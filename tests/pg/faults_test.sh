#!/usr/bin/env bash
# The server side of failure: a COPY backend terminated or killed mid-grow,
# the server restarted mid-grow, its disk full, an unreachable server, a
# server without pg_sphere, and the size-driven growth mode.
source "$(dirname "$0")/lib.sh"

ci_digest="$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
terminate_copies() {  # terminate_copies DB: every backend of DB in a COPY
  sql "$1" "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = '$1' AND query LIKE 'COPY%'"
}

# With retries off, a COPY backend terminated mid-COPY fails the grow at its
# chunk.
fresh_db t_backend
grow_stopped copy:3 t_backend --tier ci --chunk-rows 3000 --retries 0 2>"$dir.backend.err" >/dev/null
check "a COPY backend is terminated mid-COPY" test "$(terminate_copies t_backend)" -ge 1
kill -CONT "$pid"; wait "$pid"; rc=$?
check "--retries 0: the grow fails (exit $rc)" test "$rc" = 1
check "naming the chunk it stopped at" grep -q "^skyseed: .* rows [0-9]*\.\.[0-9]*" "$dir.backend.err"
check "in one line" test "$(grep -c "^skyseed:" "$dir.backend.err")" = 1

# By default it says so and resumes after a backoff.
fresh_db t_backend
grow_stopped copy:3 t_backend --tier ci --chunk-rows 3000 2>"$dir.backend.err" >/dev/null
terminate_copies t_backend >/dev/null
kill -CONT "$pid"; wait "$pid"; rc=$?
check "a terminated COPY backend is retried and the grow completes (exit $rc)" test "$rc" = 0
check "saying it retries" grep -q "^skyseed: .* rows [0-9]*\.\.[0-9]*: .*retrying in 1 s (retry 1 of 5)" "$dir.backend.err"
check "with the generator's digest" test "$(tier_digest t_backend ci)" = "$ci_digest"
check "and verifies" verifies t_backend

# The server restarted mid-growth, between chunks: the grow waits for it
# and completes.
fresh_db t_restart
grow_stopped committed:4 t_restart --tier ci --chunk-rows 3000 2>"$dir.restart.err" >/dev/null
"$bin" server stop --data-dir "$dir" >/dev/null
kill -CONT "$pid"
sleep 2; "$bin" server start --data-dir "$dir" >/dev/null
wait "$pid"; rc=$?
check "a server restart mid-growth is survived (exit $rc)" test "$rc" = 0
check "saying it retried" grep -q "retrying in" "$dir.restart.err"
check "with the generator's digest" test "$(tier_digest t_restart ci)" = "$ci_digest"
check "and verifies" verifies t_restart
rm -f "$dir.restart.err" "$dir.backend.err"

# kill -9 of the backend doing a COPY: the postmaster restarts every backend.
fresh_db t_kill_backend
grow_stopped copy:3 t_kill_backend --tier ci --chunk-rows 3000 --retries 0 >/dev/null 2>&1
victim="$(sql t_kill_backend "SELECT pid FROM pg_stat_activity WHERE datname = 't_kill_backend'
                              AND query LIKE 'COPY%' LIMIT 1")"
check "a COPY backend to kill" test -n "$victim"
kill -9 "$victim"
kill -CONT "$pid"; wait "$pid"; rc=$?
check "kill -9 of a COPY backend fails the grow (exit $rc)" test "$rc" = 1
for _ in $(seq 300); do sql skyseed "SELECT 1" >/dev/null 2>&1 && break; sleep 0.2; done
"$bin" grow --tier ci --db "$(conninfo t_kill_backend)" >/dev/null 2>&1
check "after the server's crash restart a rerun gives the clean digest" \
  test "$(tier_digest t_kill_backend ci)" = "$ci_digest"
check "with every index" \
  test "$(sql t_kill_backend "$INDEX_COUNT_SQL")" = "$corpus_indexes"

# A database of another generator version is refused, not mixed.
sql t_kill_backend "UPDATE skyseed.corpus SET generator_version = 'skyseed-gen-0'"
out="$("$bin" grow --tier ci --db "$(conninfo t_kill_backend)" 2>&1)"; rc=$?
check "another generator version is refused (exit 2)" test "$rc" = 2
check "naming both versions" grep -q "grown by generator skyseed-gen-0" <<<"$out"

# A --db that does not answer fails at once, without retries.
start=$(date +%s)
out="$("$bin" grow --tier ci --db "host=$dir port=1 dbname=x user=postgres" 2>&1)"; rc=$?
check "an unreachable --db fails with exit 1 ($rc)" test "$rc" = 1
check "at once (no retries)" test $(( $(date +%s) - start )) -lt 5
check "in one line naming it" test "$(wc -l <<<"$out")" = 1 -a -n "$(grep "cannot connect" <<<"$out")"

# A wrong password: one line, the password never printed.
hba="$dir/pg_hba.conf"
cp "$hba" "$hba.saved"
{ echo "local all skyseed_pw scram-sha-256"; cat "$hba.saved"; } >"$hba"
sql skyseed "DROP ROLE IF EXISTS skyseed_pw" >/dev/null
sql skyseed "CREATE ROLE skyseed_pw LOGIN PASSWORD 'the-right-secret'" >/dev/null
sql skyseed "SELECT pg_reload_conf()" >/dev/null
out="$("$bin" grow --tier ci --db "host=$dir port=5432 dbname=skyseed user=skyseed_pw password=wrong-secret-4711" 2>&1)"; rc=$?
cp "$hba.saved" "$hba" && rm "$hba.saved"
sql skyseed "SELECT pg_reload_conf()" >/dev/null
sql skyseed "DROP ROLE skyseed_pw" >/dev/null
check "a wrong password fails with exit 1 ($rc)" test "$rc" = 1
check "in one line saying so" test "$(wc -l <<<"$out")" = 1 -a -n "$(grep "password authentication failed" <<<"$out")"
check "without printing the password" test -z "$(grep "wrong-secret-4711" <<<"$out")"

# The server's disk fills up: a tablespace on a small tmpfs (needs root).
full="/tmp/skyseed-full-$$"
mkdir -p "$full"
if mount -t tmpfs -o size=24M tmpfs "$full" 2>/dev/null; then
  chown postgres "$full" 2>/dev/null
  sql skyseed "DROP DATABASE IF EXISTS t_full WITH (FORCE)" >/dev/null
  sql skyseed "DROP TABLESPACE IF EXISTS t_full" >/dev/null
  sql skyseed "CREATE TABLESPACE t_full LOCATION '$full'" >/dev/null
  sql skyseed "CREATE DATABASE t_full TABLESPACE t_full" >/dev/null
  # Chunks of 3,000 rows: two in flight hold a few MiB, so the first ones
  # commit before the disk fills however the loaders interleave (with
  # 50,000 rows, two unfinished chunks could fill the 24 MiB between them).
  out="$("$bin" grow --tier ci --chunk-rows 3000 --db "$(conninfo t_full)" 2>&1 >/dev/null)"; rc=$?
  check "a full disk fails the grow (exit $rc)" test "$rc" = 1
  check "naming the cause in its one error line" grep -q "^skyseed: .*disk is full" <<<"$out"
  check "with some chunks committed" \
    test "$(sql t_full "SELECT count(*) > 0 FROM skyseed.chunk_ledger")" = t
  mount -o remount,size=200M "$full"
  "$bin" grow --tier ci --chunk-rows 3000 --db "$(conninfo t_full)" >/dev/null 2>&1
  check "after freeing space a rerun completes with the generator's digest" \
    test "$(tier_digest t_full ci)" = "$ci_digest"
  check "and verifies" verifies t_full
  sql skyseed "DROP DATABASE t_full WITH (FORCE)" >/dev/null
  sql skyseed "DROP TABLESPACE t_full" >/dev/null
  umount "$full"
else
  echo "skip: cannot mount a tmpfs here (not root); the disk-full case is not tried"
fi
rmdir "$full"

# pg_wal fills up: an embedded cluster of the test's own, its pg_wal on a
# small tmpfs (needs root). The server PANICs writing WAL and only drops its
# connections; the grow's one error line, read from the server's log, says
# the disk is full (it used to say the server went away, or could not start).
wal="/tmp/skyseed-wal-$$"
mkdir -p "$wal/fs" && chmod 755 "$wal"
if mount -t tmpfs -o size=40M,mode=700 tmpfs "$wal/fs" 2>/dev/null; then
  "$bin" server start --data-dir "$wal/cluster" >/dev/null 2>&1 &&
    "$bin" server stop --data-dir "$wal/cluster" >/dev/null 2>&1
  cp -a "$wal/cluster/pg_wal/." "$wal/fs/" && chown postgres "$wal/fs" &&
    rm -rf "$wal/cluster/pg_wal" && ln -s "$wal/fs" "$wal/cluster/pg_wal"
  out="$(timeout 600 "$bin" grow --tier ci --retries 0 --data-dir "$wal/cluster" 2>&1 >/dev/null)"; rc=$?
  check "a full pg_wal fails the grow (exit $rc)" test "$rc" = 1
  check "naming a full disk in its one error line: $(tail -1 <<<"$out" | head -c 300)" \
    grep -q "^skyseed: .*disk is full (PANIC: .*pg_wal.*No space left on device" <<<"$out"
  # Space back (a server whose shutdown checkpoint finds none never stops):
  # the same command then completes.
  mount -o remount,size=200M "$wal/fs"
  "$bin" grow --tier ci --data-dir "$wal/cluster" >/dev/null 2>&1
  check "after freeing space the same grow completes (exit $?)" test $? = 0
  "$bin" server stop --data-dir "$wal/cluster" >/dev/null 2>&1
  umount "$wal/fs"
else
  echo "skip: cannot mount a tmpfs here (not root); the full pg_wal case is not tried"
fi
rm -rf "$wal"

fresh_db t_size
"$bin" grow --target-size 70MB --db "$(conninfo t_size)" >/dev/null
size="$(sql t_size "SELECT database_size FROM skyseed.tier WHERE tier = 'size-70MB'")"
check "--target-size records a tier that reached the size ($size bytes)" test "${size:-0}" -ge 70000000
# Whole sky steps: the first step end past 70 MB is S's (ci's is ~45 MB).
check "at the first whole step that reaches it (S's rows)" test \
  "$(sql t_size "SELECT string_agg(rows::text, ',' ORDER BY table_name) FROM skyseed.tier_table
                 WHERE tier = 'size-70MB'")" = "1000000,100000"
check "the size-grown database verifies" "$bin" verify --db "$(conninfo t_size)"
out="$("$bin" grow --target-size 10XB --db "$(conninfo t_size)" 2>&1)"; rc=$?
check "a malformed size is refused with exit 2" test "$rc" = 2

# A server without pg_sphere: hide its control file for one database creation.
control="$(/usr/lib/postgresql/15/bin/pg_config --sharedir)/extension/pg_sphere.control"
if [ "$(id -u)" = 0 ] && [ -f "$control" ]; then
  fresh_db t_nosphere
  mv "$control" "$control.hidden"
  out="$("$bin" grow --tier ci --db "$(conninfo t_nosphere)" 2>&1)"; rc=$?
  mv "$control.hidden" "$control"
  check "no pg_sphere: exit 2" test "$rc" = 2
  check "saying how to install it" grep -q "apt-get install postgresql-15-pgsphere" <<<"$out"
  check "and creating nothing" test "$(sql t_nosphere "SELECT to_regclass('skyseed.corpus') IS NULL")" = t
else
  echo "skip: pg_sphere control file cannot be hidden (not root)"
fi
finish
