-- The statistics of a grown sky that independent draws fix (issue 51):
--  - rows per cone: :cones cones of :radius deg at random centres (uniform on
--    the sphere, setseed 0.51): p50, p95, p99 and the variance of the counts;
--  - counts-in-cells dispersion at HEALPix order 7, mean (O - E)^2 / E over
--    every order-7 cell, E its order-4 parent's count / 64 (the order-7 cell
--    from source_id, whose high bits are the level-12 NESTED pixel);
--  - pairs closer than 60 arcsec against the Poisson expectation from the
--    order-5 counts, sum n (n - 1) / 2 * cap / cell.
-- One line. Reads only. Usage (psql variables):
--   psql -X -At -v cones=1000 -v radius=0.5 -f scripts/bench/sky-statistics.sql "$DB"
\set ON_ERROR_STOP 1
SET search_path = skyseed_corpus, public;
SELECT setseed(0.51);
CREATE TEMP TABLE centres AS
  SELECT 360 * random() AS ra, degrees(asin(2 * random() - 1)) AS dec
  FROM generate_series(1, :cones);
CREATE TEMP TABLE cone_rows AS
  SELECT (SELECT count(*) FROM skyseed_corpus.gaia_source
          WHERE spoint(radians(ra), radians(dec))
                <@ scircle(spoint(radians(c.ra), radians(c.dec)), radians(:radius))) AS n
  FROM centres c;
WITH c7 AS (SELECT source_id >> 45 AS p7, count(*) AS n FROM skyseed_corpus.gaia_source GROUP BY 1),
c4 AS (SELECT p7 >> 6 AS p4, sum(n) AS n FROM c7 GROUP BY 1),
dispersion AS (
  SELECT avg((coalesce(c7.n, 0) - c4.n / 64.0) ^ 2 / (c4.n / 64.0)) AS d
  FROM generate_series(0, 196607) g(p7) LEFT JOIN c7 USING (p7) JOIN c4 ON c4.p4 = g.p7 >> 6
),
c5 AS (SELECT source_id >> 49 AS p5, count(*)::float8 AS n FROM skyseed_corpus.gaia_source GROUP BY 1),
expected_pairs AS (
  SELECT sum(n * (n - 1) / 2) * (2 * pi() * (1 - cos(radians(60 / 3600.0)))) / (4 * pi() / 12288) AS e
  FROM c5
),
pairs AS (
  SELECT count(*) AS n FROM skyseed_corpus.gaia_source a JOIN skyseed_corpus.gaia_source b
    ON spoint(radians(b.ra), radians(b.dec))
       <@ scircle(spoint(radians(a.ra), radians(a.dec)), radians(60 / 3600.0))
   AND a.source_id < b.source_id
)
SELECT format('cones=%s radius=%s cone_rows_p50=%s cone_rows_p95=%s cone_rows_p99=%s '
              'cone_rows_var=%s dispersion_o7=%s pairs_60as=%s pairs_60as_expected=%s pairs_60as_ratio=%s',
              (SELECT count(*) FROM cone_rows), :radius,
              (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM cone_rows),
              (SELECT percentile_disc(0.95) WITHIN GROUP (ORDER BY n) FROM cone_rows),
              (SELECT percentile_disc(0.99) WITHIN GROUP (ORDER BY n) FROM cone_rows),
              (SELECT round(var_samp(n), 2) FROM cone_rows),
              (SELECT round(d, 3) FROM dispersion), (SELECT n FROM pairs),
              (SELECT round(e::numeric, 0) FROM expected_pairs),
              (SELECT round(((SELECT n FROM pairs) / e)::numeric, 3) FROM expected_pairs));
