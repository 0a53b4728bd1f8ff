# Helpers for the tests against the real PostgreSQL + pg_sphere cluster that
# the ctest fixture started in $SKYSEED_TEST_DATA_DIR.
set -u  # no -e: the tests look at exit codes themselves
bin="$1"
dir="$SKYSEED_TEST_DATA_DIR"
failures=0
# Every index skyseed declares (the DDL it prints), and how many a database holds.
corpus_indexes="$("$bin" schema | grep -cE '^(CREATE INDEX|ALTER TABLE .* PRIMARY KEY)')"
INDEX_COUNT_SQL="SELECT count(*) FROM pg_indexes WHERE schemaname = 'skyseed_corpus'"

# The embedded cluster's conninfo for database DB, in DIR (default the
# fixture's $dir), as cluster/cluster_settings.h's EmbeddedConninfo makes it.
conninfo() { echo "host=${2:-$dir} port=5432 user=postgres dbname=$1"; }  # conninfo DB [DIR]
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$(conninfo "$1")" -c "$2"; }
fresh_db() {  # fresh_db NAME: an empty database with nothing in it
  sql skyseed "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)" >/dev/null
  sql skyseed "CREATE DATABASE \"$1\"" >/dev/null
}
# ci_db NAME [3000]: a copy of tier ci as the fixture grew it (default
# chunks, or 3000-row ones), for tests whose subject comes after the grow.
ci_db() {
  sql skyseed "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)" >/dev/null
  sql skyseed "CREATE DATABASE \"$1\" TEMPLATE skyseed_template_ci${2:+_$2}" >/dev/null
}
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else fail "$what"; fi
}
verifies() { "$bin" verify --db "$(conninfo "$1")" >/dev/null; }  # verifies DB
tier_digest() { sql "$1" "SELECT corpus_digest FROM skyseed.tier WHERE tier = '$2'"; }
wait_for() {  # wait_for DB SQL: until the query prints t (at most ~60 s)
  for _ in $(seq 600); do
    [ "$(sql "$1" "$2" 2>/dev/null)" = t ] && return 0
    sleep 0.1
  done
  return 1
}
wait_stopped() {  # wait_stopped PID: until the process is stopped (at most ~60 s)
  for _ in $(seq 600); do
    case "$(ps -o stat= -p "$1" 2>/dev/null)" in T*) return 0 ;; "") return 1 ;; esac
    sleep 0.1
  done
  return 1
}
# grow_stopped POINT:N DB ARGS...: a grow in the background, stopped by
# SIGSTOP at that fault point (see common/fault_point.h); sets $pid. The
# caller acts on the server, then resumes it with kill -CONT "$pid".
grow_stopped() {
  local at="$1" db="$2"; shift 2
  SKYSEED_STOP_AT="$at" "$bin" grow --db "$(conninfo "$db")" "$@" &
  pid=$!
  wait_stopped "$pid" || fail "grow did not reach $at"
}
finish() {
  if [ "$failures" -ne 0 ]; then echo "$failures failed"; exit 1; fi
  echo "all passed"
}
