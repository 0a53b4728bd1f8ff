#!/usr/bin/env python3
"""The scaling run against the first one, tier by tier (docs/scaling-run.md).

Prints a Markdown table: per tier, what a cone cost the database (rows,
blocks touched, blocks read per call, from pg_stat_statements at one client,
and its p50 latency at one client as pgbench measured it),
the hit ratio, the peak throughput of both sweeps and where each stopped,
for the first run (docs/scaling-run/gen-3/tiers.csv, the figures its page
published) beside this one (the sweep's own records and the report's
scaling line).

  scripts/scaling-compare.py OUT_DIR REPORT_TXT [GEN3_CSV]

OUT_DIR holds sweep.json and tap-sweep.json; REPORT_TXT is `skyseed report`'s
output, whose `scaling ...` line gives the hit ratios, peaks and limits.
"""
import csv
import json
import os
import sys

CONE = "<@ scircle("  # the cone_source statement; lookups are by source_id


def scaling_line(path):
    """The run's own scaling line: the report prints one per TAP sweep, and
    the run's limited sweeps (--tap-cpus, at one tier) come first, so the
    line over the most tiers is the run's."""
    lines = [dict(f.split("=", 1) for f in line.split()[1:])
             for line in open(path, encoding="utf-8") if line.startswith("scaling ")]
    if not lines:
        sys.exit(f"scaling-compare: {path} has no 'scaling' line (run skyseed report first)")
    return max(lines, key=lambda fields: len(fields["tiers"].split(",")))


def one_client_windows(tier):
    """The tier's valid (unflagged) windows at one client."""
    return [w for w in tier["windows"] if w["clients"] == 1 and not w.get("flags")]


def cone_cost(tier):
    """Rows, blocks and reads per cone over the valid one-client windows."""
    calls = rows = blocks = reads = 0.0
    for w in one_client_windows(tier):
        for s in w.get("top_by_total", []):
            if CONE in s["query"] and "gaia_source" in s["query"]:
                calls += s["calls"]
                rows += s["rows"]
                blocks += s["shared_hit"] + s["shared_read"]
                reads += s["shared_read"]
    if calls == 0:
        return None
    return rows / calls, blocks / calls, reads / calls


def cone_p50(tier):
    """The cone class's p50 latency (ms) over the valid one-client windows."""
    p50 = [w["classes_latency_ms"]["cone_source"]["p50"] for w in one_client_windows(tier)
           if "cone_source" in w.get("classes_latency_ms", {})]
    return sum(p50) / len(p50) if p50 else None


def tap_limits(path):
    if not os.path.exists(path):
        return {}
    return {t["tier"]: t["saturation"]["limit"] for t in json.load(open(path))["tiers"]}


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit("usage: scripts/scaling-compare.py OUT_DIR REPORT_TXT [GEN3_CSV]")
    out, report = argv[1], argv[2]
    gen3_csv = argv[3] if len(argv) == 4 else os.path.join(
        os.path.dirname(__file__), "..", "docs", "scaling-run", "gen-3", "tiers.csv")
    first = {r["tier"]: r for r in csv.DictReader(open(gen3_csv, encoding="utf-8"))}
    line = scaling_line(report)
    tiers = line["tiers"].split(",")
    column = {k: dict(zip(tiers, line[k].split(","))) for k in
              ("db_gib", "hit_ratio", "peak_tps_db", "peak_rps_tap")}
    db = {t["tier"]: t for t in json.load(open(os.path.join(out, "sweep.json")))["tiers"]}
    tap_limit = tap_limits(os.path.join(out, "tap-sweep.json"))

    print("| Tier | Run | Size GiB | Rows / cone | Blocks / cone | Read / cone | Cone p50 ms "
          "| Hit ratio | Peak tps | Peak req/s | Limit, database | Limit, TAP |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for tier in tiers:
        g = first.get(tier)
        if g:
            print(f"| {tier} | first (gen-3) | {g['db_gib']} | {g['rows_per_cone']} "
                  f"| {g['blocks_per_cone']} | {g['read_per_cone']} | {g['cone_p50_ms']} | {g['hit_ratio']} "
                  f"| {g['peak_tps_db']} | {g['peak_rps_tap']} | {g['limit_db']} "
                  f"| {g['limit_tap']} |")
        cost = cone_cost(db[tier]) if tier in db else None
        rows, blocks, reads = (f"{v:,.0f}" for v in cost) if cost else ("–",) * 3
        p50 = cone_p50(db[tier]) if tier in db else None
        p50 = f"{p50:.2f}" if p50 is not None else "–"
        print(f"| {tier} | this (gen-4) | {column['db_gib'][tier]} | {rows} | {blocks} "
              f"| {reads} | {p50} | {column['hit_ratio'][tier]} | {column['peak_tps_db'][tier]} "
              f"| {column['peak_rps_tap'][tier]} | {db[tier]['saturation']['limit'] if tier in db else '–'} "
              f"| {tap_limit.get(tier, '–')} |")


if __name__ == "__main__":
    main(sys.argv)
