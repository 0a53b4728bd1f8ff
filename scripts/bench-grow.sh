#!/usr/bin/env bash
# skyseed grow end to end, side by side in one invocation on one embedded
# cluster, against
#  - the floor: PostgreSQL alone ingesting the same corpus by server-side
#    COPY FROM files (written by skyseed generate) into the same schema, with
#    the same index builds (2 sessions in parallel) and VACUUM ANALYZE;
#  - the reference approach skyseed replaces (scripts/bench/run-reference.sh:
#    INSERT ... SELECT over generate_series, SQL-hashed values, ON CONFLICT DO
#    NOTHING, indexes set aside and rebuilt), same tables and row counts.
#   scripts/bench-grow.sh [TIER] [WORKDIR] [--no-reference]
#   (default: S /var/tmp/skyseed-bench; SKYSEED_BENCH_PG_STACK=debian13 runs
#   the cluster on that stack, scripts/bench/lib.sh)
set -euo pipefail
tier="${1:-S}"
work="${2:-/var/tmp/skyseed-bench}"
reference="${3:-yes}"
source "$(dirname "$0")/bench/lib.sh"
jobs="$(nproc)"
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }
fresh_db() { sql skyseed "DROP DATABASE IF EXISTS $1 WITH (FORCE)"; sql skyseed "CREATE DATABASE $1"; }

