#!/usr/bin/env bash
# Writes on stdout the realism histograms of tier S, seed 1, as the generator
# of git revision REV makes them (default 9d0fe43, the last skyseed-gen-3):
# that revision's generator library, built in a temporary clone, linked with
# this tree's histogram code (tests/generator/realism_histograms.*). Made
# tests/generator/gen3_histograms_S.csv, which tests/generator/realism_test.cc
# compares the current generator (gen-5) with. About 3 minutes on 2 cores.
#   scripts/realism-fixture.sh [REV] > tests/generator/gen3_histograms_S.csv
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-9d0fe43}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
git clone -q . "$tmp/src"
git -C "$tmp/src" checkout -q "$rev"
cmake -S "$tmp/src" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/build" -j"$(nproc)" --target skyseed_generator >/dev/null
# Since the split of generator/, its COPY format and math are
# libraries of their own; a revision before it has neither.
split_libs="$(ls "$tmp"/build/copy_format/*.a "$tmp"/build/det_math/*.a 2>/dev/null || true)"
g++ -O2 -std=c++20 -ffp-contract=off -I"$tmp/src" -I. -I/usr/include/eigen3 \
  tests/generator/realism_histograms.cc tests/generator/realism_histograms_main.cc \
  "$tmp/build/generator/libskyseed_generator.a" $split_libs "$tmp/build/common/libskyseed_common.a" \
  -lchealpix -lxxhash -o "$tmp/histograms"
"$tmp/histograms"
