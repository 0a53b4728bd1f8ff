#!/usr/bin/env python3
# summarize.py TIER... : markdown tables from logs/{load,sizes,rows,parse,latency data}_TIER.*
import csv, sys, statistics as st, glob, re, collections, os
os.chdir('/tmp/spoly-bench')
def pct(v, p):
    v = sorted(v); k = (len(v) - 1) * p; i = int(k); return v[i] + (v[min(i + 1, len(v) - 1)] - v[i]) * (k - i)
def lat(tier):
    L = collections.defaultdict(list)
    for fn in glob.glob(f'logs/pgb/{tier}_F*_*_r*.*'):
        if fn.endswith('.out'): continue
        m = re.search(rf'{tier}_(F\d)_([a-d])_r(\d+)\.', fn)
        L[(m.group(1), m.group(2))] += [int(l.split()[2]) / 1000.0 for l in open(fn)]
    return L
NAMES = {'a': '(a) spoly, text COPY', 'b': '(b) text literal, binary COPY, view', 'c': '(c) spoly + literal, text COPY',
         'd': '(d) binary COPY to UNLOGGED stage + INSERT…::spoly', 'x': '(ref) text COPY into literal table, no index'}
for tier in sys.argv[1:]:
    rows = list(csv.DictReader(open(f'logs/load_{tier}.csv')))
    sizes = {r['relname'][-1]: r for r in csv.DictReader(open(f'logs/sizes_{tier}.csv'))}
    nrows = int(next(iter(sizes.values()))['rows'])
    def agg(opt, step, col):
        v = [float(r[col]) for r in rows if r['opt'] == opt and r['step'] == step]
        return (st.median(v), min(v), max(v), len(v)) if v else None
    print(f'\n### Tier {tier} — load and index ({nrows:,} rows; median of {agg("a","load","wall_ms")[3]} interleaved reps, wall and backend CPU)\n')
    print('| option | load wall s (min–max) | load CPU s | load CPU µs/row | GiST build wall s (min–max) | GiST CPU s | load+GiST CPU s | table MB (pg_relation_size) | GiST MB (pg_indexes_size) |')
    print('|---|---|---|---|---|---|---|---|---|')
    for o in 'abcdx':
        lw, lc = agg(o, 'load', 'wall_ms'), agg(o, 'load', 'cpu_ms')
        gw, gc = agg(o, 'gist', 'wall_ms'), agg(o, 'gist', 'cpu_ms')
        s = sizes.get(o)
        cells = [NAMES[o], f'{lw[0]/1e3:.2f} ({lw[1]/1e3:.2f}–{lw[2]/1e3:.2f})', f'{lc[0]/1e3:.2f}', f'{lc[0]*1e3/nrows:.1f}',
                 f'{gw[0]/1e3:.1f} ({gw[1]/1e3:.1f}–{gw[2]/1e3:.1f})' if gw else '—', f'{gc[0]/1e3:.1f}' if gc else '—',
                 f'{(lc[0]+gc[0])/1e3:.1f}' if gc else '—',
                 f'{int(s["table_bytes"])/2**20:.1f}' if s else '—', f'{int(s["indexes_bytes"])/2**20:.1f}' if s else '—']
        print('| ' + ' | '.join(cells) + ' |')
    cs, ci = agg('d', 'copy_stage', 'cpu_ms'), agg('d', 'insert_select', 'cpu_ms')
    ws, wi = agg('d', 'copy_stage', 'wall_ms'), agg('d', 'insert_select', 'wall_ms')
    print(f'\n(d) split: binary COPY into stage {ws[0]/1e3:.2f} s wall / {cs[0]/1e3:.2f} s CPU, INSERT…SELECT s_region::spoly {wi[0]/1e3:.2f} s wall / {ci[0]/1e3:.2f} s CPU; DROP stage {agg("d","drop_stage","wall_ms")[0]:.0f} ms (not in the total).')
    a, b, x = agg('a', 'load', 'cpu_ms')[0], agg('b', 'load', 'cpu_ms')[0], agg('x', 'load', 'cpu_ms')[0]
    print(f'Per-row load CPU: (a) text+spoly {a*1e3/nrows:.1f} µs, (b) binary {b*1e3/nrows:.1f} µs, (ref) text without spoly {x*1e3/nrows:.1f} µs → '
          f'text format costs {(x-b)*1e3/nrows:.1f} µs/row, spoly_in {(a-x)*1e3/nrows:.1f} µs/row; (a)/(b) = {a/b:.1f}×.')
    if os.path.exists(f'logs/parse_{tier}.csv'):
        P = collections.defaultdict(list)
        for r in csv.DictReader(open(f'logs/parse_{tier}.csv')): P[r['what']].append(float(r['cpu_ms']))
        n = nrows
        print(f'Isolated in a scan (one backend, no workers, median of {len(P["spoly_in"])}): spoly_in (text→spoly) {(st.median(P["spoly_in"])-st.median(P["baseline_scan_text"]))*1e3/n:.1f} µs/row, '
              f'spoly_out (spoly→text) {(st.median(P["spoly_out"])-st.median(P["baseline_scan_spoly"]))*1e3/n:.1f} µs/row.')
    R = {(r['form'], r['opt']): r for r in csv.DictReader(open(f'logs/rows_{tier}.csv'))}
    L = lat(tier)
    FN = {'F1': '`(s_region) && (scircle(…))`', 'F2': '`(spoint(…)) <@ (s_region)` (point in polygon)', 'F3': '`s_region @ scircle(…)`'}
    print(f'\n### Tier {tier} — footprint queries (3000 parameter rows; pgbench -c1, {len(L[("F1","a")])} transactions per cell, identical parameters)\n')
    print('| form | rows/query avg (max, zero-row queries) | option | p50 ms | p95 ms | mean ms | p50 ÷ (a) | p95 ÷ (a) | backend CPU ms/query (all 3000) | CPU ÷ (a) | index used |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    ex = open(f'logs/explain_{tier}.txt').read().split('=== ')[1:]
    for f in ('F1', 'F2', 'F3'):
        a50, a95 = pct(L[(f, 'a')], .5), pct(L[(f, 'a')], .95); acpu = float(R[(f, 'a')]['cpu_ms'])
        for o in 'abcd':
            r = R[(f, o)]; v = L[(f, o)]
            blocks = [e for e in ex if e.startswith(f'{tier} {f} option {o},')]
            used = all(f'oc_{o}_s_region_idx' in e for e in blocks) and not any('Seq Scan' in e for e in blocks)
            first = f'{FN[f]}: {float(r["avg_rows"]):.2f} ({r["max_rows"]}, {r["zero_row_queries"]})' if o == 'a' else ''
            print(f'| {f if o=="a" else ""} | {first} | {o} | {pct(v,.5):.3f} | {pct(v,.95):.3f} | {st.mean(v):.3f} | {pct(v,.5)/a50:.2f} | {pct(v,.95)/a95:.2f} | '
                  f'{float(r["cpu_ms"])/int(r["queries"]):.3f} | {float(r["cpu_ms"])/acpu:.2f} | {"yes (Bitmap Index Scan)" if used else "NO"} |')
    if os.path.exists(f'logs/cones_rows_{tier}.csv'):
        Rc = {r['opt']: r for r in csv.DictReader(open(f'logs/cones_rows_{tier}.csv'))}
        Lc = lat(f'{tier}cone'); a50, a95 = pct(Lc[('F1','a')], .5), pct(Lc[('F1','a')], .95); acpu = float(Rc['a']['cpu_ms'])
        print(f'\nskyseed\'s own workload cones (`skyseed workload --tier {tier}`: 2000 cones, r 0.26–2.56°), form F1, {len(Lc[("F1","a")])} tx per option: '
              f'{float(Rc["a"]["avg_rows"]):.1f} rows/query avg (max {Rc["a"]["max_rows"]})\n')
        print('| option | p50 ms | p95 ms | p50 ÷ (a) | p95 ÷ (a) | CPU ms/query | CPU ÷ (a) |'); print('|---|---|---|---|---|---|---|')
        for o in 'abcd':
            v = Lc[('F1', o)]; c = float(Rc[o]['cpu_ms'])
            print(f'| {o} | {pct(v,.5):.3f} | {pct(v,.95):.3f} | {pct(v,.5)/a50:.2f} | {pct(v,.95)/a95:.2f} | {c/int(Rc[o]["queries"]):.3f} | {c/acpu:.2f} |')
