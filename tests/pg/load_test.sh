#!/usr/bin/env bash
# skyseed load: files written by generate load into the same corpus grow
# makes, and every bad file or manifest is refused before its COPY with a
# one-line error, committing nothing of it.
source "$(dirname "$0")/lib.sh"

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
"$bin" generate --tier ci --chunk-rows 3000 --out "$work/good" >/dev/null 2>&1
ci_digest="$("$bin" hash --tier ci | tail -1 | cut -d' ' -f2)"
first_obscore="$(cd "$work/good" && ls ivoa.obscore.*.zst | head -1)"
third_source="$(cd "$work/good" && ls gaia.gaia_source.*.zst | sed -n 3p)"

fresh_db t_load
"$bin" load --from "$work/good" --db "$(conninfo t_load)" >/dev/null 2>&1
check "a generated corpus loads with the generator's digest" \
  test "$(tier_digest t_load ci)" = "$ci_digest"
check "and verifies" verifies t_load
out="$("$bin" load --from "$work/good" --db "$(conninfo t_load)" 2>&1)"
check "a second load has nothing to do" grep -q "already reached" <<<"$out"

# refused DIR WHAT PATTERN [CODE]: exit non-zero (CODE when given), one line
# matching PATTERN, and a fresh database left with no corpus rows.
refused() {
  local from="$1" what="$2" pattern="$3" want="${4:-}"
  fresh_db t_bad
  "$bin" load --from "$from" --db "$(conninfo t_bad)" >/dev/null 2>"$work/err"; local rc=$?
  local last; last="$(tail -1 "$work/err")"
  check "$what: refused (exit $rc)" test "$rc" != 0
  if [ -n "$want" ]; then check "$what: exit $want" test "$rc" = "$want"; fi
  check "$what: one line saying why" grep -q "^skyseed: .*$pattern" <<<"$last"
  check "$what: no error line but that one" test "$(grep -c '^skyseed:' "$work/err")" = 1
}
variant() {  # variant NAME: a copy of the good corpus to damage
  rm -rf "${work:?}/$1"; cp -r "$work/good" "$work/$1"; echo "$work/$1"
}

d="$(variant truncated_file)"
truncate -s -200 "$d/$third_source"
refused "$d" "a truncated COPY file" "$third_source.*\(damaged\|truncated\)" 1
check "the chunks before it committed, the bad one did not" \
  test "$(sql t_bad "SELECT count(*) FROM skyseed.chunk_ledger WHERE table_name = 'gaia.gaia_source'
                     AND first_row = 6000")" = 0

d="$(variant corrupt_value)"
zstd -q -d --rm "$d/$third_source" -o "$d/raw"
printf '\x7f' | dd of="$d/raw" bs=1 seek=5000 conv=notrunc 2>/dev/null
zstd -q --rm "$d/raw" -o "$d/$third_source" -f
refused "$d" "a COPY file with one byte changed" "$third_source is damaged"

d="$(variant garbage)"
head -c 4096 /dev/urandom >"$d/$third_source"
refused "$d" "a file that is not zstd" "$third_source"

d="$(variant missing_file)"
rm "$d/$third_source"
refused "$d" "a missing file" "$third_source is missing"

d="$(variant truncated_manifest)"
head -c 300 "$work/good/manifest.json" >"$d/manifest.json"
refused "$d" "a truncated manifest.json" "manifest.json" 2
check "touching no database" test "$(sql t_bad "SELECT to_regclass('skyseed.corpus') IS NULL")" = t

d="$(variant edited_digest)"
python3 - "$d/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
f = m["tables"][1]["files"][2]
f["digest"] = ("0" if f["digest"][0] != "0" else "1") + f["digest"][1:]
json.dump(m, open(sys.argv[1], "w"))
PY
refused "$d" "a hand-edited file digest" "do not add up" 2

d="$(variant other_seed)"
python3 - "$d/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); m["seed"] = 2; json.dump(m, open(sys.argv[1], "w"))
PY
refused "$d" "a manifest relabelled to another seed" "not hold the rows of seed 2"
check "touching no database" test "$(sql t_bad "SELECT to_regclass('skyseed.corpus') IS NULL")" = t

d="$(variant other_version)"
sed -i 's/skyseed-gen-5/skyseed-gen-0/' "$d/manifest.json"
refused "$d" "a manifest of another generator version" "generator skyseed-gen-0"

refused "$work/nowhere" "a directory without a corpus" "no manifest.json"

# A corpus of another seed into a database of seed 1: refused, unchanged.
"$bin" generate --tier ci --seed 2 --out "$work/seed2" >/dev/null 2>&1
before="$(sql t_load "SELECT count(*) FROM skyseed.chunk_ledger")"
out="$("$bin" load --from "$work/seed2" --db "$(conninfo t_load)" 2>&1)"; rc=$?
check "a corpus of another seed is refused by a seed-1 database (exit $rc)" test "$rc" = 2
check "saying so" grep -q "seed" <<<"$out"
check "and the database is unchanged" \
  test "$(sql t_load "SELECT count(*) FROM skyseed.chunk_ledger")" = "$before"

# After a bad file, the good file completes the load.
d="$(variant repaired)"
truncate -s -200 "$d/$third_source"
fresh_db t_repair
"$bin" load --from "$d" --db "$(conninfo t_repair)" >/dev/null 2>&1
cp "$work/good/$third_source" "$d/$third_source"
"$bin" load --from "$d" --db "$(conninfo t_repair)" >/dev/null 2>&1
check "once the file is repaired the load completes with the generator's digest" \
  test "$(tier_digest t_repair ci)" = "$ci_digest"

# A database grown with another chunk grid cannot take these files whole.
fresh_db t_grid
"$bin" grow --tier ci --chunk-rows 7000 --db "$(conninfo t_grid)" >/dev/null 2>&1
"$bin" generate --tier S --out "$work/S" >/dev/null 2>&1
out="$("$bin" load --from "$work/S" --db "$(conninfo t_grid)" 2>&1)"; rc=$?
check "files that overlap a ledger of another chunk size are refused (exit $rc)" test "$rc" = 2
check "pointing at grow" grep -q "finish it with skyseed grow --tier S" <<<"$out"
finish
