#!/usr/bin/env bash
# What pg_sphere's polygon GiST key function costs, measured from outside on
# a grown corpus (a tier's ObsCore footprints; S: 100,000 polygons):
#  (a) reading every footprint and counting its vertices (the floor);
#  (b) the six axis-point containment tests spherepoly_gen_key needs, once
#      per polygon (SQL spoly @> spoint, six per row);
#  (c) a GiST build over the same footprints (CREATE INDEX on a copy).
# spherepoly_gen_key runs (b)'s six tests inside its per-edge loop, n times
# for an n-vertex polygon; the script prints what moving them after the
# loop would save per polygon, and that as a share of (c).
#   scripts/bench/pgsphere-key.sh CONNINFO [ROWS]   (the first ROWS footprints,
#   default 100000: tier S's)
set -euo pipefail
conn="$1"
rows="${2:-100000}"
psql -X -q -t -A -v ON_ERROR_STOP=1 -v rows="$rows" "$conn" <<'SQL'
SET max_parallel_workers_per_gather = 0;
SET maintenance_work_mem = '512MB';
CREATE TEMP TABLE footprints AS
  SELECT s_region FROM skyseed_corpus.obscore ORDER BY obs_pk LIMIT :rows;
CREATE TEMP TABLE timing (what text, ms numeric);
CREATE FUNCTION pg_temp.ms(t0 timestamptz) RETURNS numeric LANGUAGE sql AS
  $$ SELECT extract(epoch FROM clock_timestamp() - t0) * 1000 $$;
DO $$
DECLARE t0 timestamptz; n bigint; k bigint;
BEGIN
  FOR rep IN 1..3 LOOP
    t0 := clock_timestamp();
    SELECT sum(npoints(s_region)) INTO n FROM footprints;
    INSERT INTO timing VALUES ('a', pg_temp.ms(t0));
    t0 := clock_timestamp();
    SELECT sum((s_region @> spoint(0, pi() / 2))::int + (s_region @> spoint(0, -pi() / 2))::int
             + (s_region @> spoint(0, 0))::int + (s_region @> spoint(pi(), 0))::int
             + (s_region @> spoint(pi() / 2, 0))::int + (s_region @> spoint(3 * pi() / 2, 0))::int)
      INTO k FROM footprints;
    INSERT INTO timing VALUES ('b', pg_temp.ms(t0));
    t0 := clock_timestamp();
    CREATE INDEX footprints_gist ON footprints USING gist (s_region);
    INSERT INTO timing VALUES ('c', pg_temp.ms(t0));
    DROP INDEX footprints_gist;
  END LOOP;
END $$;
WITH m AS (SELECT what, percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) ms FROM timing GROUP BY what),
     f AS (SELECT count(*) rows, avg(npoints(s_region))::numeric n FROM footprints),
     u AS (SELECT (SELECT ms FROM m WHERE what = 'a') * 1000 / rows a,
                  (SELECT ms FROM m WHERE what = 'b') * 1000 / rows b,
                  (SELECT ms FROM m WHERE what = 'c') * 1000 / rows c, n, rows FROM f)
SELECT format(E'polygons %s, mean vertices %s (medians of 3)\n'
              'read floor           %s us/polygon\n'
              'six containment tests %s us/polygon (net of the floor)\n'
              'GiST build           %s us/polygon\n'
              'key function runs the six tests n times: %s us/polygon; once would do: saves %s us/polygon = %s of the build',
              rows, round(n, 2), round(a, 2), round(b - a, 2), round(c, 2),
              round(n * (b - a), 1), round((n - 1) * (b - a), 1),
              round((n - 1) * (b - a) / c, 3)) FROM u;
SQL
