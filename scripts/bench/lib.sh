# Sourced by the benchmark scripts: builds skyseed, copies the binary into
# the work directory (a rebuild during a long run cannot swap it), starts
# the embedded cluster in "$work/data" and defines the helpers every
# benchmark uses. Expects $work; sets $bin.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
scripts/build.sh >/dev/null
mkdir -p "$work"
chmod 755 "$work"  # the server (postgres) reads COPY files and sockets here
cp build/app/skyseed "$work/skyseed"
bin="$work/skyseed"
server() { "$bin" server "$1" --data-dir "$work/data" >/dev/null; }  # server start|stop
server start
conn() { echo "host=$work/data port=5432 user=postgres dbname=$1"; }
sql() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$(conn "$1")" -c "$2"; }

# apply_settings "NAME=VALUE ...": the embedded cluster in "$work/data" runs
# with exactly these settings beside its own (ALTER SYSTEM, after RESET ALL,
# then a restart); "" returns it to its own.
apply_settings() {
  local kv
  sql postgres "ALTER SYSTEM RESET ALL" >/dev/null
  for kv in $1; do
    sql postgres "ALTER SYSTEM SET ${kv%%=*} = '${kv#*=}'" >/dev/null
  done
  server stop
  server start
}
