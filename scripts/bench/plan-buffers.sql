-- pg_temp.buffers(query, ra, dec, radius): EXPLAIN (ANALYZE, BUFFERS) of a
-- query taking a cone as $1, $2, $3 (degrees): its rows, the shared blocks
-- its whole plan touched (hit + read), and those read. Included (\ir) by
-- cone-blocks.sql and workload-blocks.sql; a temporary function, so the
-- scripts change nothing.
CREATE FUNCTION pg_temp.buffers(query text, c_ra double precision, c_dec double precision,
                                c_radius double precision)
RETURNS TABLE (rows_returned bigint, blocks bigint, blocks_read bigint)
LANGUAGE plpgsql AS $fn$
DECLARE plan json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ' || query INTO plan USING c_ra, c_dec, c_radius;
  rows_returned := (plan -> 0 -> 'Plan' ->> 'Actual Rows')::bigint;
  blocks := (plan -> 0 -> 'Plan' ->> 'Shared Hit Blocks')::bigint
            + (plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint;
  blocks_read := (plan -> 0 -> 'Plan' ->> 'Shared Read Blocks')::bigint;
  RETURN NEXT;
END $fn$;
