\set i random(1, 2000)
SELECT ra, dec, radius AS r FROM skyseed_workload.cone WHERE i = :i \gset
SELECT obs_id, s_ra, s_dec, s_region FROM bench.v_b WHERE (s_region) && (scircle(spoint(RADIANS(:ra), RADIANS(:dec)), RADIANS(:r)));