# A server chrooted into a stack's root sees only its data directory of the
# host's files: the floor's COPY files go there (outside every database's
# size), and are removed after the floor.
files="$work/files"
[ -z "${SKYSEED_BENCH_PG_STACK-}" ] || files="$work/data/skyseed-bench-files"
echo "== generating tier $tier as COPY files (not timed)"
rm -rf "$files"
"$bin" generate --tier "$tier" --out "$files" --chunk-rows 1000000 >/dev/null
for f in "$files"/*.zst; do zstd -q -d --rm "$f"; done
chmod -R a+rX "$files"

echo "== floor: server-side COPY FROM files + the same indexes + VACUUM ANALYZE"
fresh_db bench_floor
"$bin" schema | grep -v -E '^(CREATE INDEX|ALTER TABLE)' | psql -X -q -v ON_ERROR_STOP=1 "$(conn bench_floor)" >/dev/null
t0=$(now)
# The footprint table holds an spoly, which takes no binary COPY: its files go
# through a staging table and one INSERT ... SELECT casting the literal, as
# skyseed's own load does.
obs_cols="$(sql bench_floor "SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum)
  FROM pg_attribute WHERE attrelid = 'skyseed_corpus.obscore'::regclass AND attnum > 0
  AND NOT attisdropped AND attname <> 's_region_literal'")"
obs_select="${obs_cols/s_region,/s_region::spoly,}"
ls "$files"/*.pgcopy | xargs -P "$jobs" -I{} sh -c '
  f="{}"; table="$(basename "$f" | cut -d. -f2)"
  if [ "$table" = obscore ]; then
    psql -X -q -v ON_ERROR_STOP=1 "$0" <<SQL
CREATE TEMP TABLE stage (LIKE skyseed_corpus.obscore);
ALTER TABLE stage DROP COLUMN s_region_literal;
ALTER TABLE stage ALTER COLUMN s_region TYPE text USING NULL;
COPY stage FROM '"'"'$f'"'"' (FORMAT binary);
INSERT INTO skyseed_corpus.obscore ($1, s_region_literal) SELECT $2, s_region FROM stage;
SQL
  else
    psql -X -q -v ON_ERROR_STOP=1 "$0" -c "COPY skyseed_corpus.$table FROM '"'"'$f'"'"' (FORMAT binary)"
  fi' "$(conn bench_floor)" "$obs_cols" "$obs_select"
t1=$(now)
"$bin" schema | grep -E '^(CREATE INDEX|ALTER TABLE)' >"$work/indexes.sql"
# The longest build (the polygon GiST) on one session, the rest on the other.
{ grep -E 'obscore_pkey|s_region_idx' "$work/indexes.sql"; } >"$work/idx1.sql"
{ grep -v -E 'obscore_pkey|s_region_idx' "$work/indexes.sql"; } >"$work/idx2.sql"
for part in idx1 idx2; do
  (echo "SET maintenance_work_mem = '512MB';"; cat "$work/$part.sql") |
    psql -X -q -v ON_ERROR_STOP=1 "$(conn bench_floor)" >/dev/null &
done
wait
t2=$(now)
sql bench_floor "VACUUM (ANALYZE) skyseed_corpus.obscore" & sql bench_floor "VACUUM (ANALYZE) skyseed_corpus.gaia_source" & wait
t3=$(now)
floor_load=$(calc "$t1 - $t0"); floor_idx=$(calc "$t2 - $t1"); floor_vac=$(calc "$t3 - $t2")
floor_total=$(calc "$t3 - $t0")
[ "$files" = "$work/files" ] || rm -rf "$files"

echo "== skyseed grow --tier $tier (end to end: generate, COPY, ledger, indexes, VACUUM, record)"
fresh_db bench_skyseed
t0=$(now)
/usr/bin/time -f "maxrss=%M" "$bin" grow --tier "$tier" --db "$(conn bench_skyseed)" --jobs "$jobs" 2>"$work/grow.err"
t1=$(now)
sky_total=$(calc "$t1 - $t0")
phases="$("$bin" status --json --db "$(conn bench_skyseed)" | python3 -c '
import json, sys
t = json.load(sys.stdin)["tiers"][-1]
p = t["phases"]
print("load %.1fs, indexes %.1fs, vacuum %.1fs; size %.1f MiB; per index: %s" % (
    p["load"], p["indexes"], p["vacuum"], t["database_size"] / 1048576,
    ", ".join("%s %.1fs" % (k[6:], v) for k, v in sorted(p.items()) if k.startswith("index "))))')"
size_floor=$(sql bench_floor "SELECT pg_database_size(current_database())")
peak_rss=$(grep -o "maxrss=[0-9]*" "$work/grow.err" | cut -d= -f2 || true)

ref_line=""
if [ "$reference" != "--no-reference" ]; then
  echo "== reference: INSERT ... SELECT generate_series, hashed values, ON CONFLICT DO NOTHING"
  read -r n_obs n_src <<<"$("$bin" hash --tier "$tier" | awk -F'rows=| ' '/^ivoa/ {o=$3} /^gaia/ {s=$3} END {print o, s}')"
  fresh_db bench_reference
  ref_line="$(SKYSEED="$bin" scripts/bench/run-reference.sh "$(conn bench_reference)" "$n_obs" "$n_src" | tail -1)"
fi
echo
printf 'floor    %7.1fs  (COPY FROM files %.1fs, indexes %.1fs, vacuum %.1fs; size %.1f MiB)\n' \
  "$floor_total" "$floor_load" "$floor_idx" "$floor_vac" "$(calc "$size_floor / 1048576")"
printf 'skyseed  %7.1fs  (%s; peak RSS %s MiB)\n' "$sky_total" "$phases" "$(calc "${peak_rss:-0} / 1024")"
if [ -n "$ref_line" ]; then
  echo "$ref_line"
  ref_total=$(sed -E 's/.*total=([0-9.]+).*/\1/' <<<"$ref_line")
  ref_load=$(sed -E 's/.*load=([0-9.]+).*/\1/' <<<"$ref_line")
  sky_load=$("$bin" status --json --db "$(conn bench_skyseed)" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tiers"][-1]["phases"]["load"])')
  printf 'load phase: skyseed %.1fs vs reference %.1fs = %.1fx\n' "$sky_load" "$ref_load" "$(calc "$ref_load / $sky_load")"
  printf 'ratio floor=%.2f reference=%.2f tier=%s\n' "$(calc "$sky_total / $floor_total")" \
    "$(calc "$ref_total / $sky_total")" "$tier"
else
  printf 'ratio floor=%.2f tier=%s\n' "$(calc "$sky_total / $floor_total")" "$tier"
fi
