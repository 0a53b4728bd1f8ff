# Sourced by the benchmarks that profile one growth step (bench-grow-profile.sh,
# bench-scale.sh --profile-last): linux-perf over every CPU, a ps sampler
# that says which PostgreSQL process each pid was, and the server's
# cumulative counters before and after. Expects $work, $bin, $data, $db and
# lib.sh's sql.
command -v perf >/dev/null || { echo "perf is missing: run scripts/install-deps.sh (linux-perf)" >&2; exit 2; }

profile_rows() {  # rows in the database's corpus so far (0 before it exists)
  local status
  status="$("$bin" status --json --data-dir "$data" --database "$db" 2>/dev/null)" || { echo 0; return; }
  python3 -c '
import json, sys
t = json.loads(sys.argv[1])["tiers"]
print(sum(x["rows"] for x in t[-1]["tables"]) if t else 0)' "$status"
}

# profile_grow TO FROM_LABEL: grows the database to TO under perf, then
# prints the step's classes and its `profile step=...` line.
profile_grow() {
  local to="$1" from_label="$2" rows_before rows_after ps_sampler
  rows_before=$(profile_rows)
  profile_counters > "$work/counters.before.json"
  # PostgreSQL's processes all have comm "postgres"; their titles say
  # backend, walwriter or checkpointer.
  ( while sleep 2; do ps -eo pid=,args= ; done > "$work/ps.log" ) &
  ps_sampler=$!
  perf record -a -e cpu-clock -F 99 -o "$work/perf.data" -q -- \
    "$bin" grow --tier "$to" --data-dir "$data" --database "$db" 2>&1 | grep --line-buffered -E "reached|skyseed:"
  kill "$ps_sampler" 2>/dev/null || true
  profile_counters > "$work/counters.after.json"
  rows_after=$(profile_rows)
  perf report -i "$work/perf.data" --stdio --no-children -n --sort pid,dso,sym -g none \
    --percent-limit 0 2>/dev/null > "$work/perf.txt"
  python3 "$(dirname "${BASH_SOURCE[0]}")/profile_report.py" "$work" "$rows_before" "$rows_after" "$from_label" "$to"
}
