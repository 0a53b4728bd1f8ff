#!/usr/bin/env bash
# A password given in --db reaches no one it should not: not the argv of
# the psql and pgbench a sweep runs (readable by every user in /proc, so
# /proc is what is scanned while they run), not an error line, not the
# sweep's files, not status. The role logs in by scram-sha-256 only, so the
# children can only connect through the private passfile skyseed gives them,
# which is gone when the sweep ends.
source "$(dirname "$0")/lib.sh"
db=t_secrets
role=t_secret_role
# A colon, a backslash and a quote: each needs escaping in a passfile or a
# conninfo, so a mistake there shows as a failed login.
pw="Pw-$$-s3:cr\\et'x"
sql_pw="${pw//\'/\'\'}"                                  # SQL literal: ' doubled
conn_pw="$(sed -e 's/[\\'"'"']/\\&/g' <<<"$pw")"  # conninfo: \ and ' escaped
out="$(mktemp -d)"
hba="$dir/pg_hba.conf"
cp "$hba" "$out/pg_hba.conf.orig"
restore() {
  cat "$out/pg_hba.conf.orig" >"$hba"  # keeps the file's owner
  sql skyseed "SELECT pg_reload_conf()" >/dev/null
  rm -rf "$out"
}
trap restore EXIT
fresh_db "$db"
sql skyseed "DROP ROLE IF EXISTS $role" >/dev/null
sql skyseed "CREATE ROLE $role LOGIN SUPERUSER PASSWORD '$sql_pw'" >/dev/null
{ echo "local all $role scram-sha-256"; cat "$out/pg_hba.conf.orig"; } >"$hba"
sql skyseed "SELECT pg_reload_conf()" >/dev/null
sleep 0.5
without_pw="host=$dir port=5432 user=$role dbname=$db"
with_pw="$without_pw password='$conn_pw'"
check "the role cannot log in without its password" \
  bash -c '! PGPASSFILE=/dev/null psql -X -w "$1" -c "SELECT 1" >/dev/null 2>&1' _ "$without_pw"
check "and can with it" bash -c 'psql -X -w "$1" -c "SELECT 1" >/dev/null 2>&1' _ "$with_pw"

# A short sweep; every child's argv (and environment) read while it runs.
mkdir "$out/tmp"
TMPDIR="$out/tmp" "$bin" sweep --tier ci --clients 1 --duration 2 --reps 1 --warmup 0 \
  --db "$with_pw" --out "$out/s" >"$out/sweep.out" 2>&1 &
pid=$!
seen="" leaks=""
while kill -0 "$pid" 2>/dev/null; do
  for child in $(pgrep -P "$pid"); do
    args="$(tr '\0' ' ' 2>/dev/null <"/proc/$child/cmdline")"
    [ -n "$args" ] || continue
    seen="$seen ${args%% *}"
    grep -qF -- "$pw" <<<"$args" && leaks="$leaks [argv: $args]"
    grep -qaF -- "$pw" "/proc/$child/environ" 2>/dev/null && leaks="$leaks [environ of ${args%% *}]"
  done
  sleep 0.01
done
wait "$pid"; rc=$?
check "the sweep with a password completes (exit $rc)" test "$rc" = 0 || tail -3 "$out/sweep.out"
check "pgbench was seen running" grep -qw pgbench <<<"$seen"
check "psql was seen running" grep -qw psql <<<"$seen"
check "no child had the password in its argv or environment:$leaks" test -z "$leaks"
check "the sweep recorded its window" test "$(sql "$db" "SELECT count(*) FROM skyseed.sweep_window")" = 1
check "the private passfile folder is removed" test -z "$(ls -A "$out/tmp")"
check "no output file holds the password" test -z "$(grep -rlF -- "$pw" "$out/s" "$out/sweep.out")"
check "nor does status" bash -c '! "$1" status --db "$2" 2>&1 | grep -qF -- "$3"' _ "$bin" "$with_pw" "$pw"
check "nor status --json" \
  bash -c '! "$1" status --json --db "$2" 2>&1 | grep -qF -- "$3"' _ "$bin" "$with_pw" "$pw"

# kill -9 leaves its passfile folder (no destructor runs); the next sweep
# removes it, as it would any folder of a process that no longer exists.
TMPDIR="$out/tmp" "$bin" sweep --tier ci --clients 1 --duration 30 --reps 1 --warmup 0 \
  --db "$with_pw" --out "$out/k" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do [ -n "$(ls -A "$out/tmp")" ] && break; sleep 0.05; done
kill -9 "$pid"; wait "$pid" 2>/dev/null
pkill -9 -f "pgbench.*$db" 2>/dev/null
check "kill -9 left the passfile folder behind" test -n "$(ls -A "$out/tmp")"
TMPDIR="$out/tmp" "$bin" sweep --tier ci --clients 1 --duration 1 --reps 1 --warmup 0 \
  --db "$with_pw" --out "$out/s2" >/dev/null 2>&1
check "the next sweep removed it, and its own" test -z "$(ls -A "$out/tmp")"

# Error lines that echo the conninfo.
for bad in "postgresql://$role:$pw@[::1" "host=$dir port=5432 user=$role dbname=t_nowhere password='$conn_pw'" \
  "postgresql://$role:$pw@/t_nowhere?host=$dir" "host=$dir user=$role password='$conn_pw" \
  "password='$conn_pw' host=$dir port=abc"; do
  "$bin" grow --tier ci --db "$bad" >/dev/null 2>"$out/err"; rc=$?
  check "grow --db <${bad:0:14}...> fails (exit $rc) in one line" \
    test "$rc" != 0 -a "$(wc -l <"$out/err")" = 1
  check "without the password: $(head -c 200 "$out/err")" bash -c '! grep -qF -- "$1" "$2"' _ "$pw" "$out/err"
done
# An sslpassword cannot go into a passfile: sweep refuses it before --out.
"$bin" sweep --tier ci --db "$without_pw sslpassword='$conn_pw'" --out "$out/ssl" >/dev/null 2>"$out/err"
rc=$?
check "sweep with an sslpassword: exit 2 ($rc), --out not made" test "$rc" = 2 -a ! -e "$out/ssl"
check "and the line does not hold it" bash -c '! grep -qF -- "$1" "$2"' _ "$pw" "$out/err"
sql skyseed "DROP DATABASE $db WITH (FORCE)" >/dev/null
sql skyseed "DROP ROLE $role" >/dev/null
finish
