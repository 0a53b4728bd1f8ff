#!/usr/bin/env bash
# The reference approach (server-side INSERT ... SELECT over generate_series,
# SQL-hashed values, ON CONFLICT DO NOTHING, indexes set aside and rebuilt),
# timed on an empty database, for comparison with `skyseed grow`.
#   scripts/bench/run-reference.sh CONNINFO OBSCORE_ROWS SOURCE_ROWS [SEED]
# Creates the tables from `skyseed schema` without its CREATE INDEX / ALTER
# TABLE lines, runs reference-generator.sql, and ends with one line
#   reference load=<s> indexes=<s> vacuum=<s> total=<s>
# load: primary keys + the INSERT batches (so it includes the primary keys'
# maintenance); indexes: the secondary btree/GiST builds; vacuum: VACUUM
# (ANALYZE) of both tables; total: schema creation to the end.
# Environment: SKYSEED (default build/app/skyseed), BATCH (rows per INSERT,
# default 1000000), MWM (maintenance_work_mem, default 512MB as skyseed grow).
set -euo pipefail

if [[ $# -lt 3 || $# -gt 4 ]]; then
  echo "usage: $0 CONNINFO OBSCORE_ROWS SOURCE_ROWS [SEED]" >&2
  exit 2
fi
conninfo=$1 obscore_rows=$2 source_rows=$3 seed=${4:-42}
for n in "$obscore_rows" "$source_rows" "$seed"; do
  if ! [[ $n =~ ^[0-9]+$ ]]; then
    echo "$0: not a non-negative integer: $n" >&2
    exit 2
  fi
done
if (( obscore_rows < 1 || source_rows < 1 )); then
  echo "$0: row counts must be at least 1" >&2
  exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
skyseed=${SKYSEED:-$here/../../build/app/skyseed}
sql=$here/reference-generator.sql
batch=${BATCH:-1000000}
mwm=${MWM:-512MB}

schema=$("$skyseed" schema)
# The generator builds the same indexes as `skyseed schema`; say so if they drift.
if ! diff <(grep '^CREATE INDEX' <<<"$schema") <(grep '^CREATE INDEX' "$sql") >/dev/null; then
  echo "$0: warning: CREATE INDEX lines of reference-generator.sql differ from skyseed schema" >&2
fi

psql_run() { psql "$conninfo" -X -q -v ON_ERROR_STOP=1 "$@"; }

out=$(mktemp)
trap 'rm -f "$out"' EXIT

t0=$(date +%s.%N)
grep -v -e '^CREATE INDEX' -e '^ALTER TABLE' <<<"$schema" | psql_run -f -
psql_run -v seed="$seed" -v obscore_rows="$obscore_rows" -v source_rows="$source_rows" \
  -v batch="$batch" -v mwm="$mwm" -f "$sql" | tee "$out"
t1=$(date +%s.%N)

awk -v t0="$t0" -v t1="$t1" '
  $1 == "@phase" { t[$2] = $3 }
  END {
    if (!("load" in t) || !("indexes" in t) || !("vacuum" in t) || !("end" in t)) {
      print "run-reference.sh: phase markers missing" > "/dev/stderr"; exit 1
    }
    printf "reference load=%.3f indexes=%.3f vacuum=%.3f total=%.3f\n",
      t["indexes"] - t["load"], t["vacuum"] - t["indexes"], t["end"] - t["vacuum"], t1 - t0
  }' "$out"
