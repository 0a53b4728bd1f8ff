#!/usr/bin/env python3
# latency.py TIER : p50/p95/mean from pgbench -l logs (column 3 = transaction latency in us), pooled over rounds,
# plus the per-round p50 spread and ratios against option (a).
import glob, sys, statistics as st, re, collections
tier = sys.argv[1]
lat = collections.defaultdict(list); per_round = collections.defaultdict(list)
for fn in glob.glob(f'/tmp/spoly-bench/logs/pgb/{tier}_F*_*_r*.*'):
    if fn.endswith('.out'): continue
    m = re.search(rf'{tier}_(F\d)_([a-d])_r(\d+)\.', fn); f, o, r = m.group(1), m.group(2), int(m.group(3))
    v = [int(l.split()[2]) / 1000.0 for l in open(fn)]
    lat[(f, o)] += v; per_round[(f, o)].append((r, st.median(v)))
def pct(v, p):
    v = sorted(v); k = (len(v) - 1) * p; i = int(k); return v[i] + (v[min(i + 1, len(v) - 1)] - v[i]) * (k - i)
print(f'tier {tier}: latency ms per transaction (param read + footprint query), pooled over rounds')
print('form opt     n    p50    p95   mean  p50/p50(a) p95/p95(a)  per-round p50 min..max')
for f in [x for x in ('F1', 'F2', 'F3') if lat[(x, 'a')]]:
    a50, a95 = pct(lat[(f, 'a')], .5), pct(lat[(f, 'a')], .95)
    for o in 'abcd':
        v = lat[(f, o)]
        if not v: continue
        rp = [x for _, x in sorted(per_round[(f, o)])]
        print(f'{f}   {o}  {len(v):5d} {pct(v,.5):6.3f} {pct(v,.95):6.3f} {st.mean(v):6.3f}  {pct(v,.5)/a50:9.3f} {pct(v,.95)/a95:10.3f}   {min(rp):.3f}..{max(rp):.3f}')
