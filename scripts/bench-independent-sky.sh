#!/usr/bin/env bash
# gen-4 against gen-5 side by side: the previous generator's
# binary (stratified sky order, skyseed-gen-4) and this tree's (independent
# draws in sky order, gen-5) each grow TIER from empty into their own
# database of one embedded cluster, alternately ROUNDS times, the page cache
# dropped before each grow. Per run: the grow's wall seconds and busy seconds
# per million rows (its tier record); then, warm, the blocks a 0.5 deg cone
# touches per row it returns (scripts/bench/cone-blocks.sql, 200 cones on
# stored sources), and the sky's statistics (scripts/bench/sky-statistics.sql:
# rows per 0.5 deg cone at 1,000 random centres, p50/p95/p99/variance;
# counts-in-cells dispersion at order 7; pairs under 60" against the
# Poisson expectation). Last lines, medians over rounds, each figure of
# both generators and their ratio, and the summary line of docs/benchmarks.md
# (d1_over_floor comes from scripts/bench-grow.sh D1, run on its own):
#   independent-sky tier=T grow_s_gen4=… gen5=… ratio=… …
#   sky gen=skyseed-gen-5 tier=T blocks_per_row=… dispersion_o7=… pairs_60as=… cone_rows_p95=…
# Usage: scripts/bench-independent-sky.sh GEN4_BINARY [TIER] [ROUNDS] [WORKDIR]
#   (default: S 1 /var/tmp/skyseed-independent-sky; build a gen-4 binary from
#    5bbd098 in a clone; root, to drop the page cache; SKYSEED_BENCH_BINARY
#    names this tree's binary if it is built already)
set -euo pipefail
gen4="$(realpath "${1:?give the gen-4 skyseed binary}")"
tier="${2:-S}"
rounds="${3:-1}"
work="${4:-/var/tmp/skyseed-independent-sky}"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/bench/lib.sh"
gen5="$bin"
"$gen4" --version | grep -q skyseed-gen-4 || { echo "$gen4 is not a gen-4 binary" >&2; exit 2; }
"$gen5" --version | grep -q skyseed-gen-5 || { echo "$gen5 is not a gen-5 binary" >&2; exit 2; }
results="$work/results.tsv"
: >"$results"
run() {  # run NAME BINARY ROUND
  local name="$1" binary="$2" db="sky_$1" blocks stats
  sql postgres "DROP DATABASE IF EXISTS $db WITH (FORCE)"
  sync && echo 3 > /proc/sys/vm/drop_caches
  "$binary" grow --tier "$tier" --data-dir "$work/data" --database "$db" >"$work/$name.grow" 2>&1
  "$binary" status --json --data-dir "$work/data" --database "$db" >"$work/$name.json"
  # Twice: the first pass warms the pages, the second is reported.
  psql -X -At -v cones=200 -v radius=0.5 -f "$here/bench/cone-blocks.sql" "$(conn "$db")" >/dev/null
  blocks="$(psql -X -At -v cones=200 -v radius=0.5 -f "$here/bench/cone-blocks.sql" "$(conn "$db")" | tail -1)"
  stats="$(psql -X -At -v cones=1000 -v radius=0.5 -f "$here/bench/sky-statistics.sql" "$(conn "$db")" | tail -1)"
  python3 - "$work/$name.json" "$name" "$3" "$blocks $stats" >>"$results" <<'PY'
import json, sys
status, name, rnd, line = json.load(open(sys.argv[1])), *sys.argv[2:]
t = status["tiers"][-1]
rows = sum(x["rows"] for x in t["tables"])
busy = t.get("time_bounds", {}).get("work_seconds", 0)
kv = dict(p.split("=") for p in line.split())
print("\t".join([name, rnd, f"{t['seconds']:.1f}", f"{busy / (rows / 1e6):.2f}"] +
                [kv[k] for k in ("blocks_per_row", "cone_rows_p50", "cone_rows_p95", "cone_rows_p99",
                                 "cone_rows_var", "dispersion_o7", "pairs_60as_ratio")]))
PY
  tail -1 "$results"
}
echo "tier $tier, $rounds rounds; columns: generator round grow_s busy_s_per_mrow blocks_per_row" \
  "cone_rows_p50 p95 p99 variance dispersion_o7 pairs_60as_ratio"
for r in $(seq "$rounds"); do
  run gen4 "$gen4" "$r"
  run gen5 "$gen5" "$r"
done
python3 - "$results" "$tier" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
names = ["grow_s", "busy_s_per_mrow", "blocks_per_row", "cone_rows_p50", "cone_rows_p95",
         "cone_rows_p99", "cone_rows_var", "dispersion_o7", "pairs_60as"]
def med(gen, col): return statistics.median(float(r[col]) for r in rows if r[0] == gen)
g4 = {n: med("gen4", c) for c, n in enumerate(names, 2)}
g5 = {n: med("gen5", c) for c, n in enumerate(names, 2)}
print(f"independent-sky tier={sys.argv[2]} " + " ".join(
    f"{n}_gen4={g4[n]:g} gen5={g5[n]:g} ratio={g5[n] / g4[n]:.3f}" for n in names))
print(f"sky gen=skyseed-gen-5 tier={sys.argv[2]} blocks_per_row={g5['blocks_per_row']:g} "
      f"dispersion_o7={g5['dispersion_o7']:g} pairs_60as={g5['pairs_60as']:g} "
      f"cone_rows_p95={g5['cone_rows_p95']:g} d1_over_floor=<scripts/bench-grow.sh D1>")
PY
