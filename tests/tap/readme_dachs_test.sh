#!/usr/bin/env bash
# The documented DaCHS path (docs/tap.md, "Serve it with DaCHS"), run as
# printed: its shell blocks (each under a `<!-- readme-test: NAME -->` line)
# are read from docs/tap.md
# and run in order in one shell, from the repository root, against the DaCHS
# and the PostgreSQL cluster 15/main that Debian's packages install. Between
# blocks the test looks on its own: the database before publishing, the
# answers pyvo printed against psql with no index, verify's warning about
# DaCHS's grants while published; after unpublishing, no view over skyseed's
# tables, no grant skyseed did not make, and the same dump as before.
# Leaves the machine as it found it (corpus, role root, RD and server gone;
# the cluster stopped again if it was).
#   readme_dachs_test.sh SKYSEED_BINARY
# Needs root and scripts/install-tap-deps.sh.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
source "$(dirname "$0")/lib.sh"  # suite_prefix; its counters are redefined below
repo="$(cd "$(dirname "$0")/../.." && pwd)"
failed=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}
finish() {
  if [ "$failed" -ne 0 ]; then echo "$failed failed"; exit 1; fi
  echo "all passed"; exit 0
}

[ "$(id -u)" = 0 ] || { echo "FAIL: docs/tap.md's DaCHS path runs as root"; exit 1; }
[ "$(realpath "$repo/build/app/skyseed")" = "$bin" ] ||
  { echo "FAIL: docs/tap.md runs build/app/skyseed; this test was given $bin"; exit 1; }
work="$(mktemp -d "$(suite_prefix "$bin")readme-dachs.XXXXXX")"
psql_gavo() { runuser -u postgres -- psql -X -q -t -A -v ON_ERROR_STOP=1 -d gavo "$@"; }
was_online=""
pg_lsclusters -h 2>/dev/null | grep -q '^15 *main .* online' && was_online=yes
role_before=""

cleanup() {
  cd /
  GAVOSETTINGS= dachs serve stop >/dev/null 2>&1
  if pg_lsclusters -h 2>/dev/null | grep -q '^15 *main .* online'; then
    psql_gavo -c "DROP SCHEMA IF EXISTS skyseed_corpus, skyseed CASCADE" >/dev/null 2>&1
    if [ -z "$role_before" ]; then
      psql_gavo -c "DROP OWNED BY root; DROP ROLE IF EXISTS root" >/dev/null 2>&1
    fi
    [ -n "$was_online" ] || pg_ctlcluster 15 main stop
  fi
  rm -rf "$(dachs config inputsDir 2>/dev/null)/skyseed" "$work"
}
trap cleanup EXIT
unset GAVOSETTINGS GAVOCUSTOM PGHOST PGPORT PGDATABASE PGUSER PGSERVICE

# The blocks, in docs/tap.md's order; then again, publishing twice in a row
# and again after unpublishing (docs/tap.md says they run in any order, any
# number of times).
names=(dachs-install dachs-grow dachs-publish dachs-query dachs-unpublish)
runs=(dachs-install dachs-grow dachs-publish dachs-query dachs-unpublish
  dachs-install dachs-grow dachs-publish dachs-publish dachs-query dachs-unpublish)
for name in "${names[@]}"; do
  awk -v want="<!-- readme-test: $name -->" '
    $0 == want { armed = 1; next }
    armed && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$repo/docs/tap.md" >"$work/$name.sh"
  [ -s "$work/$name.sh" ] || { echo "FAIL: docs/tap.md has no block $name"; exit 1; }
done

# Refuse rather than clobber what someone else has in DaCHS's cluster.
pg_ctlcluster 15 main start 2>/dev/null
if [ -n "$(psql_gavo -c "SELECT 1 FROM pg_roles WHERE rolname = 'root'")" ]; then
  role_before=yes
  echo "FAIL: cluster 15/main already has a role root; docs/tap.md's createuser would fail"
  exit 1
fi
if [ -n "$(psql_gavo -c "SELECT 1 FROM pg_namespace WHERE nspname IN ('skyseed_corpus', 'skyseed')")" ]; then
  echo "FAIL: database gavo already holds a skyseed corpus"; exit 1
fi
[ -n "$was_online" ] || pg_ctlcluster 15 main stop

