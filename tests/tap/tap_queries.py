#!/usr/bin/python3
"""The TAP queries of tests/tap/dachs_test.sh, run through pyvo against DaCHS.

Run with Debian's interpreter (/usr/bin/python3: python3-pyvo lives there).
Each ADQL result is checked against an independent computation over rows
fetched plainly with psql: footprints from the vertex list in
s_region_literal (point-in-polygon and polygon/circle intersection on the
sphere, here in Python), cones by angular distance, lookups and TOP n by
sorting in Python. Each plan is checked too: the SQL DaCHS sent is cut from
the server log (the query role logs every statement) and EXPLAINed as that
role with the session settings DaCHS sent; it must use an index of the kind
expected. Prints ok:/FAIL: lines and a JSON record of every query.

Environment: TAP_URL, PGLOG (the server log), PGCONN (a superuser libpq
conninfo), QUERY_ROLE (DaCHS's untrustedquery role), SCHEMA, OUT (JSON).
"""
import json
import math
import os
import re
import subprocess
import sys
import time
import warnings

warnings.simplefilter("ignore")
import pyvo  # noqa: E402

TAP_URL = os.environ["TAP_URL"]
PGLOG = os.environ["PGLOG"]
PGCONN = os.environ["PGCONN"]
QUERY_ROLE = os.environ.get("QUERY_ROLE", "untrusted")
SCHEMA = os.environ.get("SCHEMA", "skyseed_corpus")
OUT = os.environ.get("OUT", "/dev/null")
# Rows whose footprint boundary lies this close (degrees) to the query's
# geometry may go either way under pg_sphere's tolerance (1e-9 rad): they are
# counted but not compared.
MARGIN = 1e-6

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok:", what)
    else:
        failed += 1
        print("FAIL:", what)
    sys.stdout.flush()
    return ok


def psql(sql):
    """rows of tab-separated text that psql prints for sql (one script)."""
    out = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", PGCONN],
        input=sql, capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


# ------------------------------------------------------------ sphere math
def unit(ra, dec):
    ra, dec = math.radians(ra), math.radians(dec)
    return (math.cos(dec) * math.cos(ra), math.cos(dec) * math.sin(ra), math.sin(dec))


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    n = math.sqrt(dot(a, a))
    return (a[0] / n, a[1] / n, a[2] / n)


def dist(a, b):
    """angle between unit vectors, degrees (atan2: exact for small angles)."""
    return math.degrees(math.atan2(math.sqrt(dot(cross(a, b), cross(a, b))), dot(a, b)))


def cone_dist(ra1, dec1, ra2, dec2):
    return dist(unit(ra1, dec1), unit(ra2, dec2))


VERTEX = re.compile(r"\(\s*([-+0-9.eE]+)d\s*,\s*([-+0-9.eE]+)d\s*\)")


def polygon(literal):
    return [unit(float(a), float(b)) for a, b in VERTEX.findall(literal)]


def arc_dist(p, a, b):
    """degrees from p to the great-circle arc a-b."""
    n = norm(cross(a, b))
    foot = (p[0] - dot(p, n) * n[0], p[1] - dot(p, n) * n[1], p[2] - dot(p, n) * n[2])
    if dot(foot, foot) > 0:
        foot = norm(foot)
        if dot(cross(a, foot), n) >= 0 and dot(cross(foot, b), n) >= 0:
            return abs(90.0 - dist(p, n))
    return min(dist(p, a), dist(p, b))


