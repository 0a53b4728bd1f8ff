#!/usr/bin/env bash
# Two skyseed processes on one embedded cluster at once: one initialises or
# starts it while the other waits (the cluster lock), then both use the
# server. Raced again and again, on a brand-new data directory and on a
# stopped existing cluster: two grows of two databases both succeed; two
# grows of one database never corrupt it (one grows, the other waits or
# refuses). Runs clusters of its own, beside the fixture's.
source "$(dirname "$0")/lib.sh"
rounds="${SKYSEED_RACE_ROUNDS:-10}"
work="$(mktemp -d)"; chmod 755 "$work"  # the server's user must reach it when run as root
trap 'for d in "$work"/c*; do "$bin" server stop --data-dir "$d" >/dev/null 2>&1; done; rm -rf "$work"' EXIT

csql() { psql -X -q -t -A "$(conninfo "$2" "$1")" -c "$3"; }
# The postmasters running on data directory $1, as ps sees them.
postmasters() { ps -eo args | grep -c "^[^ ]*postgres -D $1\$"; }
# race DIR DB1 DB2: two grows of tier ci at once; sets rc1, rc2, out1, out2.
race() {
  "$bin" grow --tier ci --jobs 1 --data-dir "$1" --database "$2" >"$work/out1" 2>&1 &
  local p1=$!
  "$bin" grow --tier ci --jobs 1 --data-dir "$1" --database "$3" >"$work/out2" 2>&1 &
  local p2=$!
  wait "$p1"; rc1=$?
  wait "$p2"; rc2=$?
  out1="$(cat "$work/out1")"; out2="$(cat "$work/out2")"
}
tier_ci() { csql "$1" "$2" "SELECT count(*) FROM skyseed.tier WHERE tier = 'ci'" 2>/dev/null; }

# -- A brand-new data directory: one runs initdb, the other waits for it.
bad=0
for i in $(seq "$rounds"); do
  cdir="$work/c$i"
  race "$cdir" a b
  if [ "$rc1" != 0 ] || [ "$rc2" != 0 ] || [ "$(tier_ci "$cdir" a)" != 1 ] ||
    [ "$(tier_ci "$cdir" b)" != 1 ]; then
    bad=$((bad + 1))
    echo "round $i on a new data directory: exits $rc1 and $rc2"; echo "$out1"; echo "$out2"
  fi
  [ "$i" = "$rounds" ] || { "$bin" server stop --data-dir "$cdir" >/dev/null 2>&1; rm -rf "$cdir"; }
done
check "new data directory, $rounds races of two grows of two databases: all succeed, both tiers recorded ($bad failed)" \
  test "$bad" = 0

# -- A stopped existing cluster: one starts it, the other uses it.
bad=0
for i in $(seq "$rounds"); do
  "$bin" server stop --data-dir "$cdir" >/dev/null 2>&1
  race "$cdir" a b
  if [ "$rc1" != 0 ] || [ "$rc2" != 0 ] || ! grep -q "tier ci already reached" <<<"$out1" ||
    ! grep -q "tier ci already reached" <<<"$out2" || [ "$(postmasters "$cdir")" != 1 ] ||
    [ "$(head -1 "$cdir/postmaster.pid" 2>/dev/null)" != "$(pgrep -o -f "postgres -D $cdir\$")" ]; then
    bad=$((bad + 1))
    echo "round $i on a stopped cluster: exits $rc1 and $rc2, $(postmasters "$cdir") postmasters"
    echo "$out1"; echo "$out2"
  fi
done
check "stopped cluster, $rounds races of two grows of two databases: all succeed on one postmaster whose lock file is intact ($bad failed)" \
  test "$bad" = 0

# -- Two grows of one database on a stopped cluster: one grows; the other
# waits for it or refuses as it always did, and the tier is recorded once.
"$bin" server stop --data-dir "$cdir" >/dev/null 2>&1
race "$cdir" same same
ok_or_refused() {  # ok_or_refused RC OUT
  [ "$1" = 0 ] || { [ "$1" = 1 ] && grep -q "another skyseed grow is running" <<<"$2"; }
}
check "one database twice: one grows (exits $rc1 and $rc2)" test "$rc1" = 0 -o "$rc2" = 0
check "one database twice: the other succeeds or refuses as a running grow" \
  bash -c "$(declare -f ok_or_refused); ok_or_refused $rc1 \"\$1\" && ok_or_refused $rc2 \"\$2\"" _ "$out1" "$out2"
check "one database twice: tier ci recorded once" test "$(tier_ci "$cdir" same)" = 1
verifies_same() { "$bin" verify --data-dir "$cdir" --database same >/dev/null; }
check "one database twice: it verifies" verifies_same
finish
