#!/usr/bin/env bash
# The DaCHS tests' fixture. setup: the packages they need are installed (or
# one line naming the script that installs them), before any of them starts.
# cleanup: after the last of them, no DaCHS, haproxy or pooler process of
# theirs is running and no CPU-limit cgroup of skyseed's is left: each test
# checks its own sweep, this checks the suite's tests together, including
# any that failed or was killed by its timeout.
# Being a fixture also schedules them: ctest runs a fixture's tests at the
# level of the pg tests, where their COST starts them first (tests/CMakeLists.txt).
#   dachs_fixture.sh setup|cleanup SKYSEED_BINARY
set -u
source "$(dirname "$0")/lib.sh"
case "${1:-}" in
  setup)
    require_packages gavodachs2-server python3-pyvo python3-astropy postgresql-15-q3c pgbouncer \
      pgpool2 haproxy
    ok "the TAP packages are installed"
    ;;
  cleanup)
    found="$(service_leftovers "$(suite_prefix "$2")")"
    check "nothing of the DaCHS tests is left:${found:- nothing}" test -z "$found"
    ;;
  *) echo "usage: dachs_fixture.sh setup|cleanup SKYSEED_BINARY" >&2; exit 2 ;;
esac
finish
