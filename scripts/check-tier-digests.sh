#!/usr/bin/env bash
# Recomputes the corpus digests of tiers D2, D3 and D4 (seed 1) with
# `skyseed hash` — no database — and compares them with the values
# docs/corpus.md publishes in its table ("Reproducibility and the corpus
# hash"), read from that table (ci, S and D1 are pinned in
# tests/tiers/corpus_hash_test.cc).
# About 80 s on 2 cores.  Usage: scripts/check-tier-digests.sh [SKYSEED_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/app/skyseed}"
doc=docs/corpus.md
status=0
for tier in D2 D3 D4; do
  # The digest table's row, "| D2 | `<32 hex digits>` |" (the tier table
  # above it has row counts there).
  published="$(grep -E "^\| $tier \| \`[0-9a-f]{32}\` \|" "$doc" | cut -d'`' -f2 || true)"
  if [ -z "$published" ]; then
    echo "FAIL: $doc publishes no digest for $tier"; status=1; continue
  fi
  got="$("$bin" hash --tier "$tier" | awk '/^corpus / {print $2}')"
  if [ "$got" = "$published" ]; then
    echo "ok: $tier $got"
  else
    echo "FAIL: $tier computes $got, $doc publishes $published"; status=1
  fi
done
exit "$status"
