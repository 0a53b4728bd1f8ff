# Sourced by the benchmark scripts: builds skyseed, copies the binary into
# the work directory (a rebuild during a long run cannot swap it), starts
# the embedded cluster in "$work/data" and defines the helpers every
# benchmark uses. Expects $work; sets $bin. SKYSEED_BENCH_BINARY names a
# binary already built (another build directory) instead of building;
# SKYSEED_BENCH_PG_STACK names the stack a new cluster runs on (`--pg-stack`,
# e.g. debian13; docs/growing.md "Two generations of the stack").
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
[ -n "${SKYSEED_BENCH_BINARY-}" ] || scripts/build.sh >/dev/null
mkdir -p "$work"
chmod 755 "$work"  # the server (postgres) reads COPY files and sockets here
cp "${SKYSEED_BENCH_BINARY:-build/app/skyseed}" "$work/skyseed"
bin="$work/skyseed"
# server start|stop; a start runs the server inside the memory cgroup
# $server_cgroup when it is set (memory_cgroup below), and the postmaster's
# children inherit it.
server() {
  local stack=()
  if [ "$1" = start ] && [ -n "${SKYSEED_BENCH_PG_STACK-}" ]; then
    stack=(--pg-stack "$SKYSEED_BENCH_PG_STACK")
  fi
  if [ "$1" = start ] && [ -n "${server_cgroup-}" ]; then
    (echo "$BASHPID" > "$server_cgroup/cgroup.procs" &&
      exec "$bin" server start --data-dir "$work/data" "${stack[@]}" >/dev/null)
  else
    "$bin" server "$1" --data-dir "$work/data" "${stack[@]}" >/dev/null
  fi
}
# memory_cgroup NAME BYTES: a memory cgroup (v1 or v2) limited to BYTES,
# page cache included; prints its directory, or fails saying why (called in
# $(...), where set -e does not reach).
memory_cgroup() {
  local dir file
  if [ -d /sys/fs/cgroup/memory ]; then
    dir="/sys/fs/cgroup/memory/$1" file=memory.limit_in_bytes
    mkdir -p "$dir" || return 1
  elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    dir="/sys/fs/cgroup/$1" file=memory.max
    echo +memory > /sys/fs/cgroup/cgroup.subtree_control || return 1
    mkdir -p "$dir" || return 1
  else
    echo "no memory cgroup controller under /sys/fs/cgroup" >&2
    return 1
  fi
  echo "$2" > "$dir/$file" || return 1
  # The kernel rounds to pages: within one of what was asked.
  local set; set="$(cat "$dir/$file")"
  if [ $((set > $2 ? set - $2 : $2 - set)) -ge 4096 ]; then
    echo "$dir/$file holds $set, not $2" >&2
    return 1
  fi
  echo "$dir"
}
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

# restore_data SNAPSHOT: "$work/data" becomes a fresh copy of the stopped
# cluster SNAPSHOT, with the page cache dropped so that the run starts from
# disk (root only).
restore_data() {
  rm -rf "$work/data"
  cp -a "$1" "$work/data"
  sync && echo 3 > /proc/sys/vm/drop_caches
}

profile_counters() {  # one JSON object of the server's cumulative counters
  sql postgres "
    SELECT json_build_object(
      'wal_records', w.wal_records, 'wal_fpi', w.wal_fpi, 'wal_bytes', w.wal_bytes,
      'checkpoints', b.checkpoints_timed + b.checkpoints_req,
      'buffers_checkpoint', b.buffers_checkpoint, 'buffers_backend', b.buffers_backend,
      'blks_read', d.blks_read, 'blks_hit', d.blks_hit, 'blk_read_time_ms', d.blk_read_time,
      'blk_write_time_ms', d.blk_write_time)
    FROM pg_stat_wal w, pg_stat_bgwriter b,
      (SELECT sum(blks_read) blks_read, sum(blks_hit) blks_hit, sum(blk_read_time) blk_read_time,
              sum(blk_write_time) blk_write_time FROM pg_stat_database) d"
}
