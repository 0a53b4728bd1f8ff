#!/usr/bin/env bash
# Configures and builds the skyseed binary (gcc, Release: -O3) into ./build;
# only the binary: the test command builds the tests (scripts/run-tests.sh).
# Extra arguments go to cmake --build (e.g. --target all).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target skyseed "$@"
