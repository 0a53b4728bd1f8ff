#!/usr/bin/env bash
# skyseed report on a database grown through ci then S by a sweep: the files it writes,
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
# A short sweep on ci and S: it measures ci, then grows S and measures it
# (a tier is only measured while the tables hold it).
"$bin" sweep --tier ci,S --clients 1,2 --duration 2 --reps 2 --warmup 0 --out "$out/sweep" \
  --db "$(conninfo t_report)" >/dev/null
check "two tiers recorded" test "$(sql t_report 'SELECT count(*) FROM skyseed.tier')" = 2
printed="$(report t_report "$out/report")"; rc=$?
check "report exits 0" test "$rc" = 0
# Its first line; a capacity line per sweep follows.
check "and prints the path of report.html" test "$(head -1 <<<"$printed")" = "$out/report/report.html"
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

# The sweep adds its plots and tables.
report t_report "$out/report" >/dev/null
# Named after the sweep: sweep_<8 hex digits of its key>_<chart>.svg.
for f in throughput latency_ci latency_S errors scaling_tps scaling_p95 scaling_hit_ratio; do
  check "with a sweep it wrote sweep_*_$f.svg" \
    test -s "$(ls "$out"/report/sweep_[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]_$f.svg 2>/dev/null | head -1)"
done
# The charts drawn from valid windows only exist when there are some: which
# ones, worked out here from sweep.json (on a busy host every window may be
# flagged host-contended).
check "the charts of valid windows are there exactly when such windows are" \
  python3 - "$out/sweep/sweep.json" "$out/report" <<'PY'
import glob, json, os, sys
tiers = json.load(open(sys.argv[1]))["tiers"]
valid = lambda ws: [w for w in ws if not w["flags"]]
def steps(t):
    by = {}
    for w in t["windows"]: by.setdefault(w["clients"], []).append(w)
    return [by[c] for c in sorted(by)]
expect = {"classes_" + t["tier"]: any(w["classes_latency_ms"] for w in valid(t["windows"])) for t in tiers}
expect["spread"] = any(len(valid(s)) >= 2 for t in tiers for s in steps(t))
expect["database_cpu"] = any(w["database_cores"] >= 0 for t in tiers for w in valid(t["windows"]))
expect["database_reads"] = any(valid(t["windows"]) for t in tiers)
expect["scaling_classes"] = any(w["classes_latency_ms"] for t in tiers for w in valid(steps(t)[0]))
for name, drawn in expect.items():
    found = glob.glob(os.path.join(sys.argv[2], "sweep_" + "[0-9a-f]" * 8 + "_" + name + ".svg"))
    assert bool(found) == drawn, (name, drawn, found)
print("valid windows:", sum(len(valid(t["windows"])) for t in tiers), expect)
PY
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
