\set i random(1, 3000)
SELECT ra, dec, r FROM bench.q WHERE i = :i \gset
SELECT obs_id, s_ra, s_dec, s_region FROM bench.oc_c WHERE (spoint(RADIANS(:ra), RADIANS(:dec))) <@ (s_region);
