#!/usr/bin/env bash
# Recomputes the corpus digests of tiers D2, D3 and D4 (seed 1) with
# `skyseed hash` — no database — and compares them with the values the README
# publishes (ci, S and D1 are pinned in tests/tiers/corpus_hash_test.cc).
# About 80 s on 2 cores.  Usage: scripts/check-tier-digests.sh [SKYSEED_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/app/skyseed}"
declare -A published=(
  [D2]=009c6bd792bee35c43d87e72618ccbea
  [D3]=be05a511405b6b9adcba59372f170836
  [D4]=9b7813679c98178c6d23bf04d63cb5f0
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
