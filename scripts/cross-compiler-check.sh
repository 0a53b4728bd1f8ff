#!/usr/bin/env bash
# Builds the generator a second time with clang at -O0 (tests/cli/corpus_twin:
# generate and hash through the same library calls, without the rest of the
# app, which would triple the build) and checks that it writes the same bytes
# and digests as the given binary (normally the gcc -O2 build):
#   scripts/cross-compiler-check.sh build/app/skyseed [tier]
set -eu
bin="$(realpath "$1")"
tier="${2:-ci}"
src="$(cd "$(dirname "$0")/.." && pwd)"
other="${SKYSEED_CLANG_BUILD:-$(dirname "$bin")/../../build-clang-O0}"
cmake -S "$src" -B "$other" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O0 >/dev/null
cmake --build "$other" --target skyseed_corpus_twin -j"$(nproc)" >/dev/null
twin="$other/tests/skyseed_corpus_twin"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
"$bin" generate --tier "$tier" --seed 3 --out "$tmp/a" >/dev/null
"$twin" generate "$tier" 3 "$tmp/b"
for f in "$tmp"/a/*.pgcopy.zst; do
  cmp <(zstd -dc "$f") <(zstd -dc "$tmp/b/$(basename "$f")")
done
cmp "$tmp/a/manifest.json" "$tmp/b/manifest.json"
a="$("$bin" hash --tier "$tier" --seed 1)"
b="$("$twin" hash "$tier" 1)"
[ "$a" = "$b" ] || { echo "FAIL: digests differ between compilers"; echo "$a"; echo "$b"; exit 1; }
echo "cross-compiler ($(basename "$(dirname "$bin")") vs clang -O0): identical, $(echo "$a" | tail -1)"
