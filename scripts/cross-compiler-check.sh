#!/usr/bin/env bash
# Builds skyseed a second time with clang at -O0 and checks that it writes the
# same bytes and digests as the given binary (normally the gcc -O2 build):
#   scripts/cross-compiler-check.sh build/app/skyseed [tier]
set -eu
bin="$(realpath "$1")"
tier="${2:-ci}"
src="$(cd "$(dirname "$0")/.." && pwd)"
other="${SKYSEED_CLANG_BUILD:-$(dirname "$bin")/../../build-clang-O0}"
cmake -S "$src" -B "$other" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O0 >/dev/null
cmake --build "$other" --target skyseed -j"$(nproc)" >/dev/null
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
"$bin" generate --tier "$tier" --seed 3 --out "$tmp/a" >/dev/null
"$other/app/skyseed" generate --tier "$tier" --seed 3 --out "$tmp/b" >/dev/null
for f in "$tmp"/a/*.pgcopy.zst; do
  cmp <(zstd -dc "$f") <(zstd -dc "$tmp/b/$(basename "$f")")
done
cmp "$tmp/a/manifest.json" "$tmp/b/manifest.json"
a="$("$bin" hash --tier "$tier" --seed 1)"
b="$("$other/app/skyseed" hash --tier "$tier" --seed 1 --threads 1)"
[ "$a" = "$b" ] || { echo "FAIL: digests differ between compilers"; echo "$a"; echo "$b"; exit 1; }
echo "cross-compiler ($(basename "$(dirname "$bin")") vs clang -O0): identical, $(echo "$a" | tail -1)"
