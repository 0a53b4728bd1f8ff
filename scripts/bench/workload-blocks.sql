-- Blocks the workload's own cone and footprint queries touch, by EXPLAIN
-- (ANALYZE, BUFFERS) of the first :n cones of skyseed_workload.cone (the
-- pgbench parameters `skyseed workload`'s setup.sql loads, or a sweep
-- leaves): cone_source through the position GiST, footprint_obscore
-- through the footprint GiST. One line per class: queries, mean rows, mean
-- shared blocks (hit + read), mean blocks read, blocks per row.
--   psql -X -At -v n=200 -f scripts/bench/workload-blocks.sql "$DB"
-- Reads only; creates a temporary function.
\set ON_ERROR_STOP 1
\ir plan-buffers.sql
WITH classes (class, query) AS (VALUES
  ('cone_source', 'SELECT source_id, ra, dec, phot_g_mean_mag FROM skyseed_corpus.gaia_source '
                  'WHERE spoint(radians(ra), radians(dec)) <@ scircle(spoint(radians($1), radians($2)), radians($3))'),
  ('footprint_obscore', 'SELECT obs_id, s_ra, s_dec, s_region FROM skyseed_corpus.obscore '
                        'WHERE s_region && scircle(spoint(radians($1), radians($2)), radians($3))')
), measured AS (
  SELECT k.class, m.* FROM classes k,
    (SELECT * FROM skyseed_workload.cone ORDER BY i LIMIT :n) c,
    LATERAL pg_temp.buffers(k.query, c.ra, c.dec, c.radius) m
)
SELECT format('%s queries=%s rows=%s blocks=%s read=%s blocks_per_row=%s', class, count(*),
              round(avg(rows_returned), 1), round(avg(blocks), 1), round(avg(blocks_read), 1),
              round(avg(blocks) / nullif(avg(rows_returned), 0), 3))
FROM measured GROUP BY class ORDER BY class;
