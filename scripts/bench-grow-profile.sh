#!/usr/bin/env bash
# Where a growth step's CPU goes, per million rows added: one `skyseed grow`
# step (FROM -> TO in one database) with every CPU of the host sampled by
# Debian's linux-perf (cpu-clock, 99 Hz, self time), each sample classed by
# process (skyseed's generator, a COPY backend, the WAL writer, the
# checkpointer, kernel threads, anything else) and, inside PostgreSQL's
# backends, by function (COPY parse, heap insert, GiST insertion and
# pg_sphere's key functions, btree/q3c insertion, WAL record assembly and
# compression, buffer management, kernel I/O). Beside it the server's own
# counters over the step: WAL bytes, records and full-page images
# (pg_stat_wal), checkpoints (pg_stat_bgwriter), blocks read and the time
# spent waiting on them (pg_stat_database, track_io_timing), per row.
#   scripts/bench-grow-profile.sh TO [FROM] [WORKDIR]
#   (FROM: grown first, unprofiled, when the database is not there yet;
#    empty = from empty; default WORKDIR /var/tmp/skyseed-profile)
# Ends with
#   profile step=<FROM>-><TO> rows_added=<n> busy_s_per_mrow=<s> wal_bytes_per_row=<n>
#     fpi_per_krow=<n> read_wait_s_per_mrow=<s> checkpoints=<n>
set -euo pipefail
to="${1:?usage: scripts/bench-grow-profile.sh TO [FROM] [WORKDIR]}"
from="${2:-}"
work="${3:-/var/tmp/skyseed-profile}"
source "$(dirname "$0")/bench/profile.sh"
source "$(dirname "$0")/bench/lib.sh"
db=profile
data="$work/data"

if [ -n "$from" ]; then
  echo "== growing $from first (not profiled)"
  "$bin" grow --tier "$from" --data-dir "$data" --database "$db" 2>&1 | grep -E "reached|skyseed:" || true
else
  sql postgres "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
fi

profile_grow "$to" "${from:-empty}"
