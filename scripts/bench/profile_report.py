"""Classes one growth step's perf samples (by process and, inside PostgreSQL's
backends, by function) and prints them per million rows added beside the
server's counters; sourced by scripts/bench/profile.sh's profile_end.
   python3 profile_report.py WORK ROWS_BEFORE ROWS_AFTER FROM TO"""
import json, re, sys
from collections import defaultdict
work, before, after, frm, to = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
added = after - before
mrows = added / 1e6
hz = 99.0

role = {}
for line in open(f"{work}/ps.log"):
    parts = line.split(None, 1)
    if len(parts) == 2 and parts[0].isdigit():
        role[int(parts[0])] = parts[1].strip()

def process_class(pid, comm):
    args = role.get(pid, "")
    if comm.startswith("skyseed") or "skyseed grow" in args: return "skyseed (generate, encode, send)"
    if comm == "postgres" or args.startswith("postgres"):
        for k, v in (("walwriter", "PostgreSQL WAL writer"), ("checkpointer", "PostgreSQL checkpointer"),
                     ("background writer", "PostgreSQL bgwriter"), ("autovacuum", "PostgreSQL autovacuum"),
                     ("parallel worker", "PostgreSQL backends"), ("COPY", "PostgreSQL backends")):
            if k in args: return v
        return "PostgreSQL backends"
    if comm.startswith(("kworker", "kswapd", "jbd2", "ksoftirqd", "flush", "kcompactd", "rcu")):
        return "kernel threads (writeback, reclaim)"
    if comm in ("swapper", "idle"): return None
    return "other processes"

# Inside PostgreSQL: what a function's self time is spent on.
FUNCTION_CLASSES = [
    ("WAL (assembly, CRC, lz4, write)", r"^(XLog|XLOG|LZ4|lz4|pg_comp_crc32c|issue_xlog_fsync|log_heap|log_newpage|CopyXLogRecordToWAL|ReserveXLog|WALInsert|AdvanceXLInsertBuffer|gistXLog|_bt_log)"),
    ("GiST insertion (core)", r"^(gist|GIST|_gist|FunctionCall\dColl|pushStackIfSplited)"),
    ("btree builds and insertions (incl. q3c)", r"^(_bt|bt|q3c|tuplesort|comparetup|qsort|pg_qsort|ApplySortComparator|med3|swapfunc|index_form_tuple|index_getattr)"),
    ("heap insert, pruning and visibility", r"^(heap_|heap_page_prune|HeapTupleSatisfies|RelationGetBufferForTuple|RelationAddBlocks|RelationAddExtraBlocks|PageAddItem|PageGetHeapFreeSpace|PageRepairFragmentation|toast_|CatalogTuple|ExecInsertIndexTuples|visibilitymap|nocachegetattr)"),
    ("COPY parse and input functions", r"^(Copy|NextCopy|copy_|pq_|ReceiveFunctionCall|InputFunctionCall|.*_recv$|.*recv$|numeric_|float8|int8|textrecv|array_recv|make_result|ExecStore|ExecMaterialize|heap_form_tuple|heap_fill_tuple|slot_|tts_|ExecEvalExpr|ExecInterpExpr)"),
    ("buffer management", r"^(ReadBuffer|BufferAlloc|StrategyGetBuffer|PinBuffer|UnpinBuffer|LockBuffer|LWLock|hash_search|hash_bytes|BufTable|MarkBufferDirty|FlushBuffer|smgr|md|FileRead|FileWrite|FileExtend|pg_pread|pg_pwrite|ReleaseBuffer|ConditionalLockBuffer|s_lock|WaitIO|StartBufferIO|TerminateBufferIO|GetVictimBuffer|BufferGetBlockNumber)"),
    ("memory and palloc", r"^(palloc|pfree|AllocSet|MemoryContext|mem(cpy|move|set|cmp)|__mem|repalloc)"),
]
compiled = [(name, re.compile(p)) for name, p in FUNCTION_CLASSES]

