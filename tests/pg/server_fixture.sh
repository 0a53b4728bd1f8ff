#!/usr/bin/env bash
# ctest fixture: starts (setup) or stops and removes (cleanup) the embedded
# PostgreSQL cluster the pg-labelled tests run against, on the host's
# PostgreSQL or on a stack's (--pg-stack: the debian13 lane's PostgreSQL 17).
#   server_fixture.sh setup|cleanup SKYSEED_BINARY DATA_DIR [STACK]
set -eu
action="$1"; bin="$2"; dir="$3"; stack="${4:-host}"
case "$action" in
  setup)
    mkdir -p "$(dirname "$dir")"
    "$bin" server start --data-dir "$dir" --pg-stack "$stack"
    # Tier ci grown once per cluster, with the default chunks and with
    # 3000-row ones: a test that starts from ci clones one (ci_db in lib.sh,
    # CREATE DATABASE ... TEMPLATE, a fraction of a second) instead of
    # growing its own (4 s each, a dozen times a suite).
    "$bin" grow --tier ci --data-dir "$dir" --database skyseed_template_ci >/dev/null
    "$bin" grow --tier ci --chunk-rows 3000 --data-dir "$dir" --database skyseed_template_ci_3000 \
      >/dev/null ;;
  cleanup)
    "$bin" server stop --data-dir "$dir" || true
    rm -rf "$dir" "$(dirname "$dir")/.$(basename "$dir").skyseed-lock" ;;  # the cluster lock's file
esac
