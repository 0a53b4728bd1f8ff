#!/usr/bin/env bash
# skyseed report on a database grown through ci then S: the files it writes,
# its refusals, and report.html as headless Chromium renders it.
# SKYSEED_REPORT_PNG=path keeps the screenshot for a person to look at.
source "$(dirname "$0")/lib.sh"

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "FAIL: chromium is not installed (it renders the report); run scripts/install-deps.sh"
  exit 1
fi
out="$(mktemp -d /tmp/skyseed-report-test.XXXXXX)"
trap 'rm -rf "$out"' EXIT
chrome() {  # chrome ARGS... URL: headless, offline, with a throwaway profile
  timeout 180 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d "$out/profile.XXXXXX")" "$@" 2>>"$out/chromium.log"
}
report() { "$bin" report --db "$(conninfo "$1")" --out "$2"; }

fresh_db t_report
msg="$(report t_report "$out/none" 2>&1)"; rc=$?
check "report on a database without a corpus is the wrong input (exit 2)" test "$rc" = 2
check "saying it holds no corpus" grep -q "no skyseed corpus in this database" <<<"$msg"
check "and writing nothing" test ! -e "$out/none"
touch "$out/a-file"
msg="$(report t_report "$out/a-file" 2>&1)"; rc=$?
check "an --out that is a file is refused with exit 2" test "$rc" = 2
check "naming it" grep -q -- "--out $out/a-file is not a directory" <<<"$msg"
msg="$(report t_report /proc/skyseed-report 2>&1)"; rc=$?
check "an --out that cannot be created is refused with exit 2" test "$rc" = 2

"$bin" grow --tier ci --db "$(conninfo t_report)" >/dev/null
sql t_report "BEGIN; DELETE FROM skyseed.tier_table; DELETE FROM skyseed.tier; COMMIT" >/dev/null
msg="$(report t_report "$out/none" 2>&1)"; rc=$?
check "a corpus with no tier recorded fails (exit 1)" test "$rc" = 1
check "saying no tier is recorded yet" \
  test "$msg" = "skyseed: no tier recorded yet; run skyseed grow first"

fresh_db t_report
"$bin" grow --tier ci --db "$(conninfo t_report)" >/dev/null
# Tier ci's rows as psql counts them, before S grows the tables: what the
# sweep's "What was measured" must show for ci (from the tier's ledger).
ci_obscore="$(sql t_report 'SELECT count(*) FROM skyseed_corpus.obscore')"
ci_rows=0
for t in $(sql t_report "SELECT tablename FROM pg_tables WHERE schemaname = 'skyseed_corpus'"); do
  ci_rows=$((ci_rows + $(sql t_report "SELECT count(*) FROM skyseed_corpus.\"$t\"")))
done
"$bin" grow --tier S --db "$(conninfo t_report)" >/dev/null
check "two tiers recorded" test "$(sql t_report 'SELECT count(*) FROM skyseed.tier')" = 2
path="$(report t_report "$out/report")"; rc=$?
check "report exits 0" test "$rc" = 0
check "and prints the path of report.html" test "$path" = "$out/report/report.html"
for f in report.html rows_per_tier.svg size_per_tier.svg phases_per_tier.svg \
  throughput_per_table.svg index_builds_per_tier.svg; do
  check "it wrote $f" test -s "$out/report/$f"
done
check "and left no temporary file" test -z "$(find "$out/report" -name '*.partial')"
check "each SVG file is well-formed XML" python3 -c '
import sys, xml.etree.ElementTree as ET
for f in sys.argv[1:]:
    assert ET.parse(f).getroot().tag == "{http://www.w3.org/2000/svg}svg", f' "$out"/report/*.svg
path="$(report t_report "$out/report")"; rc=$?
check "a second report over the first one exits 0" test "$rc" = 0

# A short sweep on ci and S adds its plots and tables.
"$bin" sweep --tier ci,S --clients 1,2 --duration 2 --reps 2 --warmup 0 --out "$out/sweep" \
  --db "$(conninfo t_report)" >/dev/null
