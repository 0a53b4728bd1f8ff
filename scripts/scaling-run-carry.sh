#!/usr/bin/env bash
# Carries the scaling run (scripts/scaling-run.sh) from one machine to the
# next: the run needs more hours than a working session, and a session's
# machine may not keep /var/tmp. The carry is `skyseed sweep --export`'s
# document (docs/capacity-sweeps.md "Carrying a sweep's records"): the measured
# windows, tier findings and sweep set-ups, and the tiers and corpus digests
# they were measured on.
#   scripts/scaling-run-carry.sh save WORKDIR FILE
#     skyseed sweep --export FILE on the run's database
#   scripts/scaling-run-carry.sh restore WORKDIR FILE
#     into a new WORKDIR: grows its database through the run's tiers up to
#     the last one the carry's windows were measured on, recording each (the
#     corpus is deterministic, so each tier's corpus digest is the one its
#     windows were measured on, which the import checks; a sweep reports a
#     tier from its record), then skyseed sweep --import FILE;
#     scripts/scaling-run.sh WORKDIR then measures only what is missing
#   scripts/scaling-run-carry.sh held WORKDIR
#     the tier the database in WORKDIR holds (skyseed status --json)
#   scripts/scaling-run-carry.sh through FILE
#     the tiers restore grows through for FILE (D1,...,its last)
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
# A JSON document's field, by a Python expression over it as `d`.
field() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

if [ "$action" = held ] || [ "$action" = save ]; then
  [ -x "$work/skyseed" ] || { echo "no scaling run in $work" >&2; exit 1; }
  if [ "$action" = save ]; then
    exec "$work/skyseed" sweep --export "$file" --data-dir "$work/data"
  fi
  "$work/skyseed" status --json --data-dir "$work/data" | field /dev/stdin 'd["held_tier"] or ""'
  exit 0
fi

[ -f "$file" ] || { echo "no carry file $file" >&2; exit 1; }
[ "$(field "$file" 'd.get("kind")' 2>/dev/null)" = "skyseed sweep carry" ] ||
  { echo "$file is not a sweep carry (skyseed sweep --export writes one)" >&2; exit 1; }
measured=",$(field "$file" '",".join(t["tier"] for t in d["tiers"])'),"
# Every tier from D1 (the run's first; scripts/scaling-run.sh) up to the
# last the carry measured, each recorded: a sweep reports a tier from its
# record, and a database grown straight to D3 has none for D1 (its sweep
# would then try to grow D1 and be refused: tiers only grow).
through= last=
for t in D1 D2 D3 D4; do
  [[ "$measured" == *",$t,"* ]] && last="$t"
done
for t in $(tr , ' ' <<<"$measured"); do
  case "$t" in D1 | D2 | D3 | D4) ;; *) echo "$file: tier $t is not one of the run's (D1-D4)" >&2; exit 1 ;; esac
done
[ -n "$last" ] || { echo "$file holds no window of the run's tiers (D1-D4)" >&2; exit 1; }
for t in D1 D2 D3 D4; do
  through="${through:+$through,}$t"
  [ "$t" = "$last" ] && break
done
if [ "$action" = through ]; then
  echo "$through"
  exit 0
fi
# The run's own build and binary (scripts/bench/lib.sh; it starts the
# cluster).
source "$(dirname "$0")/bench/lib.sh"
"$bin" grow --tier "$through" --data-dir "$work/data"
"$bin" sweep --import "$file" --data-dir "$work/data"
echo "restored onto tiers $through in $work; resume with scripts/scaling-run.sh $work"
