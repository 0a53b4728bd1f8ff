#!/usr/bin/env bash
# Removes the two obsolete `CREATE OPERATOR @ (LEFTARG = bigint|spoint,
# RIGHTARG = smoc ...)` blocks from the installed pg_sphere script: PostgreSQL
# 15.20 rejects them ("commutator operator @> is already the commutator of
# operator <@") and upstream pgsphere dropped exactly these two (PR #91,
# issue #85). Idempotent: a script without them is left untouched.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
pg_config=/usr/lib/postgresql/15/bin/pg_config
[ -x "$pg_config" ] || pg_config=pg_config
sharedir="$("$pg_config" --sharedir)/extension"
for script in "$sharedir"/pg_sphere--*.sql; do
  [ -f "$script" ] || continue
  tmp="$(mktemp)"
  awk '
    /^CREATE OPERATOR @ \(/ { buf = $0 "\n"; inop = 1; next }
    inop {
      buf = buf $0 "\n"
      if ($0 ~ /^\);/) {
        if (buf !~ /RIGHTARG *= *smoc/) printf "%s", buf
        inop = 0
      }
      next
    }
    { print }
  ' "$script" > "$tmp"
  if ! cmp -s "$tmp" "$script"; then
    $SUDO cp "$tmp" "$script"
    $SUDO chmod 644 "$script"
    echo "mend-pgsphere: removed the obsolete smoc '@' operators from $(basename "$script")"
  fi
  rm -f "$tmp"
done
