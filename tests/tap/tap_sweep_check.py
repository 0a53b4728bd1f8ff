#!/usr/bin/python3
"""Checks a `skyseed sweep --target tap|both --keep-logs` output folder
against what it was computed from, independently of skyseed's code:

- every TAP window's request count equals the lines of its request log,
  and its p50/p95/p99 (overall and per class) equal the nearest-rank
  percentiles recomputed here from that log;
- with a database sweep beside it, service-share.csv is the difference of
  the two sweeps' class p50s, recomputed here from the two JSON files;
- with TAP_URL set (a running service), a sample of every class's queries
  sent through pyvo returns the rows a brute force over rows read plainly
  with psql returns (tests/tap/tap_queries.py's sphere math).

Environment: OUT (the sweep's --out), and for the row check TAP_URL, PGCONN,
SCHEMA. Prints ok:/FAIL: lines; exit 1 on any FAIL.
"""
import csv
import json
import math
import os
import sys
import time

OUT = os.environ["OUT"]
os.environ.setdefault("TAP_URL", "")
os.environ.setdefault("PGLOG", "/dev/null")
os.environ.setdefault("PGCONN", "")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tap_queries as tq  # noqa: E402  (reads the environment above)

failed = 0


def check(ok, what):
    global failed
    print(("ok: " if ok else "FAIL: ") + what)
    sys.stdout.flush()
    failed += 0 if ok else 1


def nearest_rank(values, p):
    s = sorted(values)
    return s[min(len(s), max(1, math.ceil(p / 100.0 * len(s)))) - 1] if s else 0


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


tap = json.load(open(os.path.join(OUT, "tap-sweep.json")))
mix = [c.split("=")[0] for c in tap["setup"]["mix"].split(",")]
windows = 0
for tier in tap["tiers"]:
    for w in tier["windows"]:
        windows += 1
        name = f"{tier['tier']} c{w['clients']}-r{w['rep']}"
        log = os.path.join(OUT, tier["tier"], "tap", f"c{w['clients']}-r{w['rep']}",
                           "requests.log")
        rows = [line.split(" ", 7) for line in open(log).read().splitlines()]
        check(len(rows) == w["committed"] + w["failed"],
              f"{name}: {len(rows)} log lines = {w['committed']} answered + {w['failed']} failed")
        ok = [r for r in rows if r[6] == "ok"]
        check(len(ok) == w["committed"], f"{name}: {len(ok)} ok lines = answered")
        check(len(ok) > 0, f"{name}: some requests answered")
        lat = [int(r[3]) / 1000.0 for r in ok]
        got = w["latency_ms"]
        same = all(close(nearest_rank(lat, p), got[k])
                   for p, k in ((50, "p50"), (95, "p95"), (99, "p99")))
        check(same, f"{name}: p50/p95/p99 {got['p50']:.3f}/{got['p95']:.3f}/{got['p99']:.3f} ms"
              " recomputed from the log")
        for i, cls in enumerate(mix):
            lc = [int(r[3]) / 1000.0 for r in ok if int(r[1]) == i]
            rec = w["classes_latency_ms"][cls]
            check(rec["count"] == len(lc) and
                  all(close(nearest_rank(lc, p), rec[k])
                      for p, k in ((50, "p50"), (95, "p95"), (99, "p99"))),
                  f"{name}: class {cls}: {len(lc)} requests, percentiles recomputed")
        sent = [s["query"] for s in w["top_by_total"]]
        check(any("gaia_source" in q or "obscore" in q for q in sent),
              f"{name}: the statements ranked are the service's ({len(sent)}, e.g. "
              f"{(sent or [''])[0][:60]!r})")
        check(close(sum(int(r[5]) for r in rows), w["response_bytes"]),
              f"{name}: {w['response_bytes']:.0f} response bytes = the log's sum")
check(windows > 0, f"{windows} TAP windows")

share_csv = os.path.join(OUT, "service-share.csv")
if os.path.exists(os.path.join(OUT, "sweep.json")):
    db = json.load(open(os.path.join(OUT, "sweep.json")))
    pairs = {"tap_lookup": "lookup_source", "tap_cone": "cone_source",
             "tap_footprint": "footprint_obscore", "aggregate_obscore": "aggregate_obscore"}

    def mean_p50(record, tier, clients, cls):
        v = [w["classes_latency_ms"][cls]["p50"] for t in record["tiers"] if t["tier"] == tier
             for w in t["windows"] if w["clients"] == clients and not w["flags"]
             and cls in w["classes_latency_ms"] and w["classes_latency_ms"][cls]["count"] > 0]
        return sum(v) / len(v) if v else None
    want = []
    for t in tap["tiers"]:
        for c in sorted({w["clients"] for w in t["windows"]}):
            for tc, dc in pairs.items():
                e, d = mean_p50(tap, t["tier"], c, tc), mean_p50(db, t["tier"], c, dc)
                if e and d is not None:
                    want.append((t["tier"], c, tc, max(0.0, e - d) / e))
    got = [(r["tier"], int(r["clients"]), r["tap_class"], float(r["service_share"]))
           for r in csv.DictReader(open(share_csv))]
    # A row needs a valid window on both sides: windows flagged (say
    # host-contended beside other tests) leave their rows out, as here.
    check(len(got) == len(want) and
          all(a[:3] == b[:3] and abs(a[3] - b[3]) < 1e-4 for a, b in zip(sorted(got), sorted(want))),
          f"service-share.csv: {len(got)} rows (of {len(want)} with valid windows on both sides),"
          " each (end to end - database) / end to end")

