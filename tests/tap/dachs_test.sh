#!/usr/bin/env bash
# The corpus published through GAVO DaCHS and queried over TAP with pyvo:
# an embedded cluster of its own grows tier ci without the standard-name
# views (DaCHS owns ivoa.obscore), `skyseed dachs-rd` writes the RD, DaCHS
# (config and state in a temp dir, loopback port) imports its metadata and
# serves it; tap_queries.py checks every answer against an independent
# computation and every plan for its index. Then DaCHS is stopped and
# everything of it removed (roles, schemas, files), and the corpus must be
# as it was: same schema dump, rows, privileges, and `skyseed verify` passes.
#   dachs_test.sh SKYSEED_BINARY        (KEEP=1 leaves the temp dir)
# Needs scripts/install-tap-deps.sh; runs as root or as a user who can run
# the embedded cluster and DaCHS.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
source "$(dirname "$0")/lib.sh"  # suite_prefix; its counters are redefined below
here="$(cd "$(dirname "$0")" && pwd)"
passed=0
failed=0
t0=$(date +%s.%N)

ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
logged() { local log="$1"; shift; "$@" >>"$log" 2>&1; }  # logged FILE COMMAND...
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}
step() { printf -- '-- [%5.1f s] %s\n' "$(echo "$(date +%s.%N) - $t0" | bc)" "$*"; }
finish() {
  step "done"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}

for p in gavodachs2-server python3-pyvo python3-astropy postgresql-15-q3c curl; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    fail "package $p is missing: run scripts/install-tap-deps.sh"
    finish
  fi
done