report t_report "$out/report" >/dev/null
# Named after the sweep: sweep_<8 hex digits of its key>_<chart>.svg.
for f in throughput latency_ci latency_S classes_S errors spread database_cpu database_reads \
  scaling_tps scaling_p95 scaling_hit_ratio scaling_classes; do
  check "with a sweep it wrote sweep_*_$f.svg" \
    test -s "$(ls "$out"/report/sweep_[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]_$f.svg 2>/dev/null | head -1)"
done
# The sweep's tables, in summary.md and the page: tier ci's rows as psql
# counted them, the server's own version, every row classified.
thousands() { python3 -c 'import sys; print(f"{int(sys.argv[1]):,}")' "$1"; }
ci_figures="| $(thousands "$ci_obscore") | $(thousands "$ci_rows") |"
md="$out/report/summary.md"
check "summary.md's What was measured shows tier ci's rows as psql counts them ($ci_figures)" \
  bash -c 'grep -F "| ci | " "$1" | grep -q -F -- "$2"' _ "$md" "$ci_figures"
check "report.html shows them too" grep -q -F \
  "<td>$(thousands "$ci_obscore")</td><td>$(thousands "$ci_rows")</td>" "$out/report/report.html"
check "and the grow time and index/table bytes of ci, not a dash" \
  bash -c 'grep -F "| ci | " "$1" | grep -q -E -- "\| [0-9.]+ \([0-9.]+ MiB / [0-9.]+ MiB\) \| [0-9.]+ s \|"' \
  _ "$md"
check "summary.md names the server's version as the server does" \
  grep -q -F "| PostgreSQL | $(sql t_report 'SHOW server_version') |" "$md"
check "and pg_sphere's version" \
  grep -q -F "pg_sphere $(sql t_report "SELECT extversion FROM pg_extension WHERE extname = 'pg_sphere'")" \
  "$md"
check "a per-client-count table per tier" \
  test "$(grep -c '^\*\*Per client count, tier ' "$md")" = 2
check "and where the limit was" grep -q '^\*\*Where the limit was\*\*' "$md"
check "status lists the sweep of each tier" \
  test "$("$bin" status --db "$(conninfo t_report)" | grep -c '^sweep on tier')" = 2

# summary.md as GitHub renders it (cmark-gfm, GitHub's own renderer, with its
# table extension): every markdown table becomes an HTML table (a row with
# the wrong number of cells would not), and every image it names was written.
cmark-gfm -e table "$out/report/summary.md" > "$out/summary.html"
check "cmark-gfm renders summary.md's tables as tables" python3 - "$out/report/summary.md" \
  "$out/summary.html" <<'PY'
import re, sys
md, html = open(sys.argv[1]).read(), open(sys.argv[2]).read()
tables = len(re.findall(r"^\|[-:|]+\|$", md, re.M))
assert tables >= 2 and html.count("<table>") == tables, (tables, html.count("<table>"))
PY
check "every image summary.md names is in the report folder" python3 - "$out/summary.html" \
  "$out/report" <<'PY'
import os, re, sys
srcs = re.findall(r'<img src="([^"]+)"', open(sys.argv[1]).read())
assert srcs and all(os.path.isfile(os.path.join(sys.argv[2], s)) for s in srcs), srcs
PY

chrome --window-size=1280,2000 --screenshot="$out/report.png" "file://$out/report/report.html" \
  >/dev/null
size="$(stat -c %s "$out/report.png" 2>/dev/null || echo 0)"
check "Chromium renders report.html to a PNG over 20 kB ($size bytes)" test "$size" -gt 20000
if [ -n "${SKYSEED_REPORT_PNG:-}" ]; then cp "$out/report.png" "$SKYSEED_REPORT_PNG"; fi
chrome --dump-dom "file://$out/report/report.html" >"$out/dom.html"
for text in '>ci<' '>S<' 'gaia.gaia_source' 'ivoa.obscore' '1,000,000' '<svg' \
  'Capacity sweep' 'Throughput by client count' 'Flagged windows' 'What was measured' \
  'Where the limit was'; do
  check "the rendered page shows $text" grep -q -F -- "$text" "$out/dom.html"
done
if [ "$failures" -ne 0 ] && [ -s "$out/chromium.log" ]; then tail -20 "$out/chromium.log"; fi
finish
