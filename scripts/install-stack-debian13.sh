#!/usr/bin/env bash
# Makes (or reuses) the users' generation of the stack beside Debian 12's: a
# Debian 13 root with PostgreSQL 17 + pg_sphere 1.5 + q3c 2.0 (and austin,
# the Python sampler of the service's flamegraph), from Debian's own
# packages, in a folder the project owns and only root can write:
#
#   /var/lib/skyseed/stacks/debian13      (or $SKYSEED_STACKS_DIR/debian13)
#
# skyseed runs its embedded cluster from it with `--pg-stack debian13`
# (docs/growing.md "Two generations of the stack"): the server is chrooted
# into the root, in a mount namespace of its own where the cluster's data
# directory is bound at its own path, so its Unix socket, its only
# listener, is the one the host's clients use. Nothing in the root listens on
# a TCP port, and no package set-up in it reaches the host's cluster:
# services are not started (policy-rc.d) and no main cluster is created.
#
# With --with-dachs it also installs GAVO DaCHS 2.11 there. Its package
# set-up runs `dachs init` against localhost:5432, which in a root sharing
# the host's network is the host's cluster: it runs in a network namespace of
# its own, against a throwaway PostgreSQL 17 cluster of the root's.
#
# On a Debian 13 host this is not needed: scripts/install-deps.sh installs
# PostgreSQL 17 itself. Idempotent: a root that is complete is left as it is.
# Needs root (debootstrap, chroot, unshare).
#   scripts/install-stack-debian13.sh [--with-dachs]
set -euo pipefail
stacks="${SKYSEED_STACKS_DIR:-/var/lib/skyseed/stacks}"
root="$stacks/debian13"
packages=(postgresql-17 postgresql-17-pgsphere postgresql-17-q3c postgresql-contrib austin)
with_dachs=""
case "${1:-}" in
  "") ;;
  --with-dachs) with_dachs=yes ;;
  *) echo "install-stack-debian13: unknown argument '$1' (usage: [--with-dachs])" >&2; exit 2 ;;
esac

if [ "$(id -u)" -ne 0 ]; then
  echo "install-stack-debian13: run as root (debootstrap and chroot need it)" >&2
  exit 2
fi
complete() {
  [ -x "$root/usr/lib/postgresql/17/bin/postgres" ] &&
    [ -f "$root/usr/share/postgresql/17/extension/pg_sphere.control" ] &&
    [ -f "$root/usr/share/postgresql/17/extension/q3c.control" ] &&
    [ -x "$root/usr/bin/austin" ] &&
    { [ -z "$with_dachs" ] || chroot "$root" dpkg-query -W -f='${Status}' gavodachs2-server 2>/dev/null |
      grep -q "install ok installed"; }
}
if complete; then
  echo "install-stack-debian13: $root is complete"
  exit 0
fi

# The mirror the host already uses (deb822 or one-line sources).
mirror="$(grep -hoE '^URIs: *http[^ ]*debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null |
  head -1 | sed 's/^URIs: *//')"
[ -n "$mirror" ] || mirror="$(grep -hoE '^deb +http[^ ]*debian/? ' /etc/apt/sources.list 2>/dev/null |
  head -1 | awk '{print $2}')"
[ -n "$mirror" ] || { echo "install-stack-debian13: no Debian mirror in /etc/apt" >&2; exit 1; }

export DEBIAN_FRONTEND=noninteractive
if ! command -v debootstrap >/dev/null; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends debootstrap
fi
install -d -m 0755 "$stacks"
if [ ! -x "$root/usr/bin/apt-get" ]; then
  rm -rf "$root.partial"
  debootstrap --variant=minbase trixie "$root.partial" "$mirror"
  mv "$root.partial" "$root"
fi

# No service starts inside the root, and PostgreSQL's packages create no
# cluster: either would run beside the host's, on its ports.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 0755 "$root/usr/sbin/policy-rc.d"
install -d "$root/etc/postgresql-common"
echo "create_main_cluster = false" >"$root/etc/postgresql-common/createcluster.conf"

# The embedded cluster's files belong to the host's postgres user, and
# initdb looks its own user up by uid: the root's postgres is the host's.
if id postgres >/dev/null 2>&1; then
  uid="$(id -u postgres)"
  gid="$(id -g postgres)"
  chroot "$root" sh -c "getent group postgres >/dev/null || groupadd -g $gid postgres"
  chroot "$root" sh -c "getent passwd postgres >/dev/null ||
    useradd -u $uid -g postgres -d /var/lib/postgresql -s /bin/bash -M postgres"
fi

chroot "$root" apt-get update -q
chroot "$root" apt-get install -y -q --no-install-recommends "${packages[@]}"
if [ -n "$with_dachs" ]; then
  # Downloaded with the network, configured without it: the set-up's
  # `dachs init` meets the root's own throwaway cluster on the namespace's
  # loopback, never the host's (/proc mounted for pg_ctlcluster's checks).
  chroot "$root" apt-get install -y -q -d --no-install-recommends gavodachs2-server
  unshare --net --mount --fork sh -euc '
    ip link set lo up
    mount -t proc proc "$1/proc"
    chroot "$1" sh -euc "
      pg_lsclusters -h | grep -q \"^17 *main \" || pg_createcluster 17 main >/dev/null
      pg_ctlcluster 17 main start
      rc=0
      apt-get install -y -q --no-install-recommends gavodachs2-server || rc=\$?
      pg_ctlcluster 17 main stop
      exit \$rc"' sh "$root"
fi
complete || { echo "install-stack-debian13: $root is incomplete after the install" >&2; exit 1; }
echo "install-stack-debian13: $root holds" \
  "$(chroot "$root" /usr/lib/postgresql/17/bin/postgres --version)," \
  "pg_sphere $(sed -n "s/^default_version *= *'\(.*\)'/\1/p" \
    "$root/usr/share/postgresql/17/extension/pg_sphere.control")"
