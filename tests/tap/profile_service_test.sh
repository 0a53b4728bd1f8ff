#!/usr/bin/env bash
# `skyseed sweep --target tap --profile-service` with skyseed's
# own DaCHS on an embedded cluster of the test's own: bad arguments first
# (one line, exit 2, nothing created), then the issue's check: a ci sweep
# at 1,2 clients with the profiled window at 2 exits 0 and its --out holds
# a flamegraph SVG whose frames (read as XML, here) include DaCHS's own
# gavo modules; the CPU samples its line reports are counted again from the
# sampler's raw output; the report lists the widest frames. Without a
# sampler (not root, no Debian 13 root, no py-spy) the sweep must still
# run and say why; the flamegraph checks are then skipped (exit 77).
#   profile_service_test.sh SKYSEED_BINARY        (KEEP=1 leaves the temp dir)
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
source "$(dirname "$0")/lib.sh"
require_packages gavodachs2-server python3-pyvo postgresql-15-q3c

work="$(mktemp -d "$(suite_prefix "$bin")tap-profile.XXXXXX")"
chmod 755 "$work"  # the embedded server may run as user postgres
pgdir="$work/pg"
cleanup() {
  "$bin" server stop --data-dir "$pgdir" >/dev/null 2>&1
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# ------------------------------------------------------------ bad arguments
refused "--profile-service at a count the sweep does not measure" --target tap --clients 1,2 \
  --profile-service 4 --tier ci
refused "--profile-service not a count" --target tap --clients 1,2 --profile-service x --tier ci
refused "--profile-service with --target db" --clients 1,2 --profile-service 2 --tier ci
refused "--profile-service with --tap-url" --target tap --tap-url http://127.0.0.1:9/tap \
  --clients 1,2 --profile-service 2 --tier ci

# ------------------------------------------------------------ the sweep
check "skyseed grow --tier ci --standard-names none" \
  "$bin" grow --tier ci --standard-names none --data-dir "$pgdir" >"$work/grow.log" 2>&1
out="$work/sweep"
"$bin" sweep --target tap --tier ci --clients 1,2 --duration 5 --reps 1 --profile-service 2 \
  --data-dir "$pgdir" --out "$out" >"$work/sweep.log" 2>&1
rc=$?
check "the profiled sweep exits 0 (exit $rc)" test "$rc" = 0
[ "$rc" = 0 ] || tail -20 "$work/sweep.log"
line="$(grep -o 'service-profile tier=ci .*' "$work/sweep.log")"
"$bin" report --data-dir "$pgdir" --out "$work/report" >"$work/report.log" 2>&1
check "skyseed report exits 0" test $? = 0
if grep -q "no service profile" "$work/sweep.log"; then
  why="$(grep -o 'no service profile: .*' "$work/sweep.log")"
  check "without a sampler the report says why" grep -q "No profile: " "$work/report/summary.md"
  echo "SKIPPED the flamegraph checks: $why"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ] && exit 77
  exit 1
fi
check "the sweep printed its service-profile line ($line)" test -n "$line"
svg="$(find "$out" -name flamegraph.svg | head -1)"
check "--out holds a flamegraph ($svg)" test -s "$svg"
# The SVG read as XML: every box's <title> is "frame — share %".
frames="$(python3 - "$svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
for t in ET.parse(sys.argv[1]).getroot().iter(ns + "title"):
    print((t.text or "").split(" \u2014 ")[0])
PY
)"
check "its frames include DaCHS's own gavo modules" grep -q "^gavo\.[a-z_.]*:" <<<"$frames"
check "its root is all" grep -qx "all" <<<"$frames"
# austin -f: "stack <µs>,<idle>,<memory>"; the CPU samples are the lines
# whose idle flag is 0, in every process's raw output.
raw="$(cat "$(dirname "$svg")"/profile-*.txt | awk '!/^#/ && NF {split($NF, m, ","); if (m[2] == "0") n++} END {print n + 0}')"
check "samples= is the raw output's CPU lines ($raw)" grep -q " samples=$raw " <<<"$line"
check "summary.md lists the widest frames" grep -q "DaCHS spent .* % of its CPU in" \
  "$work/report/summary.md"
check "summary.md links the flamegraph" grep -q "flamegraph_ci.svg" "$work/report/summary.md"
finish
