#!/usr/bin/env bash
# Bad arguments: exit code 2 and exactly one line on stderr; --help and
# --version: exit 0.
set -u
bin="$1"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"  # reachable by the server's user under root: no relocation hides a path
failures=0

expect() {  # expect CODE ARGS...
  local want="$1"; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  local lines; lines=$(wc -l <"$tmp/err")
  if [ "$got" -ne "$want" ]; then
    echo "FAIL: skyseed $* exited $got, want $want"; cat "$tmp/err"; failures=$((failures + 1))
  elif [ "$want" -eq 2 ] && [ "$lines" -ne 1 ]; then
    echo "FAIL: skyseed $* printed $lines lines on stderr, want 1"; cat "$tmp/err"
    failures=$((failures + 1))
  fi
}

expect 0 --help
expect 0 --version
expect 0 hash --help
expect 0 generate --help
expect 0 workload --help
expect 0 grow --help
expect 2 workload --tier D9 --out "$tmp/w"
expect 2 grow --tier S,,D1
expect 2 grow --tier D1,S
# Exact tier names, a memory size PostgreSQL accepts, a non-empty --db: all
# refused before any server is touched (no --data-dir is created).
for bad in "--tier s" "--tier CI" "--tier d1" "--tier ci --maintenance-work-mem lots" \
  "--tier ci --maintenance-work-mem 512mb" "--tier ci --db ''"; do
  eval "expect 2 grow $bad --data-dir \"$tmp/never\""
  if [ -e "$tmp/never" ]; then echo "FAIL: grow $bad created the data directory"; failures=$((failures + 1)); fi
done
expect 2 grow --target-size 10XB
expect 2 grow --tier ci --shard 4/3
expect 2
expect 2 frobnicate
expect 2 hash
expect 2 hash --tier D9
expect 2 hash --tier ci --seed -1
expect 2 hash --tier ci --seed 99999999999999999999
expect 2 hash --tier ci --seed 9223372036854775808
expect 2 hash --tier ci --seed abc
expect 2 hash --tier ci --threads 0
expect 2 hash --tier ci --threads -2
expect 2 hash --tier ci --chunk-rows 0
expect 2 hash --tier ci --chunk-rows -5
expect 2 generate --tier ci
expect 0 load --help
expect 2 load
expect 2 load --from "$tmp/no-such-corpus"
# A manifest.json that cannot be used is an input error like a missing one:
# cut short, not JSON, or a tier it does not know (no data directory made).
mkdir -p "$tmp/bad-manifest"
for bad in '{"format": "skyseed-corpus-files-1", "seed": 1, "tier"' 'not json' \
  '{"format": "skyseed-corpus-files-1", "seed": 1, "tier": "D9", "tables": []}'; do
  printf '%s' "$bad" >"$tmp/bad-manifest/manifest.json"
  expect 2 load --from "$tmp/bad-manifest" --data-dir "$tmp/never"
done
if [ -e "$tmp/never" ]; then echo "FAIL: load of a bad manifest created the data directory"; failures=$((failures + 1)); fi
expect 2 grow --tier ci --retries -1
expect 2 grow --tier ci --retries 101
expect 2 grow --tier
expect 2 grow --tier ''
expect 2 grow --tier ci,
expect 2 grow --tier ci --target-size 1GB
expect 2 grow --target-size -1
expect 2 grow --target-size 0
expect 2 grow --target-size 99999999999999999999
expect 2 grow --target-size 10XB
expect 2 grow --tier ci --chunk-rows 99999999999999999999
expect 2 grow --tier ci --jobs 0
expect 2 grow --tier ci --data-dir /proc/skyseed-cannot-create-here
mkdir -p "$tmp/foreign" && echo "someone's file" >"$tmp/foreign/notes.txt"
expect 2 grow --tier ci --data-dir "$tmp/foreign"
test -f "$tmp/foreign/notes.txt" || { echo "FAIL: a foreign --data-dir was touched"; failures=$((failures + 1)); }
expect 2 generate --tier ci --out /proc/skyseed-cannot-write-here
echo "not a corpus" >"$tmp/occupied.txt"
expect 2 generate --tier ci --out "$tmp"
expect 0 dachs-rd --help
"$bin" dachs-rd --help | grep -q "dachs serve restart" ||
  { echo "FAIL: dachs-rd --help names no dachs serve restart"; failures=$((failures + 1)); }
