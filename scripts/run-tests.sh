#!/usr/bin/env bash
# Builds skyseed and runs the whole test suite: unit tests, CLI tests, the
# gcc-vs-clang determinism check, and the tests against a real PostgreSQL 15
# + pg_sphere (an embedded cluster the suite starts and stops itself).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build
ctest --output-on-failure --timeout 1200 "$@"
