#!/usr/bin/env bash
# Installs what the TAP tests need on top of scripts/install-deps.sh: GAVO
# DaCHS (the TAP server), pyvo and astropy (the client), q3c, and pgbouncer,
# pgpool2 and haproxy (a sweep's poolers and load balancer), all from
# Debian. Not part of the main set-up: a user growing a database does not
# get a TAP server and its database roles unasked.
# Idempotent: safe to run again.
set -euo pipefail

packages=(gavodachs2-server python3-pyvo python3-astropy postgresql-15-q3c curl pgbouncer pgpool2 haproxy)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
[ "${#missing[@]}" -eq 0 ] && exit 0

# gavodachs2-server's postinst runs `dachs init` against Debian's default
# cluster 15/main and fails (leaving the package half-configured) when that
# cluster is not running, as in containers without an init system. Run it
# for the install only; the tests use a cluster and a DaCHS of their own.
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# --no-upgrade: a PostgreSQL already installed stays at its version (an
# upgrade restarts the clusters running on it).
$SUDO apt-get install -y -q --no-install-recommends --no-upgrade postgresql-15 postgresql-common
# If DaCHS's dependencies still need a newer PostgreSQL, say so first.
upgrades="$($SUDO apt-get install -s -q --no-install-recommends "${missing[@]}" 2>/dev/null |
  awk '/^Inst postgresql/ && /\[/ {print $2 " " $3 " -> " $4}' | tr -d '[]()' || true)"
if [ -n "$upgrades" ]; then
  echo "install-tap-deps: installing ${missing[*]} upgrades $upgrades;" \
    "Debian restarts the clusters that run on it" >&2
fi
started=""
if ! pg_lsclusters -h 2>/dev/null | grep -q '^15 *main '; then
  $SUDO pg_createcluster 15 main >/dev/null
fi
if ! pg_lsclusters -h | grep -q '^15 *main .* online'; then
  $SUDO pg_ctlcluster 15 main start
  started=yes
fi
if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  $SUDO dpkg --configure -a  # the postinst again, now with the cluster up
fi
if [ -n "$started" ]; then $SUDO pg_ctlcluster 15 main stop; fi
for p in "${packages[@]}"; do
  installed "$p" || { echo "install-tap-deps: $p did not install" >&2; exit 1; }
done