expect 2 dachs-rd
expect 2 dachs-rd --out "$tmp/q.rd" --schema 'Sky"; DROP'
expect 2 dachs-rd --out "$tmp"
expect 2 dachs-rd --out /proc/skyseed-cannot-write-here/q.rd
test ! -e "$tmp/q.rd" || { echo "FAIL: a refused dachs-rd wrote its file"; failures=$((failures + 1)); }
expect 0 dachs-rd --out "$tmp/rd/q.rd"
grep -q '<resource schema="skyseed_corpus"' "$tmp/rd/q.rd" ||
  { echo "FAIL: dachs-rd wrote no RD"; failures=$((failures + 1)); }
# Options checked only late (after the cluster's initdb) before: refused
# before anything is touched.
created() {  # created DIR ARGS...: fail if DIR exists (and stop a server left in it)
  local d="$1"; shift
  if [ -e "$d" ]; then
    fail_created "$d" "$@"
    "$bin" server stop --data-dir "$d" >/dev/null 2>&1; rm -rf "$d"
  fi
}
fail_created() { echo "FAIL: skyseed ${*:2} created $1"; failures=$((failures + 1)); }
for bad in "grow --tier ci,S --shard 1/2" "sweep --tier ci --out /proc/skyseed-no-out" \
  "grow --tier ci --db nonsense" "verify --db nonsense" "status --db 'host=x port'" \
  "report --out $tmp/report --db nonsense" "grow --tier ci --grant gavoadmin"; do
  eval "expect 2 $bad --data-dir \"$tmp/never\""
  eval "created \"$tmp/never\" $bad"
