#!/usr/bin/env bash
# ctest fixture: starts (setup) or stops and removes (cleanup) the embedded
# PostgreSQL cluster the pg-labelled tests run against.
#   server_fixture.sh setup|cleanup SKYSEED_BINARY DATA_DIR
set -eu
action="$1"; bin="$2"; dir="$3"
case "$action" in
  setup)
    mkdir -p "$(dirname "$dir")"
    "$bin" server start --data-dir "$dir" ;;
  cleanup)
    "$bin" server stop --data-dir "$dir" || true
    rm -rf "$dir" "$(dirname "$dir")/.$(basename "$dir").skyseed-lock" ;;  # the cluster lock's file
esac