def boundary_dist(p, poly):
    return min(arc_dist(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def inside(p, poly):
    """p inside the (small, simple) spherical polygon: the gnomonic projection
    around p keeps great circles straight, so the plane's winding rule
    holds; a vertex beyond 90 degrees means p is far outside."""
    if any(dot(p, v) <= 0 for v in poly):
        return False
    east = norm(cross((0.0, 0.0, 1.0), p)) if abs(p[2]) < 0.999999 else (1.0, 0.0, 0.0)
    north = cross(p, east)
    pts = [(dot(v, east) / dot(v, p), dot(v, north) / dot(v, p)) for v in poly]
    winding = 0.0
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % len(pts)]
        winding += math.atan2(x1 * y2 - x2 * y1, x1 * x2 + y1 * y2)
    return abs(winding) > math.pi


# ------------------------------------------------------------ the server log
NOISE = re.compile(r"^(SELECT pg_backend_pid\(\)|SET |SHOW |BEGIN|COMMIT|ROLLBACK|CLOSE |FETCH )",
                   re.I)
STMT = re.compile(r"^\d{4}-\d\d-\d\d \S+ \S+ \[\d+\] LOG:  duration: [\d.]+ ms  "
                  r"(?:statement|execute [^:]*): (?P<sql>.*)$")
PREFIXED = re.compile(r"^\d{4}-\d\d-\d\d \S+ \S+ \[\d+\] ")


def log_size():
    return os.path.getsize(PGLOG)


def sql_since(offset):
    """(session SETs, statements) logged since offset: only QUERY_ROLE logs
    its statements (ALTER ROLE ... SET log_min_duration_statement = 0)."""
    time.sleep(0.3)  # the server writes the line after the statement
    with open(PGLOG, encoding="utf-8", errors="replace") as f:
        f.seek(offset)
        lines = f.read().split("\n")
    stmts, cur = [], None
    for line in lines:
        m = STMT.match(line)
        if m:
            cur = [m.group("sql")]
            stmts.append(cur)
        elif cur is not None and line and not PREFIXED.match(line):
            cur.append(line)
        else:
            cur = None
    sets, sent = [], []
    for parts in stmts:
        sql = "\n".join(parts).strip()
        if re.match(r"SET ", sql, re.I):
            sets.append(sql)
        elif not NOISE.match(sql):
            sent.append(sql)
    return sets, sent


def explain(sql, sets):
    m = re.match(r"DECLARE \S+ (?:NO SCROLL )?CURSOR (?:WITH(?:OUT)? HOLD )?FOR (.*)$", sql,
                 re.S | re.I)
    if m:
        sql = m.group(1)
    script = "BEGIN;\nSET LOCAL ROLE %s;\n" % QUERY_ROLE
    script += "".join(re.sub(r"^SET ", "SET LOCAL ", s, flags=re.I) + ";\n" for s in sets)
    script += "EXPLAIN " + sql + ";\nROLLBACK;\n"
    return "\n".join(r[0] for r in psql(script))


def indexes_in(plan):
    return sorted(set(re.findall(r"Index (?:Only )?Scan (?:Backward )?using (\S+)", plan)) |
                  set(re.findall(r"Bitmap Index Scan on (\S+)", plan)))


# ------------------------------------------------------------ the corpus
def load_corpus():
    obs = psql("SELECT obs_publisher_did, obs_id, s_ra, s_dec, s_region_literal, obs_collection"
               f" FROM {SCHEMA}.obscore")
    obs = [{"did": r[0], "obs_id": r[1], "ra": float(r[2]), "dec": float(r[3]),
            "poly": polygon(r[4]), "collection": r[5]} for r in obs]
    src = psql(f"SELECT source_id, ra, dec FROM {SCHEMA}.gaia_source")
    src = [(int(r[0]), float(r[1]), float(r[2])) for r in src]
    idx = psql(f"SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = '{SCHEMA}'")
    return obs, src, {r[1]: (r[0], r[2]) for r in idx}


def geometry_self_test():
    """the brute force on cases whose answers are known by hand: the square
    from (10, 10) to (10.5, 10.5) degrees."""
    sq = polygon("{(10d,10d),(10.5d,10d),(10.5d,10.5d),(10d,10.5d)}")
    east = unit(10.6, 10.25)  # 0.1 deg of RA east of the edge at dec 10.25
    edge = 0.1 * math.cos(math.radians(10.25))
    return (inside(unit(10.25, 10.25), sq) and inside(unit(10.49, 10.01), sq)
            and not inside(east, sq) and not inside(unit(190.25, -10.25), sq)
            and abs(boundary_dist(east, sq) - edge) < 1e-4
            # the north edge is a great circle, ~1e-4 deg north of the parallel
            and 0.2998 < boundary_dist(unit(10.25, 10.8), sq) < 0.3
            and abs(boundary_dist(unit(9.9, 9.9), sq) - cone_dist(9.9, 9.9, 10, 10)) < 1e-9
            and abs(cone_dist(0, 89.9, 180, 89.9) - 0.2) < 1e-9)


def main():
    check(geometry_self_test(), "the brute-force geometry gives the known answers for a square")
    obs, src, indexes = load_corpus()
    check(len(obs) > 0 and len(src) > 0 and all(len(o["poly"]) >= 3 for o in obs),
          f"corpus read with psql: {len(obs)} footprints, {len(src)} sources")
    by_did = {o["did"]: o for o in obs}
    svc = pyvo.dal.TAPService(TAP_URL)
    record = []

    def index_kind(table, pattern):
        """names of the indexes on table whose definition matches pattern."""
        return {n for n, (t, d) in indexes.items() if t == table and re.search(pattern, d)}

    def run(label, adql, verify, want_index=None):
        """runs adql; verify(table) -> (ok, detail); want_index: the set of
        index names one of which the plan must use, or None."""
        off = log_size()
        t0 = time.time()
        entry = {"label": label, "adql": adql}
        try:
            tab = svc.run_sync(adql, maxrec=100000).to_table()
            entry["seconds"] = round(time.time() - t0, 3)
            entry["rows"] = len(tab)
            ok, detail = verify(tab)
        except Exception as ex:  # the check fails, the others still run
            ok, detail, tab = False, f"{type(ex).__name__}: {ex}", None
        check(ok, f"{label}: {detail}")
        entry["session"], entry["sql"] = sql_since(off)
        entry["plans"] = []
        for sql in entry["sql"]:
            plan = explain(sql, entry["session"])
            entry["plans"].append({"plan": plan, "indexes": indexes_in(plan)})
            print("    SQL sent:", " ".join(sql.split())[:600])
            print("    indexes used:", ", ".join(indexes_in(plan)) or "none")
        if want_index is not None:
            used = {i for p in entry["plans"] for i in p["indexes"]}
            check(bool(entry["sql"]) and bool(used & want_index),
                  f"{label}: the plan uses {sorted(used & want_index) or sorted(used) or 'no index'}"
                  f" (wanted one of {sorted(want_index)})")
        record.append(entry)

    # --- TAP_SCHEMA lists both tables, their columns the DB's minus bookkeeping
    def tables_listed(tab):
        names = set(str(n) for n in tab["table_name"])
        want = {f"{SCHEMA}.obscore", f"{SCHEMA}.gaia_source", "ivoa.obscore"}
        return want <= names, f"TAP_SCHEMA.tables lists {sorted(names & want)}"
    run("tap_schema tables", "SELECT table_name FROM TAP_SCHEMA.tables", tables_listed)

    db_columns = {}
    for t, c in psql("SELECT table_name, column_name FROM information_schema.columns"
                     f" WHERE table_schema = '{SCHEMA}' ORDER BY table_name, ordinal_position"):
        db_columns.setdefault(f"{SCHEMA}.{t}", []).append(c)

    def columns_published(tab):
        got = {}
        for t, c in zip(tab["table_name"], tab["column_name"]):
            got.setdefault(str(t), set()).add(str(c))
        ok, bad = True, []
        for t, cols in db_columns.items():
            want = set(cols) - {"obs_pk", "s_region_literal"}
            if got.get(t) != want:
                ok = False
                bad.append(f"{t}: extra {sorted(got.get(t, set()) - want)}"
                           f" missing {sorted(want - got.get(t, set()))}")
        return ok, (f"TAP_SCHEMA.columns = the tables' columns without obs_pk and "
                    f"s_region_literal ({sum(len(v) for v in got.values())} columns)"
                    if ok else "; ".join(bad))
    run("tap_schema columns",
        "SELECT table_name, column_name FROM TAP_SCHEMA.columns WHERE table_name IN"
        f" ('{SCHEMA}.obscore', '{SCHEMA}.gaia_source')", columns_published)

    # --- SELECT TOP 10 * FROM ivoa.obscore: rows of the corpus, as stored
    def top10(tab):
        if len(tab) != 10 or len(tab.colnames) != 38:
            return False, f"{len(tab)} rows of {len(tab.colnames)} columns (want 10 of 38)"
        for r in tab:
            o = by_did.get(str(r["obs_publisher_did"]))
            if o is None or str(r["obs_id"]) != o["obs_id"] or r["s_ra"] != o["ra"] \
                    or r["s_dec"] != o["dec"]:
                return False, f"row {r['obs_publisher_did']} differs from the corpus"
        return True, "10 rows x 38 columns, each the corpus row of its obs_publisher_did"
    run("obscore TOP 10 *", "SELECT TOP 10 * FROM ivoa.obscore", top10)

    def own_table(tab):
        want = [c for c in db_columns[f"{SCHEMA}.obscore"] if c not in ("obs_pk", "s_region_literal")]
        ok = len(tab) == 5 and tab.colnames == want and all(
            str(r["obs_publisher_did"]) in by_did for r in tab)
        return ok, f"{len(tab)} rows, the table's {len(tab.colnames)} published columns in order"
    run(f"{SCHEMA}.obscore TOP 5 *", f"SELECT TOP 5 * FROM {SCHEMA}.obscore", own_table)

    # --- footprints: INTERSECTS with circles, CONTAINS of points
    gist = index_kind("obscore", r"USING gist \(s_region\)")
    deep = sorted((o for o in obs if o["collection"] == "SKYSEED DEEP"), key=lambda o: o["did"])
    centres = (deep or sorted(obs, key=lambda o: o["did"]))[:1] + \
        sorted(obs, key=lambda o: o["did"])[len(obs) // 2:len(obs) // 2 + 1]
    for n, o in enumerate(centres):
        ra0, dec0, r0 = o["ra"], o["dec"], 0.5 if n == 0 else 0.1
        c = unit(ra0, dec0)
        want, unsure = set(), 0
        for x in obs:
            d = 0.0 if inside(c, x["poly"]) else boundary_dist(c, x["poly"])
            if abs(d - r0) < MARGIN:
                unsure += 1
            elif d <= r0:
                want.add(x["did"])

        def intersects(tab, want=want, unsure=unsure):
            got = set(str(d) for d in tab["obs_publisher_did"])
            extra, missing = got - want, want - got
            ok = len(got ^ want) <= unsure and len(want) > 0
            return ok, (f"{len(got)} footprints = brute force {len(want)}"
                        f" ({unsure} on the edge)" if ok else
                        f"extra {sorted(extra)[:5]} missing {sorted(missing)[:5]}")
        run(f"INTERSECTS circle ({ra0:.4f}, {dec0:.4f}, {r0})",
            "SELECT obs_publisher_did FROM ivoa.obscore WHERE INTERSECTS(s_region,"
            f" CIRCLE('ICRS', {ra0!r}, {dec0!r}, {r0})) = 1", intersects, gist)

    # Points inside footprints: a footprint's vertex mean, and a point near
    # one of its vertices (where neighbours may overlap it).
    for o in centres:
        poly = o["poly"]
        mean = norm(tuple(sum(v[k] for v in poly) for k in range(3)))
        near = norm(tuple(0.9 * poly[0][k] + 0.1 * mean[k] for k in range(3)))
        for p in (mean, near):
            ra = math.degrees(math.atan2(p[1], p[0])) % 360.0
            dec = math.degrees(math.asin(p[2]))
            want, unsure = set(), 0
            for x in obs:
                if boundary_dist(p, x["poly"]) < MARGIN:
                    unsure += 1
                elif inside(p, x["poly"]):
                    want.add(x["did"])

            def contains(tab, want=want, unsure=unsure):
                got = set(str(d) for d in tab["obs_publisher_did"])
                ok = len(got ^ want) <= unsure and len(want) > 0
                return ok, (f"{len(got)} footprints = brute force {len(want)}"
                            f" ({unsure} on the edge)" if ok else
                            f"extra {sorted(got - want)[:5]} missing {sorted(want - got)[:5]}")
            run(f"CONTAINS point ({ra:.5f}, {dec:.5f})",
                "SELECT obs_publisher_did FROM ivoa.obscore WHERE CONTAINS(POINT('ICRS',"
                f" {ra!r}, {dec!r}), s_region) = 1", contains, gist)

    # --- point cone on s_ra/s_dec
    ra0, dec0, r0 = centres[0]["ra"] + 0.1, centres[0]["dec"], 1.0
    want = {o["did"] for o in obs if cone_dist(ra0, dec0, o["ra"], o["dec"]) <= r0}
    near_edge = sum(abs(cone_dist(ra0, dec0, o["ra"], o["dec"]) - r0) < MARGIN for o in obs)

    def obs_cone(tab):
        got = set(str(d) for d in tab["obs_publisher_did"])
        ok = len(got ^ want) <= near_edge and len(want) > 0
        return ok, f"{len(got)} positions, brute force {len(want)} ({near_edge} on the edge)"
    # Through ivoa.obscore DaCHS translates by its own //obscore metadata
    # (a q3c index on s_ra, s_dec: q3c_join); on the corpus table by the RD's.
    for table in ("ivoa.obscore", f"{SCHEMA}.obscore"):
        run(f"point cone on {table} s_ra/s_dec ({ra0:.4f}, {dec0:.4f}, {r0})",
            f"SELECT obs_publisher_did, s_ra, s_dec FROM {table} WHERE CONTAINS(POINT('ICRS',"
            f" s_ra, s_dec), CIRCLE('ICRS', {ra0!r}, {dec0!r}, {r0})) = 1", obs_cone,
            index_kind("obscore", r"q3c_ang2ipix\(s_ra, s_dec\)|gist \(spoint\(radians\(s_ra\)"))

    # --- source catalogue: cone, source_id lookup, TOP 1000
    # Centred on the source nearest the deep field; 2 deg hold a few dozen.
    s0 = min(src, key=lambda s: cone_dist(s[1], s[2], centres[0]["ra"], centres[0]["dec"]))
    ra0, dec0, r0 = s0[1], s0[2], 2.0
    want = {s[0] for s in src if cone_dist(ra0, dec0, s[1], s[2]) <= r0}
    near_edge = sum(abs(cone_dist(ra0, dec0, s[1], s[2]) - r0) < MARGIN for s in src)

    def src_cone(tab):
        got = set(int(s) for s in tab["source_id"])
        ok = len(got ^ want) <= near_edge and len(want) > 1
        return ok, f"{len(got)} sources, brute force {len(want)} ({near_edge} on the edge)"
    run(f"source cone ({ra0:.4f}, {dec0:.4f}, {r0})",
        f"SELECT source_id, ra, dec FROM {SCHEMA}.gaia_source WHERE CONTAINS(POINT('ICRS',"
        f" ra, dec), CIRCLE('ICRS', {ra0!r}, {dec0!r}, {r0})) = 1", src_cone,
        index_kind("gaia_source", r'q3c_ang2ipix\(ra, "?dec"?\)|gist \(spoint\(radians\(ra\)'))

    key = index_kind("gaia_source", r"\(source_id\)")
    row = psql(f"SELECT * FROM {SCHEMA}.gaia_source WHERE source_id = {s0[0]}")[0]
    names = [r[0] for r in psql("SELECT column_name FROM information_schema.columns WHERE"
                                f" table_schema = '{SCHEMA}' AND table_name = 'gaia_source'"
                                " ORDER BY ordinal_position")]

    def lookup(tab):
        if len(tab) != 1:
            return False, f"{len(tab)} rows"
        for name, text in zip(names, row):
            v = tab[name][0]
            if text == "":
                same = bool(getattr(tab[name], "mask", [False])[0])
            else:
                same = math.isclose(float(v), float(text), rel_tol=1e-6, abs_tol=1e-9)
            if not same:
                return False, f"{name} = {v}, psql says {text}"
        return True, f"source {s0[0]}: all {len(names)} columns as psql reads them"
    run(f"source_id lookup ({s0[0]})",
        f"SELECT * FROM {SCHEMA}.gaia_source WHERE source_id = {s0[0]}", lookup, key)

    first = [s[0] for s in sorted(src)[:1000]]

    def top1000(tab):
        got = [int(s) for s in tab["source_id"]]
        return got == first, f"{len(got)} rows, the 1000 smallest source_ids in order"
    run("TOP 1000 ORDER BY source_id",
        f"SELECT TOP 1000 source_id, ra, dec FROM {SCHEMA}.gaia_source ORDER BY source_id",
        top1000, key)

    # Not a check: how an axis without pixels (s_xel1 = -1, as the REC asks
    # of event lists) reaches a client. DaCHS's ivoa.obscore declares -1 as
    # the VOTable NULL of the *_xel columns; the RD here does not.
    for table in ("ivoa.obscore", f"{SCHEMA}.obscore"):
        try:
            tab = svc.run_sync(f"SELECT TOP 1 obs_publisher_did, s_xel1 FROM {table}"
                               " WHERE s_xel1 = -1").to_table()
            v = tab["s_xel1"][0] if len(tab) else "no such row"
            masked = bool(getattr(tab["s_xel1"], "mask", [False])[0]) if len(tab) else False
            print(f"note: {table} serves s_xel1 = -1 as {'NULL' if masked else v}")
        except Exception as ex:
            print(f"note: {table} s_xel1 probe failed: {ex}")

    with open(OUT, "w") as f:
        json.dump(record, f, indent=1, default=str)
    print(f"tap_queries: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
