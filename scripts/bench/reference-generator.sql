-- The reference approach skyseed replaces, as a psql script: every tier
-- generated server-side by INSERT ... SELECT over generate_series, every value
-- an SQL hash of (seed, row, salt), ON CONFLICT DO NOTHING, GiST and btree
-- indexes set aside during the load and built afterwards. A speed comparator:
-- same tables, same columns and row counts as skyseed, not the same values.
--
--   psql -v ON_ERROR_STOP=1 -v seed=42 -v obscore_rows=100000 \
--        -v source_rows=1000000 -f scripts/bench/reference-generator.sql CONNINFO
--
-- Optional variables: batch (rows per INSERT statement, default 1000000),
-- mwm (maintenance_work_mem for the index builds, default 512MB, as
-- `skyseed grow`). The tables must exist without their indexes
-- (scripts/bench/run-reference.sh creates them from `skyseed schema`).
-- Lines '@phase NAME EPOCH' on stdout mark the phases for run-reference.sh.
--
-- Hash: hashint8extended(row, seed XOR (salt << 32)) -- PostgreSQL's 64-bit
-- seeded Jenkins hash (the one behind hash partitioning), the cheapest
-- built-in SQL hash: no text is formatted per value, as md5()/hashtext() of
-- 'seed:row:salt' would need. The top 53 bits give a double uniform in [0,1).
-- The helpers live in schema ref (with the survey table ref.survey); with
-- track_functions = all they show no calls of their own, i.e. they inline.

\set ON_ERROR_STOP 1
\if :{?seed}
\else
  \set seed 42
\endif
\if :{?obscore_rows}
\else
  DO $$ BEGIN RAISE EXCEPTION 'reference-generator.sql: psql -v obscore_rows=N missing'; END $$;
\endif
\if :{?source_rows}
\else
  DO $$ BEGIN RAISE EXCEPTION 'reference-generator.sql: psql -v source_rows=N missing'; END $$;
\endif
\if :{?batch}
\else
  \set batch 1000000
\endif
\if :{?mwm}
\else
  \set mwm 512MB
\endif

SET client_min_messages = warning;
SET synchronous_commit = off;  -- as skyseed's loader sessions
SELECT set_config('maintenance_work_mem', :'mwm', false) AS maintenance_work_mem;

-- ---------------------------------------------------------------------------
-- Hash helpers. All IMMUTABLE, single-expression LANGUAGE sql, not STRICT, so
-- the planner inlines them into the INSERT's expressions (no per-call
-- function executor).
CREATE SCHEMA IF NOT EXISTS ref;

