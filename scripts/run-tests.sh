#!/usr/bin/env bash
# Builds skyseed and runs the whole test suite: unit tests, CLI tests, the
# gcc-vs-clang determinism check, and the tests against a real PostgreSQL 15
# + pg_sphere (an embedded cluster the suite starts and stops itself), and
# the TAP test through GAVO DaCHS and pyvo (label tap).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh --target all
# What the tap test needs (DaCHS, pyvo, astropy, q3c); a no-op once there.
scripts/install-tap-deps.sh
cd build
# As many at a time as there are cores: the pg tests share one cluster and
# take turns (a resource lock), the unit, cross-compiler and TAP tests run
# beside them.
ctest --output-on-failure --timeout 1200 --parallel "$(nproc)" "$@"
