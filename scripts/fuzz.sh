#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang into ./build-fuzz,
# replays the checked-in regression inputs (tests/fuzz/regressions/<target>/),
# then fuzzes each target for SKYSEED_FUZZ_SECONDS (default 20) seconds on a
# copy of its seed corpus in a temp dir, so the repo is never written to.
#
#   scripts/fuzz.sh                           # replay, then 20 s per target
#   SKYSEED_FUZZ_SECONDS=3600 scripts/fuzz.sh # an hour per target
#   scripts/fuzz.sh --replay                  # regression inputs only
#   scripts/fuzz.sh manifest_fuzz             # only the targets named
#   SKYSEED_FUZZ_BUILD=build-asan scripts/fuzz.sh   # link the targets in a tree
#       configured by SKYSEED_SANITIZE_FUZZ=1 scripts/sanitize-tests.sh
#
# Exits non-zero if any target crashes, leaks, hits UB, hangs (> 5 s on one
# input) or runs out of memory, naming the target and the saved input. To
# keep such a find, copy the input to tests/fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(tier_list_fuzz user_values_fuzz manifest_fuzz copy_reader_fuzz tap_response_fuzz)
replay_only=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --replay) replay_only=1 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) targets+=("$arg") ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
seconds=${SKYSEED_FUZZ_SECONDS:-20}

build=${SKYSEED_FUZZ_BUILD:-build-fuzz}
if [[ -z ${SKYSEED_FUZZ_BUILD:-} ]]; then
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DSKYSEED_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
elif ! grep -q '^SKYSEED_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz.sh: $build is not configured with SKYSEED_FUZZ=ON (SKYSEED_SANITIZE_FUZZ=1 scripts/sanitize-tests.sh does)" >&2
  exit 2
fi
cmake --build "$build" -j2 --target "${targets[@]}"

# halt_on_error: a UBSan report is a failure, not a warning to scroll past.
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
limits=(-timeout=5 -rss_limit_mb=2048)

work=$(mktemp -d /tmp/skyseed-fuzz.XXXXXX)
failed=()
for t in "${targets[@]}"; do
  shopt -s nullglob
  inputs=(tests/fuzz/regressions/"$t"/*)
  shopt -u nullglob
  [[ ${#inputs[@]} -gt 0 ]] || continue
  # Given files rather than a directory, libFuzzer runs each once and stops.
  if "$build"/tests/fuzz/"$t" "${limits[@]}" "${inputs[@]}" >"$work/$t.replay.log" 2>&1; then
    echo "replay $t: ${#inputs[@]} regression inputs ok"
  else
    cat "$work/$t.replay.log"
    echo "replay $t: FAILED on an input of tests/fuzz/regressions/$t/ (output above)"
    failed+=("$t")
  fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "regression inputs fail for: ${failed[*]}" >&2
  exit 1
fi
if [[ $replay_only -eq 1 ]]; then
  rm -rf "$work"
  exit 0
fi

# fuzz_one TARGET: fuzzes it for $seconds; its summary goes to
# $work/TARGET/summary, and $work/TARGET/failed marks a failure.
fuzz_one() {
  local t="$1" corpus="$work/$1/corpus" log="$work/$1/fuzz.log" dict=() status execs rate cov a
  mkdir -p "$corpus"
  cp tests/fuzz/corpus/"$t"/* "$corpus"/
  if [[ -d tests/fuzz/regressions/$t ]]; then cp tests/fuzz/regressions/"$t"/* "$corpus"/ 2>/dev/null || true; fi
  [[ -f tests/fuzz/$t.dict ]] && dict=(-dict=tests/fuzz/"$t".dict)
  if "$build"/tests/fuzz/"$t" "${limits[@]}" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$work/$t/" "${dict[@]}" "$corpus" >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    touch "$work/$t/failed"
  fi
  # "#N DONE cov: C ft: F corp: U/S ..." and the final stats.
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -n 1)
  {
    echo "  $t: $status, ${execs:-?} execs, ${rate:-?} execs/s, ${cov:-no coverage line} (log: $log)"
    if [[ $status == FAILED ]]; then
      grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|.*fuzz check failed|artifact_prefix|Test unit written)' "$log" | head -n 20 || true
      for a in "$work/$t"/{crash,leak,timeout,oom}-*; do
        [[ -e $a ]] && echo "  crashing input saved: $a"
      done
    fi
  } >"$work/$t/summary"
}

# A target per core at once: each fuzzer is one process, so on two cores two
# run side by side and every target still gets its $seconds.
echo "fuzzing ${targets[*]} for ${seconds}s each, $(nproc) at a time"
for t in "${targets[@]}"; do
  while [[ $(jobs -rp | wc -l) -ge $(nproc) ]]; do wait -n || true; done
  fuzz_one "$t" &
done
wait
for t in "${targets[@]}"; do
  cat "$work/$t/summary"
  [[ -e $work/$t/failed ]] && failed+=("$t")
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzzing FAILED for: ${failed[*]}; inputs and logs kept in $work" >&2
  echo "reproduce: $build/tests/fuzz/<target> <input>" >&2
  exit 1
fi
rm -rf "$work"
echo "fuzzing ok: ${targets[*]} (${seconds}s each)"