work="$(mktemp -d "$(suite_prefix "$bin")tap.XXXXXX")"
chmod 755 "$work"  # the embedded server may run as user postgres
pgdir="$work/pg"
conn="$(conn skyseed)"
pglog="$pgdir/server.log"
dachs_root="$work/dachs"
schema=skyseed_corpus
export GAVOSETTINGS="$work/gavo.rc" GAVOCUSTOM="$work/no-gavorc" PYTHONWARNINGS=ignore
roles=(gavoadmin gavo untrusted)  # DaCHS's feed, trustedquery, untrustedquery
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$conn" -c "$1"; }
dachs_pid() { cat "$dachs_root/state/web.pid" 2>/dev/null; }
stop_dachs() {
  local pid
  pid="$(dachs_pid)"
  [ -n "$pid" ] || return 0
  dachs serve stop >/dev/null 2>&1 || kill "$pid" 2>/dev/null
  for _ in $(seq 100); do [ -e "/proc/$pid" ] || return 0; sleep 0.1; done  # stop returns early
  return 1
}
cleanup() {
  stop_dachs
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# ------------------------------------------------------------------ corpus
step "embedded cluster in $pgdir, grow tier ci"
check "skyseed server start" "$bin" server start --data-dir "$pgdir" >/dev/null
check "skyseed grow --tier ci --standard-names none" \
  logged "$work/grow.log" "$bin" grow --tier ci --standard-names none --data-dir "$pgdir"
check "no ivoa or gaia schema (DaCHS mode)" \
  test "$(sql "SELECT count(*) FROM pg_namespace WHERE nspname IN ('ivoa', 'gaia')")" = 0

# What must survive DaCHS unchanged: the schema (pg_dump -s), the roles, the
# rows and the tables' privileges. The TAP sweep below adds only its own
# records (skyseed.sweep_*, the pgbench parameters).
state() {
  pg_dump -s -N skyseed_workload -T 'skyseed.sweep_*' "$conn" | grep -v '^\\\(un\)\?restrict'
  pg_dumpall -g -d "$conn" | grep -v '^\\\(un\)\?restrict'
  sql "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY obs_pk)) FROM $schema.obscore t"
  sql "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY source_id)) FROM $schema.gaia_source t"
  # NULL and the owner's explicit default are the same privileges.
  sql "SELECT relname, relowner::regrole, coalesce(relacl, acldefault('r', relowner))
       FROM pg_class WHERE relnamespace = '$schema'::regnamespace ORDER BY relname"
  sql "SELECT nspowner::regrole, coalesce(nspacl, acldefault('n', nspowner))
       FROM pg_namespace WHERE nspname = '$schema'"
}
# The sweep creates pg_stat_statements (the embedded cluster preloads it).
sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
state >"$work/before.state"
counts="$(sql "SELECT (SELECT count(*) FROM $schema.obscore) || ' observations, ' ||
                      (SELECT count(*) FROM $schema.gaia_source) || ' sources'")"
step "corpus: $counts"

# ------------------------------------------------------------------ DaCHS
step "DaCHS: config under $work, dachs init"
port="$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat >"$GAVOSETTINGS" <<EOF
[general]
rootDir: $dachs_root
logLevel: info
[web]
bindAddress: 127.0.0.1
serverPort: $port
serverURL: http://127.0.0.1:$port
# empty: no setuid to "gavo" when started as root
user:
sitename: skyseed TAP test
[db]
profilePath: $dachs_root/etc
[ivoa]
authority: x-skyseed-test
EOF
# Profiles before `dachs init` (which keeps existing ones): DaCHS connects
# over the embedded cluster's unix socket, where trust authentication makes
# the passwords moot.
mkdir -p "$dachs_root/etc" "$dachs_root/inputs"
printf 'database = skyseed\nhost = %s\nport = 5432\n' "$pgdir" >"$dachs_root/etc/dsn"
for p in feed:gavoadmin trustedquery:gavo untrustedquery:untrusted; do
  printf 'include dsn\nuser = %s\npassword = %s\n' "${p#*:}" "$(head -c 12 /dev/urandom | base64)" \
    >"$dachs_root/etc/${p%%:*}"
done
check "dachs config rootDir is the temp dir" test "$(dachs config rootDir)" = "$dachs_root"
check "dachs init" logged "$work/dachs-init.log" \
  dachs init -d "$(conn skyseed)"
# Every statement of the query role in the server log: the SQL DaCHS sends.
sql "ALTER ROLE untrusted SET log_min_duration_statement = 0"

step "grants, skyseed dachs-rd, dachs imp"
# Read with grant option (DaCHS passes it on to its query roles), never more;
# the tier is reached already, so grow only grants.
check "skyseed grow --grant gavoadmin (read access for DaCHS's feed role)" logged \
  "$work/grow.log" "$bin" grow --tier ci --standard-names none --grant gavoadmin --data-dir "$pgdir"
check "gavoadmin may read and pass on read, and nothing else" test \
  "$(sql "SELECT string_agg(privilege_type || ':' || is_grantable, ',' ORDER BY table_name)
          FROM information_schema.role_table_grants
          WHERE grantee = 'gavoadmin' AND table_schema = '$schema'")" = "SELECT:YES,SELECT:YES"
rd="$dachs_root/inputs/skyseed/q.rd"
check "skyseed dachs-rd writes the RD" "$bin" dachs-rd --out "$rd" --schema "$schema" >/dev/null
for cmd in "imp //obscore" "imp -m skyseed/q" "imp //obscore create"; do
  # shellcheck disable=SC2086
  check "dachs $cmd" logged "$work/dachs-imp.log" dachs $cmd
done
dachs val skyseed/q >"$work/dachs-val.log" 2>&1
check "dachs val: the RD is valid ($(tr '\n' ' ' <"$work/dachs-val.log" | cut -c1-200))" \
  grep -q -- '-- OK' "$work/dachs-val.log"
# `dachs val -c` compares RD and table column by column, by position: the
# table's obs_pk (first) and s_region_literal (last) are skyseed's own and
# unpublished, so it reports drift by design. tap_queries.py checks instead
# that TAP_SCHEMA has exactly the table's columns but those two.
check "ivoa.obscore (DaCHS's view) holds the corpus's observations" \
  test "$(sql "SELECT count(*) FROM ivoa.obscore")" = "$(sql "SELECT count(*) FROM $schema.obscore")"

step "dachs serve start on 127.0.0.1:$port"
dachs serve start >"$work/dachs-serve.log" 2>&1
for _ in $(seq 200); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/tap/availability" && break
  sleep 0.1
done
if ! curl -sf "http://127.0.0.1:$port/tap/availability" | grep -q '<avl:available>true'; then
  fail "DaCHS is not available: $(tail -5 "$dachs_root"/logs/* 2>/dev/null | tr '\n' ' ')"
  finish
fi
ok "DaCHS serves TAP (pid $(dachs_pid))"

# ------------------------------------------------------------------ queries
step "pyvo queries"
TAP_URL="http://127.0.0.1:$port/tap" PGLOG="$pglog" PGCONN="$conn" QUERY_ROLE=untrusted \
  SCHEMA="$schema" OUT="$work/queries.json" \
  /usr/bin/python3 "$here/tap_queries.py" >"$work/queries.out" 2>&1
cat "$work/queries.out"
passed=$((passed + $(grep -c '^ok:' "$work/queries.out")))
failed=$((failed + $(grep -c '^FAIL:' "$work/queries.out")))
grep -q '^tap_queries: ' "$work/queries.out" || fail "tap_queries.py did not finish"

# ------------------------------------------------------------------ TAP sweep
step "skyseed sweep --target both --tap-url (this DaCHS), rows checked against brute force"
# Credentials in the URL (DaCHS serves public tables whatever they are):
# they reach the service, and nothing skyseed prints or keeps.
secret="Secret4pw$$"
# Every TAP class, so tap_sweep_check.py checks each one's answers.
"$bin" sweep --target both --tier ci --clients 1,2 --duration 2 --reps 1 --warmup 1 --keep-logs \
  --tap-mix tap_metadata=10,tap_lookup=30,tap_cone=25,tap_footprint=15,tap_stream_1000=15,aggregate_obscore=5 \
  --tap-url "http://reader:$secret@127.0.0.1:$port/tap" --tap-pid "$(dachs_pid)" --tap-ceiling 1 \
  --data-dir "$pgdir" --out "$work/sweep" >"$work/sweep.log" 2>&1
rc=$?
check "skyseed sweep --target both --tap-url (exit $rc: $(tail -1 "$work/sweep.log"))" test "$rc" = 0
check "the URL's password is in no file of the sweep, nor its output" \
  bash -c '! grep -rqF -- "$1" "$2" "$3"' _ "$secret" "$work/sweep" "$work/sweep.log"
check "nor in status, the database's records or the report" bash -c '
  ! { "$1" status --json --data-dir "$2"; "$1" report --data-dir "$2" --out "$3" >/dev/null;
      cat "$3"/*; psql -X -At "$4" -c "SELECT * FROM skyseed.sweep_setup; SELECT * FROM skyseed.sweep_tier; SELECT * FROM skyseed.sweep_window"
    } 2>&1 | grep -qF -- "$5"' _ "$bin" "$pgdir" "$work/report-secret" "$conn" "$secret"
check "the URL is shown with *** for its credentials" grep -qF "http://***@127.0.0.1:$port/tap" "$work/sweep.log"
printf 'SELECT TOP 1 obs_id FROM ivoa.obscore\n' >"$work/one.adql"
"$bin" tapbench --url "http://reader:$secret@127.0.0.1:$port/tap" --clients 1 --time 1 \
  --file "one=$work/one.adql@1" --log "$work/tapbench-secret.log" >"$work/tapbench-secret.out" 2>&1
rc=$?
check "tapbench with credentials in its URL (exit $rc) prints and logs no password" bash -c \
  'test "$1" = 0 && ! grep -qF -- "$2" "$3" "$4"' _ "$rc" "$secret" "$work/tapbench-secret.out" \
  "$work/tapbench-secret.log"
OUT="$work/sweep" TAP_URL="http://127.0.0.1:$port/tap" PGCONN="$conn" SCHEMA="$schema" \
  /usr/bin/python3 "$here/tap_sweep_check.py" >"$work/sweep-check.out" 2>&1
cat "$work/sweep-check.out"
passed=$((passed + $(grep -c '^ok:' "$work/sweep-check.out")))
failed=$((failed + $(grep -c '^FAIL:' "$work/sweep-check.out")))
grep -q '^tap_sweep_check: ' "$work/sweep-check.out" || fail "tap_sweep_check.py did not finish"

# metaOnly does not keep DaCHS off the tables (2.7 never reads it): a plain
# import of the RD sends CREATE INDEX, refused only because DaCHS's roles do
# not own them.
dachs imp -I skyseed/q >"$work/dachs-imp-plain.log" 2>&1
rc=$?
check "a plain dachs imp -I of the RD fails (exit $rc) on ownership" bash -c \
  'test "$1" != 0 && grep -q "must be owner" "$2"' _ "$rc" "$work/dachs-imp-plain.log"
check "and the corpus is unchanged" logged "$work/verify-after-imp.log" "$bin" verify --data-dir "$pgdir"

# ------------------------------------------------------------------ teardown
step "stop DaCHS, remove its roles, schemas and files"
check "dachs serve stop (process gone)" stop_dachs
check "DROP OWNED / DROP ROLE of DaCHS's roles" sql \
  "DROP OWNED BY ${roles[0]}, ${roles[1]}, ${roles[2]} CASCADE;
   DROP ROLE ${roles[0]}; DROP ROLE ${roles[1]}; DROP ROLE ${roles[2]}"
rm -rf "$dachs_root" "$GAVOSETTINGS"
state >"$work/after.state"
check "database as before DaCHS: schema dump, roles, rows, privileges" \
  diff -u "$work/before.state" "$work/after.state"
check "no DaCHS schema left" test "$(sql "SELECT count(*) FROM pg_namespace
  WHERE nspname IN ('dc', 'tap_schema', 'ivoa', 'uws')")" = 0
check "skyseed verify" logged "$work/verify.log" "$bin" verify --data-dir "$pgdir"
finish
