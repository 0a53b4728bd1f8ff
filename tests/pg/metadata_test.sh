#!/usr/bin/env bash
# The ObsCore metadata a service reads from the database: every column of
# ivoa.obscore carries the REC's unit and UCD in its COMMENT (compared with
# the REC's table, written out here), the view shows exactly the ObsCore
# columns with the REC's types, and --standard-names none leaves the names,
# and any object a service put there, alone.
source "$(dirname "$0")/lib.sh"

db=t_metadata
ci_db "$db"

# ObsCore 1.1 (REC-ObsCore-v1.1, table 5 and section 4): column, unit, UCD
# (preview: DaCHS's ObsCore column, which the REC does not define).
rec="dataproduct_type||meta.code.class
dataproduct_subtype||meta.code.class
calib_level||meta.code;obs.calib
obs_collection||meta.id
obs_id||meta.id
obs_title||meta.title;obs
obs_publisher_did||meta.ref.ivoid
obs_creator_did||meta.id
access_url||meta.ref.url
access_format||meta.code.mime
access_estsize|kbyte|phys.size;meta.file
target_name||meta.id;src
target_class||src.class
s_ra|deg|pos.eq.ra
s_dec|deg|pos.eq.dec
s_fov|deg|phys.angSize;instr.fov
s_region||pos.outline;obs.field
s_resolution|arcsec|pos.angResolution
t_min|d|time.start;obs.exposure
t_max|d|time.end;obs.exposure
t_exptime|s|time.duration;obs.exposure
t_resolution|s|time.resolution
em_min|m|em.wl;stat.min
em_max|m|em.wl;stat.max
em_res_power||spect.resolution
o_ucd||meta.ucd
pol_states||meta.code;phys.polarization
facility_name||meta.id;instr.tel
instrument_name||meta.id;instr
s_xel1||meta.number
s_xel2||meta.number
t_xel||meta.number
em_xel||meta.number
pol_xel||meta.number
s_pixel_scale|arcsec|phys.angSize;instr.pixel
em_ucd||meta.ucd
preview||meta.ref.url;meta.preview"

served="$(sql "$db" "SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute
  WHERE attrelid = 'ivoa.obscore'::regclass AND attnum > 0 AND NOT attisdropped")"
check "ivoa.obscore serves exactly the REC's columns, in DaCHS's order" \
  test "$served" = "$(cut -d'|' -f1 <<<"$rec" | paste -sd,)"
while IFS='|' read -r column unit ucd; do
  comment="$(sql "$db" "SELECT col_description('ivoa.obscore'::regclass, attnum) FROM pg_attribute
    WHERE attrelid = 'ivoa.obscore'::regclass AND attname = '$column'")"
  unit_part=""
  [ -n "$unit" ] && unit_part="[$unit] "
  check "$column: COMMENT carries unit '$unit' and UCD $ucd" \
    grep -qF -e "$unit_part(UCD $ucd;" -e "$unit_part(UCD $ucd)" <<<"$comment"
done <<<"$rec"
check "the *_xel columns are BIGINT" test "$(sql "$db" "SELECT string_agg(DISTINCT format_type(atttypid, NULL), ',')
  FROM pg_attribute WHERE attrelid = 'ivoa.obscore'::regclass AND attname ~ '_xel[12]?$'")" = bigint
check "s_region is a pg_sphere spoly" test "$(sql "$db" "SELECT format_type(atttypid, NULL)
  FROM pg_attribute WHERE attrelid = 'ivoa.obscore'::regclass AND attname = 's_region'")" = spoly
check "the view is marked as skyseed's" \
  grep -q "^skyseed:" <<<"$(sql "$db" "SELECT obj_description('ivoa.obscore'::regclass, 'pg_class')")"

# TAP_SCHEMA for services that read it from the database.
check "skyseed tap-schema writes TAP_SCHEMA" "$bin" tap-schema --db "$(conninfo "$db")"
check "and rewrites its own" "$bin" tap-schema --db "$(conninfo "$db")"
while IFS='|' read -r column unit ucd; do
  got="$(sql "$db" "SELECT coalesce(unit, '') || '|' || ucd || '|' || std FROM tap_schema.columns
    WHERE table_name = 'ivoa.obscore' AND column_name = '$column'")"
  std=1
  [ "$column" = preview ] && std=0  # DaCHS's column, not one ObsCore 1.1 defines
  check "TAP_SCHEMA $column: unit '$unit', UCD $ucd, std $std" test "$got" = "$unit|$ucd|$std"
done <<<"$rec"
check "TAP_SCHEMA lists exactly the view's columns" test "$(sql "$db" "SELECT count(*) FROM tap_schema.columns
  WHERE table_name = 'ivoa.obscore'")" = "$(cut -d'|' -f1 <<<"$rec" | wc -l)"
check "s_region is an indexed adql:REGION" test "$(sql "$db" "SELECT xtype || indexed FROM tap_schema.columns
  WHERE table_name = 'ivoa.obscore' AND column_name = 's_region'")" = "adql:REGION1"
