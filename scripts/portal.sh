#!/usr/bin/env bash
# `npm run portal`: installs, builds and starts the whole portal on one port (API, web app, embedded
# PostgreSQL in .data/, embedded identity provider, demo data on first start).
#
# This is the DEMO: it seeds demo data and demo users whose password (orders-demo) is published in the README.
# A production start is `pnpm start` (NODE_ENV=production, SEED_DEMO=false by default): no demo users, and
# the first administrator comes from `pnpm users add` or a one-time random password (docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
install_dependencies
build_portal
export NODE_ENV="${NODE_ENV:-development}" SEED_DEMO=true
# The demo signs in with a password only: the second factor that production requires of admins and accountants
# (REQUIRE_MFA's default when NODE_ENV=production) is off unless REQUIRE_MFA is set, e.g. REQUIRE_MFA=admin,accountant.
export REQUIRE_MFA="${REQUIRE_MFA-}"
exec node api/dist/server.js
