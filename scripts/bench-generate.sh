#!/usr/bin/env bash
# Generation + COPY encoding throughput per table, 1 thread vs all cores,
# measured side by side in one run. Targets: >= 1 M ObsCore rows/s and
# >= 4 M source rows/s per core.
#   scripts/bench-generate.sh [obscore_rows] [source_rows]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh --target generate_perftest >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
build/tests/generate_perftest "${1:-2000000}" "${2:-8000000}" "$(nproc)"