# ------------------------------------------------------------ rows
if os.environ["TAP_URL"]:
    import pyvo
    svc = pyvo.dal.TAPService(os.environ["TAP_URL"])
    sync = svc.run_sync

    def run_sync(q):
        """DaCHS runs each sync query as a UWS job; right after a loaded
        sweep, its jobs table can still be locked by a request tapbench
        stopped waiting for ("stale lock"): that answer is retried, up to
        five times a second apart, and every other error is raised."""
        for attempt in range(6):
            try:
                return sync(q)
            except pyvo.dal.DALQueryError as e:
                if "lock" not in str(e) or attempt == 5:
                    raise
                print(f"note: retrying after {e}")
                time.sleep(1)
    obs, src, _ = tq.load_corpus()
    by_did = {o["did"]: o for o in obs}
    tier = tap["tiers"][-1]["tier"]
    qdir = os.path.join(OUT, tier, "tap", "queries")

    def queries(cls, n=3):
        path = os.path.join(qdir, cls + ".adql")
        if not os.path.exists(path):
            print(f"skip: {cls}: not in this sweep's mix, no answers to check")
            return []
        lines = [q for q in open(path).read().splitlines() if q and not q.startswith("--")]
        # From the start and the middle: consecutive lines alternate kinds
        # where a class has two (tap_lookup: source, observation).
        half = n // 2
        return (lines[:n - half] + lines[len(lines) // 2:len(lines) // 2 + half])[:n]

    def number_after(q, word):
        return q.split(word)[1].split()[0].strip("',)")

    def circle(q):
        ra, dec, r = q.split("CIRCLE('ICRS', ")[1].split(")")[0].split(", ")
        return float(ra), float(dec), float(r)

    for q in queries("tap_lookup", 4):
        tab = run_sync(q)
        if "source_id =" in q:
            sid = int(number_after(q, "source_id = "))
            want = [s[0] for s in src if s[0] == sid]
            check([int(x) for x in tab["source_id"]] == want == [sid], f"tap_lookup: {q[-40:]}")
        else:
            did = q.split("obs_publisher_did = '")[1].rstrip("'")
            check([str(x) for x in tab["obs_publisher_did"]] == [did] and did in by_did,
                  f"tap_lookup: {did}")
    for q in queries("tap_cone"):
        ra0, dec0, r0 = circle(q)
        want = {s[0] for s in src if tq.cone_dist(ra0, dec0, s[1], s[2]) <= r0}
        edge = sum(abs(tq.cone_dist(ra0, dec0, s[1], s[2]) - r0) < tq.MARGIN for s in src)
        got = {int(x) for x in run_sync(q)["source_id"]}
        ok = (len(got ^ want) <= edge) if len(want) <= 500 else (len(got) == 500 and got <= want)
        check(ok, f"tap_cone ({ra0}, {dec0}, {r0}): {len(got)} sources, brute force {len(want)}")
    for q in queries("tap_footprint"):
        ra0, dec0, r0 = circle(q)
        c = tq.unit(ra0, dec0)
        want, unsure = set(), 0
        for o in obs:
            d = 0.0 if tq.inside(c, o["poly"]) else tq.boundary_dist(c, o["poly"])
            if abs(d - r0) < tq.MARGIN:
                unsure += 1
            elif d <= r0:
                want.add(o["obs_id"])
        got = {str(x) for x in run_sync(q)["obs_id"]}
        check(len(got ^ want) <= unsure,
              f"tap_footprint ({ra0}, {dec0}, {r0}): {len(got)} footprints, brute force {len(want)}")
    for q in queries("tap_stream_1000", 2):
        start = int(number_after(q, "source_id >= "))
        want = sorted(s[0] for s in src if s[0] >= start)[:1000]
        got = [int(x) for x in run_sync(q)["source_id"]]
        check(got == want, f"tap_stream_1000 from {start}: {len(got)} rows in key order")
    for q in queries("aggregate_obscore", 1):
        counts = {}
        for (t,) in tq.psql(f"SELECT coalesce(dataproduct_type, '') FROM {tq.SCHEMA}.obscore"):
            counts[t] = counts.get(t, 0) + 1
        tab = run_sync(q)
        got = {str(t) if str(t) != "--" else "": int(n) for t, n in zip(tab["dataproduct_type"], tab["n"])}
        check(got == counts, f"aggregate_obscore: {sorted(got.items())}")
    for q in queries("tap_metadata", 2):
        table = q.split("table_name = '")[1].rstrip("'")
        want = sorted(r[0] for r in tq.psql(
            f"SELECT column_name FROM tap_schema.columns WHERE table_name = '{table}'"))
        got = sorted(str(c) for c in run_sync(q)["column_name"])
        check(got == want and len(got) > 0, f"tap_metadata {table}: {len(got)} columns")

print(f"tap_sweep_check: {failed} failed")
sys.exit(1 if failed else 0)