-- Uniform double in [0,1) from (seed, row, salt).
CREATE OR REPLACE FUNCTION ref.u(seed bigint, r bigint, salt int)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((hashint8extended(r, seed # (salt::bigint << 32)) >> 11)
          & 9007199254740991)::double precision / 9007199254740992.0
$$;

-- Standard normal by Box-Muller from the uniforms of salt and salt + 1.
CREATE OR REPLACE FUNCTION ref.n(seed bigint, r bigint, salt int)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sqrt(-2.0 * ln(1.0 - ref.u(seed, r, salt)))
         * cos(2.0 * pi() * ref.u(seed, r, salt + 1))
$$;

-- Uniform in [lo, hi).
CREATE OR REPLACE FUNCTION ref.uab(seed bigint, r bigint, salt int,
                                   lo double precision, hi double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lo + (hi - lo) * ref.u(seed, r, salt)
$$;

-- Element of arr picked by a uniform u in [0,1).
CREATE OR REPLACE FUNCTION ref.pick(arr anyarray, u double precision)
RETURNS anyelement LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT arr[1 + floor(u * cardinality(arr))::int]
$$;

-- Longitude into [0, 360). Only for a plain column argument: an SQL function
-- whose parameter occurs twice is inlined only if the argument is cheap.
CREATE OR REPLACE FUNCTION ref.wrap360(x double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT x - 360.0 * floor(x / 360.0)
$$;

-- Great-circle destination (degrees): from (lon, lat), distance dist along
-- bearing brg (from north through east). dest_lon is not wrapped into [0, 360).
CREATE OR REPLACE FUNCTION ref.dest_lat(lat double precision, dist double precision,
                                        brg double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT degrees(asin(least(1.0, greatest(-1.0,
           sin(radians(lat)) * cos(radians(dist))
           + cos(radians(lat)) * sin(radians(dist)) * cos(radians(brg))))))
$$;

CREATE OR REPLACE FUNCTION ref.dest_lon(lon double precision, lat double precision,
                                        dist double precision, brg double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lon + degrees(atan2(
           sin(radians(brg)) * sin(radians(dist)) * cos(radians(lat)),
           cos(radians(dist)) - sin(radians(lat))
             * sin(radians(ref.dest_lat(lat, dist, brg)))))
$$;

-- One pg_sphere vertex literal '(12.345678d,-5.000000d)', 6 decimals as
-- skyseed prints them; lon in (-180, 540) wraps into [0, 360).
CREATE OR REPLACE FUNCTION ref.vertex(lon double precision, lat double precision,
                                      dist double precision, brg double precision)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '(' || mod(round(ref.dest_lon(lon, lat, dist, brg)::numeric, 6) + 720.0, 360.0)::text
      || 'd,' || round(ref.dest_lat(lat, dist, brg)::numeric, 6)::text || 'd)'
$$;

-- The eight surveys (skyseed's generator/surveys.cc parameters), with the
-- cumulative weights (sum 1000) used by width_bucket to pick one per row.
DROP TABLE IF EXISTS ref.survey;
CREATE TABLE ref.survey (
  idx int PRIMARY KEY, short_name text, lower_name text, collection text,
  facility text, instrument text, dataproduct_type text, access_format text,
  n_fields int, field_radius double precision,
  fov_min double precision, fov_max double precision,
  exptime_min double precision, exptime_max double precision,
  res_min double precision, res_max double precision,
  xel_min int, xel_max int, em_xel int,
  res_power_min double precision, res_power_max double precision,
  t_xel int, pol_states text, pol_xel int,
  mjd_start double precision, mjd_end double precision,
  calib_min int, calib_max int, target_null double precision,
  band_em_min double precision[], band_em_max double precision[], band_ucd text[]);
INSERT INTO ref.survey VALUES
 (0, 'WIDE', 'wide', 'SKYSEED WIDE', 'Skyseed 2.5m', 'WideCam', 'image', 'image/fits',
  20000, 1.5, 0.9, 1.1, 30, 300, 0.6, 1.6, 8192, 8192, 1, 0, 0, 1, NULL, NULL,
  57000, 61000, 1, 3, 0.0,
  '{4.0e-7,5.5e-7,7.0e-7,8.5e-7}', '{5.5e-7,7.0e-7,8.5e-7,1.0e-6}',
  '{phot.flux.density;em.opt.B,phot.flux.density;em.opt.R,phot.flux.density;em.opt.I,phot.flux.density;em.IR.NIR}'),
 (1, 'DEEP', 'deep', 'SKYSEED DEEP', 'Skyseed 8m', 'DeepCam', 'image', 'image/fits',
  40, 0.5, 0.2, 0.3, 600, 1800, 0.5, 0.9, 4096, 4096, 1, 0, 0, 1, NULL, NULL,
  58000, 61000, 2, 3, 0.0,
  '{4.0e-7,5.5e-7,7.0e-7,8.5e-7}', '{5.5e-7,7.0e-7,8.5e-7,1.0e-6}',
  '{phot.flux.density;em.opt.B,phot.flux.density;em.opt.R,phot.flux.density;em.opt.I,phot.flux.density;em.IR.NIR}'),
 (2, 'NIR', 'nir', 'SKYSEED NIR', 'Skyseed 4m', 'IRCam', 'image', 'image/fits',
  3000, 1.0, 0.15, 0.25, 10, 120, 0.8, 1.4, 2048, 2048, 1, 0, 0, 1, NULL, NULL,
  56000, 60000, 1, 2, 0.1,
  '{1.10e-6,1.50e-6,2.00e-6}', '{1.40e-6,1.80e-6,2.30e-6}',
  '{phot.flux.density;em.IR.J,phot.flux.density;em.IR.H,phot.flux.density;em.IR.K}'),
 (3, 'SPEC', 'spec', 'SKYSEED SPEC', 'Skyseed 4m', 'FibreSpec', 'spectrum', 'application/fits',
  5000, 1.0, 0.0004, 0.0006, 900, 3600, 1.0, 2.0, 1, 1, 4096, 1800, 22000, 1, NULL, NULL,
  57500, 61000, 1, 2, 0.05,
  '{3.7e-7,5.8e-7}', '{6.0e-7,9.5e-7}', '{phot.flux.density;em.wl,phot.flux.density;em.wl}'),
 (4, 'IFU', 'ifu', 'SKYSEED IFU', 'Skyseed 8m', 'CubeSpec', 'cube', 'application/fits',
  800, 0.2, 0.016, 0.018, 600, 3600, 0.4, 1.0, 320, 320, 3700, 1700, 3500, 1, NULL, NULL,
  58500, 61000, 2, 3, 0.05,
  '{4.8e-7}', '{9.3e-7}', '{phot.flux.density;em.wl}'),
 (5, 'RADIO', 'radio', 'SKYSEED RADIO', 'Skyseed Array', 'Correlator', 'visibility', 'application/x-ms',
  1500, 2.0, 0.4, 1.2, 3600, 28800, 2.0, 20.0, 1, 1, 1024, 0, 0, 1, '/XX/XY/YX/YY/', 4,
  55000, 61000, 0, 2, 0.2,
  '{0.15,0.0375}', '{0.30,0.075}', '{phot.flux.density;em.radio,phot.flux.density;em.radio}'),
 (6, 'XRAY', 'xray', 'SKYSEED XRAY', 'Skyseed X-ray Observatory', 'XIS', 'event', 'application/fits',
  2500, 0.3, 0.28, 0.32, 5000, 100000, 1.0, 5.0, 1024, 1024, 1, 0, 0, 1, NULL, NULL,
  51500, 61000, 1, 3, 0.0,
  '{1.24e-10}', '{2.48e-9}', '{phot.count;em.X-ray}'),
 (7, 'TIME', 'time', 'SKYSEED TIME', 'Skyseed 1m', 'PhotCam', 'timeseries', 'application/x-votable+xml',
  600, 0.5, 0.001, 0.002, 20000, 200000, 1.5, 3.0, 1, 1, 1, 0, 0, 5000, NULL, NULL,
  58000, 61000, 2, 3, 0.0,
  '{4.0e-7}', '{9.0e-7}', '{phot.flux;em.opt}');

-- ---------------------------------------------------------------------------
-- One batch of ObsCore rows [lo, hi]. Salts: 1 survey, 2 field, 3-4 field
-- centre (hashed on survey << 32 | field), 5-6 pointing, 7 size, 8 position
-- angle, 9 calibration level, 10 target NULL, 11 resolution, 12 xel1,
-- 13 exposure, 14 t_min, 15 span, 16 t_xel, 17 t_resolution NULL, 18 band,
-- 19 resolving power, 20 size factor. Each level's OFFSET 0 keeps its derived
-- columns computed once (no subquery pull-up duplicating the expressions).
CREATE OR REPLACE FUNCTION ref.insert_obscore(seed bigint, lo bigint, hi bigint)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE n bigint;
BEGIN
  INSERT INTO ivoa.obscore (
    obs_pk, dataproduct_type, calib_level, obs_collection, obs_id, obs_publisher_did,
    access_url, access_format, access_estsize, target_name, s_ra, s_dec, s_fov,
    s_region, s_resolution, s_xel1, s_xel2, t_min, t_max, t_exptime, t_resolution,
    t_xel, em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel,
    facility_name, instrument_name)
  SELECT
    r, dataproduct_type, calib_level, collection, obs_id,
    'ivo://skyseed.example/' || lower_name || '?' || obs_id,
    'https://data.skyseed.example/' || lower_name || '/' || obs_id,
    access_format,
    -- 4-byte pixels per spatial x spectral x time element, plus headers
    (xel1::double precision * xel1 * em_xel * t_xel_out * 4.0 / 1024.0
      * ref.uab(seed, r, 20, 0.9, 1.1))::bigint + 8,
    target_name, ref.wrap360(ra), dec, size * sqrt(2.0),
    -- a square of side `size` at position angle pa: 4 vertices at the half
    -- diagonal, bearings pa + 45 + 90k
    '{' || ref.vertex(ra, dec, half_diag, pa + 45.0)
    || ',' || ref.vertex(ra, dec, half_diag, pa + 135.0)
    || ',' || ref.vertex(ra, dec, half_diag, pa + 225.0)
    || ',' || ref.vertex(ra, dec, half_diag, pa + 315.0) || '}',
    s_resolution, xel1, xel1,  -- every survey's aspect is 1
    t_min, t_min + span, t_exptime, t_resolution, t_xel_out,
    em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel,
    facility, instrument
  FROM (
    SELECT l2.*,
      ref.dest_lon(fra, fdec, prad, pbrg) AS ra,
      ref.dest_lat(fdec, prad, pbrg) AS dec,
      size / sqrt(2.0) AS half_diag,
      CASE WHEN t_xel > 1 THEN span_ts ELSE t_exptime / 86400.0 END AS span,
      CASE WHEN t_xel > 1 THEN span_ts * 86400.0 / t_xel_out
           WHEN ref.u(seed, r, 17) < 0.1 THEN NULL
           ELSE t_exptime END AS t_resolution
    FROM (
      SELECT l1.*,
        short_name || '.F' || lpad(field::text, 5, '0') || '.' || lpad(r::text, 10, '0')
          AS obs_id,
        -- field centres uniform on the sphere, a function of (seed, survey, field)
        degrees(2.0 * pi() * ref.u(seed, (idx::bigint << 32) | field, 3)) AS fra,
        degrees(asin(2.0 * ref.u(seed, (idx::bigint << 32) | field, 4) - 1.0)) AS fdec,
        -- pointings uniform over a disc of field_radius around the centre
        field_radius * sqrt(ref.u(seed, r, 5)) AS prad,
        360.0 * ref.u(seed, r, 6) AS pbrg,
        ref.uab(seed, r, 7, fov_min, fov_max) AS size,
        180.0 * ref.u(seed, r, 8) AS pa,
        calib_min + floor(ref.u(seed, r, 9) * (calib_max - calib_min + 1))::int
          AS calib_level,
        CASE WHEN ref.u(seed, r, 10) < target_null THEN NULL
             ELSE short_name || ' field ' || field END AS target_name,
        ref.uab(seed, r, 11, res_min, res_max) AS s_resolution,
        CASE WHEN xel_max > 1
             THEN xel_min * 15 / 16
                  + floor(ref.u(seed, r, 12) * (xel_max - xel_min * 15 / 16 + 1))::int
             ELSE 1 END AS xel1,
        -- exposure times log-uniform
        exptime_min * exp(ref.u(seed, r, 13) * ln(exptime_max / exptime_min)) AS t_exptime,
        ref.uab(seed, r, 14, mjd_start, mjd_end) AS t_min,
        ref.uab(seed, r, 15, 1.0, 30.0) AS span_ts,
        CASE WHEN t_xel > 1
             THEN t_xel / 2 + floor(ref.u(seed, r, 16) * (t_xel - t_xel / 2 + 1))::int
             ELSE 1 END AS t_xel_out,
        ref.pick(band_em_min, ref.u(seed, r, 18)) AS em_min,
        ref.pick(band_em_max, ref.u(seed, r, 18)) AS em_max,
        ref.pick(band_ucd, ref.u(seed, r, 18)) AS o_ucd,
        CASE WHEN res_power_max > 0
             THEN ref.uab(seed, r, 19, res_power_min, res_power_max) END AS em_res_power
      FROM (
        SELECT g AS r, sv.*,
          -- popular fields are revisited more: density ~ 1/sqrt(k)
          floor(sv.n_fields * ref.u(seed, g, 2) ^ 2)::int AS field
        FROM generate_series(lo, hi) g
        JOIN ref.survey sv  -- weighted pick: cumulative weights out of 1000
          ON sv.idx = width_bucket(floor(1000.0 * ref.u(seed, g, 1))::int,
                                   '{420,540,690,830,870,930,960,1000}'::int[])
        OFFSET 0) l1
      OFFSET 0) l2
    OFFSET 0) l3
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$fn$;

-- One batch of gaia_source rows [lo, hi]. Salts: 1 pixel, 2 ra, 3 dec, 4 G,
-- 5-6 ra/dec error, 7 two-parameter solution, 8-9 and 10-11 parallax normals,
-- 12-13 pmra, 14-15 pmdec, 16 BP/RP NULL, 17-18 colour, 19 RV draw, 20-21 RV.
CREATE OR REPLACE FUNCTION ref.insert_gaia_source(seed bigint, lo bigint, hi bigint)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE n bigint;
BEGIN
  INSERT INTO gaia.gaia_source (
    source_id, ref_epoch, ra, ra_error, dec, dec_error, parallax, parallax_error,
    pmra, pmra_error, pmdec, pmdec_error, phot_g_mean_mag, phot_bp_mean_mag,
    phot_rp_mean_mag, bp_rp, radial_velocity, radial_velocity_error, l, b)
  SELECT
    -- a level-12 HEALPix-like pixel (12 * 4^12 of them) * 2^35 + row
    floor(ref.u(seed, r, 1) * 201326592)::bigint * 34359738368 + r,
    2016.0,
    ra, (sigma * ref.uab(seed, r, 5, 0.8, 1.2))::real,
    dec, (sigma * ref.uab(seed, r, 6, 0.8, 1.2))::real,
    -- ~22 % two-parameter solutions: no parallax, no proper motion
    CASE WHEN two_p THEN NULL ELSE true_plx + 1.3 * sigma * ref.n(seed, r, 10) END,
    CASE WHEN two_p THEN NULL ELSE (1.3 * sigma)::real END,
    CASE WHEN two_p THEN NULL ELSE (2.0 + 5.0 * true_plx) * ref.n(seed, r, 12) END,
    CASE WHEN two_p THEN NULL ELSE (1.4 * sigma)::real END,
    CASE WHEN two_p THEN NULL
         ELSE (2.0 + 5.0 * true_plx) * (ref.n(seed, r, 14) - 0.5) END,
    CASE WHEN two_p THEN NULL ELSE (1.4 * sigma)::real END,
    g::real,
    CASE WHEN no_bprp THEN NULL ELSE (g + 0.45 * colour + 0.05)::real END,
    CASE WHEN no_bprp THEN NULL ELSE (g + 0.45 * colour + 0.05 - colour)::real END,
    CASE WHEN no_bprp THEN NULL ELSE colour::real END,
    CASE WHEN has_rv THEN (40.0 * ref.n(seed, r, 20))::real END,
    CASE WHEN has_rv THEN (0.3 + 0.4 * power(10.0, 0.3 * (g - 12.0)))::real END,
    ref.wrap360(l_raw), b
  FROM (
    SELECT l2.*,
      -- ICRS -> galactic (the Hipparcos rotation matrix)
      degrees(atan2(-0.8734370902 * cx - 0.4448296300 * cy - 0.1980763734 * cz,
                    -0.0548755604 * cx + 0.4941094279 * cy - 0.8676661490 * cz)) AS l_raw,
      degrees(asin(least(1.0, greatest(-1.0,
        -0.4838350155 * cx + 0.7469822445 * cy + 0.4559837762 * cz)))) AS b
    FROM (
      SELECT l1.*,
        -- Gaia DR3-like error law: ~0.02 mas at G = 15, ~0.6 mas at G = 21
        0.01 + 0.02 * power(10.0, 0.25 * (g - 15.0)) AS sigma,
        ref.u(seed, r, 7) < 0.22 AS two_p,
        -- brighter stars nearer on average, log-normal scatter
        2.0 * power(10.0, -0.2 * (g - 10.0) + 0.3 * ref.n(seed, r, 8)) AS true_plx,
        g > 20.5 AND ref.u(seed, r, 16) < 0.4 AS no_bprp,
        0.9 - 0.02 * (g - 15.0) + 0.35 * ref.n(seed, r, 17) AS colour,
        g < 15.0 AND ref.u(seed, r, 19) < 0.5 AS has_rv,
        cos(radians(dec)) * cos(radians(ra)) AS cx,
        cos(radians(dec)) * sin(radians(ra)) AS cy,
        sin(radians(dec)) AS cz
      FROM (
        SELECT g AS r,
          360.0 * ref.u(seed, g, 2) AS ra,
          degrees(asin(2.0 * ref.u(seed, g, 3) - 1.0)) AS dec,
          -- counts rise 0.32 dex/mag up to G = 21
          greatest(3.0, 21.0 + log(1.0 - ref.u(seed, g, 4)) / 0.32) AS g
        FROM generate_series(lo, hi) g
        OFFSET 0) l1
      OFFSET 0) l2
    OFFSET 0) l3
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END
$fn$;

\timing on

-- ---------------------------------------------------------------------------
\! printf '@phase load %s\n' "$(date +%s.%N)"
-- Primary keys first: ON CONFLICT needs their unique indexes.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'obscore_pkey'
                 AND conrelid = 'ivoa.obscore'::regclass) THEN
    ALTER TABLE "ivoa"."obscore" ADD CONSTRAINT "obscore_pkey" PRIMARY KEY ("obs_pk");
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'gaia_source_pkey'
                 AND conrelid = 'gaia.gaia_source'::regclass) THEN
    ALTER TABLE "gaia"."gaia_source" ADD CONSTRAINT "gaia_source_pkey" PRIMARY KEY ("source_id");
  END IF;
END
$$;

-- The secondary indexes are set aside during the load.
DROP INDEX IF EXISTS "ivoa"."obscore_obs_id_idx";
DROP INDEX IF EXISTS "ivoa"."obscore_s_point_idx";
DROP INDEX IF EXISTS "ivoa"."obscore_s_region_idx";
DROP INDEX IF EXISTS "gaia"."gaia_source_pos_idx";

-- One INSERT ... SELECT per batch, each its own transaction.
SELECT format('SELECT ref.insert_obscore(%s, %s, %s) AS obscore_rows_inserted',
              :seed, lo, least(lo + :batch, :obscore_rows) - 1)
FROM generate_series(0, :obscore_rows - 1, :batch) lo \gexec
SELECT format('SELECT ref.insert_gaia_source(%s, %s, %s) AS source_rows_inserted',
              :seed, lo, least(lo + :batch, :source_rows) - 1)
FROM generate_series(0, :source_rows - 1, :batch) lo \gexec

-- ---------------------------------------------------------------------------
\! printf '@phase indexes %s\n' "$(date +%s.%N)"
-- Exactly as `skyseed schema` prints them.
CREATE INDEX "obscore_obs_id_idx" ON "ivoa"."obscore" ("obs_id");
CREATE INDEX "obscore_s_point_idx" ON "ivoa"."obscore" USING gist (spoint(radians("s_ra"), radians("s_dec")));
CREATE INDEX "obscore_s_region_idx" ON "ivoa"."obscore" USING gist (("s_region"::spoly));
CREATE INDEX "gaia_source_pos_idx" ON "gaia"."gaia_source" USING gist (spoint(radians("ra"), radians("dec")));

-- ---------------------------------------------------------------------------
\! printf '@phase vacuum %s\n' "$(date +%s.%N)"
VACUUM (ANALYZE) "ivoa"."obscore";
VACUUM (ANALYZE) "gaia"."gaia_source";
\! printf '@phase end %s\n' "$(date +%s.%N)"
