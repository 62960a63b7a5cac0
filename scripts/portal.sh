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
echo "› building"
pnpm -s build >/dev/null
export NODE_ENV="${NODE_ENV:-development}" SEED_DEMO=true
exec node api/dist/server.js
