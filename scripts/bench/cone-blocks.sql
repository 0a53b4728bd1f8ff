-- Blocks a cone search touches against the rows it returns: EXPLAIN
-- (ANALYZE, BUFFERS) of :cones cones of :radius degrees, each centred on a
-- stored source (a repeatable block sample), on the position GiST.
-- Prints one line: cones, mean rows, mean shared blocks (hit + read), mean
-- blocks read, blocks per row. Usage (psql variables):
--   psql -X -At -v cones=200 -v radius=0.5 -f scripts/bench/cone-blocks.sql "$DB"
-- Reads only; creates a temporary function.
\set ON_ERROR_STOP 1
SET search_path = skyseed_corpus, public;
\ir plan-buffers.sql
WITH centres AS (
  SELECT ra, dec FROM skyseed_corpus.gaia_source
    TABLESAMPLE SYSTEM ((:cones * 400.0 * 100) / greatest(1, (SELECT reltuples FROM pg_class
      WHERE oid = 'skyseed_corpus.gaia_source'::regclass))) REPEATABLE (42)
  ORDER BY hashint8(source_id) LIMIT :cones
), measured AS (
  SELECT m.* FROM centres c, LATERAL pg_temp.buffers(
    'SELECT * FROM skyseed_corpus.gaia_source WHERE spoint(radians(ra), radians(dec)) '
    '<@ scircle(spoint(radians($1), radians($2)), radians($3))', c.ra, c.dec, :radius) m
)
SELECT format('cones=%s rows_per_cone=%s blocks_per_cone=%s read_per_cone=%s blocks_per_row=%s',
              count(*), round(avg(rows_returned), 1), round(avg(blocks), 1),
              round(avg(blocks_read), 1), round(avg(blocks) / nullif(avg(rows_returned), 0), 3))
FROM measured;
