#!/usr/bin/env bash
# `npm run portal`: installs, builds and starts the whole portal on one port (API, web app, embedded
# PostgreSQL in .data/, embedded identity provider, demo data on first start).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
install_dependencies
echo "› building"
pnpm -s build >/dev/null
exec node api/dist/server.js