check "every indexed column the profile promises is flagged" test "$(sql "$db" "SELECT string_agg(column_name, ',' ORDER BY column_name)
  FROM tap_schema.columns WHERE table_name = 'ivoa.obscore' AND indexed = 1")" = \
  "em_max,em_min,obs_id,obs_publisher_did,s_dec,s_ra,s_region,t_max,t_min"

# --grant: read access for a service's role, never more.
sql "$db" "DROP ROLE IF EXISTS skyseed_reader; CREATE ROLE skyseed_reader NOLOGIN" >/dev/null
check "grow --grant gives a role read access" \
  "$bin" grow --tier ci --grant skyseed_reader --db "$(conninfo "$db")"
for rel in skyseed_corpus.obscore skyseed_corpus.gaia_source ivoa.obscore gaia.gaia_source; do
  check "skyseed_reader may SELECT $rel (and grant that on)" test "$(sql "$db" \
    "SELECT has_table_privilege('skyseed_reader', '$rel', 'SELECT WITH GRANT OPTION')")" = t
done
check "but not change it" test "$(sql "$db" \
  "SELECT has_table_privilege('skyseed_reader', 'skyseed_corpus.obscore', 'INSERT,UPDATE,DELETE,TRUNCATE')")" = f
msg="$("$bin" grow --tier ci --grant 'no"such role' --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "an unknown role is refused with exit 2 ($rc)" test "$rc" = 2
check "saying so, and where it looked ($msg)" grep -q "no role 'no\"such role' in the server of database " <<<"$msg"

# A service's own ivoa.obscore (DaCHS's is a view it maintains) beside skyseed.
fresh_db "$db"
sql "$db" "CREATE SCHEMA ivoa; CREATE VIEW ivoa.obscore AS SELECT 'theirs'::text AS obs_id" >/dev/null
msg="$("$bin" grow --tier ci --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "grow refuses to take a name a service owns (exit $rc)" test "$rc" = 2
check "naming it as a view and saying how to go on" \
  grep -q "already has a view \"ivoa\".\"obscore\" that skyseed did not create.*--standard-names none" <<<"$msg"
check "and creates nothing" test "$(sql "$db" "SELECT count(*) FROM pg_namespace WHERE nspname IN ('skyseed', 'skyseed_corpus')")" = 0
check "with --standard-names none it grows beside it" \
  "$bin" grow --tier ci --standard-names none --db "$(conninfo "$db")"
check "leaving the service's view as it was" test "$(sql "$db" "SELECT obs_id FROM ivoa.obscore")" = theirs
check "--grant there grants on the tables only, not on the service's view" \
  "$bin" grow --tier ci --standard-names none --grant skyseed_reader --db "$(conninfo "$db")"
check "(the view stays the service's business)" test "$(sql "$db" \
  "SELECT has_table_privilege('skyseed_reader', 'ivoa.obscore', 'SELECT')")" = f
check "verify passes" verifies "$db"
check "status works" "$bin" status --db "$(conninfo "$db")"
check "and a second grow is a no-op that still leaves it alone" \
  "$bin" grow --tier ci --standard-names none --db "$(conninfo "$db")"
check "the view still answers as before" test "$(sql "$db" "SELECT obs_id FROM ivoa.obscore")" = theirs
msg="$("$bin" tap-schema --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "tap-schema refuses to describe names it does not present (exit $rc)" test "$rc" = 2
db2=t_metadata2
ci_db "$db2"
sql "$db2" "CREATE SCHEMA tap_schema; CREATE TABLE tap_schema.tables (table_name text);
  INSERT INTO tap_schema.tables VALUES ('theirs')" >/dev/null
msg="$("$bin" tap-schema --db "$(conninfo "$db2")" 2>&1)"; rc=$?
check "tap-schema never touches a service's own TAP_SCHEMA (exit $rc)" test "$rc" = 2
check "naming it" grep -q "a tap_schema that skyseed did not write" <<<"$msg"
check "which is left as it was" test "$(sql "$db2" "SELECT table_name FROM tap_schema.tables")" = theirs
sql "$db" "DROP OWNED BY skyseed_reader; DROP ROLE skyseed_reader" >/dev/null
# The DDL `skyseed schema` prints runs as it is on an empty database (the
# extensions it needs included) and gives what grow creates.
fresh_db t_schema_ddl
"$bin" schema | psql -X -q -v ON_ERROR_STOP=1 "$(conninfo t_schema_ddl)" >/dev/null 2>&1
check "skyseed schema's DDL runs on an empty database" test "$?" = 0
check "and creates every corpus index" \
  test "$(sql t_schema_ddl "$INDEX_COUNT_SQL")" = "$corpus_indexes"
sql skyseed "DROP DATABASE IF EXISTS t_schema_ddl WITH (FORCE)" >/dev/null
finish
