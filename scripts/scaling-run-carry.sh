#!/usr/bin/env bash
# Carries the scaling run (scripts/scaling-run.sh) from one machine to the
# next: the run needs more hours than a working session, and a session's
# machine may not keep /var/tmp.
#   scripts/scaling-run-carry.sh save WORKDIR FILE
#     the measured windows, tier findings and sweep setups (skyseed's
#     sweep_* tables) and the tier the database holds, into FILE
#   scripts/scaling-run-carry.sh restore WORKDIR FILE
#     into a new WORKDIR: grows its database through the run's tiers up to
#     that one, recording each (the corpus is deterministic, so each tier's
#     corpus digest is the one its windows were recorded on; the sweep
#     reports a tier from its record), then loads the windows;
#     scripts/scaling-run.sh WORKDIR then measures only what is missing
#   scripts/scaling-run-carry.sh held WORKDIR
#     prints the tier the database in WORKDIR holds
#   scripts/scaling-run-carry.sh through FILE
#     prints the tiers restore grows through for FILE (D1,...,its tier)
# Only the sweep rows travel; the tier records (grow times) are the new
# machine's own. Each window keeps its measured_at, and its result its
# machine's figures, so which session measured what stays readable.
set -euo pipefail
usage() {
  echo "usage: $0 save|restore WORKDIR FILE, $0 held WORKDIR or $0 through FILE" >&2
  exit 2
}
action="${1-}"
case "$action" in
  save | restore) [ $# -eq 3 ] || usage ;;
  held | through) [ $# -eq 2 ] || usage ;;
  *) usage ;;
esac
# Absolute: restore sources scripts/bench/lib.sh, which moves to the
# repository's root.
work= file=
case "$action" in
  through) file="$(realpath -m -- "$2")" ;;
  *) work="$(realpath -m -- "$2")"; [ $# -eq 3 ] && file="$(realpath -m -- "$3")" ;;
esac
# q DBNAME STATEMENT: one value or row per line, no decoration.
q() { psql "host=$work/data port=5432 user=postgres dbname=$1" -XAtq -v ON_ERROR_STOP=1 -c "$2"; }
# The sweep tables as the database holds them (skyseed's sweep_* tables;
# the list is the schema's, not repeated here).
sweep_tables() {
  q skyseed "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
    WHERE schemaname = 'skyseed' AND tablename LIKE 'sweep\_%' ORDER BY 1"
}
# The highest tier the database holds, by rows (tier names do not sort).
held_tier() {
  q skyseed "SELECT tier FROM skyseed.tier t ORDER BY (SELECT sum(rows) FROM skyseed.tier_table
    WHERE tier = t.tier) DESC LIMIT 1"
}

# The run's own cluster, started: save and held read its database.
start_run_cluster() {
  [ -x "$work/skyseed" ] || { echo "no scaling run in $work" >&2; exit 1; }
  "$work/skyseed" server start --data-dir "$work/data" >/dev/null
}

if [ "$action" = held ]; then
  start_run_cluster
  held_tier
  exit 0
fi

if [ "$action" = save ]; then
  start_run_cluster
  tier="$(held_tier)"
  [ -n "$tier" ] || { echo "the database in $work holds no tier" >&2; exit 1; }
  mapfile -t tables < <(sweep_tables)
  [ "${#tables[@]}" -gt 0 ] || { echo "the database in $work holds no sweep tables" >&2; exit 1; }
  tmp="$(mktemp "$file.XXXXXX")"
  trap 'rm -f "$tmp"' EXIT
  {
    echo "-- skyseed scaling-run carry: tier $tier"
    echo "-- saved $(date -u +%FT%TZ) from $(hostname)"
    pg_dump "host=$work/data port=5432 user=postgres dbname=skyseed" --clean --if-exists --no-owner "${tables[@]/#/--table=}"
  } > "$tmp"
  chmod 644 "$tmp"  # mktemp made it private; it is the run's record
  mv "$tmp" "$file"
  trap - EXIT
  windows="$(q skyseed 'SELECT count(*) FROM skyseed.sweep_window')"
  echo "saved $windows windows and the database's tier $tier into $file"
  exit 0
fi

[ -f "$file" ] || { echo "no carry file $file" >&2; exit 1; }
tier="$(sed -n '1s/^-- skyseed scaling-run carry: tier \([A-Za-z0-9]*\)$/\1/p' "$file")"
[ -n "$tier" ] || { echo "$file is not a scaling-run carry (its first line names no tier)" >&2; exit 1; }
# Every tier from D1 (the run's first; scripts/scaling-run.sh) up to the
# carry's, each recorded: a sweep reports a tier from its record, and a
# database grown straight to D3 has none for D1 (its sweep would then try
# to grow D1 and be refused: tiers only grow).
through=
for t in D1 D2 D3 D4; do
  through="${through:+$through,}$t"
  [ "$t" = "$tier" ] && break
done
[ "${through##*,}" = "$tier" ] || { echo "$file: tier $tier is not one of the run's (D1-D4)" >&2; exit 1; }
if [ "$action" = through ]; then
  echo "$through"
  exit 0
fi
# The run's own build and binary (scripts/bench/lib.sh; it starts the
# cluster).
source "$(dirname "$0")/bench/lib.sh"
# The dump creates the sweep tables as the sweep that measured them made
# them; one already here must be empty. Checked before the grow touches
# anything.
if [ "$(q postgres "SELECT count(*) FROM pg_database WHERE datname = 'skyseed'")" = 1 ]; then
  while read -r t; do
    rows="$(q skyseed "SELECT count(*) FROM $t")"
    [ "$rows" = 0 ] || { echo "$work already holds $rows rows in $t; not restoring over them" >&2; exit 1; }
  done < <(sweep_tables)
fi
"$bin" grow --tier "$through" --data-dir "$work/data"
psql "host=$work/data port=5432 user=postgres dbname=skyseed" -Xq -v ON_ERROR_STOP=1 -1 -f "$file" >/dev/null
windows="$(q skyseed 'SELECT count(*) FROM skyseed.sweep_window')"
echo "restored $windows windows onto tier $tier in $work; resume with scripts/scaling-run.sh $work"