# What must be the same after unpublishing as before publishing.
state() {
  runuser -u postgres -- pg_dump -s -n skyseed_corpus -n skyseed -d gavo | grep -v '^\\\(un\)\?restrict'
  psql_gavo -c "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY obs_pk)) FROM skyseed_corpus.obscore t"
  # NULL and the owner's explicit default are the same privileges.
  psql_gavo -c "SELECT relname, coalesce(relacl, acldefault('r', relowner)) FROM pg_class
                WHERE relnamespace = 'skyseed_corpus'::regnamespace ORDER BY relname"
  psql_gavo -c "SELECT coalesce(nspacl, acldefault('n', nspowner))
                FROM pg_namespace WHERE nspname = 'skyseed_corpus'"
}
views_over_corpus() {  # views outside skyseed_corpus that read its tables
  psql_gavo -c "SELECT count(DISTINCT v.oid) FROM pg_depend d
    JOIN pg_rewrite r ON r.oid = d.objid JOIN pg_class v ON v.oid = r.ev_class
    JOIN pg_class t ON t.oid = d.refobjid
    WHERE d.classid = 'pg_rewrite'::regclass AND t.relnamespace = 'skyseed_corpus'::regnamespace
      AND v.relnamespace <> 'skyseed_corpus'::regnamespace"
}
foreign_grants() {  # ACL entries on the corpus granted by anyone but the owner
  psql_gavo -c "SELECT count(*) FROM pg_class c, aclexplode(c.relacl) a
    WHERE c.relnamespace = 'skyseed_corpus'::regnamespace AND a.grantor <> c.relowner"
}

# One shell for all blocks (the PATH export carries over), with the test's
# own look between them.
{
  echo 'set -eo pipefail'
  for name in "${runs[@]}"; do
    echo "echo '-- docs/tap.md block $name'"
    cat "$work/$name.sh"
    echo "between_blocks $name"
  done
} >"$work/readme.sh"
between_blocks() {
  case "$1" in
    dachs-grow) state >"$work/before.state" ;;
    dachs-unpublish)
      # What docs/tap.md says is gone: the server and the RD.
      if curl -sf -o /dev/null http://localhost:8080/tap/availability; then
        echo "FAIL: a DaCHS server still answers after unpublishing"; return 1
      fi
      if [ -e "$(dachs config inputsDir)/skyseed/q.rd" ]; then
        echo "FAIL: the RD is still in DaCHS's inputs after unpublishing"; return 1
      fi
      if [ -e "$(dachs config inputsDir)/skyseed" ]; then
        echo "FAIL: an inputs/skyseed folder is left after unpublishing"; return 1
      fi ;;
    dachs-publish)
      for _ in $(seq 300); do
        curl -sf http://localhost:8080/tap/availability | grep -q '<avl:available>true' && break
        sleep 0.1
      done
      skyseed verify --db dbname=gavo >"$work/verify-published.out" 2>&1 ;;
  esac
}
export -f between_blocks state psql_gavo
export work
(cd "$repo" && bash "$work/readme.sh") >"$work/readme.out" 2>&1
rc=$?
cat "$work/readme.out"
check "docs/tap.md's DaCHS blocks run as printed (exit $rc)" test "$rc" = 0

# The answers pyvo printed, against psql with the indexes off.
brute() { psql_gavo -c "SET enable_indexscan = off; SET enable_bitmapscan = off; $1" | tail -1; }
declare -A expect=(
  [intersects]="$(brute "SELECT count(*) FROM skyseed_corpus.obscore
    WHERE s_region && scircle(spoint(radians(150), radians(2)), radians(10))")"
  [contains]="$(brute "SELECT count(*) FROM skyseed_corpus.obscore
    WHERE spoint(radians(214.3), radians(-45.1)) @ s_region")"
  [cone]="$(brute "SELECT count(*) FROM skyseed_corpus.gaia_source
    WHERE degrees(2 * asin(sqrt(sin(radians(dec - 2) / 2)^2 +
          cos(radians(dec)) * cos(radians(2)) * sin(radians(ra - 150) / 2)^2))) <= 3")"
  [tap_schema]="$(psql_gavo -c "SELECT count(*) FROM pg_attribute
    WHERE attrelid = 'skyseed_corpus.gaia_source'::regclass AND attnum > 0 AND NOT attisdropped")"
)
for q in intersects contains cone tap_schema; do
  # The query block ran twice; both runs must print the same.
  got="$(awk -v q="$q" '$1 == q { print $2 }' "$work/readme.out" | sort -u)"
  check "pyvo $q: $got, psql says ${expect[$q]}" test -n "$got" -a "$got" = "${expect[$q]}" -a "${expect[$q]:-0}" != 0
done
check "verify while published warns about DaCHS's onward grants ($(grep -m1 -i warn "$work/verify-published.out"))" \
  grep -qi "warning.*untrusted" "$work/verify-published.out"

state >"$work/after.state"
check "after unpublishing: no view outside skyseed_corpus reads its tables" test "$(views_over_corpus)" = 0
check "after unpublishing: no grant on the corpus that its owner did not make" test "$(foreign_grants)" = 0
check "after unpublishing: schema, rows and privileges as before publishing" \
  diff -u "$work/before.state" "$work/after.state"
finish
