-- psql -v tier=S -f sql/setup.sql : bench schema, the query parameters, and the load files (server-side, as postgres)
\set ON_ERROR_STOP on
DROP SCHEMA IF EXISTS bench CASCADE;
CREATE SCHEMA bench;
-- 3000 query parameters drawn from the table itself: centre = (s_ra, s_dec) of a random row,
-- radius uniform in [0.05, 0.5] deg. Deterministic (setseed) and stored, so every option gets identical parameters.
SELECT setseed(0.4242);
CREATE TABLE bench.q AS
  SELECT (row_number() OVER ())::int AS i, ra, dec, r FROM (
    SELECT s_ra AS ra, s_dec AS dec, 0.05 + 0.45 * random() AS r
    FROM (SELECT s_ra, s_dec, random() AS k FROM ivoa.obscore ORDER BY obs_pk) s ORDER BY k LIMIT 3000) t;
ALTER TABLE bench.q ADD PRIMARY KEY (i);
\set qcsv '/tmp/spoly-bench/files/' :tier '_params.csv'
COPY bench.q TO :'qcsv' (FORMAT csv, HEADER true);
-- load files
\set f_text '/tmp/spoly-bench/files/' :tier '_text.tsv'
\set f_both '/tmp/spoly-bench/files/' :tier '_both.tsv'
\set f_bin  '/tmp/spoly-bench/files/' :tier '.bin'
COPY (SELECT obs_pk, dataproduct_type, calib_level, obs_collection, obs_id, obs_publisher_did, access_url, access_format, access_estsize, target_name, s_ra, s_dec, s_fov, s_region AS s_region, s_resolution, s_xel1, s_xel2, t_min, t_max, t_exptime, t_resolution, t_xel, em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel, facility_name, instrument_name FROM ivoa.obscore ORDER BY obs_pk) TO :'f_text';
COPY (SELECT obs_pk, dataproduct_type, calib_level, obs_collection, obs_id, obs_publisher_did, access_url, access_format, access_estsize, target_name, s_ra, s_dec, s_fov, s_region AS s_region, s_region AS s_region_text, s_resolution, s_xel1, s_xel2, t_min, t_max, t_exptime, t_resolution, t_xel, em_min, em_max, em_res_power, em_xel, o_ucd, pol_states, pol_xel, facility_name, instrument_name FROM ivoa.obscore ORDER BY obs_pk) TO :'f_both';
COPY (SELECT * FROM ivoa.obscore ORDER BY obs_pk) TO :'f_bin' (FORMAT binary);
