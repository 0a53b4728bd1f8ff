#!/usr/bin/env bash
# The README's tour ("A tour"), run as printed: its commands are read from
# README.md's block (so the test breaks when the README changes without it)
# and run one by one, `skyseed` being the binary under test, in a fresh
# clone of this repository in a temp folder, with the embedded clusters the
# commands make there (./skyseed-data, and tap-data for the TAP sweep).
# Each must exit 0; each sweep must measure every tier it names (a window
# per tier, over 0 tps or req/s, none flagged because its load generator
# failed); summary.md links only charts that exist. The README's first
# command leaves the clone as git found it (no untracked lock file).
#   readme_tour_test.sh SKYSEED_BINARY          (KEEP=1 leaves the temp dir)
# The tour's TAP sweep runs skyseed's own DaCHS: needs scripts/install-tap-deps.sh.
set -u  # no -e: the test looks at exit codes itself
bin="$(realpath "$1")"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
source "$(dirname "$0")/lib.sh"
require_packages gavodachs2-server postgresql-15-q3c

work="$(mktemp -d /tmp/skyseed-readme-tour.XXXXXX)"
chmod 755 "$work"  # the embedded servers run as user postgres under root
clone="$work/skyseed"
cleanup() {
  for data in "$clone/tap-data" "$clone/skyseed-data"; do
    [ -d "$data" ] && "$bin" server stop --data-dir "$data" >/dev/null 2>&1
  done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# The tour's lines, without their comments.
mapfile -t tour < <(awk '
  /^## A tour/ { armed = 1; next }
  armed && /^```sh$/ { inside = 1; next }
  inside && /^```$/ { exit }
  inside { sub(/[ ]+#.*$/, ""); if ($0 != "") print }' "$repo/README.md")
check "README.md has a tour of skyseed commands (${#tour[@]} lines)" \
  test "${#tour[@]}" -ge 5 -a "$(printf '%s\n' "${tour[@]}" | grep -vc '^skyseed ')" = 0

# A fresh clone of what is committed, or, outside git, a copy of the files.
if git -C "$repo" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  git clone -q --no-hardlinks "$repo" "$clone" && git -C "$clone" checkout -q "$(git -C "$repo" rev-parse HEAD)"
  in_git=yes
else
  mkdir -p "$clone" && cp -r "$repo/README.md" "$clone/"
  in_git=""
fi
chmod 755 "$clone"
mkdir -p "$work/bin" && ln -s "$bin" "$work/bin/skyseed"  # "build/app/skyseed as skyseed"

# tiers_of LINE: the tiers a sweep line names (--tier, or the default).
tiers_of() {
  local t
  t="$(sed -n 's/.*--tier \([^ ]*\).*/\1/p' <<<"$1")"
  echo "${t:-ci,S,D1}" | tr ',' ' '
}

n=0
for line in "${tour[@]}"; do
  n=$((n + 1))
  log="$work/tour-$n.log"
  (cd "$clone" && PATH="$work/bin:$PATH" bash -c "$line") >"$log" 2>&1
  rc=$?
  check "tour line $n exits 0 ($rc): $line$([ "$rc" = 0 ] || echo " -- $(tail -2 "$log" | tr '\n' ' ')")" \
    test "$rc" = 0
  if [ "$n" = 1 ] && [ -n "$in_git" ]; then
    check "after the first command, git status in the clone is clean ($(git -C "$clone" status --porcelain | tr '\n' ' '))" \
      test -z "$(git -C "$clone" status --porcelain)"
  fi
  case "$line" in
    "skyseed sweep "*)
      rate=tps
      [[ "$line" == *"--target tap"* ]] && rate=req/s
      for tier in $(tiers_of "$line"); do
        # "ci 4 clients rep 1: 812.3 tps, p50 ..." for every window measured.
        windows="$(grep -cE "^$tier [0-9]+ clients rep [0-9]+: " "$log")"
        zero="$(grep -E "^$tier [0-9]+ clients rep [0-9]+: " "$log" |
          awk -v rate="$rate" '{ for (i = 1; i < NF; i++) if ($(i + 1) == rate"," && $i + 0 <= 0) z++ } END { print z + 0 }')"
        check "tour line $n measures tier $tier: $windows window(s), $zero at 0 $rate" \
          test "$windows" -ge 1 -a "$zero" = 0
      done
      check "tour line $n: no window flagged for a failed load generator" \
        bash -c '! grep -E "flagged: (pgbench|tapbench) exited" "$1"' _ "$log"
      ;;
    "skyseed report "*)
      out="$clone/$(sed -n 's/.*--out \([^ ]*\).*/\1/p' <<<"$line")"
      check "the report's summary.md links only charts it wrote" python3 - "$out" <<'PY'
import os, re, sys
out = sys.argv[1]
links = re.findall(r"\]\(([^)]+\.svg)\)", open(os.path.join(out, "summary.md")).read())
missing = [l for l in links if not os.path.exists(os.path.join(out, l))]
assert links and not missing, (links, missing)
PY
      ;;
  esac
done
finish
