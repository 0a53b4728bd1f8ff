#!/usr/bin/env bash
# Recomputes the corpus digests of tiers D2, D3 and D4 (seed 1) with
# `skyseed hash` — no database — and compares them with the values the README
# publishes (ci, S and D1 are pinned in tests/tiers/corpus_hash_test.cc).
# About 80 s on 2 cores.  Usage: scripts/check-tier-digests.sh [SKYSEED_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/app/skyseed}"
declare -A published=(
  [D2]=f9da1d881816bb09e9bf3d90bfcfe6ff
  [D3]=c27ff1e656c7ad5ba15b32cc8acddbd9
  [D4]=b58468e5f1a84725deac2930e0c93986
)
status=0
for tier in D2 D3 D4; do
  got="$("$bin" hash --tier "$tier" | awk '/^corpus / {print $2}')"
  if [ "$got" = "${published[$tier]}" ]; then
    echo "ok: $tier $got"
  else
    echo "FAIL: $tier computes $got, the README publishes ${published[$tier]}"; status=1
  fi
done
exit "$status"
