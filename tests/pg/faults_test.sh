#!/usr/bin/env bash
# The server side of failure: a COPY backend terminated mid-grow, a server
# without pg_sphere, and the size-driven growth mode.
source "$(dirname "$0")/lib.sh"

fresh_db t_backend
"$bin" grow --tier S --db "$(conninfo t_backend)" --chunk-rows 20000 >/dev/null 2>"$dir.backend.err" &
pid=$!
wait_for t_backend "SELECT count(*) >= 3 FROM skyseed.chunk_ledger" || fail "no chunk committed"
sql t_backend "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
               WHERE datname = 't_backend' AND query LIKE 'COPY%'" >/dev/null
wait "$pid"; rc=$?
check "a terminated COPY backend fails the grow (exit $rc)" test "$rc" = 1
check "naming the chunk it stopped at" grep -q "rows [0-9]*\.\.[0-9]*" "$dir.backend.err"
"$bin" grow --tier S --db "$(conninfo t_backend)" >/dev/null
check "a rerun completes with the generator's digest" \
  test "$(tier_digest t_backend S)" = "$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
rm -f "$dir.backend.err"

# kill -9 of the backend doing a COPY: the postmaster restarts every backend.
fresh_db t_kill_backend
"$bin" grow --tier S --db "$(conninfo t_kill_backend)" --chunk-rows 20000 >/dev/null 2>&1 &
pid=$!
wait_for t_kill_backend "SELECT count(*) >= 3 FROM skyseed.chunk_ledger" || fail "no chunk committed"
victim="$(sql t_kill_backend "SELECT pid FROM pg_stat_activity WHERE datname = 't_kill_backend'
                              AND query LIKE 'COPY%' LIMIT 1")"
[ -n "$victim" ] && kill -9 "$victim"
wait "$pid"; rc=$?
check "kill -9 of a COPY backend fails the grow (exit $rc)" test "$rc" = 1
for _ in $(seq 300); do sql skyseed "SELECT 1" >/dev/null 2>&1 && break; sleep 0.2; done
"$bin" grow --tier S --db "$(conninfo t_kill_backend)" >/dev/null 2>&1
check "after the server's crash restart a rerun gives the clean digest" \
  test "$(tier_digest t_kill_backend S)" = "$("$bin" hash --tier S | tail -1 | cut -d' ' -f2)"
check "with every index" \
  test "$(sql t_kill_backend "SELECT count(*) FROM pg_indexes WHERE schemaname IN ('ivoa','gaia')")" = 6

# A database of another generator version is refused, not mixed.
sql t_kill_backend "UPDATE skyseed.corpus SET generator_version = 'skyseed-gen-0'"
out="$("$bin" grow --tier S --db "$(conninfo t_kill_backend)" 2>&1)"; rc=$?
check "another generator version is refused (exit 2)" test "$rc" = 2
check "naming both versions" grep -q "grown by generator skyseed-gen-0" <<<"$out"

fresh_db t_size
"$bin" grow --target-size 70MB --db "$(conninfo t_size)" >/dev/null
size="$(sql t_size "SELECT database_size FROM skyseed.tier WHERE tier = 'size-70MB'")"
check "--target-size records a tier that reached the size ($size bytes)" test "${size:-0}" -ge 70000000
check "and not far beyond it" test "${size:-0}" -lt 90000000
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