def function_class(dso, sym):
    # pg_sphere's GiST keys convert every point to a vector and back: its
    # trigonometry runs in libm. Split by what the function serves: the
    # polygon key (the footprint GiST), the point keys (both position
    # GiSTs), and the key box arithmetic every GiST descent uses.
    if dso.startswith("libm"): return "pg_sphere keys: libm trigonometry"
    if dso.startswith("pg_sphere"):
        if re.search(r"penalty|union|picksplit|same|spherekey_(inter|union)|spherekey", sym):
            return "pg_sphere key boxes (penalty, union, split)"
        if re.search(r"spoint|spherepoint|point_gen_key", sym) and "poly" not in sym:
            return "pg_sphere point keys"
        return "pg_sphere polygon key (spoly, lines, Euler)"
    if dso.startswith("q3c"): return "btree builds and insertions (incl. q3c)"
    if dso.startswith("liblz4"): return "WAL (assembly, CRC, lz4, write)"
    if dso == "[kernel.kallsyms]": return "kernel (I/O syscalls, page faults)"
    for name, rx in compiled:
        if rx.search(sym): return name
    return "other PostgreSQL code"

line_rx = re.compile(r"^\s*([\d.]+)%\s+(\d+)\s+(\d+):(\S+)\s+(\S+)\s+\[[^\]]+\]\s+(.*)$")
by_process, in_backends = defaultdict(int), defaultdict(int)
for line in open(f"{work}/perf.txt"):
    m = line_rx.match(line)
    if not m: continue
    samples, pid, comm, dso, sym = int(m.group(2)), int(m.group(3)), m.group(4), m.group(5), m.group(6).strip()
    cls = process_class(pid, comm)
    if cls is None: continue
    by_process[cls] += samples
    if cls == "PostgreSQL backends":
        in_backends[function_class(dso, sym)] += samples

c0, c1 = json.load(open(f"{work}/counters.before.json")), json.load(open(f"{work}/counters.after.json"))
d = {k: float(c1[k]) - float(c0[k]) for k in c0}
# The step's own: everything but processes unrelated to it (a build beside it).
busy = (sum(by_process.values()) - by_process.get("other processes", 0)) / hz
print(f"\nstep {frm} -> {to}: {added:,} rows added; {busy:,.0f} busy core-seconds sampled for "
      f"skyseed, PostgreSQL and the kernel ({busy / mrows:.2f} per million rows); other "
      f"processes {by_process.get('other processes', 0) / hz:,.0f} s")
print(f"\n{'where (processes)':40} {'busy s':>9} {'s/Mrow':>8} {'share':>6}")
for cls, n in sorted(by_process.items(), key=lambda x: -x[1]):
    print(f"{cls:40} {n / hz:9.1f} {n / hz / mrows:8.2f} {n / sum(by_process.values()):6.1%}")
total_b = sum(in_backends.values()) or 1
print(f"\n{'inside the backends (self time)':44} {'busy s':>9} {'s/Mrow':>8} {'share':>6}")
for cls, n in sorted(in_backends.items(), key=lambda x: -x[1]):
    print(f"{cls:44} {n / hz:9.1f} {n / hz / mrows:8.2f} {n / total_b:6.1%}")
print(f"\nserver counters over the step, per row added:")
print(f"  WAL bytes {d['wal_bytes'] / added:,.0f}; WAL records {d['wal_records'] / added:.2f}; "
      f"full-page images per 1000 rows {1000 * d['wal_fpi'] / added:.1f}")
print(f"  checkpoints {d['checkpoints']:.0f}; buffers written by checkpoints {d['buffers_checkpoint']:,.0f}, "
      f"by backends {d['buffers_backend']:,.0f}")
print(f"  blocks read {d['blks_read'] / added:.3f} per row (hit {d['blks_hit'] / added:.1f}); "
      f"waiting on reads {d['blk_read_time_ms'] / 1000:.1f} s = {d['blk_read_time_ms'] / 1000 / mrows:.2f} s/Mrow")
print(f"profile step={frm}->{to} rows_added={added} busy_s_per_mrow={busy / mrows:.2f} "
      f"wal_bytes_per_row={d['wal_bytes'] / added:.0f} fpi_per_krow={1000 * d['wal_fpi'] / added:.1f} "
      f"read_wait_s_per_mrow={d['blk_read_time_ms'] / 1000 / mrows:.2f} checkpoints={d['checkpoints']:.0f}")