done
test ! -e "$tmp/report" || { echo "FAIL: report --db nonsense created --out"; failures=$((failures + 1)); }
# A --grant role cannot be in a cluster skyseed has yet to create: the error
# says so and points to the server that has it.
expect 2 grow --tier ci --grant gavoadmin --data-dir "$tmp/never"
grep -q -- "--db" "$tmp/err" || { echo "FAIL: --grant on a new cluster names no --db: $(cat "$tmp/err")"; failures=$((failures + 1)); }
# A --data-dir that pg_ctl would hand to /bin/sh: refused before initdb;
# nothing appears in the folder it would be made in.
mkdir -m 755 "$tmp/w"
for weird in "it's" 'say"hi' 'back`tick' 'x$(touch '"$tmp"'/PWNED)y' 'back\slash'; do
  for cmd in "grow --tier ci" "server start"; do
    # shellcheck disable=SC2086
    expect 2 $cmd --data-dir "$tmp/w/$weird"
    if [ -n "$(ls -A "$tmp/w")" ]; then
      echo "FAIL: $cmd --data-dir '$weird' created $(ls -A "$tmp/w")"; failures=$((failures + 1))
      for d in "$tmp/w"/*; do "$bin" server stop --data-dir "$d" >/dev/null 2>&1; done
      rm -rf "${tmp:?}/w" && mkdir -m 755 "$tmp/w"
    fi
  done
done
test ! -e "$tmp/PWNED" || { echo "FAIL: a --data-dir ran a command"; failures=$((failures + 1)); }
# Read-only commands never create a cluster, a database or a folder.
for cmd in status verify "report --out $tmp/report"; do
  eval "expect 2 $cmd --data-dir \"$tmp/never\""
  grep -q "no skyseed cluster in .*never (skyseed grow creates one)" "$tmp/err" ||
    { echo "FAIL: $cmd: $(cat "$tmp/err")"; failures=$((failures + 1)); }
  eval "created \"$tmp/never\" $cmd"
done
test ! -e "$tmp/report" || { echo "FAIL: report created --out with nothing to write"; failures=$((failures + 1)); }
# tapbench: every option checked before a request is sent; a service that
# never answers is exit 1, with the log of the attempts still written.
printf -- '-- one per line\nSELECT 1\n' >"$tmp/q.adql"
: >"$tmp/empty.adql"
expect 0 tapbench --help
tb=(tapbench --url http://127.0.0.1:1/tap --time 0.3 --log "$tmp/tap.log")
expect 2 "${tb[@]}"
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@0"
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@101"
expect 2 "${tb[@]}" --file "c=$tmp/empty.adql@10"
expect 2 "${tb[@]}" --file "c=$tmp/missing.adql@10"
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@10" --clients 0
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@10" --time 0
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@10" --url ftp://127.0.0.1/tap
expect 2 "${tb[@]}" --file "c=$tmp/q.adql@10" --log "$tmp/no-such-folder/tap.log"
test ! -e "$tmp/tap.log" || { echo "FAIL: tapbench wrote a log after bad options"; failures=$((failures + 1)); }
expect 1 "${tb[@]}" --file "c=$tmp/q.adql@10"
grep -q "^0 0 [0-9]* [0-9]* 0 0 transport " "$tmp/tap.log" ||
  { echo "FAIL: tapbench's log of refused requests: $(head -1 "$tmp/tap.log")"; failures=$((failures + 1)); }
# An empty value is refused, naming the option, never read as "not given";
# an option given twice is said in one plain line.
for bad in "sweep --tap-cpus" "sweep --tap-window" "sweep --warmup-interval" "sweep --tap-url" \
  "grow --tier ci --jobs" "grow --tier ci --shard" "hash --tier ci --threads" "grow --tier ci --grant"; do
  # shellcheck disable=SC2086
  expect 2 $bad '' --data-dir "$tmp/never"
  opt="${bad##* }"
  grep -q -- "$opt: must not be empty" "$tmp/err" ||
    { echo "FAIL: $bad '': $(cat "$tmp/err")"; failures=$((failures + 1)); }
  created "$tmp/never" "$bad ''"
done
expect 2 hash --tier ci --threads 2 --threads 3
grep -q -- "--threads is given 2 times; give it once" "$tmp/err" ||
  { echo "FAIL: an option given twice: $(cat "$tmp/err")"; failures=$((failures + 1)); }
# A conninfo value libpq refuses only when it connects is bad input too.
expect 2 verify --db 'host=127.0.0.1 port=1 sslmode=require ssl_min_protocol_version=TLSv9'
expect 2 verify --db 'host=127.0.0.1 port=1 ssl_max_protocol_version=SSLv3'
# A password in a malformed TAP URL is never printed.
for url in 'http:/u:Pw1secret@127.0.0.1:1/tap' 'u:Pw1secret@127.0.0.1:1/tap' \
  'http://u:Pw1se/cret@127.0.0.1:1/tap'; do
  "$bin" sweep --target tap --tap-url "$url" --data-dir "$tmp/never" >"$tmp/out" 2>"$tmp/err"
  "$bin" tapbench --url "$url" --file "c=$tmp/q.adql@10" --time 0.3 --log "$tmp/pw.log" \
    >>"$tmp/out" 2>>"$tmp/err"
  if grep -q "Pw1" "$tmp/out" "$tmp/err" "$tmp/pw.log" 2>/dev/null; then
    echo "FAIL: a password in $url was printed: $(grep -h Pw1 "$tmp/out" "$tmp/err")"; failures=$((failures + 1))
  fi
  created "$tmp/never" "sweep --tap-url $url"
done
# A query file of NUL bytes is no query file: refused at once, in bounded memory.
head -c 200000000 /dev/zero >"$tmp/nul.adql"
/usr/bin/time -f %M -o "$tmp/rss" "$bin" "${tb[@]}" --file "c=$tmp/nul.adql@10" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 2 ] || ! grep -q "is not text (a NUL byte at offset 0)" "$tmp/err"; then
  echo "FAIL: a NUL query file: exit $rc, $(cat "$tmp/err")"; failures=$((failures + 1))
elif [ "$(tail -1 "$tmp/rss")" -gt 65536 ]; then
  echo "FAIL: a NUL query file used $(tail -1 "$tmp/rss") KiB"; failures=$((failures + 1))
fi
rm -f "$tmp/nul.adql"
"$bin" --version | grep -q "skyseed" || { echo "FAIL: --version"; failures=$((failures + 1)); }
if [ "$failures" -ne 0 ]; then echo "$failures failed"; exit 1; fi
echo "exit codes: all passed"
