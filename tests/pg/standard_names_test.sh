#!/usr/bin/env bash
# --standard-names on an existing corpus does what it says, in one line:
# none drops skyseed's own views (and a schema it created for them), never
# another's object; skyseed creates them where the names are free and
# refuses (exit 2, naming the object and the command) where they are not.
# Without the option a corpus keeps its setting. verify and status name the
# tables they read and what each standard name holds. What the names hold is
# read from the server's catalogue.
source "$(dirname "$0")/lib.sh"
db=t_names
ci_db "$db"
relkind() { sql "$db" "SELECT coalesce((SELECT relkind::text FROM pg_class WHERE oid = to_regclass('$1')), 'none')"; }
schemas() { sql "$db" "SELECT count(*) FROM pg_namespace WHERE nspname IN ('ivoa', 'gaia')"; }
grow_ci() {  # grow_ci ARGS...: sets rc, out
  out="$("$bin" grow --tier ci --db "$(conninfo "$db")" "$@" 2>&1)"; rc=$?
}
check "by default ivoa.obscore is a view" test "$(relkind ivoa.obscore)" = v
check "and gaia.gaia_source" test "$(relkind gaia.gaia_source)" = v

# -- none on a corpus grown with the default: skyseed's views and schemas go.
grow_ci --standard-names none
check "grow --standard-names none exits 0 (exit $rc)" test "$rc" = 0
check "saying it dropped both views, in one line" \
  test "$(grep -c "^--standard-names none: dropped skyseed's views ivoa.obscore.*gaia.gaia_source" <<<"$out")" = 1
check "ivoa.obscore is gone" test "$(relkind ivoa.obscore)" = none
check "gaia.gaia_source is gone" test "$(relkind gaia.gaia_source)" = none
check "and the schemas skyseed created for them" test "$(schemas)" = 0
check "the corpus tables are untouched" \
  test "$(sql "$db" "SELECT count(*) FROM skyseed_corpus.obscore")" = 10000
out="$("$bin" verify --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "verify passes (exit $rc)" test "$rc" = 0
check "verify names the table it reads and the name absent" \
  grep -q "^reads skyseed_corpus.obscore; ivoa.obscore: absent$" <<<"$out"
check "status says so too" \
  grep -q "^table skyseed_corpus.gaia_source; gaia.gaia_source: absent$" <<<"$("$bin" status --db "$(conninfo "$db")")"

# -- Without the option, the setting is kept.
grow_ci
check "a grow without the option keeps none (exit $rc)" \
  test "$rc" = 0 -a "$(relkind ivoa.obscore)" = none -a "$(schemas)" = 0

# -- A service's own ivoa.obscore (as DaCHS makes it) is never touched.
sql "$db" "CREATE SCHEMA ivoa; CREATE VIEW ivoa.obscore AS SELECT 42 AS dachs"
out="$("$bin" verify --db "$(conninfo "$db")" 2>&1)"; rc=$?
check "verify with a service's ivoa.obscore passes (exit $rc)" test "$rc" = 0
check "and says whose it is" \
  grep -q "^reads skyseed_corpus.obscore; ivoa.obscore: a view skyseed did not create" <<<"$out"
grow_ci --standard-names skyseed
check "--standard-names skyseed where ivoa.obscore is a service's: exit 2 (exit $rc)" test "$rc" = 2
check "one line naming it and the command that leaves it alone" \
  test "$(wc -l <<<"$out")" = 1 -a "$(grep -c "a view ivoa.obscore that skyseed did not create.*--standard-names none" <<<"$out")" = 1
check "the service's view is untouched" test "$(sql "$db" "SELECT dachs FROM ivoa.obscore")" = 42
check "and gaia.gaia_source was not created either" test "$(relkind gaia.gaia_source)" = none
grow_ci --standard-names none
check "--standard-names none keeps the service's view (exit $rc)" \
  test "$rc" = 0 -a "$(sql "$db" "SELECT dachs FROM ivoa.obscore")" = 42
sql "$db" "DROP SCHEMA ivoa CASCADE"

# -- skyseed on a corpus without views: created, said, then kept.
grow_ci --standard-names skyseed
check "--standard-names skyseed where the names are free exits 0 (exit $rc)" test "$rc" = 0
check "saying it now presents them, in one line" \
  test "$(grep -c "^--standard-names skyseed: now presenting skyseed_corpus.obscore as ivoa.obscore, skyseed_corpus.gaia_source as gaia.gaia_source" <<<"$out")" = 1
check "ivoa.obscore shows every row" test "$(sql "$db" "SELECT count(*) FROM ivoa.obscore")" = 10000
check "status names skyseed's view" \
  grep -q "^table skyseed_corpus.obscore; ivoa.obscore: skyseed's view of skyseed_corpus.obscore$" \
  <<<"$("$bin" status --db "$(conninfo "$db")")"
check "and verifies" verifies "$db"
grow_ci
check "a grow without the option keeps them, saying nothing of them" \
  test "$rc" = 0 -a "$(relkind ivoa.obscore)" = v -a "$(grep -c "standard-names\|view" <<<"$out")" = 0

# -- none when skyseed's views are already gone: the setting still changes, said.
sql "$db" "DROP VIEW ivoa.obscore; DROP VIEW gaia.gaia_source"
grow_ci --standard-names none
check "none after the views were dropped by hand: exit 0, saying so in one line (exit $rc)" \
  test "$rc" = 0 -a "$(grep -c "^--standard-names none: the corpus no longer presents itself as ivoa.obscore, gaia.gaia_source" <<<"$out")" = 1
grow_ci
check "and a grow without the option does not bring them back" \
  test "$rc" = 0 -a "$(relkind ivoa.obscore)" = none
check "nor does verify call them missing" verifies "$db"
grow_ci --standard-names skyseed
check "skyseed again (exit $rc)" test "$rc" = 0 -a "$(relkind ivoa.obscore)" = v

# -- A corpus from before skyseed recorded its views: known by their comments.
sql "$db" "DROP TABLE skyseed.standard_view"
check "an older corpus verifies" verifies "$db"
grow_ci --standard-names none
check "an older corpus: none drops skyseed's views (exit $rc)" \
  test "$rc" = 0 -a "$(relkind ivoa.obscore)" = none -a "$(schemas)" = 0

# -- A bad value touches nothing.
grow_ci --standard-names bogus
check "--standard-names bogus: exit 2 (exit $rc)" test "$rc" = 2
finish
