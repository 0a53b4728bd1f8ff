#!/usr/bin/env bash
# Installs every Debian package skyseed needs to build, test and run, and
# mends pg_sphere's install script so CREATE EXTENSION works on PostgreSQL 15.
# Idempotent: safe to run again.
set -euo pipefail

# Each Debian release's own PostgreSQL: 15 on Debian 12, 17 on Debian 13
# (pg_sphere 1.5, q3c 2.0). On Debian 12, scripts/install-stack-debian13.sh
# adds the Debian 13 generation beside it, in a root of its own.
. /etc/os-release
case "${VERSION_CODENAME:-}" in
  trixie) pg=17 ;;
  *) pg=15 ;;
esac
packages=(
  build-essential cmake pkg-config clang
  libpq-dev libeigen3-dev libpcg-cpp-dev libboost-iostreams-dev libzstd-dev
  libcli11-dev libgtest-dev libxxhash-dev nlohmann-json3-dev libchealpix-dev libexpat1-dev
  libcurl4-openssl-dev
  "postgresql-$pg" "postgresql-client-$pg" "postgresql-$pg-pgsphere" "postgresql-$pg-q3c"
  zstd python3 time chromium fonts-dejavu-core clang-format cmark-gfm linux-perf
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# PostgreSQL 15.20 rejects two obsolete DaCHS-compatibility operators in
# pg_sphere's 1.2.0 script ("commutator operator @> is already the commutator
# of operator <@"): the `@` operators on bigint/spoint against smoc. Upstream
# pgsphere dropped exactly these two (PR #91, issue #85); we drop them too.
if [ "$pg" = 15 ]; then "$(dirname "$0")/mend-pgsphere.sh"; fi
