#!/usr/bin/env python3
"""Reads `s_ra|s_dec|s_region_literal` lines (psql -A -t) and counts the
footprints that wind counter-clockwise on the sky as DALI 1.1 defines a
polygon (seen from the origin looking out, east to the left), two ways that
share no code with the generator:

  * on screen: the gnomonic projection at (s_ra, s_dec) drawn as a sky chart
    (x to the west, y to the north), where a positive shoelace area is
    counter-clockwise;
  * in 3-D: the sum over edges of (v_i x v_i+1) . centre, negative when the
    turn is counter-clockwise as seen from inside the sphere.

Prints `<rows> <ccw on screen> <ccw in 3-D>`; exits 1 on a polygon the two
disagree about or one that is degenerate."""
import math
import re
import sys

VERTEX = re.compile(r"\(([-0-9.]+)d,([-0-9.]+)d\)")


def unit(ra_deg, dec_deg):
    ra, dec = math.radians(ra_deg), math.radians(dec_deg)
    return (math.cos(dec) * math.cos(ra), math.cos(dec) * math.sin(ra), math.sin(dec))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def screen_area(ra0, dec0, vertices):
    """Shoelace area on a sky chart centred at (ra0, dec0): x west, y north."""
    r0, d0 = math.radians(ra0), math.radians(dec0)
    pts = []
    for ra, dec in vertices:
        r, d = math.radians(ra), math.radians(dec)
        cosc = math.sin(d0) * math.sin(d) + math.cos(d0) * math.cos(d) * math.cos(r - r0)
        xi = math.cos(d) * math.sin(r - r0) / cosc  # towards the east
        eta = (math.cos(d0) * math.sin(d) - math.sin(d0) * math.cos(d) * math.cos(r - r0)) / cosc
        pts.append((-xi, eta))
    return 0.5 * sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1]
                     for i in range(len(pts)))


def turn_3d(ra0, dec0, vertices):
    c = unit(ra0, dec0)
    v = [unit(ra, dec) for ra, dec in vertices]
    return sum(dot(cross(v[i - 1], v[i]), c) for i in range(len(v)))


def main():
    rows = ccw_screen = ccw_3d = 0
    for line in sys.stdin:
        ra0, dec0, literal = line.rstrip("\n").split("|")
        vertices = [(float(a), float(b)) for a, b in VERTEX.findall(literal)]
        area = screen_area(float(ra0), float(dec0), vertices)
        turn = turn_3d(float(ra0), float(dec0), vertices)
        if area == 0 or turn == 0 or (area > 0) != (turn < 0):
            print(f"inconsistent footprint: {literal}", file=sys.stderr)
            return 1
        rows += 1
        ccw_screen += area > 0
        ccw_3d += turn < 0
    print(rows, ccw_screen, ccw_3d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
