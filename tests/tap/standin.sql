-- Until skyseed grows the TAP-ready layout itself: turns a corpus grown in
-- the old layout (tables ivoa.obscore, gaia.gaia_source, s_region as text)
-- into that layout (schema skyseed_corpus, s_region a real spoly with its
-- literal as the last column, q3c and btree indexes, no ivoa/gaia schemas).
CREATE EXTENSION IF NOT EXISTS q3c;
CREATE SCHEMA skyseed_corpus;
DO $$
DECLARE cols text;
BEGIN
  SELECT string_agg(CASE WHEN column_name = 's_region' THEN 's_region::spoly AS s_region'
                    ELSE quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
    INTO cols FROM information_schema.columns
   WHERE table_schema = 'ivoa' AND table_name = 'obscore';
  EXECUTE 'CREATE TABLE skyseed_corpus.obscore AS SELECT ' || cols ||
          ', s_region AS s_region_literal FROM ivoa.obscore ORDER BY obs_pk';
END $$;
ALTER TABLE skyseed_corpus.obscore ADD CONSTRAINT obscore_pkey PRIMARY KEY (obs_pk);
CREATE INDEX obscore_obs_id_idx ON skyseed_corpus.obscore (obs_id);
CREATE INDEX obscore_s_region_idx ON skyseed_corpus.obscore USING gist (s_region);
CREATE INDEX obscore_s_point_idx ON skyseed_corpus.obscore
  USING gist (spoint(radians(s_ra), radians(s_dec)));
CREATE INDEX obscore_q3c_idx ON skyseed_corpus.obscore (q3c_ang2ipix(s_ra, s_dec));
CREATE INDEX obscore_obs_publisher_did_idx ON skyseed_corpus.obscore (obs_publisher_did);
CREATE INDEX obscore_t_min_idx ON skyseed_corpus.obscore (t_min);
CREATE INDEX obscore_t_max_idx ON skyseed_corpus.obscore (t_max);
CREATE INDEX obscore_em_min_idx ON skyseed_corpus.obscore (em_min);
CREATE INDEX obscore_em_max_idx ON skyseed_corpus.obscore (em_max);
CREATE TABLE skyseed_corpus.gaia_source AS SELECT * FROM gaia.gaia_source ORDER BY source_id;
ALTER TABLE skyseed_corpus.gaia_source ADD CONSTRAINT gaia_source_pkey PRIMARY KEY (source_id);
CREATE INDEX gaia_source_pos_idx ON skyseed_corpus.gaia_source
  USING gist (spoint(radians(ra), radians(dec)));
CREATE INDEX gaia_source_q3c_idx ON skyseed_corpus.gaia_source (q3c_ang2ipix(ra, dec));
DROP SCHEMA ivoa CASCADE;
DROP SCHEMA gaia CASCADE;
