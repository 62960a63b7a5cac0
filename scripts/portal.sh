#!/usr/bin/env bash
# `npm run portal`: installs, builds and starts the whole portal on one port (API, web app, embedded
# PostgreSQL in .data/, embedded identity provider, demo data on first start).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
install_dependencies
echo "› building"
pnpm -s build >/dev/null
# The demo signs in with a password only: the second factor that production requires of admins and accountants
# (REQUIRE_MFA's default when NODE_ENV=production) is off unless REQUIRE_MFA is set, e.g. REQUIRE_MFA=admin,accountant.
export REQUIRE_MFA="${REQUIRE_MFA-}"
exec node api/dist/server.js
