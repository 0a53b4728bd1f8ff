#!/usr/bin/env bash
# Builds skyseed with ASan + UBSan (clang -O1: a quarter of gcc -O2's build
# time here, and a third compiler for the digests to agree with; line tables
# only, which is all a report's stack needs, and a fraction of -g's debug
# info to write and link) into ./build-asan and
# runs the whole test suite there; arguments go to ctest:
#   scripts/sanitize-tests.sh                        # everything, pg tests too
#   scripts/sanitize-tests.sh -L unit -E cross_compiler
# The pg tests start their own two clusters for this build tree
# (/tmp/skyseed-test-cluster-$USER-build-asan-{a,b}), so this can run beside
# scripts/run-tests.sh.
# SKYSEED_SANITIZE_FUZZ=1 also instruments the tree for libFuzzer, so that
# `SKYSEED_FUZZ_BUILD=build-asan scripts/fuzz.sh` links its targets from the
# same objects instead of compiling the project a third time (CI does this).
# The unit tests run as 4 ctest tests, each a GoogleTest shard in one process
# (a process start under ASan costs ~0.2 s, a minute of CPU over the suite);
# pick some with GTEST_FILTER, e.g. GTEST_FILTER='CorpusHash.*'.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang CXX=clang++ cmake -S . -B build-asan -DSKYSEED_SANITIZE=ON -DCMAKE_BUILD_TYPE=None \
  -DSKYSEED_UNIT_SHARDS=4 -DSKYSEED_FUZZ="$([ "${SKYSEED_SANITIZE_FUZZ:-0}" = 1 ] && echo ON || echo OFF)" \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" >/dev/null
cmake --build build-asan -j"$(nproc)"

# abort_on_error / halt_on_error: a report fails its test instead of being a
# line in a log that still exits 0.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The cross-compiler check builds a clang -O0 twin next to the binary's build
# tree by default, i.e. the one scripts/run-tests.sh uses; keep ours apart.
export SKYSEED_CLANG_BUILD=${SKYSEED_CLANG_BUILD:-$PWD/build-asan/clang-O0}
cd build-asan
ctest --output-on-failure --timeout 1200 --parallel "$(nproc)" "$@"
