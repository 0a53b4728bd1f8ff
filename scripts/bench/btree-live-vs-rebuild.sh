#!/usr/bin/env bash
# What a growth step pays for a btree kept live against one set aside and
# rebuilt: ROWS random bigint keys (the shape of source_id and the q3c
# index) are loaded and indexed, a checkpoint is taken (a step starts after
# the previous tier's), then ROWS/8 more rows are inserted (a) with the
# btree live and (b) into the same table without it, then (c) the btree is
# built over all rows. Prints microseconds per row for live insertion
# (a - b) and for the sorted build (c), and their ratio, which
# indexes/index_strategy.cc's kLiveInsertOverRebuild rounds. Three rounds,
# in a schema bench_btree the script creates and drops.
#   scripts/bench/btree-live-vs-rebuild.sh CONNINFO [ROWS]   (default 8000000)
set -euo pipefail
conn="$1"
rows="${2:-8000000}"
psql -X -q -t -A -v ON_ERROR_STOP=1 -v rows="$rows" "$conn" <<'SQL'
SET client_min_messages = warning;
SET max_parallel_maintenance_workers = 0;
SET maintenance_work_mem = '1GB';
CREATE SCHEMA bench_btree;  -- logged tables: live insertion writes WAL, as a load does
CREATE TEMP TABLE timing (what text, us_per_row numeric);
CREATE FUNCTION pg_temp.ms(t0 timestamptz) RETURNS numeric LANGUAGE sql AS
  $$ SELECT extract(epoch FROM clock_timestamp() - t0) * 1000 $$;
CREATE TABLE bench_btree.base AS
  SELECT (random() * 9e18)::bigint AS id, random() AS a, random() AS b
  FROM generate_series(1, :rows);
CREATE TABLE bench_btree.step AS
  SELECT (random() * 9e18)::bigint AS id, random() AS a, random() AS b
  FROM generate_series(1, :rows / 8);
DO $$
DECLARE t0 timestamptz; live_ms numeric; bare_ms numeric; n bigint; added bigint;
BEGIN
  SELECT count(*) INTO n FROM bench_btree.base;
  SELECT count(*) INTO added FROM bench_btree.step;
  FOR rep IN 1..3 LOOP
    CREATE TABLE bench_btree.t AS SELECT * FROM bench_btree.base;
    CREATE INDEX ON bench_btree.t (id);
    CHECKPOINT;
    t0 := clock_timestamp();
    INSERT INTO bench_btree.t SELECT * FROM bench_btree.step;
    live_ms := pg_temp.ms(t0);
    DROP TABLE bench_btree.t;
    CREATE TABLE bench_btree.t AS SELECT * FROM bench_btree.base;
    CHECKPOINT;
    t0 := clock_timestamp();
    INSERT INTO bench_btree.t SELECT * FROM bench_btree.step;
    bare_ms := pg_temp.ms(t0);
    t0 := clock_timestamp();
    CREATE INDEX ON bench_btree.t (id);
    INSERT INTO timing VALUES ('rebuild', pg_temp.ms(t0) * 1000 / (n + added));
    INSERT INTO timing VALUES ('live', (live_ms - bare_ms) * 1000 / added);
    DROP TABLE bench_btree.t;
  END LOOP;
END $$;
SELECT format('rows %s + %s added', (SELECT count(*) FROM bench_btree.base), (SELECT count(*) FROM bench_btree.step));
SELECT format('%-8s us/row per round: %s', what, string_agg(round(us_per_row, 2)::text, ', '))
  FROM timing GROUP BY what ORDER BY what;
SELECT format('live insertion / rebuild, per row (median rounds): %s',
  round((SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY us_per_row) FROM timing WHERE what = 'live')
      / (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY us_per_row) FROM timing WHERE what = 'rebuild'), 1));
DROP SCHEMA bench_btree CASCADE;
SQL
