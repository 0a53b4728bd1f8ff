#!/usr/bin/env python3
"""The closing lines of scripts/bench-tap-service.sh (tap-service,
tap-pooler, tap-aggregate; their fields are listed there) from the
tap-sweep.json each of its sweeps wrote in WORKDIR/NAME: a reader of the
sweep's JSON, run by tests/pg/carry_test.sh over one the writer just wrote.

  scripts/bench/tap_service_lines.py WORKDIR TIER
"""
import json, os, sys
work, tier = sys.argv[1], sys.argv[2]

def peak(name):
    """The step with the highest mean req/s over valid windows, its
    windows, the tier's limit and the mix."""
    sweep = json.load(open(os.path.join(work, name, "tap-sweep.json")))
    t = sweep["tiers"][0]
    steps = {}
    for w in t["windows"]:
        if not w["flags"]:
            steps.setdefault(w["clients"], []).append(w)
    best = max(steps.values(), key=lambda ws: sum(w["tps"] for w in ws) / len(ws))
    sat = t["saturation"]
    limit = sat.get("limit", "none") if sat.get("saturated") else "none"
    return best, limit, sweep["setup"]["mix"]

def mean(ws, f):
    v = [f(w) for w in ws]
    v = [x for x in v if x is not None and x >= 0]
    return sum(v) / len(v) if v else float("nan")

rps = lambda ws: mean(ws, lambda w: w["tps"])
requests = lambda w: w["committed"] + w["failed"]
pg_ms = lambda ws: mean(ws, lambda w: 1000 * w["database_cores"] * w["seconds"] / requests(w))
sessions = lambda ws: mean(ws, lambda w: w["new_sessions"] / requests(w))
conn_ms = lambda ws: mean(ws, lambda w: w["new_sessions"] / requests(w) * w["connection_ms"])

plain, plain_limit, mix = peak("plain")
cpus, cpus_limit, _ = peak("cpus")
replicas, _, _ = peak("replicas")
pgpool, _, _ = peak("pgpool")
pgbouncer, _, _ = peak("pgbouncer")
aggregate, aggregate_limit, _ = peak("aggregate")
print(f"tap-service tier={tier} mix={mix} rps={rps(plain):.1f} limit={plain_limit} "
      f"rps_cpus_0.25={rps(cpus):.1f} limit_cpus_0.25={cpus_limit} "
      f"throttled_share={mean(cpus, lambda w: w['throttled_share']):.2f} "
      f"rps_2x0.25={rps(replicas):.1f} conn_ms_per_request={conn_ms(plain):.1f} "
      f"pg_ms_per_request={pg_ms(plain):.1f} pooler_pg_ms_per_request={pg_ms(pgpool):.1f}")
print(f"tap-pooler tier={tier} pgbouncer_sessions_per_request={sessions(pgbouncer):.2f} "
      f"pgbouncer_pg_ms_per_request={pg_ms(pgbouncer):.1f} pgbouncer_rps={rps(pgbouncer):.1f} "
      f"pgpool_sessions_per_request={sessions(pgpool):.2f} "
      f"pgpool_pg_ms_per_request={pg_ms(pgpool):.1f} pgpool_rps={rps(pgpool):.1f}")
print(f"tap-aggregate tier={tier} rps={rps(aggregate):.2f} pg_ms_per_request={pg_ms(aggregate):.0f} "
      f"limit={aggregate_limit}")
