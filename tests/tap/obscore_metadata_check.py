#!/usr/bin/env python3
"""The ObsCore column metadata skyseed publishes against two references that
share nothing with it: GAVO DaCHS's own ObsCore definitions (the installed
//obscore RD, DaCHS's reading of the REC) and the rows of the ObsCore 1.1
REC's field tables transcribed below for the columns where the two could
differ.

  obscore_metadata_check.py SKYSEED_BINARY   (with Debian's /usr/bin/python3)

For every column skyseed publishes that DaCHS also defines: the same UCD, the
same utype (utypes compare case-insensitively), the same unit, and `std` set
exactly where DaCHS sets it. Prints one line per disagreement; exit 1 if any."""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# ObsCore 1.1 (REC-ObsCore-v1.1, 2017-05-09), its field tables and sec. 4.
REC = {
    # The REC lists dataproduct_subtype among the optional fields the model
    # defines (DaCHS leaves its std flag unset).
    "dataproduct_subtype": {"std": True},
    # calib_level runs 0 .. 4 in 1.1 (level 4: analysis data products).
    "calib_level": {"levels": "0 .. 4"},
    "s_resolution": {"utype": "obscore:Char.SpatialAxis.Resolution.Refval.value", "unit": "arcsec"},
    "t_resolution": {"utype": "obscore:Char.TimeAxis.Resolution.Refval.value", "unit": "s"},
    # s_region has no unit: a region is not a quantity.
    "s_region": {"unit": ""},
}


def columns(path, tag, ident):
    """The columns of the element <tag id=ident> (DaCHS streams its ObsCore
    columns as <STREAM id="obscore-columns"> into the table)."""
    root = ET.parse(path).getroot()
    out = {}
    for t in root.iter(tag):
        if t.get("id") != ident:
            continue
        for c in t.iter("column"):
            std = [p.text.strip() for p in c.findall("property") if p.get("name") == "std"]
            out[c.get("name")] = {
                "ucd": c.get("ucd", ""),
                "utype": c.get("utype", ""),
                "unit": c.get("unit", ""),
                "std": bool(std and std[0] == "1"),
                "description": " ".join((c.get("description") or "").split()),
            }
    return out


def main():
    import gavo  # DaCHS, from scripts/install-tap-deps.sh

    dachs_rd = os.path.join(os.path.dirname(gavo.__file__),
                            "resources", "inputs", "__system__", "obscore.rd")
    with tempfile.TemporaryDirectory() as tmp:
        ours_rd = os.path.join(tmp, "q.rd")
        subprocess.run([sys.argv[1], "dachs-rd", "--out", ours_rd], check=True,
                       stdout=subprocess.DEVNULL)
        ours = columns(ours_rd, "table", "obscore")
    dachs = columns(dachs_rd, "STREAM", "obscore-columns")
    if len(dachs) < 30 or len(ours) < 30:
        print(f"too few columns read: skyseed {len(ours)}, DaCHS {len(dachs)}")
        return 1
    problems = []
    shared = sorted(set(ours) & set(dachs))
    for name in shared:
        o, d = ours[name], dachs[name]
        for key in ("ucd", "unit", "std"):
            if key in REC.get(name, {}):
                continue  # the REC decides (below)
            if o[key] != d[key]:
                problems.append(f"{name}: {key} {o[key]!r}, DaCHS has {d[key]!r}")
        if o["utype"].lower() != d["utype"].lower():
            problems.append(f"{name}: utype {o['utype']!r}, DaCHS has {d['utype']!r}")
    for name, rec in REC.items():
        o = ours[name]
        for key in ("utype", "unit", "std"):
            if key in rec and o[key] != rec[key]:
                problems.append(f"{name}: {key} {o[key]!r}, the REC has {rec[key]!r}")
        if "levels" in rec and rec["levels"] not in o["description"]:
            problems.append(f"{name}: description {o['description']!r} does not name levels {rec['levels']}")
    for p in problems:
        print(p)
    print(f"{len(shared)} shared columns compared, {len(problems)} disagreements")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
