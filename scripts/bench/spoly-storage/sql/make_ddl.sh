#!/usr/bin/env bash
# Derive the four bench tables' DDL from skyseed's own ivoa.obscore DDL (skyseed schema).
set -euo pipefail
cd "$(dirname "$0")"
src=obscore_ddl.txt
# (b) and staging: identical to today's table (s_region text literal)
sed 's/CREATE TABLE "ivoa"."obscore"/CREATE TABLE bench.oc_b/' $src > ddl_b.sql
sed 's/CREATE TABLE "ivoa"."obscore"/CREATE UNLOGGED TABLE bench.oc_d_stage/' $src > ddl_d_stage.sql
# (a) and (d): s_region is a real spoly, no literal kept
sed -e 's/CREATE TABLE "ivoa"."obscore"/CREATE TABLE bench.oc_a/' -e 's/"s_region" text NOT NULL,/"s_region" spoly NOT NULL,/' $src > ddl_a.sql
sed -e 's/CREATE TABLE "ivoa"."obscore"/CREATE TABLE bench.oc_d/' -e 's/"s_region" text NOT NULL,/"s_region" spoly NOT NULL,/' $src > ddl_d.sql
# (c): spoly s_region plus the literal beside it
sed -e 's/CREATE TABLE "ivoa"."obscore"/CREATE TABLE bench.oc_c/' -e 's/"s_region" text NOT NULL,/"s_region" spoly NOT NULL,\n  "s_region_text" text NOT NULL,/' $src > ddl_c.sql
